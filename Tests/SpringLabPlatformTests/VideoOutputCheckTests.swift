import Foundation
import Testing

@testable import SpringLabPlatform

/// The output writer's completeness checks for the compositing containers:
/// QuickTime `.mov` (ProRes) and WebM (VP9), on hand-made files.
@Suite struct VideoOutputCheckTests {
  func file(_ dir: String, _ name: String, _ bytes: [UInt8]) -> String {
    let p = dir + "/" + name
    _ = FileManager.default.createFile(atPath: p, contents: Data(bytes))
    return p
  }

  func box(_ type: String, _ payload: Int) -> [UInt8] {
    let size = UInt32(8 + payload)
    return [
      UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF),
    ] + Array(type.utf8) + [UInt8](repeating: 0, count: payload)
  }

  @Test func aMovNeedsItsIndexAndFramesAndNoTruncatedAtom() throws {
    let dir = makeTempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    // ffmpeg's layout: ftyp, wide, mdat, moov at the end
    let whole = box("ftyp", 12) + box("wide", 0) + box("mdat", 64) + box("moov", 24)
    #expect(OutputCheck.mov(file(dir, "ok.mov", whole)) == nil)
    // the disk filled before the index was written
    let noIndex = box("ftyp", 12) + box("wide", 0) + box("mdat", 64)
    #expect(OutputCheck.mov(file(dir, "noindex.mov", noIndex)) == "the MOV has no index (moov box)")
    #expect(
      OutputCheck.mov(file(dir, "cut.mov", Array(whole.dropLast(3))))
        == "the MOV is truncated (box moov runs past the end)")
    #expect(
      OutputCheck.mov(file(dir, "empty.mov", box("ftyp", 12) + box("moov", 24)))
        == "the MOV holds no frames")
  }

  /// An EBML element: `id` bytes, a size in the shortest fitting EBML vint
  /// (or the 8-byte "unknown" marker), then the payload.
  func element(_ id: [UInt8], _ payload: [UInt8], unknownSize: Bool = false) -> [UInt8] {
    if unknownSize { return id + [0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF] + payload }
    let n = payload.count
    let size: [UInt8] =
      n < 0x7F ? [0x80 | UInt8(n)] : [0x40 | UInt8(n >> 8), UInt8(n & 0xFF)]
    return id + size + payload
  }

  @Test func aWebMNeedsItsHeaderAClosedSegmentAndACluster() throws {
    let dir = makeTempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let header = element([0x1A, 0x45, 0xDF, 0xA3], element([0x42, 0x82], Array("webm".utf8)))
    let info = element([0x15, 0x49, 0xA9, 0x66], [UInt8](repeating: 1, count: 20))
    let cluster = element([0x1F, 0x43, 0xB6, 0x75], [UInt8](repeating: 2, count: 300))
    let cues = element([0x1C, 0x53, 0xBB, 0x6B], [UInt8](repeating: 3, count: 12))
    let segmentID: [UInt8] = [0x18, 0x53, 0x80, 0x67]
    let whole = header + element(segmentID, info + cluster + cues)
    #expect(OutputCheck.webm(file(dir, "ok.webm", whole)) == nil)
    // the muxer writes the Segment's size last: a cut file keeps "unknown"
    let open = header + element(segmentID, info + cluster, unknownSize: true)
    #expect(
      OutputCheck.webm(file(dir, "open.webm", open))
        == "the WebM is incomplete (Segment never closed)")
    #expect(
      OutputCheck.webm(file(dir, "cut.webm", Array(whole.dropLast(5))))
        == "the WebM is truncated (the Segment runs past the end)")
    #expect(
      OutputCheck.webm(file(dir, "noframes.webm", header + element(segmentID, info + cues)))
        == "the WebM holds no frames (no Cluster)")
    #expect(
      OutputCheck.webm(file(dir, "notwebm.webm", box("ftyp", 12) + box("mdat", 8)))
        == "the WebM has no EBML header")
    #expect(OutputCheck.webm(file(dir, "empty.webm", [])) == "the WebM is empty")
    #expect(
      OutputCheck.webm(file(dir, "headeronly.webm", header))
        == "the WebM is truncated (no Segment)")
  }
}
