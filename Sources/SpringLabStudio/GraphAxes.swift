import SpringLabCore
import SpringLabUI

// why: the graph's geometry helpers (ticks, dashes, clipped handle arms) are
// pure functions of their inputs, tested and read apart from the drawing
extension GraphView {
  /// The y axis's ticks: every multiple of a round step (0.05 … 100, the
  /// smallest at least 32 pt apart) within `g.yMin`…`g.yMax`, with 0 and 1
  /// always among them when they lie in the range; labels drop trailing
  /// zeros ("0.25", "1.5", "2").
  static func yTicks(_ g: MotionGraph, plotHeight h: Double, scale s: Double) -> [(
    value: Double, label: String
  )] {
    let span = g.yMax - g.yMin
    guard span > 0, span.isFinite, h > 0 else { return [] }
    let steps = [0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 20, 50, 100]
    let step = steps.first { $0 / span * h >= 32 * s } ?? 100
    let decimals = step < 0.1 ? 2 : step == 0.25 ? 2 : step < 1 ? 1 : 0
    var values: [Double] = []
    // why: whole multiples of the step, so 3 × 0.1 is 0.3, not 0.30000000000000004
    let first = Int((g.yMin / step).rounded(.up))
    let last = Int((g.yMax / step).rounded(.down))
    if first <= last { values = (first...last).map { Double($0) * step } }
    for v in [0.0, 1.0] where v >= g.yMin && v <= g.yMax && !values.contains(v) {
      values.append(v)
    }
    return values.sorted().map { v in
      var t = Fmt.fixed(v, decimals)
      if t.contains(".") {
        while t.hasSuffix("0") { t.removeLast() }
        if t.hasSuffix(".") { t.removeLast() }
      }
      return (v == 0 ? 0 : v, t == "-0" ? "0" : t)
    }
  }

  /// `pts` cut into dashes: pieces `on` pixels long, `off` pixels apart,
  /// measured along the line.
  static func dashes(_ pts: [(Double, Double)], on: Double, off: Double) -> [[(Double, Double)]] {
    var out: [[(Double, Double)]] = []
    guard var prev = pts.first, on > 0, off > 0 else { return out }
    var current: [(Double, Double)] = [prev]
    var drawing = true
    var left = on
    for q in pts.dropFirst() {
      var a = prev
      var d = ((q.0 - a.0) * (q.0 - a.0) + (q.1 - a.1) * (q.1 - a.1)).squareRoot()
      while d > left {
        let k = left / d
        let cut = (a.0 + (q.0 - a.0) * k, a.1 + (q.1 - a.1) * k)
        if drawing {
          current.append(cut)
          out.append(current)
          current = []
        } else {
          current = [cut]
        }
        drawing.toggle()
        d -= left
        a = cut
        left = drawing ? on : off
      }
      left -= d
      if drawing { current.append(q) }
      prev = q
    }
    if drawing, current.count >= 2 { out.append(current) }
    return out
  }

  /// The segment `a` → `h` cut where it leaves `r` (grown by 8 px), and
  /// whether `h` itself lies within it. `a` is inside `r` (an end point of
  /// the curve, on the plot).
  static func clipArm(_ a: (Double, Double), _ h: (Double, Double), to r: PixelRect) -> (
    (Double, Double), Bool
  ) {
    let (x0, y0, x1, y1) = (r.x - 8, r.y - 8, r.x + r.w + 8, r.y + r.h + 8)
    if h.0 >= x0, h.0 <= x1, h.1 >= y0, h.1 <= y1 { return (h, true) }
    var t = 1.0
    let dx = h.0 - a.0
    let dy = h.1 - a.1
    if dx > 0 { t = min(t, (x1 - a.0) / dx) } else if dx < 0 { t = min(t, (x0 - a.0) / dx) }
    if dy > 0 { t = min(t, (y1 - a.1) / dy) } else if dy < 0 { t = min(t, (y0 - a.1) / dy) }
    t = max(0, t)
    return ((a.0 + dx * t, a.1 + dy * t), false)
  }
}
