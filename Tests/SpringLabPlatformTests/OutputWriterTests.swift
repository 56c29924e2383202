import Foundation
import SpringLabCore
import Testing

@testable import SpringLabPlatform

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct OutputWriterTests {
  @Test func aCommittedOutputReplacesTheOldAndLeavesNoTemporary() throws {
    let dir = makeTempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/a.txt"
    try "old".write(toFile: path, atomically: false, encoding: .utf8)
    let out = try OutputFile(path: path)
    try out.write("new")
    #expect(readText(path) == "old", "nothing shows before commit")
    try out.commit()
    #expect(readText(path) == "new")
    #expect(contents(dir) == ["a.txt"])
  }

  /// Outputs share presets' algorithm: an existing file keeps its mode, and
  /// a hard-linked one is rewritten in place (also when another program
  /// wrote the temporary file by name).
  @Test func anOutputKeepsItsModeAndItsHardLinks() throws {
    let dir = makeTempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/a.png"
    let other = dir + "/b.png"
    try "old".write(toFile: path, atomically: false, encoding: .utf8)
    #expect(chmod(path, 0o600) == 0)
    #expect(link(path, other) == 0)
    try OutputFile.produce(path, verify: { _ in nil }) { tmp in
      try "made by name".write(toFile: tmp, atomically: false, encoding: .utf8)
    }
    #expect(readText(other) == "made by name", "the other name sees the new content")
    var sa = stat()
    var sb = stat()
    #expect(stat(path, &sa) == 0 && stat(other, &sb) == 0)
    #expect(sa.st_ino == sb.st_ino && sa.st_nlink == 2)
    #expect(sa.st_mode & 0o7777 == 0o600)
    #expect(contents(dir) == ["a.png", "b.png"])
  }

  @Test func aDiscardedOrFailedOutputKeepsTheOldFile() throws {
    let dir = makeTempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/a.png"
    try "old".write(toFile: path, atomically: false, encoding: .utf8)
    do {
      let out = try OutputFile(path: path)
      try out.write("half a PNG")
      out.discard()
    }
    #expect(readText(path) == "old")
    // a check that fails (an incomplete PNG) keeps the old file too
    let out = try OutputFile(path: path)
    try out.write("not a PNG at all")
    #expect(throws: OutputError.self) { try out.commit(verify: OutputCheck.png) }
    #expect(readText(path) == "old")
    #expect(contents(dir) == ["a.png"])
    // and a writer dropped without commit cleans up after itself
    do { _ = try OutputFile(path: path) }
    #expect(contents(dir) == ["a.png"])
  }

  @Test func aSymbolicLinkIsWrittenThroughNotReplaced() throws {
    let dir = makeTempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try "old".write(toFile: dir + "/real.txt", atomically: false, encoding: .utf8)
    #expect(symlink(dir + "/real.txt", dir + "/link.txt") == 0)
    let out = try OutputFile(path: dir + "/link.txt")
    try out.write("new")
    try out.commit()
    var st = stat()
    #expect(lstat(dir + "/link.txt", &st) == 0 && st.st_mode & S_IFMT == S_IFLNK)
    #expect(readText(dir + "/real.txt") == "new")
  }

  @Test func foldersFIFOsAndMissingFoldersAreRefusedNamingThePath() throws {
    let dir = makeTempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    #expect(mkfifo(dir + "/fifo", 0o644) == 0)
    for (path, words) in [
      (dir, "is a folder"), (dir + "/fifo", "FIFO"), (dir + "/missing/a.png", "does not exist"),
    ] {
      do {
        _ = try OutputFile(path: path)
        Issue.record("\(path) accepted")
      } catch {
        #expect(error.description.hasPrefix(path + ": cannot write: "), "\(error)")
        #expect(error.description.contains(words), "\(error)")
      }
    }
    #expect(contents(dir) == ["fifo"])
  }

  @Test func completenessChecksRecogniseTruncatedFiles() throws {
    let dir = makeTempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    func file(_ name: String, _ bytes: [UInt8]) -> String {
      let p = dir + "/" + name
      _ = FileManager.default.createFile(atPath: p, contents: Data(bytes))
      return p
    }
    let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
    #expect(OutputCheck.png(file("ok.png", [0x89, 0x50] + iend)) == nil)
    #expect(
      OutputCheck.png(file("cut.png", [0x89, 0x50, 0x4E, 0x47, 1, 2, 3, 4, 5, 6, 7, 8])) != nil)
    #expect(OutputCheck.png(file("empty.png", [])) != nil)
    #expect(OutputCheck.gif(file("ok.gif", [0x47, 0x49, 0x46, 0x3B])) == nil)
    #expect(OutputCheck.gif(file("cut.gif", [0x47, 0x49, 0x46, 0x00])) != nil)
    func box(_ type: String, _ payload: Int) -> [UInt8] {
      let size = UInt32(8 + payload)
      return [
        UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF),
      ] + Array(type.utf8) + [UInt8](repeating: 0, count: payload)
    }
    #expect(
      OutputCheck.mp4(file("ok.mp4", box("ftyp", 8) + box("moov", 16) + box("mdat", 32))) == nil)
    // the 262-byte kind: an index but no frames
    #expect(OutputCheck.mp4(file("empty.mp4", box("ftyp", 8) + box("moov", 16))) != nil)
    // a full disk cut the file short: no index
    #expect(OutputCheck.mp4(file("noindex.mp4", box("ftyp", 8) + box("mdat", 32))) != nil)
    let cut = Array((box("ftyp", 8) + box("mdat", 32) + box("moov", 16)).dropLast(5))
    #expect(OutputCheck.mp4(file("cut.mp4", cut))?.contains("truncated") == true)
  }

  @Test func theOneAtomicAlgorithmSweepsTemporariesOfKilledWriters() throws {
    let dir = makeTempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    // pid 2^22+1 is above Linux's pid_max default range; no such process
    let stale = dir + "/.out.png.tmp-4194305-12345"
    let staleFolder = dir + "/.frames.tmp-4194305-777"
    _ = FileManager.default.createFile(atPath: stale, contents: Data([1]))
    try FileManager.default.createDirectory(atPath: staleFolder, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(
      atPath: staleFolder + "/frame-000000.png", contents: Data([1]))
    let out = try OutputFile(path: dir + "/out.png")
    try out.write("x")
    try out.commit()
    #expect(contents(dir) == [".frames.tmp-4194305-777", "out.png"])
    let frames = try FrameFolder(path: dir + "/frames")
    try frames.writeFrame(0, verify: { _ in nil }) {
      try Data([1]).write(to: URL(fileURLWithPath: $0))
    }
    try frames.commit()
    #expect(contents(dir) == ["frames", "out.png"])
  }
}

