import CCairo
import Foundation
import SpringLabRender
import SpringLabUI

/// The two ways text could reach a frame, side by side, for `springlab
/// bench` (docs/PERFORMANCE.md states which one ships and why): whole runs
/// rasterised once by `TextCache` (FreeType through Cairo) as coverage masks
/// and composited by Cairo (what `CairoRasterizer` does), against Cairo
/// drawing each run's glyphs every time (its toy font API, with its own
/// glyph cache).
public enum TextPathBench {
  /// Microseconds per text run drawing `runs` (text, pixel size) `repeats`
  /// times onto a `width` × `height` frame, both caches warm.
  /// - Returns: (masks, cairoFreeType), nil when the font cannot be opened.
  public static func microsecondsPerRun(
    _ runs: [(String, Double)], fontPath: String, family: String = "DejaVu Sans",
    width: Int = 1280, height: Int = 720, repeats: Int
  ) -> (masks: Double, cairoFreeType: Double)? {
    guard let buffer = try? FrameBuffer(width: width, height: height),
      let cache = try? TextCache(fontPath: fontPath)
    else { return nil }
    let cr = buffer.cairo
    func place(_ k: Int) -> (Double, Double) {
      (Double(20 + (k % 3) * 400), Double(20 + (k / 3) * 24 % (height - 40)))
    }
    func masks() {
      cairo_set_source_rgba(cr, 1, 1, 1, 1)
      for (k, (s, size)) in runs.enumerated() {
        guard let e = cache.mask(for: s, size: size) else { continue }
        let (x, y) = place(k)
        cairo_mask_surface(cr, e.mask, x, y)
      }
    }
    func freeType() {
      cairo_set_source_rgba(cr, 1, 1, 1, 1)
      cairo_select_font_face(cr, family, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
      for (k, (s, size)) in runs.enumerated() {
        let (x, y) = place(k)
        cairo_set_font_size(cr, size)
        cairo_move_to(cr, x, y + size * 0.8)
        cairo_show_text(cr, s)
      }
    }
    func time(_ body: () -> Void) -> Double {
      body()  // warm the caches
      let t0 = DispatchTime.now().uptimeNanoseconds
      for _ in 0..<repeats { body() }
      cairo_surface_flush(buffer.surface)
      let ns = Double(DispatchTime.now().uptimeNanoseconds - t0)
      return ns / 1000 / Double(repeats * max(1, runs.count))
    }
    return (time(masks), time(freeType))
  }
}
