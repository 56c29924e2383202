import Foundation
import SpringLabCore
import SpringLabPlatform
import Testing

@testable import SpringLabRender

extension RenderTests {
  /// A backdrop cut short anywhere loads or is refused with one sentence;
  /// the decoder never loops (issue 22: SDL_image's libpng spun forever on a
  /// PNG truncated inside its cHRM chunk).
  @Suite struct TruncatedImageTests {
    /// A whole 3 × 2 RGBA PNG with a cHRM chunk before its image data (as
    /// screenshots from many tools have), the data in one stored deflate block.
    static func tinyPNG() -> [UInt8] {
      func be32(_ v: UInt32) -> [UInt8] { withUnsafeBytes(of: v.bigEndian, Array.init) }
      func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(CRC32.of(body[...]))
      }
      let (w, h) = (3, 2)
      var raw: [UInt8] = []
      for y in 0..<h {
        raw.append(0)  // filter: none
        for x in 0..<w { raw += [UInt8(x * 80), UInt8(y * 120), 200, 255] }
      }
      var adler = (a: UInt32(1), b: UInt32(0))
      for v in raw {
        adler.a = (adler.a + UInt32(v)) % 65521
        adler.b = (adler.b + adler.a) % 65521
      }
      let n = UInt16(raw.count)
      let zlib: [UInt8] =
        [0x78, 0x01, 0x01, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8)] + raw
        + be32(adler.b << 16 | adler.a)
      let chrm = [UInt32(31270), 32900, 64000, 33000, 30000, 60000, 15000, 6000].flatMap(be32)
      return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        + chunk("IHDR", be32(UInt32(w)) + be32(UInt32(h)) + [8, 6, 0, 0, 0])
        + chunk("cHRM", chrm) + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    @Test func aPNGCutAtEveryByteLoadsOrIsRefusedInOneLine() throws {
      let png = Self.tinyPNG()
      let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
        "springlab-trunc-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: dir) }
      // why: the loader runs on its own thread so a decoder that loops fails
      // this test after the bound instead of hanging the whole suite
      final class Outcome: @unchecked Sendable { var results: [(Int, String?)] = [] }
      let outcome = Outcome()
      let done = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        for cut in 0...png.count {
          let path = dir.appendingPathComponent("cut-\(cut).png").path
          _ = FileManager.default.createFile(atPath: path, contents: Data(png[0..<cut]))
          outcome.results.append((cut, CairoRasterizer.imageProblem(path)))
        }
        done.signal()
      }
      let finished = done.wait(timeout: .now() + 60) == .success
      #expect(finished, "the loader is still busy after 60 s (stuck on a truncated PNG)")
      guard finished else { return }
      #expect(outcome.results.count == png.count + 1)
      for (cut, problem) in outcome.results {
        if cut == png.count {
          #expect(problem == nil, "the whole PNG must load")
        } else {
          let line = try #require(problem, "cut at \(cut) of \(png.count) bytes was accepted")
          #expect(line.hasPrefix("Cannot use cut-\(cut).png: ") && !line.contains("\n"))
        }
      }
    }
  }
}
