import Foundation
import SpringLabCore
import SpringLabPlatform
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A trace streamed to stdout ends like every closed stdout: quietly, 141
/// (issue 22: `render --trace /dev/stdout … | head -c1` exited 4, "Broken pipe").
@Suite("A trace into a closed pipe")
struct ClosedTracePipeCLITests {
  @Test(.enabled(if: FitVideos.hasFFmpeg, "needs ffmpeg on PATH"))
  func aTraceToStdoutWhoseReaderLeavesIsExit141() throws {
    let dir = CLIHarness.tempDir().path
    defer { try? FileManager.default.removeItem(atPath: dir) }
    var fds: [Int32] = [-1, -1]
    try #require(pipe(&fds) == 0)
    // why: a read end inherited by the child would keep the pipe open for ever
    _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
    var env = ProcessInfo.processInfo.environment
    env["DISPLAY"] = nil
    let child = try ChildProcess.launch(
      CLIHarness.binary,
      ["render", "--out", dir + "/o.mp4", "--size", "320x240", "--trace", "/dev/stdout"],
      env: env, captureErrors: true, outputFD: fds[1])
    defer { child.cleanUp() }
    close(fds[1])
    // `| head -c1`: read one byte, then go away
    var one: UInt8 = 0
    #expect(read(fds[0], &one, 1) == 1)
    close(fds[0])
    // hang guard, not a timing check
    let code = waitFor(20) { child.poll() }
    if code == nil {
      kill(child.pid, SIGKILL)
      child.wait()
    }
    #expect(code == 141, "exit \(code.map(String.init) ?? "none"): \(child.errors)")
    #expect(!child.errors.contains("Broken pipe"), "\(child.errors)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/o.mp4"), "the render was kept")
  }
}
