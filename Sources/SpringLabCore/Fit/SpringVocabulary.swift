import Foundation

/// The numbers of one spring in every vocabulary a fit reports, computed
/// with the existing conversions (`Spring`, `SwiftUISpring`, `UIKitSpring`).
/// `velocity` is the initial velocity in travels per second (UIKit's unit).
public struct SpringVocabulary: Sendable, Equatable {
  public var spring: Spring
  public var velocity: Double
  public var dampingRatio: Double
  /// SwiftUI `.spring(response:dampingFraction:)` response, seconds (2π/ω0).
  public var response: Double
  /// SwiftUI `Spring(duration:bounce:)`.
  public var swiftuiDuration: Double
  public var bounce: Double
  /// Seconds until the motion stays within ±`settleTolerance` of the travel.
  public var settle: Double
  /// Largest excursion past the target, fraction of the travel.
  public var overshoot: Double
  /// UIKit `usingSpringWithDamping` values giving this spring; nil when
  /// none does (ζ > 1, ζ < 0.05, or a duration outside 0.01…10 s).
  public var uikit: UIKitSpring?

  /// Settle tolerance, fraction of the travel (±0.5 %).
  public static let settleTolerance = 0.005

  public init(spring: Spring, velocity: Double) {
    self.spring = spring
    self.velocity = velocity
    dampingRatio = spring.dampingRatio
    response = SwiftUISpring.responseDamping(of: spring).response
    let db = SwiftUISpring.durationBounce(of: spring)
    swiftuiDuration = db.duration
    bounce = db.bounce
    settle = spring.settleTime(x0: -1, v0: velocity, epsilon: Self.settleTolerance)
    overshoot = spring.peakOvershoot(x0: -1, v0: velocity, horizon: min(10, max(settle, 0.001)))
    uikit = Self.uikit(for: spring, velocity: velocity)
  }

  /// The UIKit duration whose mapping gives `spring`'s ω0 at its damping
  /// ratio and `velocity`, by bisection (ω0 falls as the duration grows).
  static func uikit(for s: Spring, velocity v: Double) -> UIKitSpring? {
    let z = s.dampingRatio
    guard z >= UIKitSpring.dampingRange.lowerBound, z <= 1 + 1e-9,
      UIKitSpring.velocityRange.contains(v)
    else { return nil }
    let zz = min(z, 1)
    let target = s.naturalFrequency
    func w(_ d: Double) -> Double {
      UIKitSpring(duration: d, dampingRatio: zz, velocity: v).naturalFrequency
    }
    var lo = UIKitSpring.durationRange.lowerBound
    var hi = UIKitSpring.durationRange.upperBound
    guard w(lo) >= target, w(hi) <= target else { return nil }
    for _ in 0..<50 {
      let mid = (lo * hi).squareRoot()
      if w(mid) > target { lo = mid } else { hi = mid }
      if hi / lo < 1 + 1e-9 { break }
    }
    return UIKitSpring(duration: (lo * hi).squareRoot(), dampingRatio: zz, velocity: v)
  }
}
