import Foundation

/// Origami's tension and friction (Quartz Composer / Origami units), as
/// Facebook's Rebound defines them (`OrigamiValueConverter`): stiffness
/// k = (tension − 30)·3.62 + 194, damping c = (friction − 8)·3 + 25, mass 1;
/// a value of 0 stays 0.
public enum OrigamiSpring {
  /// Origami's own default spring (Rebound `SpringConfig.defaultConfig`).
  public static let defaultTension = 40.0
  public static let defaultFriction = 7.0

  public static func stiffness(tension: Double) -> Double {
    tension == 0 ? 0 : (tension - 30) * 3.62 + 194
  }
  public static func damping(friction: Double) -> Double {
    friction == 0 ? 0 : (friction - 8) * 3 + 25
  }
  public static func tension(stiffness: Double) -> Double {
    stiffness == 0 ? 0 : (stiffness - 194) / 3.62 + 30
  }
  public static func friction(damping: Double) -> Double {
    damping == 0 ? 0 : (damping - 25) / 3 + 8
  }

  /// Origami tension and friction → physics (mass 1).
  public static func spring(tension: Double, friction: Double) -> Spring {
    Spring(mass: 1, stiffness: stiffness(tension: tension), damping: damping(friction: friction))
  }
}

/// Facebook POP / Rebound `bounciness` and `speed` (Rebound's
/// `BouncyConversion`, which POP's `springBounciness`/`springSpeed` share):
/// b = 0.8·bounciness/34, s = speed/34; Origami tension = 0.5 + 199.5·s;
/// Origami friction = quadratic-out from the no-bounce friction of that
/// tension (Rebound's three cubic fits) to 0.01 at b; then Origami → physics.
public enum BouncySpring {
  /// POP's defaults (`POPSpringAnimation`): bounciness 4, speed 12.
  public static let defaultBounciness = 4.0
  public static let defaultSpeed = 12.0

  /// Friction (Origami units) with no bounce for an Origami tension.
  static func noBounceFriction(_ t: Double) -> Double {
    if t <= 18 { return 0.0007 * t * t * t - 0.031 * t * t + 0.64 * t + 1.28 }
    if t <= 44 { return 0.000044 * t * t * t - 0.006 * t * t + 0.36 * t + 2 }
    return 0.00000045 * t * t * t - 0.000332 * t * t + 0.1078 * t + 5.84
  }

  /// Origami tension and friction for bounciness and speed.
  public static func origami(bounciness: Double, speed: Double) -> (
    tension: Double, friction: Double
  ) {
    let b = bounciness / 1.7 / 20 * 0.8
    let s = speed / 1.7 / 20
    let tension = 0.5 + s * 199.5
    let u = 2 * b - b * b
    let friction = u * 0.01 + (1 - u) * noBounceFriction(tension)
    return (tension, friction)
  }

  public static func spring(bounciness: Double, speed: Double) -> Spring {
    let o = origami(bounciness: bounciness, speed: speed)
    return OrigamiSpring.spring(tension: o.tension, friction: o.friction)
  }

  /// The bounciness and speed that give `s` (mass 1 physics), or nil when
  /// none does (bounciness would leave 0…34, i.e. more damped than
  /// Rebound's no-bounce curve or less than its limit).
  public static func bouncinessSpeed(of s: Spring) -> (bounciness: Double, speed: Double)? {
    let tension = OrigamiSpring.tension(stiffness: s.stiffness)
    let friction = OrigamiSpring.friction(damping: s.damping)
    let speed = (tension - 0.5) / 199.5 * 20 * 1.7
    let nb = noBounceFriction(tension)
    guard abs(nb - 0.01) > 1e-12 else { return nil }
    let u = (nb - friction) / (nb - 0.01)
    guard u >= -1e-12, u <= 1 + 1e-12, speed >= 0 else { return nil }
    let b = 1 - (1 - min(max(u, 0), 1)).squareRoot()
    return (b / 0.8 * 20 * 1.7, speed)
  }
}

/// motion (framer-motion) spring options that are not raw physics.
public enum MotionSpring {
  /// `springDefaults` of motion: stiffness 100, damping 10, mass 1; duration
  /// 0.8 s and bounce 0.3 for the duration form.
  public static let defaultStiffness = 100.0
  public static let defaultDamping = 10.0
  public static let defaultMass = 1.0
  public static let defaultDuration = 0.8
  public static let defaultBounce = 0.3

