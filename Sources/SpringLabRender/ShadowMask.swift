import CCairo

/// The soft shadow under a circle as an 8-bit coverage mask, computed
/// directly from each pixel's distance to the centre.
///
/// The shadow is a concentric radial fall-off: full strength inside the
/// circle (radius `r`), easing to nothing at `r + blur`. Cairo's radial
/// gradient gives the same pixels but solves the general two-circle gradient
/// for every pixel, about 0.1 ms per item shadow at the window's size, which
/// made shadows two thirds of the window's drawing while the fan blooms; the
/// distance form costs a square root per pixel and only the pixels inside
/// the clip are computed.
struct ShadowMask: ~Copyable {
  /// Stops of the fall-off as (position 0…1 across the blur, strength 0…1);
  /// an eased curve (about (1-u)^1.7) reads as a soft shadow.
  static let stops: [(Double, Double)] = [
    (0.0, 1.0), (0.25, 0.62), (0.5, 0.32), (0.75, 0.12), (1.0, 0.0),
  ]

  // why: reused across shadows and frames, so drawing one allocates nothing
  private var bytes: UnsafeMutableRawPointer?
  private var capacity = 0

  init() {}

  deinit { bytes?.deallocate() }

  /// The strength (0…1) at fraction `u` of the way across the blur (0 at
  /// the circle's edge, 1 at the outer edge); 1 inside, 0 beyond.
  static func strength(_ u: Double) -> Double {
    guard u > 0 else { return 1 }
    guard u < 1 else { return 0 }
    let scaled = u * Double(stops.count - 1)
    let i = min(Int(scaled), stops.count - 2)
    let f = scaled - Double(i)
    return stops[i].1 + (stops[i + 1].1 - stops[i].1) * f
  }

  /// Paints the shadow of a circle at (`cx`, `cy`) with radius `r` and
  /// `blur` (pixels, at least 0.5) in `color`'s RGB at its alpha `alpha`
  /// (0…1) over `cr`, within its current clip. The context's transform
  /// must be the identity (the rasteriser draws in pixels).
  mutating func paint(
    _ cr: OpaquePointer, cx: Double, cy: Double, r: Double, blur: Double,
    red: Double, green: Double, blue: Double, alpha: Double
  ) {
    let span = max(blur, 0.5)
    let outer = r + span
    var (ex0, ey0, ex1, ey1) = (0.0, 0.0, 0.0, 0.0)
    cairo_clip_extents(cr, &ex0, &ey0, &ex1, &ey1)
    guard cx.isFinite, cy.isFinite, outer.isFinite else { return }
    let x0 = Int(max((cx - outer).rounded(.down), ex0.rounded(.down)))
    let y0 = Int(max((cy - outer).rounded(.down), ey0.rounded(.down)))
    let x1 = Int(min((cx + outer).rounded(.up), ex1.rounded(.up)))
    let y1 = Int(min((cy + outer).rounded(.up), ey1.rounded(.up)))
    guard x1 > x0, y1 > y0 else { return }
    let (w, h) = (x1 - x0, y1 - y0)
    let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_A8, Int32(w)))
    guard stride > 0 else { return }
    if capacity < stride * h {
      bytes?.deallocate()
      capacity = stride * h
      bytes = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    }
    guard let bytes else { return }
    let full = UInt8((alpha * 255).rounded())
    let scale = alpha * 255
    for py in 0..<h {
      // why: Cairo samples a gradient at pixel centres
      let dy = Double(y0 + py) + 0.5 - cy
      let row = (bytes + py * stride).assumingMemoryBound(to: UInt8.self)
      for px in 0..<w {
        let dx = Double(x0 + px) + 0.5 - cx
        let d = (dx * dx + dy * dy).squareRoot()
        if d <= r {
          row[px] = full
        } else if d >= outer {
          row[px] = 0
        } else {
          row[px] = UInt8((ShadowMask.strength((d - r) / span) * scale).rounded())
        }
      }
    }
    guard
      let surface = cairo_image_surface_create_for_data(
        bytes.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_A8, Int32(w), Int32(h),
        Int32(stride))
    else { return }
    defer { cairo_surface_destroy(surface) }
    cairo_set_source_rgb(cr, red, green, blue)
    cairo_mask_surface(cr, surface, Double(x0), Double(y0))
  }
}
