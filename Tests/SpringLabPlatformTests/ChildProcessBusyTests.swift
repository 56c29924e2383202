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
