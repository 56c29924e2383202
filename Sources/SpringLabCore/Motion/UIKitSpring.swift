import Foundation

/// UIKit's `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:)`
/// parametrisation: duration T (seconds), damping ratio ζ, initial velocity
/// v (1 = the whole distance per second).
///
/// Apple does not document the mapping to physics. We follow Framer's
/// SpringCurveValueConverter (the public reverse-engineering of UIKit): mass 1;
/// ω0 is the *larger* root of `((ζω0 − v)/ωd)·e^(−ζω0 T) = 0.001` for every
/// ζ < 1 (underdamped) and of `e^(−ω0 T)((ω0 − v)T + 1) = 0.001` at ζ = 1;
/// k = ω0², c = 2ζ√k. framer-motion's `findSpring` solves a similar envelope
/// equation but ignores the velocity (it gives k 581.44, c 34.72 for
/// 0.4 s / 0.72 / 0.6 where UIKit and this code give 575.54 / 34.55), so it is
/// not the reference.
///
/// k(ζ) falls to a minimum near ζ ≈ 0.93, then grows without bound as ζ → 1⁻
/// (1/ωd diverges) and jumps back at ζ = 1 (T = 0.4 s: ζ 0.99999 → k 948,
/// ζ 1 → k 533). Presets therefore accept damping up to 0.999 or exactly 1
/// (`acceptsDamping`), and lint warns in 0.995…0.999.
/// UIKit ends the animation exactly at T, so the value snaps to the target
/// there (a jump of ≤ 0.13 % of travel for the seed's spring).
public struct UIKitSpring: Sendable, Equatable {
  public var duration: Double
  public var dampingRatio: Double
  public var velocity: Double

  /// Allowed ranges. Damping also excludes the open gap 0.999…1 (`acceptsDamping`).
  public static let durationRange = 0.01...10.0
  public static let dampingRange = 0.05...1.0
  public static let velocityRange = -20.0...20.0
  /// Largest damping ratio below 1 a preset may hold.
  public static let maximumUnderdamped = 0.999
  /// Damping ratios from here to `maximumUnderdamped` make lint warn: k climbs
  /// steeply toward the pole at ζ = 1.
  public static let steepDamping = 0.995

  /// Whether a preset may hold damping ratio `z`: 0.05…0.999, or exactly 1.
  public static func acceptsDamping(_ z: Double) -> Bool {
    (dampingRange.lowerBound...maximumUnderdamped).contains(z) || z == 1
  }

  /// `z` moved into an accepted value: clamped to 0.05…1, and a value in the
  /// gap 0.999…1 goes to the nearer of 0.999 and 1.
  public static func acceptedDamping(_ z: Double) -> Double {
    let c = min(max(z, dampingRange.lowerBound), dampingRange.upperBound)
    if c > maximumUnderdamped && c < 1 {
      return c - maximumUnderdamped < 1 - c ? maximumUnderdamped : 1
    }
    return c
  }

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
    // why: Framer's SpringCurveValueConverter stays underdamped until ζ = 1 exactly
    if z < 1 {
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
