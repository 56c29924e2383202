import Foundation

// Anti-aliased shape tessellation in the style of Dear ImGui: a solid polygon
// plus a one-pixel fringe whose outer vertices have alpha 0.

extension DrawList {
  /// Width of the anti-aliasing fringe, pixels.
  static let fringe: Double = 1.0

  /// A filled convex polygon given by its outline (clockwise or not), with an
  /// anti-aliased edge. Fewer than 3 points draws nothing.
  public mutating func fillConvex(_ pts: [(Double, Double)], _ color: RGBA) {
    let n = pts.count
    guard n >= 3, color.a > 0 else { return }
    // centroid for the fringe direction
    var cx = 0.0
    var cy = 0.0
    for p in pts {
      cx += p.0
      cy += p.1
    }
    cx /= Double(n)
    cy /= Double(n)
    let clear = color.fading(0)
    var v: [DrawVertex] = []
    v.reserveCapacity(2 * n)
    var idx: [Int32] = []
    idx.reserveCapacity(9 * n)
    let h = DrawList.fringe / 2
    for p in pts {
      let dx = p.0 - cx
      let dy = p.1 - cy
      let len = max(1e-9, (dx * dx + dy * dy).squareRoot())
      let ux = dx / len
      let uy = dy / len
      v.append(DrawVertex(Float(p.0 - ux * h), Float(p.1 - uy * h), color))
      v.append(DrawVertex(Float(p.0 + ux * h), Float(p.1 + uy * h), clear))
    }
    for i in 1..<(n - 1) {
      idx += [0, Int32(2 * i), Int32(2 * (i + 1))]
    }
    for i in 0..<n {
      let j = (i + 1) % n
      let a = Int32(2 * i)
      let b = Int32(2 * j)
      idx += [a, a + 1, b + 1, a, b + 1, b]
    }
    triangles(v, idx)
  }

  /// Number of segments that keeps a circle of `radius` pixels smooth.
  static func segments(radius: Double) -> Int {
    max(12, min(128, Int((radius * 1.2).rounded(.up))))
  }

  /// A filled circle, centre and radius in pixels.
  public mutating func fillCircle(cx: Double, cy: Double, r: Double, _ color: RGBA) {
    guard r > 0 else { return }
    let n = DrawList.segments(radius: r)
    let pts = (0..<n).map { i -> (Double, Double) in
      let a = Double(i) / Double(n) * 2 * Double.pi
      return (cx + r * cos(a), cy + r * sin(a))
    }
    fillConvex(pts, color)
  }

  /// A circle outline of `width` pixels.
  public mutating func strokeCircle(cx: Double, cy: Double, r: Double, width: Double, _ color: RGBA)
  {
    guard r > 0 else { return }
    let n = DrawList.segments(radius: r)
    let pts = (0...n).map { i -> (Double, Double) in
      let a = Double(i) / Double(n) * 2 * Double.pi
      return (cx + r * cos(a), cy + r * sin(a))
    }
    polyline(pts, width: width, color)
  }

  /// A filled rectangle with corner `radius` (pixels, clamped to half the side).
  public mutating func fillRoundedRect(_ r: PixelRect, radius: Double, _ color: RGBA) {
    let rad = max(0, min(radius, min(r.w, r.h) / 2))
    if rad < 0.5 {
      fillConvex([(r.x, r.y), (r.x + r.w, r.y), (r.x + r.w, r.y + r.h), (r.x, r.y + r.h)], color)
      return
    }
    let seg = max(3, DrawList.segments(radius: rad) / 4)
    var pts: [(Double, Double)] = []
    let corners: [(Double, Double, Double)] = [
      (r.x + r.w - rad, r.y + r.h - rad, 0), (r.x + rad, r.y + r.h - rad, 90),
      (r.x + rad, r.y + rad, 180), (r.x + r.w - rad, r.y + rad, 270),
    ]
    for (cx, cy, start) in corners {
      for i in 0...seg {
        let a = (start + 90 * Double(i) / Double(seg)) * Double.pi / 180
        pts.append((cx + rad * cos(a), cy + rad * sin(a)))
      }
    }
    fillConvex(pts, color)
  }

  /// A soft shadow under a circle: concentric fading discs, `blur` pixels wide.
  public mutating func circleShadow(
    cx: Double, cy: Double, r: Double, blur: Double, _ color: RGBA
  ) {
    let steps = 6
    for i in stride(from: steps, through: 1, by: -1) {
      let k = Double(i) / Double(steps)
      fillCircle(cx: cx, cy: cy, r: r + blur * k, color.fading((1 - k) * 0.35 + 0.05))
    }
  }

  /// A polyline of `width` pixels with anti-aliased sides; segments are drawn
  /// as independent quads (good enough for icons and graphs).
  public mutating func polyline(_ pts: [(Double, Double)], width: Double, _ color: RGBA) {
    guard pts.count >= 2, color.a > 0 else { return }
    let hw = max(0.5, width / 2)
    for i in 0..<(pts.count - 1) {
      let (x0, y0) = pts[i]
      let (x1, y1) = pts[i + 1]
      let dx = x1 - x0
      let dy = y1 - y0
      let len = (dx * dx + dy * dy).squareRoot()
      guard len > 1e-9 else { continue }
      let nx = -dy / len * hw
      let ny = dx / len * hw
      fillConvex(
        [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)], color)
    }
  }
}
