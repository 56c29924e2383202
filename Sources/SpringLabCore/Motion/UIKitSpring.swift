import Foundation

/// UIKit's `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:)`
/// parametrisation: duration T (seconds), damping ratio ζ, initial velocity
/// v (1 = the whole distance per second).
///
/// Apple does not document the mapping to physics. We follow the public
/// reverse-engineering (Framer's SpringCurveValueConverter, framer-motion's
/// `findSpring`), which is the reference here: mass 1; ω0 is the *larger* root
/// of `((ζω0 − v)/ωd)·e^(−ζω0 T) = 0.001` (ζ < 0.995) or
/// `e^(−ω0 T)((ω0 − v)T + 1) = 0.001` (0.995 ≤ ζ ≤ 1); k = ω0², c = 2ζ√k.
/// UIKit ends the animation exactly at T, so the value snaps to the target
/// there (a jump of ≤ 0.13 % of travel for the seed's spring).
public struct UIKitSpring: Sendable, Equatable {
  public var duration: Double
  public var dampingRatio: Double
  public var velocity: Double

  /// Allowed ranges (the preset fields' ranges).
  public static let durationRange = 0.01...10.0
  public static let dampingRange = 0.05...1.0
  public static let velocityRange = -20.0...20.0

  public init(duration: Double, dampingRatio: Double, velocity: Double) {
    self.duration = duration
    self.dampingRatio = dampingRatio
    self.velocity = velocity
  }

  private static let epsilon = 0.001

  /// The residual whose larger root is ω0.
  static func residual(_ w0: Double, duration T: Double, zeta z: Double, velocity v: Double)
    -> Double
  {
    if z < 0.995 {
      let wd = w0 * (1 - z * z).squareRoot()
      return ((z * w0 - v) / wd) * exp(-z * w0 * T) - epsilon
    }
    return exp(-w0 * T) * ((w0 - v) * T + 1) - epsilon
  }

  /// ω0 in radians per second: the largest root, bracketed on the decaying
  /// side and refined by bisection (plain Newton from 5/T can land on the
  /// smaller root when v is large).
  public var naturalFrequency: Double {
    let T = duration
    let z = min(max(dampingRatio, 1e-6), 1)
    let v = velocity
    let f = { (w: Double) in UIKitSpring.residual(w, duration: T, zeta: z, velocity: v) }
    // Scan downward from a frequency where the residual is surely negative
    // (fully decayed) to the first frequency where it is positive.
    var hi = max(1, 60 / (z * T))
    while f(hi) > 0 { hi *= 2 }
    let steps = 4000
    let ratio = pow(1e-4 / hi, 1 / Double(steps))
    var lo = hi
    var found = false
    for _ in 0..<steps {
      let next = lo * ratio
      if f(next) > 0 {
        hi = lo
        lo = next
        found = true
        break
      }
      lo = next
    }
    guard found else { return 5 / T }
    for _ in 0..<200 {
      let mid = (lo + hi) / 2
      if f(mid) > 0 { lo = mid } else { hi = mid }
      if hi - lo < 1e-12 * hi { break }
    }
    return (lo + hi) / 2
  }

  /// The equivalent physical spring (mass 1).
  public var spring: Spring {
    let w0 = naturalFrequency
    let k = w0 * w0
    return Spring(mass: 1, stiffness: k, damping: 2 * dampingRatio * k.squareRoot())
  }

  /// Progress 0 → 1 at `t` seconds, velocity in progress units per second.
  /// Before 0 it is 0; from T on it is exactly 1 (UIKit's snap).
  public func progress(at t: Double) -> (p: Double, v: Double) {
    if t <= 0 { return (0, velocity) }
    if t >= duration { return (1, 0) }
    let s = spring.state(at: t, x0: -1, v0: velocity)
    return (1 + s.x, s.v)
  }

  /// Size of the snap at T as a fraction of the travel.
  public var endJump: Double {
    abs(spring.state(at: duration, x0: -1, v0: velocity).x)
  }
}
