import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `springlab bench`'s per-frame CPU log (SPRINGLAB_FRAME_CPU_LOG=FILE): one
/// line per present, "CPU-seconds redrawn-pixels idle-CPU-seconds", the
/// process's CPU time (`CLOCK_PROCESS_CPUTIME_ID`, which the 10 ms ticks of
/// /proc cannot resolve). The third number is the CPU time when the window
/// last went idle (0 before that), so the bench charges idle work to idle,
/// not to the next frame.
final class FrameCPULog {
  private let file: UnsafeMutablePointer<FILE>
  private var idleCPU = 0.0

  /// Nil unless the environment names a file that can be opened.
  init?(environment: [String: String]) {
    guard let path = environment["SPRINGLAB_FRAME_CPU_LOG"], let f = fopen(path, "w") else {
      return nil
    }
    file = f
  }

  deinit { fclose(file) }

  /// A present that redrew `pixels` pixels has ended.
  func presented(pixels: Int) {
    fputs("\(Self.processCPU()) \(pixels) \(idleCPU)\n", file)
    fflush(file)
  }

  /// The window has nothing to draw until the next input.
  func wentIdle() { idleCPU = Self.processCPU() }

  private static func processCPU() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }
}
