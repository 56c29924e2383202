import CCairo
import Foundation
import Testing

@testable import SpringLabRender

extension RenderTests {
  /// Text through FreeType and Cairo: masks and measurements keep SDL_ttf's
  /// boxes (the layouts were made with them), glyphs stay crisp, and a font
  /// that cannot be opened is reported with FreeType's reason.
  @Suite struct FreeTypeTextTests {
    static let font = FontLocator.locate()

    func cache() throws -> TextCache { try TextCache(fontPath: try #require(Self.font)) }

    /// Coverage bytes of a mask, row after row.
    static func coverage(_ e: TextCache.Entry) -> [[UInt8]] {
      cairo_surface_flush(e.mask)
      let stride = Int(cairo_image_surface_get_stride(e.mask))
      let data = cairo_image_surface_get_data(e.mask)!
      return (0..<e.height).map { y in (0..<e.width).map { x in data[y * stride + x] } }
    }

    @Test(arguments: [11.0, 13, 17, 26, 39])
    func masksHaveInkAndTheirMeasuredSize(size: Double) throws {
      let c = try cache()
      for run in ["Expand", "Duration 0.450 s", "café", "• – é", "→ ×", "🙂 fallback", "🙂"] {
        let e = try #require(c.mask(for: run, size: size), "\(run) at \(size)")
        let (w, h) = c.measure(run, size: size)
        #expect(Double(e.width) == w && Double(e.height) == h, "\(run) at \(size)")
        #expect(h >= size * 1.1 && h <= size * 1.4, "\(run) at \(size): \(h) tall")
        #expect(w >= size * 0.4 * Double(run.count) && w <= size * 1.2 * Double(run.count))
        let ink = Self.coverage(e).joined()
        #expect(ink.contains { $0 > 200 }, "\(run) at \(size) has solid ink")
        // why: the missing-glyph box alone is straight lines, which may be all solid
        if run != "🙂" {
          #expect(ink.contains { $0 > 0 && $0 < 200 }, "\(run) at \(size) is antialiased")
        }
      }
    }

    /// SDL_ttf's figures for DejaVu Sans, recorded before the switch: the
    /// line height, and runs' boxes (the same for all 460 runs of 23 texts at
    /// 20 sizes from 4 to 39 px compared then).
    @Test func boxesAreSDLttfsForDejaVuSans() throws {
      let c = try cache()
      try #require(Self.font?.hasSuffix("DejaVuSans.ttf") == true, "DejaVu Sans is the font here")
      let lineHeights = [11: 13.0, 12: 14, 13: 16, 14: 17, 17: 20, 20: 24, 26: 31, 39: 46]
      for (size, height) in lineHeights {
        #expect(c.measure("", size: Double(size)) == (0, height), "line height at \(size) px")
      }
      let boxes: [(String, Double, Double, Double)] = [
        ("Expand", 13, 48, 16), ("Duration 0.450 s", 13, 107, 16), ("Ledger", 13, 45, 16),
        ("Expand", 17, 64, 20), ("Duration 0.450 s", 17, 142, 20), ("Ledger", 17, 58, 20),
        ("Hello, SpringLab", 20, 165, 24), ("Damping ratio 0.82", 11, 109, 13),
        // at 12 px a descender reaches a row below the line, which grows as SDL_ttf's did
        ("gjpqy", 12, 34, 15), ("Tab", 12, 23, 14),
        // whole-pixel advances that Cairo hands back a hair over (44.000000000001)
        ("MMMM", 13, 44, 16), ("MMMM", 26, 88, 31), ("Taxi", 10, 22, 12), ("Books", 20, 60, 24),
        ("Coffee", 20, 64, 24), ("🙂", 20, 12, 24), ("→ x", 26, 45, 31),
      ]
      for (run, size, w, h) in boxes {
        let m = c.measure(run, size: size)
        #expect(m == (w, h), "\(run) at \(size) px: \(m), SDL_ttf \(w) × \(h)")
      }
    }

    /// Glyphs sit on the baseline SDL_ttf used (the font's ascent, rounded
    /// up, below the top), and hinting puts horizontal edges on whole pixels
    /// (FreeType's v40 interpreter leaves vertical stems where they fall, as
    /// SDL_ttf's masks had them).
    @Test func glyphsSitOnTheBaselineAndStemsAreCrisp() throws {
      let c = try cache()
      for (size, ascent) in [(11.0, 11), (13, 13), (17, 16), (26, 25)] {
        let rows = Self.coverage(try #require(c.mask(for: "H", size: size)))
        let lit = rows.indices.filter { rows[$0].contains { $0 > 0 } }
        #expect(lit.last == ascent - 1, "H at \(size) px ends on row \(lit.last ?? -1)")
        // the top and bottom rows are whole: no half-covered row above or below the stems
        let (top, bottom) = (try #require(lit.first), try #require(lit.last))
        #expect(rows[top] == rows[top + 1] && rows[bottom] == rows[bottom - 1], "H at \(size) px")
        // the crossbar: one solid row between the stems
        #expect(lit.contains { rows[$0].filter { $0 == 255 }.count >= 4 }, "H at \(size) px")
      }
    }

    @Test func measureGrowsWithTheRun() throws {
      let c = try cache()
      let run = Array("Duration 0.450 s · Response 0.55 s — é•–")
      for size in [11.0, 13, 17] {
        var last = 0.0
        for n in 1...run.count {
          let (w, _) = c.measure(String(run[0..<n]), size: size)
          #expect(w >= last, "\(String(run[0..<n])) at \(size)")
          if run[n - 1] != " " { #expect(w > last, "\(String(run[0..<n])) at \(size)") }
          last = w
        }
      }
    }

    @Test func anEmbeddedNULIsDropped() throws {
      let c = try cache()
      let a = try #require(c.mask(for: "Ex\0pand", size: 13))
      let b = try #require(c.mask(for: "Expand", size: 13))
      #expect(a.mask == b.mask, "the same cached run")
      #expect(c.measure("Ex\0pand", size: 13) == c.measure("Expand", size: 13))
      #expect(c.mask(for: "\0", size: 13) == nil)
    }

    @Test func aMissingOrGarbageFontIsFontUnavailable() throws {
      let dir = try makeTempDir()
      defer { try? FileManager.default.removeItem(at: dir) }
      let garbage = dir.appendingPathComponent("garbage.ttf").path
      let empty = dir.appendingPathComponent("empty.ttf").path
      _ = FileManager.default.createFile(
        atPath: garbage, contents: Data(repeating: 0x41, count: 4096))
      _ = FileManager.default.createFile(atPath: empty, contents: Data())
      for (path, why) in [
        ("/nonexistent/DejaVuSans.ttf", "cannot open the file"),
        (garbage, "not a font file FreeType knows"), (empty, "not a font file FreeType knows"),
        (dir.path, "not a font file FreeType knows"),
      ] {
        do {
          _ = try TextCache(fontPath: path)
          Issue.record("\(path) opened as a font")
        } catch SDLBackendError.fontUnavailable(let p, let message) {
          #expect(p == path && message == why, "\(path): \(message)")
          #expect(
            "\(SDLBackendError.fontUnavailable(path: p, message: message))"
              == "cannot open font \(path): \(why)")
        }
      }
    }

    /// A cache's FreeType face outlives the cache while Cairo still holds
    /// it, and caches on two threads do not disturb each other.
    @Test func cachesComeAndGoOnSeveralThreads() throws {
      let font = try #require(Self.font)
      let expected = try cache().measure("Expand", size: 13)
      final class Widths: @unchecked Sendable {
        let lock = NSLock()
        var all: [Double] = []
      }
      let widths = Widths()
      DispatchQueue.concurrentPerform(iterations: 4) { k in
        for _ in 0..<5 {
          guard let c = try? TextCache(fontPath: font, capacity: 4) else { continue }
          for size in [11.0, 13, 17] { _ = c.mask(for: "Run \(k) at \(size)", size: size) }
          let w = c.measure("Expand", size: 13).0
          widths.lock.lock()
          widths.all.append(w)
          widths.lock.unlock()
        }
      }
      #expect(widths.all.count == 20 && widths.all.allSatisfy { $0 == expected.0 })
    }
  }
}