  /// `{ duration, bounce }`: motion's `findSpring` — ζ = 1 − bounce clamped
  /// to 0.05…1, duration clamped to 0.01…10 s, then the same envelope
  /// equation as UIKit's mapping with the velocity left out (motion passes 0).
  public static func spring(duration: Double, bounce: Double) -> Spring {
    let z = min(max(1 - bounce, 0.05), 1)
    let d = min(max(duration, 0.01), 10)
    return UIKitSpring(duration: d, dampingRatio: z, velocity: 0).spring
  }

  /// `{ visualDuration, bounce }`: ω0 = 2π / (1.2·visualDuration), mass 1,
  /// ζ = 1 − bounce clamped to 0.05…1 (bounce defaults to 0 here).
  public static func spring(visualDuration v: Double, bounce: Double) -> Spring {
    let root = 2 * Double.pi / (v * 1.2)
    let k = root * root
    let z = min(max(1 - bounce, 0.05), 1)
    return Spring(mass: 1, stiffness: k, damping: 2 * z * k.squareRoot())
  }
}

extension SwiftUISpring {
  /// `.smooth`, `.snappy`, `.bouncy`: duration 0.5 s by default and a base
  /// bounce of 0, 0.15 and 0.3 to which `extraBounce` is added.
  public static func baseBounce(of preset: String) -> Double? {
    switch preset {
    case "smooth": return 0
    case "snappy": return 0.15
    case "bouncy": return 0.3
    default: return nil
    }
  }
  public static let defaultDuration = 0.5
  /// `.spring` / `.spring()` / `.spring(response:dampingFraction:)` defaults.
  public static let defaultResponse = 0.5
  public static let defaultDampingFraction = 0.825
  /// `.interactiveSpring()` defaults.
  public static let interactiveResponse = 0.15
  public static let interactiveDampingFraction = 0.86
}

extension ComposeSpring {
  public static let dampingRatioHighBouncy = 0.2
  public static let dampingRatioMediumBouncy = 0.5
  public static let dampingRatioLowBouncy = 0.75
  public static let dampingRatioNoBouncy = 1.0

  /// `Spring.DampingRatio*` / `Spring.Stiffness*` by name.
  public static func constant(_ name: String) -> Double? {
    switch name {
    case "DampingRatioHighBouncy": return dampingRatioHighBouncy
    case "DampingRatioMediumBouncy": return dampingRatioMediumBouncy
    case "DampingRatioLowBouncy": return dampingRatioLowBouncy
    case "DampingRatioNoBouncy": return dampingRatioNoBouncy
    case "StiffnessHigh": return stiffnessHigh
    case "StiffnessMedium": return stiffnessMedium
    case "StiffnessMediumLow": return stiffnessMediumLow
    case "StiffnessLow": return stiffnessLow
    case "StiffnessVeryLow": return stiffnessVeryLow
    default: return nil
    }
  }
}

extension UIKitSpring {
  /// The UIKit duration T whose mapping gives natural frequency `w0` for
  /// damping ratio `z` and velocity `v`, or nil when no T in 0.01…10 s does.
  /// ω0 falls as T grows (for v = 0 exactly ω0 ∝ 1/T), so bisection on log T.
  public static func duration(
    naturalFrequency w0: Double, dampingRatio z: Double, velocity v: Double
  )
    -> Double?
  {
    guard w0.isFinite, w0 > 0, z > 0, z <= 1 else { return nil }
    let f = { (T: Double) in UIKitSpring(duration: T, dampingRatio: z, velocity: v).naturalFrequency
    }
    var lo = durationRange.lowerBound
    var hi = durationRange.upperBound
    // why: past u*(ζ)/v the mapping has no root, so durations beyond it name no spring
    if v > 0, let u = maximumVelocity(duration: 1, dampingRatio: z) {
      hi = min(hi, u / v * (1 - 1e-12))
      guard hi > lo else { return nil }
    }
    // why: a root just outside the range still reads back within rounding; beyond that refuse
    let flo = f(lo)
    let fhi = f(hi)
    if w0 > flo * (1 + 1e-9) || w0 < fhi * (1 - 1e-9) { return nil }
    for _ in 0..<200 {
      let mid = (lo * hi).squareRoot()
      if f(mid) > w0 { lo = mid } else { hi = mid }
      if hi / lo - 1 < 1e-15 { break }
    }
    return (lo * hi).squareRoot()
  }
}
