import Foundation
import SpringLabCore
import SpringLabPlatform
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Video inputs are regular files only: a FIFO (or device) is refused at
/// once, never handed to an ffmpeg that would wait on it forever (issue 22).
@Suite("Video inputs: regular files only")
struct VideoInputCLITests {
  @Test(.enabled(if: FitVideos.hasFFmpeg, "needs ffmpeg on PATH"))
  func aFIFOAsAVideoIsRefusedAtOnceWithExit3() throws {
    let dir = CLIHarness.tempDir().path
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let fifo = dir + "/fifo.mp4"
    #expect(mkfifo(fifo, 0o644) == 0)
    var env = ProcessInfo.processInfo.environment
    env["DISPLAY"] = nil
    let child = try Spawned.start(CLIHarness.binary, ["fit", fifo], env: env)
    defer { child.cleanUp() }
    // hang guard, not a timing check: still waiting after 10 s is a failure
    let code = waitFor(10) { child.poll() }
    if code == nil {
      kill(child.pid, SIGKILL)
      child.wait()
    }
    #expect(code == 3, "exit \(code.map(String.init) ?? "none: still waiting on the FIFO")")
    let lines = child.err.split(separator: "\n")
    #expect(lines.count == 1 && child.err.contains("fifo.mp4: is a FIFO"), "\(child.err)")
    #expect(SignalCLITests.processes(mentioning: dir).isEmpty, "an ffmpeg still waits on the FIFO")
    for pid in SignalCLITests.processes(mentioning: dir) { kill(pid, SIGKILL) }
  }
}
