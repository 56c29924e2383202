import CCairo
import Foundation

/// Where a single-line run sits in its mask, whole pixels: `width` ×
/// `height`, the first glyph's origin `originX` pixels from the left and the
/// baseline `baseline` pixels from the top.
struct TextRunBox: Equatable {
  var width: Int
  var height: Int
  var originX: Int
  var baseline: Int
}

/// One pixel size of a `FreeTypeFont`: its Cairo scaled font (owned by the
/// `TextCache` that made it) and its line metrics. Lays runs out as SDL_ttf
/// did and draws them into A8 masks.
struct SizedFont {
  let scaled: OpaquePointer
  let line: FreeTypeFont.LineMetrics

  /// The box of `text` (already free of NULs): its hinted advances wide
  /// (whole pixels per glyph) and the line tall, each grown where ink goes
  /// past them; a glyph reaching above the line's top moves the baseline
  /// down by as much. Empty text: zero wide, the line tall.
  func box(_ text: String) -> TextRunBox {
    guard !text.isEmpty else {
      return TextRunBox(width: 0, height: line.height, originX: 0, baseline: line.ascent)
    }
    var e = cairo_text_extents_t()
    cairo_scaled_font_text_extents(scaled, text, &e)
    // why: with hinted metrics the extents are whole pixels, but Cairo keeps
    // them in font space and scales them back, so 4 × 11 px comes back as
    // 44.000000000001; rounding that up would add a pixel SDL_ttf did not
    func up(_ v: Double) -> Int { Int((v - 1e-6).rounded(.up)) }
    func down(_ v: Double) -> Int { Int((v + 1e-6).rounded(.down)) }
    let inkLeft = down(e.x_bearing)
    let inkTop = line.ascent + down(e.y_bearing)
    let inkBottom = line.ascent + up(e.y_bearing + e.height)
    let originX = max(0, -inkLeft)
    let top = min(0, inkTop)
    let right = e.width > 0 ? max(e.x_advance, e.x_bearing + e.width) : e.x_advance
    return TextRunBox(
      width: originX + up(right),
      height: max(line.height, inkBottom) - top,
      originX: originX, baseline: line.ascent - top)
  }

  /// A new A8 surface of `box`'s size with `text`'s coverage (white glyphs:
  /// the alpha is the coverage), or nil when Cairo fails or the run is
  /// wider than 32767 pixels.
  func draw(_ text: String, in box: TextRunBox) -> OpaquePointer? {
    // why: Cairo's image surfaces end at 32767 pixels a side
    guard (1...32767).contains(box.width), (1...32767).contains(box.height),
      let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(box.width), Int32(box.height))
    else { return nil }
    guard cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(mask) else {
      cairo_surface_destroy(mask)
      return nil
    }
    cairo_set_scaled_font(cr, scaled)
    cairo_set_source_rgba(cr, 1, 1, 1, 1)
    cairo_move_to(cr, Double(box.originX), Double(box.baseline))
    cairo_show_text(cr, text)
    let status = cairo_status(cr)
    cairo_destroy(cr)
    cairo_surface_flush(mask)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(mask)
      return nil
    }
    return mask
  }
}
