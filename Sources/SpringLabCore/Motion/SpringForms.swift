import Foundation

/// The vocabularies a designer can set one spring in.
public enum SpringForm: String, CaseIterable, Sendable, Equatable {
  /// UIKit: duration (s), damping ratio, initial velocity (travels per second).
  case uikit
  /// SwiftUI `Spring(duration:bounce:)`.
  case swiftUIDurationBounce
  /// SwiftUI `.spring(response:dampingFraction:)`.
  case swiftUIResponse
  /// Physics: stiffness, damping, mass.
  case physics
}

/// One spring with its start velocity, independent of vocabulary: mass,
/// stiffness and damping, and the initial velocity in travels per second
/// (1 = the whole distance per second, toward the target).
public struct SpringMotion: Sendable, Equatable {
  public var spring: Spring
  public var velocity: Double
  public init(spring: Spring, velocity: Double) {
    self.spring = spring
    self.velocity = velocity
  }
}

/// Why a vocabulary cannot express a spring (shown beside the disabled form).
public struct SpringFormUnavailable: Error, Sendable, Equatable {
  public var reason: String
}

/// Conversions between the vocabularies. Every form is mass-normalised
/// except physics: k/m, c/m and the velocity are what a round trip keeps.
public enum SpringForms {
  public static func fromUIKit(duration: Double, damping: Double, velocity: Double) -> SpringMotion
  {
    SpringMotion(
      spring: UIKitSpring(duration: duration, dampingRatio: damping, velocity: velocity).spring,
      velocity: velocity)
  }

  /// SwiftUI carries no velocity of its own in these forms; it is kept as given.
  public static func fromSwiftUI(duration: Double, bounce: Double, velocity: Double) -> SpringMotion
  {
    SpringMotion(
      spring: SwiftUISpring.spring(duration: duration, bounce: bounce), velocity: velocity)
  }

  public static func fromSwiftUI(response: Double, dampingFraction: Double, velocity: Double)
    -> SpringMotion
  {
    SpringMotion(
      spring: SwiftUISpring.spring(response: response, dampingFraction: dampingFraction),
      velocity: velocity)
  }

  public static func swiftUIDurationBounce(_ m: SpringMotion) -> (duration: Double, bounce: Double)
  {
    SwiftUISpring.durationBounce(of: m.spring)
  }

  public static func swiftUIResponse(_ m: SpringMotion) -> (
    response: Double, dampingFraction: Double
  ) {
    SwiftUISpring.responseDamping(of: m.spring)
  }

  /// The UIKit duration, damping ratio and velocity giving `m`'s k/m and c/m,
  /// or why there is none: UIKit's damping ratio stops at 1; its duration
  /// must stay within 0.01…10 s; and the duration is found from ω0 through
  /// UIKit's settle equation, which needs ζω0 above the velocity.
  public static func uikit(_ m: SpringMotion) -> Result<
    (duration: Double, damping: Double, velocity: Double), SpringFormUnavailable
  > {
    let z = m.spring.dampingRatio
    let w0 = m.spring.naturalFrequency
    let v = m.velocity
    if z > 1 + 1e-12 {
      return .failure(
        SpringFormUnavailable(
          reason: "UIKit's damping ratio stops at 1; this spring is overdamped (ζ = \(fmt(z)))"))
    }
    if z < UIKitSpring.dampingRange.lowerBound - 1e-12 {
      return .failure(
        SpringFormUnavailable(reason: "UIKit's damping ratio starts at 0.05 (ζ = \(fmt(z)))"))
    }
    let zz = min(z, 1)
    // why: UIKit's residual falls as the duration grows (the envelope decays),
    // so the duration whose largest root is ω0 is found by bisection
    func f(_ t: Double) -> Double { UIKitSpring.residual(w0, duration: t, zeta: zz, velocity: v) }
    var lo = 1e-4
    var hi = 1e6
    guard f(lo) > 0, f(hi) < 0 else {
      return .failure(
        SpringFormUnavailable(
          reason:
            "no UIKit duration gives this stiffness with velocity \(fmt(v)) (UIKit needs ζω0 = \(fmt(zz * w0)) above it)"
        ))
    }
    for _ in 0..<200 {
      let mid = (lo + hi) / 2
      if f(mid) > 0 { lo = mid } else { hi = mid }
      if hi - lo < 1e-15 * hi { break }
    }
    let t = (lo + hi) / 2
    guard UIKitSpring.durationRange.contains(t) else {
      return .failure(
        SpringFormUnavailable(
          reason: "UIKit's duration would be \(fmt(t)) s, outside its 0.01…10 s"))
    }
    // why: the settle equation has two roots; UIKit takes the larger one
    let back = UIKitSpring(duration: t, dampingRatio: zz, velocity: v).naturalFrequency
    guard abs(back - w0) <= 1e-7 * w0 else {
      return .failure(
        SpringFormUnavailable(
          reason: "UIKit would pick another stiffness for this duration and velocity"))
    }
    return .success((t, zz, v))
  }

  static func fmt(_ v: Double) -> String { String(format: "%.3g", v) }
}
