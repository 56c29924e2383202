import CCairo
import Foundation

/// Reads image files back (for checks on exported snapshots and window
/// screenshots) with the decoders backdrops use: PNG through Cairo's reader,
/// JPEG through libjpeg, both behind `ImageHeader.problem`'s checks (so at
/// most 8192 × 8192 pixels). Needs no display.
public enum ImageProbe {
  /// `(width, height)` in pixels of the PNG or JPEG at `path`, or nil if it
  /// cannot be loaded.
  public static func size(atPath path: String) -> (width: Int, height: Int)? {
    guard let s = try? ImageDecoder.surface(path).get() else { return nil }
    defer { cairo_surface_destroy(s) }
    return (Int(cairo_image_surface_get_width(s)), Int(cairo_image_surface_get_height(s)))
  }
}

extension ImageProbe {
  /// The image's pixels as tightly packed straight-alpha RGBA bytes, row
  /// after row, or nil if it cannot be loaded. A fully transparent pixel is
  /// 0, 0, 0, 0; a partly transparent one's colour comes back within
  /// 255 / (2 × alpha) steps of the file's, since Cairo keeps it
  /// premultiplied in between.
  public static func rgba(atPath path: String) -> (width: Int, height: Int, bytes: [UInt8])? {
    guard let s = try? ImageDecoder.surface(path).get() else { return nil }
    defer { cairo_surface_destroy(s) }
    cairo_surface_flush(s)
    let w = Int(cairo_image_surface_get_width(s))
    let h = Int(cairo_image_surface_get_height(s))
    let stride = Int(cairo_image_surface_get_stride(s))
    guard
      cairo_image_surface_get_format(s) == CAIRO_FORMAT_ARGB32
        || cairo_image_surface_get_format(s) == CAIRO_FORMAT_RGB24,
      let base = cairo_image_surface_get_data(s)
    else { return nil }
    let opaque = cairo_image_surface_get_format(s) == CAIRO_FORMAT_RGB24
    var out = [UInt8](repeating: 0, count: w * h * 4)
    out.withUnsafeMutableBufferPointer { o in
      for y in 0..<h {
        let row = UnsafeRawPointer(base + y * stride).assumingMemoryBound(to: UInt32.self)
        for x in 0..<w {
          // why: Cairo's pixels are native-endian 0xAARRGGBB words (RGB24
          // leaves the top byte undefined), premultiplied by alpha
          let p = row[x]
          let a = opaque ? 255 : Int(p >> 24)
          let i = (y * w + x) * 4
          o[i + 3] = UInt8(a)
          guard a > 0 else { continue }
          func straight(_ shift: UInt32) -> UInt8 {
            UInt8(min(255, (Int((p >> shift) & 0xFF) * 255 + a / 2) / a))
          }
          o[i] = straight(16)
          o[i + 1] = straight(8)
          o[i + 2] = straight(0)
        }
      }
    }
    return (w, h, out)
  }
}
