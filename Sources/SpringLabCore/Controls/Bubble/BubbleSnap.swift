/// Where a released bubble goes. All in device points.
public enum BubbleSnap {
  /// The rectangle the bubble's centre may occupy: the safe area inset by the
  /// margin and the radius, above the keyboard when it shows.
  public static func bounds(device: Device, size: Double, margin: Double, keyboard: Double = 0)
    -> (minX: Double, maxX: Double, minY: Double, maxY: Double)
  {
    let s = device.safe
    let r = size / 2
    let bottom = max(s.bottom, keyboard)
    let minX = s.left + margin + r
    let maxX = max(minX, device.width - s.right - margin - r)
    let minY = s.top + margin + r
    let maxY = max(minY, device.height - bottom - margin - r)
    return (minX, maxX, minY, maxY)
  }

  public static func clamp(
    _ p: Point, _ b: (minX: Double, maxX: Double, minY: Double, maxY: Double)
  ) -> Point {
    Point(min(max(p.x, b.minX), b.maxX), min(max(p.y, b.minY), b.maxY))
  }

  /// Distance a fling travels before stopping: iOS's projection
  /// `v / 1000 · d / (1 − d)` with `d` the per-millisecond deceleration rate.
  public static func projection(velocity v: Double, deceleration d: Double) -> Double {
    v / 1000 * d / (1 - d)
  }

  /// The resting point for a release at `p` with velocity `v` (points/s).
  public static func target(
    from p: Point, velocity v: Point, mode: SnapMode, deceleration: Double,
    bounds b: (minX: Double, maxX: Double, minY: Double, maxY: Double)
  ) -> Point {
    let c = clamp(p, b)
    let midX = (b.minX + b.maxX) / 2
    let midY = (b.minY + b.maxY) / 2
    switch mode {
    case .edges:
      let d = [
        (c.x - b.minX, Point(b.minX, c.y)), (b.maxX - c.x, Point(b.maxX, c.y)),
        (c.y - b.minY, Point(c.x, b.minY)), (b.maxY - c.y, Point(c.x, b.maxY)),
      ]
      return d.min { $0.0 < $1.0 }!.1
    case .corner:
      return Point(c.x < midX ? b.minX : b.maxX, c.y < midY ? b.minY : b.maxY)
    case .fling:
      let proj = Point(
        p.x + projection(velocity: v.x, deceleration: deceleration),
        p.y + projection(velocity: v.y, deceleration: deceleration))
      let pc = clamp(proj, b)
      return Point(proj.x < midX ? b.minX : b.maxX, pc.y)
    case .sides:
      return Point(c.x < midX ? b.minX : b.maxX, c.y)
    }
  }
}
