import CCairo

/// Circles drawn as 8-bit coverage masks computed from each pixel's
/// distance to the centre: the soft shadow under an item and the filled
/// disc itself, the two shapes the fan draws most while it blooms.
///
/// The shadow is a concentric radial fall-off: full strength inside the
/// circle (radius `r`), easing to nothing at `r + blur`. Cairo's radial
/// gradient gives the same pixels but solves the general two-circle gradient
/// for every pixel, about 0.1 ms per item shadow at the window's size, which
/// made shadows two thirds of the window's drawing while the fan blooms. A
/// disc's edge pixels get their exact share of the pixel square (Cairo's
/// path filling samples it on a grid, up to 20 levels off). Both cost a
/// square root per pixel and compute only the pixels inside the clip, so an
/// incremental frame equals a full redraw.
struct DistanceMask: ~Copyable {
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

  /// `v` (0…255) to the nearest byte.
  // why: adding a half and truncating rounds a non-negative value as
  // `rounded()` does, without the libm call per pixel (1 % of the window's CPU)
  @inline(__always) static func level(_ v: Double) -> UInt8 {
    UInt8(max(0, min(255, v)) + 0.5)
  }

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
    let full = UInt8((alpha * 255).rounded())
    let scale = alpha * 255
    paintRadial(cr, cx: cx, cy: cy, reach: outer, red: red, green: green, blue: blue) {
      _, _, d in
      if d <= r { return full }
      if d >= outer { return 0 }
      return DistanceMask.level(DistanceMask.strength((d - r) / span) * scale)
    }
  }

  /// Smallest radius, pixels, drawn as a disc from distances; smaller ones
  /// go through Cairo's path filling, whose exact area coverage matters
  /// when the whole disc is a pixel or two.
  static let smallestDisc = 2.0
  /// Largest radius, pixels, drawn as a disc from distances (a mask of up
  /// to 513 × 513 bytes); larger ones go through Cairo.
  static let largestDisc = 256.0

  /// Fills the disc at (`cx`, `cy`) of radius `r` (pixels, within
  /// `smallestDisc…largestDisc`) in the colour at alpha `alpha` (0…1). An
  /// edge pixel is covered by the share of its square inside the circle's
  /// tangent at that point (exact for a straight edge, so the edge sits on
  /// the true circle at every angle). Same clip and transform rules as the
  /// shadow.
  mutating func paintDisc(
    _ cr: OpaquePointer, cx: Double, cy: Double, r: Double,
    red: Double, green: Double, blue: Double, alpha: Double
  ) {
    let full = UInt8((alpha * 255).rounded())
    let scale = alpha * 255
    // why: a pixel's square reaches at most half its diagonal past its centre
    let halfDiagonal = 0.5.squareRoot()
    let inner = r - halfDiagonal
    let outer = r + halfDiagonal
    paintRadial(cr, cx: cx, cy: cy, reach: outer, red: red, green: green, blue: blue) {
      dx, dy, d in
      if d <= inner { return full }
      if d >= outer { return 0 }
      let share = DistanceMask.squareShare(inside: r - d, normal: (dx / d, dy / d))
      return DistanceMask.level(share * scale)
    }
  }

  /// The share (0…1) of a unit pixel square on the inner side of a straight
  /// edge whose unit `normal` points outward and which passes `inside`
  /// pixels beyond the square's centre (negative: the centre is outside).
  static func squareShare(inside u: Double, normal: (Double, Double)) -> Double {
    let a = max(abs(normal.0), abs(normal.1))
    let b = min(abs(normal.0), abs(normal.1))
    // why: the square's extent along the normal is a + b; its middle part,
    // a − b wide, gains area linearly, its two ends quadratically
    let h = (a + b) / 2
    let k = (a - b) / 2
    if u <= -h { return 0 }
    if u >= h { return 1 }
    if b < 1e-9 || abs(u) <= k { return max(0, min(1, 0.5 + u / a)) }
    if u < 0 { return (u + h) * (u + h) / (2 * a * b) }
    return 1 - (h - u) * (h - u) / (2 * a * b)
  }

  /// Masks the colour with `level(dx, dy, distance)` (from the centre to
  /// the pixel's centre) for every pixel within `reach`
  /// of the centre and inside the clip.
  private mutating func paintRadial(
    _ cr: OpaquePointer, cx: Double, cy: Double, reach: Double,
    red: Double, green: Double, blue: Double, level: (Double, Double, Double) -> UInt8
  ) {
    var (ex0, ey0, ex1, ey1) = (0.0, 0.0, 0.0, 0.0)
    cairo_clip_extents(cr, &ex0, &ey0, &ex1, &ey1)
    guard cx.isFinite, cy.isFinite, reach.isFinite else { return }
    let x0 = Int(max((cx - reach).rounded(.down), ex0.rounded(.down)))
    let y0 = Int(max((cy - reach).rounded(.down), ey0.rounded(.down)))
    let x1 = Int(min((cx + reach).rounded(.up), ex1.rounded(.up)))
    let y1 = Int(min((cy + reach).rounded(.up), ey1.rounded(.up)))
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
    for py in 0..<h {
      // why: Cairo samples a gradient at pixel centres
      let dy = Double(y0 + py) + 0.5 - cy
      let row = (bytes + py * stride).assumingMemoryBound(to: UInt8.self)
      for px in 0..<w {
        let dx = Double(x0 + px) + 0.5 - cx
        row[px] = level(dx, dy, (dx * dx + dy * dy).squareRoot())
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
