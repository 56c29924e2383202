import CCairo
import CRsvg
import Foundation
import SpringLabPlatform

/// Icon files (`IconAsset`: bytes already checked by `IconAssets`) as
/// square premultiplied ARGB32 Cairo surfaces, the icon fitted into the
/// square and centred, keeping its aspect ratio. SVG through librsvg
/// (`rsvg_handle_render_document` into a surface of the final pixel size, so
/// it is drawn from its curves at 1×, 3× or any `--scale`, never scaled up
/// from a smaller raster); PNG through the image decoder, then scaled once.
///
/// librsvg is handed only the bytes (`rsvg_handle_new_from_data`): no file
/// name and no base URL, so even a reference the checks missed cannot be
/// resolved against the disk; it runs no scripts. Safe on any thread.
public enum IconRaster {
  /// Largest side rasterised, pixels (a 120 pt item at 8× is 1008 px).
  public static let maxSide = 2048

  /// The icon drawn into a `side` × `side` surface (the caller owns one
  /// reference), or why it cannot be (one clause).
  static func surface(_ asset: IconAsset, side: Int) -> Result<OpaquePointer, ImageFailure> {
    let side = max(1, min(maxSide, side))
    guard let out = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(side), Int32(side)),
      cairo_surface_status(out) == CAIRO_STATUS_SUCCESS
    else { return .failure(ImageFailure(message: "out of memory for a \(side) px icon")) }
    let cr = cairo_create(out)!
    defer { cairo_destroy(cr) }
    let drawn: String?
    switch asset.format {
    case .svg: drawn = renderSVG(asset.bytes, cr, side: Double(side))
    case .png: drawn = renderPNG(asset.bytes, cr, side: Double(side))
    }
    cairo_surface_flush(out)
    if let why = drawn {
      cairo_surface_destroy(out)
      return .failure(ImageFailure(message: why))
    }
    return .success(out)
  }

  /// Why the icon cannot be drawn (librsvg or the PNG decoder refuses it),
  /// or nil when it draws: the load-time check behind `FILE: field: why`.
  public static func problem(_ asset: IconAsset) -> String? {
    switch surface(asset, side: 24) {
    case .success(let s):
      cairo_surface_destroy(s)
      return nil
    case .failure(let f): return f.message
    }
  }

  /// Renders SVG bytes into `cr` fitted to a `side` square; nil when drawn.
  static func renderSVG(_ bytes: Data, _ cr: OpaquePointer, side: Double) -> String? {
    var error: UnsafeMutablePointer<GError>?
    let handle = bytes.withUnsafeBytes { raw -> OpaquePointer? in
      guard let base = raw.baseAddress else { return nil }
      return OpaquePointer(
        rsvg_handle_new_from_data(
          base.assumingMemoryBound(to: guint8.self), gsize(raw.count), &error))
    }
    guard let handle else { return "the SVG does not parse" + take(&error) }
    let h = UnsafeMutablePointer<RsvgHandle>(handle)
    defer { g_object_unref(UnsafeMutableRawPointer(h)) }
    var viewport = RsvgRectangle(x: 0, y: 0, width: side, height: side)
    guard rsvg_handle_render_document(h, cr, &viewport, &error) != 0 else {
      return "the SVG does not render" + take(&error)
    }
    return nil
  }

  /// A GError's message as ": message" (freeing it), "" without one.
  static func take(_ error: inout UnsafeMutablePointer<GError>?) -> String {
    guard let e = error else { return "" }
    defer {
      g_error_free(e)
      error = nil
    }
    guard let m = e.pointee.message else { return "" }
    let text = String(cString: m).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    return text.isEmpty ? "" : " (\(text.prefix(120)))"
  }

  /// Decodes PNG bytes and paints them into `cr` fitted to a `side` square.
  static func renderPNG(_ bytes: Data, _ cr: OpaquePointer, side: Double) -> String? {
    let img: OpaquePointer
    switch ImageDecoder.png(bytes) {
    case .success(let s): img = s
    case .failure(let r): return r.description
    }
    defer { cairo_surface_destroy(img) }
    let w = Double(cairo_image_surface_get_width(img))
    let h = Double(cairo_image_surface_get_height(img))
    guard w > 0, h > 0 else { return "the PNG is empty" }
    let k = side / max(w, h)
    cairo_translate(cr, (side - w * k) / 2, (side - h * k) / 2)
    cairo_scale(cr, k, k)
    cairo_set_source_surface(cr, img, 0, 0)
    // why: icons are mostly shrunk; GOOD averages the pixels a destination covers
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
    cairo_paint(cr)
    return nil
  }
}
