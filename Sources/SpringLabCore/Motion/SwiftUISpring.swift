import Foundation

/// SwiftUI's documented spring parametrisations, mass 1.
/// `Spring(duration:bounce:)`: k = (2π/d)², c = 4πζ/d with ζ = 1 − b for
/// b ≥ 0 and ζ = 1/(1 + b) for b < 0. `.spring(response:dampingFraction:)`:
/// k = (2π/r)², c = 4πζ/r.
public enum SwiftUISpring {
  /// `Spring(duration: d, bounce: b)` → physics. d > 0 seconds, b in −1 < b < 1.
  public static func spring(duration d: Double, bounce b: Double) -> Spring {
    let z = b >= 0 ? 1 - b : 1 / (1 + b)
    return Spring(mass: 1, stiffness: pow(2 * .pi / d, 2), damping: 4 * .pi * z / d)
  }

  /// `.spring(response: r, dampingFraction: ζ)` → physics.
  public static func spring(response r: Double, dampingFraction z: Double) -> Spring {
    Spring(mass: 1, stiffness: pow(2 * .pi / r, 2), damping: 4 * .pi * z / r)
  }

  /// Physics → the `Spring(duration:bounce:)` SwiftUI would report
  /// (perceptual duration 2π/√(k/m), bounce from ζ).
  public static func durationBounce(of s: Spring) -> (duration: Double, bounce: Double) {
    let d = 2 * .pi / s.naturalFrequency
    let z = s.dampingRatio
    let b = z <= 1 ? 1 - z : 1 / z - 1
    return (d, b)
  }

  /// Physics → `.spring(response:dampingFraction:)`.
  public static func responseDamping(of s: Spring) -> (response: Double, dampingFraction: Double) {
    (2 * .pi / s.naturalFrequency, s.dampingRatio)
  }
}

/// Jetpack Compose `spring(dampingRatio, stiffness)`, mass 1.
public enum ComposeSpring {
  public static let stiffnessHigh = 10_000.0
  public static let stiffnessMedium = 1_500.0
  public static let stiffnessMediumLow = 400.0
  public static let stiffnessLow = 200.0
  public static let stiffnessVeryLow = 50.0

  public static func spring(dampingRatio z: Double, stiffness k: Double) -> Spring {
    Spring(mass: 1, stiffness: k, damping: 2 * z * k.squareRoot())
  }
}
