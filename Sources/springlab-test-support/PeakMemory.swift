import Foundation
import SpringLabPlatform

#if canImport(Glibc)
  import Glibc
#endif

/// `springlab-test-support peak-rss PROGRAM ARGS...`: runs PROGRAM (through
/// the program's one spawning wrapper) and prints `exit=N peak_kib=M`, its
/// peak resident memory from the kernel's accounting. Memory bounds are
/// asserted on a child of its own, never on a test process other suites
/// share.
enum PeakMemory {
  static func run(_ argv: [String]) -> Int32 {
    guard let program = argv.first else {
      SaveLoop.fail("usage: springlab-test-support peak-rss PROGRAM ARGS...")
      return 2
    }
    let child: ChildProcess
    do {
      child = try ChildProcess.launch(
        program, Array(argv.dropFirst()), env: ProcessInfo.processInfo.environment,
        captureErrors: true)
    } catch {
      SaveLoop.fail("springlab-test-support: \(error)")
      return 4
    }
    defer { child.cleanUp() }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(child.pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    // ru_maxrss is in KiB on Linux
    print("exit=\(code) peak_kib=\(usage.ru_maxrss)")
    if code != 0 { SaveLoop.fail(child.errorTail()) }
    return 0
  }
}

/// `springlab-test-support soak-sim PRESET SECONDS`: steps a scene with 24
/// floating bubbles through SECONDS of simulated time at 60 fps with a seeded
/// random input every 2 s (seed printed), after one warm-up minute; prints
/// `seed=S before_kib=A after_kib=B`, this process's RSS around the run.
enum SoakSimulation {
  static func residentKiB() -> Int {
    guard let s = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let f = s.split(separator: " ")
    return f.count > 1 ? (Int(f[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024 : 0
  }
}