@Suite struct FrameFolderTests {
  func png(_ path: String) throws {
    let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
    try Data([0x89, 0x50, 0x4E, 0x47] + iend).write(to: URL(fileURLWithPath: path))
  }

  func fill(_ folder: FrameFolder, _ n: Int) throws {
    for k in 0..<n { try folder.writeFrame(k, verify: OutputCheck.png) { try png($0) } }
  }

  @Test func tenFramesOverFiftyLeaveExactlyTheTen() throws {
    let dir = makeTempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let out = dir + "/frames"
    let a = try FrameFolder(path: out + "/")
    try fill(a, 50)
    try a.commit()
    #expect(contents(out).count == 50)
    let b = try FrameFolder(path: out)
    try fill(b, 10)
    try b.commit()
    #expect(contents(out) == (0..<10).map(FrameFolder.frameName))
    #expect(contents(dir) == ["frames"])
  }

  @Test func aFailureLeavesTheOldFramesAndNothingElse() throws {
    let dir = makeTempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let out = dir + "/frames"
    let a = try FrameFolder(path: out)
    try fill(a, 50)
    try a.commit()
    let before = try Data(contentsOf: URL(fileURLWithPath: out + "/frame-000003.png"))
    let b = try FrameFolder(path: out)
    try fill(b, 4)
    // a zero-byte frame (a full disk) fails the check
    #expect(throws: OutputError.self) {
      try b.writeFrame(4, verify: OutputCheck.png) {
        _ = FileManager.default.createFile(atPath: $0, contents: Data())
      }
    }
    #expect(contents(out).count == 50)
    #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/frame-000003.png")) == before)
    #expect(contents(dir) == ["frames"])
  }

  @Test func aFolderHoldingAnythingButFramesIsRefusedNamingTheFirst() throws {
    let dir = makeTempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    _ = FileManager.default.createFile(atPath: dir + "/frame-000000.png", contents: Data([1]))
    _ = FileManager.default.createFile(atPath: dir + "/notes.txt", contents: Data([1]))
    _ = FileManager.default.createFile(atPath: dir + "/b.png", contents: Data([1]))
    do {
      _ = try FrameFolder(path: dir)
      Issue.record("accepted a folder with foreign files")
    } catch {
      #expect(error.description.contains("holds b.png"), "\(error)")
    }
    #expect(contents(dir) == ["b.png", "frame-000000.png", "notes.txt"])
    #expect(FrameFolder.isFrameName("frame-000012.png"))
    #expect(FrameFolder.isFrameName("frame-1234567.png"))
    #expect(!FrameFolder.isFrameName("frame-12.png"))
    #expect(!FrameFolder.isFrameName("frame-00001a.png"))
  }
}

