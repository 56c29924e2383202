import Foundation
import Testing

@testable import SpringLabPlatform

/// An executable still open for writing somewhere (here: by this process, as
/// a child forked by another thread would hold it until its exec) cannot be
/// started ("Text file busy"); the launch waits for it to be let go instead
/// of failing (seen as a flaky "cannot start: Text file busy" in the suite).
@Suite struct ChildProcessBusyTests {
  @Test func aScriptStillOpenForWritingStartsOnceItIsClosed() throws {
    let dir = NSTemporaryDirectory() + "springlab-busy-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let script = dir + "/run.sh"
    let fd = open(script, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    try #require(fd >= 0)
    let body = Array("#!/bin/sh\necho started\n".utf8)
    #expect(body.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == body.count)
    // why: closed 100 ms after the launch begins, well inside its retries
    let closer = Thread {
      usleep(100_000)
      close(fd)
    }
    closer.start()
    let child = try ChildProcess.launch(script, [], env: [:], captureOutput: true)
    defer { child.cleanUp() }
    #expect(child.wait() == 0)
    #expect(child.output == "started\n")
  }

  @Test func anExecutableBusyForLongerIsStillReportedAsBusy() throws {
    let dir = NSTemporaryDirectory() + "springlab-busy-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let script = dir + "/run.sh"
    let fd = open(script, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    try #require(fd >= 0)
    defer { close(fd) }
    let body = Array("#!/bin/sh\nexit 0\n".utf8)
    #expect(body.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == body.count)
    #expect {
      _ = try ChildProcess.launch(script, [], env: [:])
    } throws: { error in
      "\(error)".contains("Text file busy")
    }
  }
}

/// Launches from several threads at once: a child that has gone never leaves
/// its stdin pipe open in a sibling forked meanwhile, so writing to it fails
/// with EPIPE every time (a sibling's copy made a 1 MiB write succeed).
@Suite struct ConcurrentLaunchTests {
  @Test func aGoneChildsPipeIsBrokenWhateverElseIsStarting() async throws {
    signal(SIGPIPE, SIG_IGN)
    let results = await withTaskGroup(of: [String?].self) { group in
      for _ in 0..<4 {
        group.addTask {
          var out: [String?] = []
          for _ in 0..<15 {
            guard let gone = try? ChildProcess.launch("/bin/true", [], env: [:], inputPipe: true)
            else {
              out.append("cannot start")
              continue
            }
            _ = gone.wait()
            let big = [UInt8](repeating: 0, count: 1 << 20)
            out.append(big.withUnsafeBytes { gone.writeInput($0) })
            gone.cleanUp()
          }
          return out
        }
      }
      var all: [String?] = []
      for await r in group { all += r }
      return all
    }
    #expect(results.count == 60)
    let wrong = results.filter { $0 != "Broken pipe" }
    #expect(wrong.isEmpty, "\(wrong.count) of 60 writes to a gone child: \(wrong.prefix(3))")
  }
}
