import Foundation

/// A CSS / Core Animation cubic Bézier timing curve from (0,0) to (1,1) with
/// control points (x1, y1), (x2, y2); x1 and x2 must lie in 0…1.
public struct CubicBezier: Sendable, Equatable {
  public var x1, y1, x2, y2: Double

  public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    self.x1 = x1
    self.y1 = y1
    self.x2 = x2
    self.y2 = y2
  }

  /// Core Animation's `kCAMediaTimingFunctionDefault` (= CSS `ease`).
  public static let caDefault = CubicBezier(0.25, 0.1, 0.25, 1)
  public static let easeIn = CubicBezier(0.42, 0, 1, 1)
  public static let easeOut = CubicBezier(0, 0, 0.58, 1)
  /// Also UIView's default curve.
  public static let easeInOut = CubicBezier(0.42, 0, 0.58, 1)
  public static let linear = CubicBezier(0, 0, 1, 1)

  private func bez(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
    let u = 1 - t
    return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
  }

  private func bezDerivative(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
    let u = 1 - t
    return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
  }

  /// The curve parameter whose x is `x`, to 1e-7: Newton, then bisection if
  /// Newton stalls (flat spots where dx/dt ≈ 0).
  public func parameter(forX x: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    var t = x
    for _ in 0..<8 {
      let err = bez(t, x1, x2) - x
      if abs(err) < 1e-7 { return t }
      let d = bezDerivative(t, x1, x2)
      if abs(d) < 1e-6 { break }
      t -= err / d
    }
    var lo = 0.0
    var hi = 1.0
    t = x
    for _ in 0..<60 {
      let v = bez(t, x1, x2)
      if abs(v - x) < 1e-7 { return t }
      if v < x { lo = t } else { hi = t }
      t = (lo + hi) / 2
    }
    return t
  }

  /// Eased progress y for time fraction x in 0…1 (clamped).
  public func value(at x: Double) -> Double {
    bez(parameter(forX: x), y1, y2)
  }

  /// dy/dx at time fraction x.
  public func slope(at x: Double) -> Double {
    let t = parameter(forX: x)
    let dx = bezDerivative(t, x1, x2)
    let dy = bezDerivative(t, y1, y2)
    if abs(dx) < 1e-9 { return dy >= 0 ? 1e9 : -1e9 }
    return dy / dx
  }
}