@Suite struct TraceOutputTests {
  func frame(_ k: Int) -> JSONValue { .object([("frame", .number(Double(k)))]) }

  @Test func aLiveTraceIsReadableLineByLineWhileWritten() throws {
    let dir = makeTempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/t.jsonl"
    let t = try TraceOutput(path: path, mode: .live)
    for k in 0..<3 {
      try t.write(frame(k))
      let lines = readText(path)?.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines?.count == k + 2 && lines?.last == "")
    }
    try t.finish()
    #expect(t.lines == 3)
    for (k, line) in (readText(path) ?? "").split(separator: "\n").enumerated() {
      #expect(try StrictJSONParser.parse(Data(line.utf8))["frame"] == .number(Double(k)))
    }
  }

  @Test func aWholeTraceAppearsOnlyOnSuccess() throws {
    let dir = makeTempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/t.jsonl"
    try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
    do {
      let t = try TraceOutput(path: path, mode: .whole)
      try t.write(frame(0))
      t.discard()
    }
    #expect(readText(path) == "old\n")
    let t = try TraceOutput(path: path, mode: .whole)
    try t.write(frame(0))
    #expect(readText(path) == "old\n")
    try t.finish()
    #expect(readText(path) == "{\"frame\":0}\n")
    #expect(contents(dir) == ["t.jsonl"])
  }

  @Test func aFIFOIsStreamedIntoAndStaysAFIFO() throws {
    let dir = makeTempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let fifo = dir + "/trace.fifo"
    #expect(mkfifo(fifo, 0o644) == 0)
    let reader = try ChildProcess.launch(
      "/bin/cat", [fifo], env: [:], captureOutput: true, captureErrors: true)
    defer { reader.cleanUp() }
    for mode in [TraceOutput.Mode.whole] {
      let t = try TraceOutput(path: fifo, mode: mode)
      for k in 0..<5 { try t.write(frame(k)) }
      try t.finish()
    }
    #expect(reader.wait() == 0)
    #expect(reader.output.split(separator: "\n").count == 5)
    #expect(FileIdentity(path: fifo)?.kind == .fifo)
  }

  @Test(
    .enabled(if: canMakeDevices, "needs root to make a device node in a temporary folder"))
  func aFullDeviceIsAnErrorNamingTheTraceNotACrash() throws {
    let dir = makeTempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let full = dir + "/full"
    #expect(makeDeviceStandIn(full, major: 1, minor: 7))
    let t = try TraceOutput(path: full, mode: .whole)
    do {
      try t.write(frame(0))
      Issue.record("a write to a full device succeeded")
    } catch {
      #expect(error.description == "\(full): cannot write: No space left on device")
    }
    #expect(FileIdentity(path: full)?.kind == .characterDevice, "the device node was not replaced")
  }
}

@Suite struct ChildProcessTests {
  @Test func stdinPipeFeedsTheChildAndABrokenPipeIsAnError() throws {
    let cat = try ChildProcess.launch(
      "/bin/cat", [], env: [:], captureOutput: true, inputPipe: true)
    defer { cat.cleanUp() }
    let text = Array("hello\n".utf8)
    #expect(text.withUnsafeBytes { cat.writeInput($0) } == nil)
    cat.closeInput()
    #expect(cat.wait() == 0)
    #expect(cat.output == "hello\n")
    // why: SIGPIPE ignored, as the CLI does, so a dead reader is EPIPE
    signal(SIGPIPE, SIG_IGN)
    let gone = try ChildProcess.launch("/bin/true", [], env: [:], inputPipe: true)
    #expect(gone.wait() == 0)
    let big = [UInt8](repeating: 0, count: 1 << 20)
    #expect(big.withUnsafeBytes { gone.writeInput($0) } == "Broken pipe")
  }
}
