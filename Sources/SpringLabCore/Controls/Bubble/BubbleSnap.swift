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

  /// `p` moved off `obstacle` (a disc: centre and radius, points) for a
  /// bubble of radius `r`: when the two would overlap or come closer than
  /// `gap`, the bubble goes straight up past the obstacle (or down, when
  /// that is nearer or up leaves `b`), keeping its side; when neither fits
  /// it goes to the other side's x. Unchanged when clear.
  public static func clear(
    _ p: Point, radius r: Double, of obstacle: (center: Point, radius: Double), gap: Double,
    bounds b: (minX: Double, maxX: Double, minY: Double, maxY: Double)
  ) -> Point {
    let reach = r + obstacle.radius + gap
    func hits(_ q: Point) -> Bool {
      let dx = q.x - obstacle.center.x
      let dy = q.y - obstacle.center.y
      return dx * dx + dy * dy < reach * reach
    }
    guard hits(p) else { return p }
    // why: the nearer of the two places along the bubble's own edge, each
    // exactly `reach` from the centre in y (so clear whatever x is)
    let ys = [obstacle.center.y - reach, obstacle.center.y + reach]
      .filter { $0 >= b.minY && $0 <= b.maxY }
      .sorted { abs($0 - p.y) < abs($1 - p.y) }
    if let y = ys.first { return Point(p.x, y) }
    let other = Point(p.x > (b.minX + b.maxX) / 2 ? b.minX : b.maxX, p.y)
    return hits(other) ? p : other
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
