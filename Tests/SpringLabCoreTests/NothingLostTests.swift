import Foundation
import SpringLabPlatform
import Testing

@testable import SpringLabCore

/// Saving through links, keeping permissions and hard links; never blocking
/// on a FIFO; refusing images by their declared size.
@Suite("Nothing lost on disk")
struct NothingLostTests {
  static func mode(_ path: String) -> mode_t {
    var st = stat()
    stat(path, &st)
    return st.st_mode & 0o7777
  }

  @Test func savingThroughASymlinkKeepsTheLinkAndWritesItsTarget() throws {
    let dir = TestPaths.tempDir()
    let real = dir.appendingPathComponent("real").path
    try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: true)
    let target = real + "/fan.json"
    try PresetWriter.save(.seedDefault, to: target)
    let link = dir.appendingPathComponent("link.json").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real/fan.json")
    var p = Preset.seedDefault
    p.fan.radius = 140
    try PresetWriter.save(p, to: link)
    let attrs = try FileManager.default.attributesOfItem(atPath: link)
    #expect(attrs[.type] as? FileAttributeType == .typeSymbolicLink, "the link stays a link")
    #expect(try PresetReader.load(path: target).fan.radius == 140, "its target has the new content")
    let stray = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter {
      $0.contains(".tmp-")
    }
    #expect(stray.isEmpty, "no temporary file beside the link")
  }

  @Test func aSavedFileKeepsItsPermissionBits() throws {
    let dir = TestPaths.tempDir()
    let path = dir.appendingPathComponent("private.json").path
    try PresetWriter.save(.seedDefault, to: path)
    chmod(path, 0o600)
    var p = Preset.seedDefault
    p.fan.radius = 130
    try PresetWriter.save(p, to: path)
    #expect(Self.mode(path) == 0o600)
    chmod(path, 0o664)
    try PresetWriter.save(.seedDefault, to: path)
    #expect(Self.mode(path) == 0o664)
  }

  @Test func aHardLinkedFileStaysSharedByAllItsNames() throws {
    let dir = TestPaths.tempDir()
    let a = dir.appendingPathComponent("a.json").path
    let b = dir.appendingPathComponent("b.json").path
    try PresetWriter.save(.seedDefault, to: a)
    #expect(link(a, b) == 0)
    var p = Preset.seedDefault
    p.fan.radius = 125
    try PresetWriter.save(p, to: a)
    #expect(try PresetReader.load(path: b).fan.radius == 125, "the other name sees the save")
    var sa = stat()
    var sb = stat()
    stat(a, &sa)
    stat(b, &sb)
    #expect(sa.st_ino == sb.st_ino && sa.st_nlink == 2)
    let stray = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter {
      $0.contains(".tmp-")
    }
    #expect(stray.isEmpty)
  }

  @Test func aFIFOIsRefusedAtOnceNeverWaitedOn() throws {
    let dir = TestPaths.tempDir()
    let fifo = dir.appendingPathComponent("preset.json").path
    #expect(mkfifo(fifo, 0o644) == 0)
    // why: with no writer, a blocking open would never return; the test would hang, not fail
    do {
      _ = try PresetReader.load(path: fifo)
      Issue.record("a FIFO must not load")
    } catch {
      #expect(error.description.contains("not a regular file"), "\(error.description)")
      #expect(error.description.contains(fifo))
    }
    #expect(FileStamp(path: fifo) != nil, "its identity is read without opening it")
    #expect(ImageHeader.problem(path: fifo)?.contains("not a regular file") == true)
    #expect(throws: (any Error).self) { try InputScript.load(path: fifo) }
  }

  @Test func aWatchedPresetReplacedByAFIFOIsABadEditNotAFreeze() throws {
    let dir = TestPaths.tempDir()
    let path = dir.appendingPathComponent("fan.json").path
    try PresetWriter.save(.seedDefault, to: path)
    var w = PresetWatcher(path: path)
    #expect(w.poll() == nil)
    try FileManager.default.removeItem(atPath: path)
    #expect(mkfifo(path, 0o644) == 0)
    guard case .invalid(let message)? = w.poll() else {
      Issue.record("a FIFO in place of the preset reads as a bad edit")
      return
    }
    #expect(message.contains("not a regular file"))
  }

  static func pngHeader(width: UInt32, height: UInt32) -> Data {
    var d = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
    d.append(contentsOf: Array("IHDR".utf8))
    for v in [width, height] { d.append(contentsOf: withUnsafeBytes(of: v.bigEndian, Array.init)) }
    d.append(contentsOf: [8, 6, 0, 0, 0, 0, 0, 0, 0])
    return d
  }

  @Test func imagesAreJudgedByTheSizeTheyDeclareBeforeDecoding() throws {
    #expect(ImageHeader.dimensions(Self.pngHeader(width: 30000, height: 30000))! == (30000, 30000))
    let dir = TestPaths.tempDir()
    let huge = dir.appendingPathComponent("huge.png").path
    // a truncated file declaring 60000 × 60000: refused from its first bytes
    try Self.pngHeader(width: 60000, height: 60000).write(to: URL(fileURLWithPath: huge))
    let problem = try #require(ImageHeader.problem(path: huge))
    #expect(problem.contains("60000 × 60000") && problem.contains("8192 × 8192"))
    // a header alone declares a fine size, but its CRC is zeros and no image follows
    let header = dir.appendingPathComponent("header.png").path
    try Self.pngHeader(width: 1170, height: 2532).write(to: URL(fileURLWithPath: header))
    #expect(ImageHeader.problem(path: header)?.contains("corrupt PNG: the IHDR chunk") == true)
    let text = dir.appendingPathComponent("notes.png").path
    try Data("hello".utf8).write(to: URL(fileURLWithPath: text))
    #expect(ImageHeader.problem(path: text)?.contains("not a PNG or JPEG") == true)
    // JPEG: SOI, an APP0 segment, then SOF0 declaring 40000 × 100
    let jpeg = Data([
      0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0, 0xFF, 0xC0, 0, 11, 8, 0, 100, 0x9C, 0x40, 3, 0, 0, 0,
    ])
    #expect(ImageHeader.dimensions(jpeg)! == (40000, 100))
  }

  @Test func aFileStampNamesTheDeviceAndChangesWithAnotherWrite() throws {
    let dir = TestPaths.tempDir()
    let path = dir.appendingPathComponent("a.json").path
    try PresetWriter.save(.seedDefault, to: path)
    let first = try #require(FileStamp(path: path))
    var st = stat()
    stat(path, &st)
    #expect(first.device == UInt64(st.st_dev))
    var p = Preset.seedDefault
    p.name = "Other window"
    try PresetWriter.save(p, to: path)
    #expect(FileStamp(path: path) != first, "an atomic save gives the file a new identity")
  }
}
