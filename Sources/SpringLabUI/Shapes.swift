import Foundation

// Shapes stay geometric in the draw list (a circle is one command, not a fan
// of triangles): the rasteriser draws exact curves with analytic coverage.

extension DrawList {
  /// A filled polygon given by its outline (convex or not; non-zero winding).
  /// Fewer than 3 points draws nothing.
  public mutating func fillConvex(_ pts: [(Double, Double)], _ color: RGBA) {
    guard pts.count >= 3, color.a > 0 else { return }
    add(.fill(.polygon(pts.map { PixelPoint($0.0, $0.1) }), color))
  }

  /// A filled circle, centre and radius in pixels.
  public mutating func fillCircle(cx: Double, cy: Double, r: Double, _ color: RGBA) {
    guard r > 0, color.a > 0 else { return }
    add(.fill(.circle(cx: cx, cy: cy, r: r), color))
  }

  /// A circle outline of `width` pixels centred on radius `r`.
  public mutating func strokeCircle(cx: Double, cy: Double, r: Double, width: Double, _ color: RGBA)
  {
    guard r > 0, width > 0, color.a > 0 else { return }
    add(.stroke(.circle(cx: cx, cy: cy, r: r), width: width, color))
  }

  /// An arc outline from `from` to `to` radians (clockwise on screen), round caps.
  public mutating func strokeArc(
    cx: Double, cy: Double, r: Double, from: Double, to: Double, width: Double, _ color: RGBA
  ) {
    guard r > 0, width > 0, to > from, color.a > 0 else { return }
    add(.stroke(.arc(cx: cx, cy: cy, r: r, from: from, to: to), width: width, color))
  }

  /// A filled rectangle with corner `radius` (pixels, clamped to half the side).
  public mutating func fillRoundedRect(_ r: PixelRect, radius: Double, _ color: RGBA) {
    guard r.w > 0, r.h > 0, color.a > 0 else { return }
    add(.fill(.roundedRect(r, radius: max(0, min(radius, min(r.w, r.h) / 2))), color))
  }

  /// A soft shadow under a circle, fading out over `blur` pixels past `r`.
  public mutating func circleShadow(
    cx: Double, cy: Double, r: Double, blur: Double, _ color: RGBA
  ) {
    guard r > 0, color.a > 0 else { return }
    add(.shadow(cx: cx, cy: cy, r: r, blur: max(0, blur), color))
  }

  /// A polyline of `width` pixels with round joins and caps (icons, graphs).
  public mutating func polyline(_ pts: [(Double, Double)], width: Double, _ color: RGBA) {
    guard pts.count >= 2, width > 0, color.a > 0 else { return }
    add(.stroke(.polyline(pts.map { PixelPoint($0.0, $0.1) }), width: width, color))
  }
}
