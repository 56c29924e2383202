import Foundation

/// CSS `linear()` easing built from a sampled curve and simplified with
/// Ramer–Douglas–Peucker. Inputs are fractions of the animation's duration
/// (0…1), outputs are progress (may leave 0…1 for overshoot).
public struct LinearEasing: Sendable, Equatable {
  public struct Stop: Sendable, Equatable {
    public var input: Double
    public var output: Double
  }

  public var stops: [Stop]

  /// Samples `f` (progress at a duration fraction) every `1/segments` and
  /// simplifies so no sample is further than `tolerance` (progress units)
  /// from the polyline. `endJump`: `f(1⁻)` differs from `f(1)` (a UIKit snap),
  /// kept as two stops at 100 %.
  public static func fit(segments: Int = 800, tolerance: Double, _ f: (Double) -> Double)
    -> LinearEasing
  {
    let n = max(2, segments)
    // why: sample just before 1 so a snap at T is not smeared over the last segment
    var pts: [Stop] = (0...n).map { k in
      let x = Double(k) / Double(n)
      return Stop(input: x, output: f(k == n ? x - 1e-9 : x))
    }
    let kept = rdp(pts, tolerance: tolerance)
    pts = kept
    let last = f(1)
    if abs(last - (pts.last?.output ?? last)) > 1e-9 { pts.append(Stop(input: 1, output: last)) }
    return LinearEasing(stops: pts)
  }

  /// Ramer–Douglas–Peucker on vertical distance (the error that matters is
  /// value error at a given time, not perpendicular distance).
  static func rdp(_ p: [Stop], tolerance: Double) -> [Stop] {
    guard p.count > 2 else { return p }
    var keep = Array(repeating: false, count: p.count)
    keep[0] = true
    keep[p.count - 1] = true
    var stack = [(0, p.count - 1)]
    while let (a, b) = stack.popLast() {
      guard b > a + 1 else { continue }
      let pa = p[a]
      let pb = p[b]
      var worst = 0.0
      var at = -1
      for i in (a + 1)..<b {
        let u = (p[i].input - pa.input) / (pb.input - pa.input)
        let d = abs(p[i].output - (pa.output + (pb.output - pa.output) * u))
        if d > worst {
          worst = d
          at = i
        }
      }
      if worst > tolerance, at > 0 {
        keep[at] = true
        stack.append((a, at))
        stack.append((at, b))
      }
    }
    return p.indices.filter { keep[$0] }.map { p[$0] }
  }

  /// The CSS text: `linear(0, 0.12345 3.5%, …, 1)`.
  public var css: String {
    let parts = stops.enumerated().map { (i, s) -> String in
      let out = ExportNumber.format(s.output, decimals: 5)
      if i == 0 && s.input == 0 { return out }
      return out + " " + ExportNumber.format(s.input * 100, decimals: 3) + "%"
    }
    return "linear(" + parts.joined(separator: ", ") + ")"
  }
}

extension LinearEasing {
  /// Progress at duration fraction `x` (CSS `linear()` semantics: hold before the first stop and after the last).
  public func value(at x: Double) -> Double {
    guard let first = stops.first, let last = stops.last else { return x }
    if x < first.input { return first.output }
    if x >= last.input { return last.output }
    // the first stop whose input exceeds x
    var lo = 0
    var hi = stops.count - 1
    while lo < hi {
      let mid = (lo + hi) / 2
      if stops[mid].input > x { hi = mid } else { lo = mid + 1 }
    }
    let a = stops[lo - 1]
    let b = stops[lo]
    return a.output + (b.output - a.output) * (x - a.input) / (b.input - a.input)
  }

  /// Like `fit`, then checks the polyline against `f` every `step` seconds of
  /// a `duration`-second animation (and at least 4 points per sample) and
  /// doubles the samples until the error is at most `bound` (progress units)
  /// or 102,400 samples are reached. Returns the easing and the error it has.
  /// why: the simplification bounds the error at the samples only; a long or
  /// steep curve bends between them (damping 0.05 over 10 s, Bézier y −2…3).
  public static func fitVerified(
    duration: Double, tolerance: Double, bound: Double, step: Double = 0.00025,
    _ f: (Double) -> Double
  ) -> (easing: LinearEasing, error: Double) {
    var n = 800
    while true {
      let e = fit(segments: n, tolerance: tolerance, f)
      let dense = min(400_000, max(4 * n, Int((duration / step).rounded(.up))))
      var worst = 0.0
      for k in 0..<dense {
        let x = Double(k) / Double(dense)
        worst = max(worst, abs(e.value(at: x) - f(x)))
        if worst > bound { break }
      }
      if worst <= bound || n >= 102_400 { return (e, worst) }
      n *= 2
    }
  }
}

/// The cubic Bézier nearest a sampled curve in the least-squares sense
/// (x1, x2 kept in 0…1 as CSS requires): the `@supports` fallback for
/// browsers without `linear()`.
enum BezierFit {
  /// `f`: progress at duration fraction 0…1. Returns the curve and its largest error (progress units).
  static func fit(_ f: (Double) -> Double) -> (bezier: CubicBezier, error: Double) {
    let xs = (0...120).map { Double($0) / 120 }
    let ys = xs.map { x in x >= 1 ? f(1 - 1e-9) : f(x) }
    func curve(_ p: [Double]) -> CubicBezier {
      CubicBezier(min(max(p[0], 0), 1), p[1], min(max(p[2], 0), 1), p[3])
    }
    func cost(_ p: [Double]) -> Double {
      guard p.allSatisfy(\.isFinite) else { return .infinity }
      let b = curve(p)
      // why: leaving 0…1 in x is not CSS; penalise instead of clamping silently
      let outside = max(0, -p[0]) + max(0, p[0] - 1) + max(0, -p[2]) + max(0, p[2] - 1)
      return zip(xs, ys).reduce(outside * outside * 100) { s, xy in
        let d = b.value(at: xy.0) - xy.1
        return s + d * d
      }
    }
    var best: [Double] = [0.25, 0.1, 0.25, 1]
    var bestCost = cost(best)
    for start in [
      [0.42, 0, 0.58, 1], [0, 0, 0.58, 1], [0.2, 1.4, 0.3, 1], [0.3, 1.8, 0.4, 0.8],
    ] {
      let c = cost(start)
      if c < bestCost {
        best = start
        bestCost = c
      }
    }
    best = LinearSpringFit.nelderMead(
      cost, start: best, steps: [0.1, 0.2, 0.1, 0.2], iterations: 2000)
    let b = curve(best)
    let err = zip(xs, ys).map { abs(b.value(at: $0.0) - $0.1) }.max() ?? 0
    return (b, err)
  }
}
