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
