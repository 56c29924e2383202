import Foundation
import SpringLabCore
import Testing

@testable import SpringLabPlatform

/// A signal's clean exit moves a staging folder aside before removing it
/// (a render writing frames into it on another thread could otherwise keep
/// refilling it until the clean-up gives up: CI saw `.frames.tmp-PID-N`
/// left after SIGINT). What is moved aside must still be recognised by the
/// stale sweep, in case a SIGKILL interrupts the removal.
@Suite("Signal clean-up: staging folders")
struct SignalCleanUpTests {
  @Test func aStagingFolderMovedAsideKeepsTheShapeTheStaleSweepRemoves() throws {
    let dir =
      NSTemporaryDirectory() + "springlab-aside-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let staging = AtomicFile.temporaryPath(for: dir + "/frames")
    let aside = try #require(TerminationSignals.renamedAside(staging))
    #expect(aside != staging)
    #expect(aside.hasPrefix(dir + "/.frames.tmp-\(getpid())-"))

    // a dead process's name: the sweep must take the moved-aside folder
    let deadPID: Int32 = 4_194_303  // above Linux's default pid_max, so never alive
    let name = (aside as NSString).lastPathComponent
    let dead = dir + "/" + name.replacingOccurrences(of: "-\(getpid())-", with: "-\(deadPID)-")
    try FileManager.default.createDirectory(atPath: dead, withIntermediateDirectories: false)
    #expect(FileManager.default.createFile(atPath: dead + "/frame-000000.png", contents: Data([1])))
    AtomicFile.removeStaleTemporaries(of: dir + "/frames")
    #expect(!FileManager.default.fileExists(atPath: dead))
  }

  @Test func aPathOfAnotherShapeIsNotMovedAside() {
    #expect(TerminationSignals.renamedAside("/tmp/plain-folder") == nil)
    #expect(TerminationSignals.renamedAside("/tmp/nodash") == nil)
  }

  /// Once the exit's clean-up has taken its list, nothing listed is made any
  /// more: the path a render was about to create cannot appear after the
  /// clean-up looked for it (CI: a `.frames.tmp-PID-N` left after SIGINT).
  @Test func nothingIsCreatedOnceTheCleanUpHasTakenItsList() {
    let files = InProgressFiles()
    var made: [String] = []
    #expect(files.creating("/tmp/a") { made.append("/tmp/a") } != nil)
    let list = files.closeForExit()
    #expect(list == ["/tmp/a"])
    #expect(files.creating("/tmp/b") { made.append("/tmp/b") } == nil)
    #expect(made == ["/tmp/a"])
    #expect(!files.all.contains("/tmp/b"))
  }
}
