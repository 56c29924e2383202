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
/// The equation has a root only for v ≤ `maximumVelocity(duration:dampingRatio:)`
/// (v·T large leaves the envelope below 0.001 everywhere). Past it there is
/// no UIKit spring: presets, edits and snippets are refused
/// (`unsolvableReason`), never played as some other spring.
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

  private static let epsilon = envelopeEnd
  /// The envelope (fraction of the travel) at which the animation ends: 0.001.
  public static let envelopeEnd = 0.001

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

  /// The residual in the dimensionless `a = ζω0·T` (ζ < 1) or `a = ω0·T`
  /// (ζ = 1), with `u = v·T`: `(ζ/√(1−ζ²))·(1 − u/a)·e^(−a) − ε` and
  /// `e^(−a)·(a − u + 1) − ε`. Same sign as `residual` at `ω0 = a/(ζT)`
  /// (or `a/T`); its shape depends on ζ and u only, which is what makes the
  /// domain closed-form.
  static func scaledResidual(_ a: Double, zeta z: Double, travel u: Double) -> Double {
    if z < 1 {
      return z / (1 - z * z).squareRoot() * (1 - u / a) * exp(-a) - epsilon
    }
    return exp(-a) * (a - u + 1) - epsilon
  }

  /// Where the scaled residual peaks for `u = v·T`: it rises up to here and
  /// falls for good after, so a root exists iff the peak is ≥ 0, and then
  /// the larger root lies beyond it. `0` when u ≤ 0 (the residual only falls).
  static func peak(zeta z: Double, travel u: Double) -> Double {
    guard u > 0 else { return 0 }
    // why: d/da of (1 − u/a)·e^(−a) vanishes at a² − u·a − u = 0; of (a − u + 1)·e^(−a) at a = u
    return z < 1 ? (u + (u * u + 4 * u).squareRoot()) / 2 : u
  }

  /// Whether UIKit's mapping has a spring for `velocity` at this duration and
  /// damping ratio (see `maximumVelocity`). Non-finite or non-positive
  /// duration or damping is never solvable.
  public var isSolvable: Bool { solvedNaturalFrequency != nil }

  /// The largest initial velocity (travels per second) the mapping can turn
  /// into a spring for duration `T` (seconds) and damping ratio `z`
  /// (0 < z ≤ 1): the envelope equation has a root iff v ≤ this. Any
  /// velocity ≤ 0 is solvable. It scales as 1/T: `u*(ζ)/T` where u* solves
  /// `max_a scaledResidual = 0` (ζ = 1: exactly ln(1000)/T; T 1 s, ζ 0.72:
  /// 4.29; T 0.6 s: 7.15). Grows without bound as ζ → 1⁻, like k.
  /// nil for a duration or damping outside (0, ∞) × (0, 1].
  public static func maximumVelocity(duration T: Double, dampingRatio z: Double) -> Double? {
    guard T.isFinite, T > 0, z.isFinite, z > 0, z <= 1 else { return nil }
    if z == 1 { return log(1 / epsilon) / T }
    // why: the peak value falls monotonically in u, so bisection on u is exact
    func atPeak(_ u: Double) -> Double {
      scaledResidual(peak(zeta: z, travel: u), zeta: z, travel: u)
    }
    var lo = 0.0
    var hi = 1.0
    while atPeak(hi) >= 0 && hi < 1e6 { hi *= 2 }
    for _ in 0..<200 {
      let mid = (lo + hi) / 2
      if atPeak(mid) >= 0 { lo = mid } else { hi = mid }
      if hi - lo <= 1e-14 * hi { break }
    }
    return lo / T
  }

  /// Why this spring has no UIKit mapping, in one clause naming the bound
  /// (`nil` when it is solvable). The bound is rounded down so that the
  /// printed number itself is accepted.
  public var unsolvableReason: String? {
    guard !isSolvable else { return nil }
    guard let vmax = UIKitSpring.maximumVelocity(duration: duration, dampingRatio: dampingRatio)
    else {
      return "UIKit's spring needs a duration > 0 and a damping ratio in (0, 1]"
    }
    let shown = (vmax * 1000).rounded(.down) / 1000
    return
      "UIKit's spring mapping has no solution for velocity \(JSONWriter.number(velocity)) at duration \(JSONWriter.number(duration)) s and damping \(JSONWriter.number(dampingRatio)): the largest velocity it can solve there is \(JSONWriter.number(shown))"
  }

  /// ω0 in radians per second, or nil when the mapping has no root (velocity
  /// above `maximumVelocity`). The larger root is bracketed between the
  /// residual's peak and a point past it where it is negative, and refined
  /// by bisection in `a = ζω0·T` (there is exactly one root there).
  public var solvedNaturalFrequency: Double? {
    let T = duration
    let z = dampingRatio
    let u = velocity * T
    guard T.isFinite, T > 0, z.isFinite, z > 0, z <= 1, u.isFinite else { return nil }
    let f = { (a: Double) in UIKitSpring.scaledResidual(a, zeta: z, travel: u) }
    let top = UIKitSpring.peak(zeta: z, travel: u)
    // why: for u ≤ 0 the residual is +∞ at a → 0⁺ (ζ < 1) or 1 − u (ζ = 1)
    if top > 0 && f(top) < 0 { return nil }
    var lo = top
    var hi = top + 1
    while f(hi) > 0 {
      lo = hi
      hi *= 2
      if hi > 1e9 { return nil }
    }
    for _ in 0..<200 {
      let mid = (lo + hi) / 2
      if f(mid) > 0 { lo = mid } else { hi = mid }
      if hi - lo <= 1e-15 * hi { break }
    }
    let a = (lo + hi) / 2
    return z < 1 ? a / (z * T) : a / T
  }

  /// ω0 in radians per second. Readers, presets and edits refuse a spring
  /// the mapping cannot solve (`isSolvable`), so callers see only solvable
  /// ones; a stray unsolvable call gets the frequency at the residual's peak
  /// (the double root at the bound) so that nothing downstream turns NaN,
  /// never a made-up 5/T.
  public var naturalFrequency: Double {
    if let w = solvedNaturalFrequency { return w }
    let T = max(duration, 1e-9)
    let z = min(max(dampingRatio, 1e-6), 1)
    let a = max(UIKitSpring.peak(zeta: z, travel: velocity * T), 1e-9)
    return z < 1 ? a / (z * T) : a / T
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
