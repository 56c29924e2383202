import Foundation
import Testing

@testable import SpringLabCore

/// The initial velocity's sign (issue #25 (c)): UIKit ends a spring animation
/// at its duration, a jump the settling spring could not draw, and the
/// start and velocity trade off within a frame; on clean samples of seed
/// 002's snap (+0.4 travels/s) the fit stopped 1.2 ms early at −0.38.
@Suite struct FitSpringEndTests {
  /// Samples of a UIKit move as SpringLab plays it (snapping to `to` at its
  /// duration), `from` → `to` from `start`, at `fps` for `seconds`.
  static func uikitSamples(
    _ u: UIKitSpring, from: Double, to: Double, start: Double, fps: Double, seconds: Double
  ) -> [MotionSample] {
    let tw = Tween.uikit(
      start: start, from: from, to: to, duration: u.duration, damping: u.dampingRatio,
      velocity: u.velocity)
    return (0..<Int(seconds * fps)).map { k in
      let t = Double(k) / fps
      return MotionSample(t: t, x: tw.sample(t).x)
    }
  }

  static let cases: [(String, UIKitSpring)] = [
    ("bubble snap", UIKitSpring(duration: 0.35, dampingRatio: 0.8, velocity: 0.4)),
    ("fan bloom", UIKitSpring(duration: 0.4, dampingRatio: 0.72, velocity: 0.6)),
  ]

  /// Both directions, 60 and 120 fps: the velocity keeps its sign and
  /// size, the jump is found at the duration, the spring within 0.1 %.
  @Test(arguments: [60.0, 120.0], [false, true])
  func uikitMovesKeepTheirVelocity(fps: Double, leftwards: Bool) throws {
    for (name, u) in Self.cases {
      let (a, b) = leftwards ? (180.0, 36.0) : (36.0, 180.0)
      let s = Self.uikitSamples(u, from: a, to: b, start: 0.2, fps: fps, seconds: 1)
      let fit = try MotionFit.fit(s)
      #expect(fit.model == .spring)
      let f = fit.spring
      #expect(
        abs(f.relativeVelocity - u.velocity) < 0.05,
        "\(name) at \(fps) fps: velocity \(f.relativeVelocity), truth \(u.velocity)")
      #expect(abs(f.start - 0.2) < 0.0005, "\(name): start \(f.start)")
      let end = try #require(f.endsAfter, "\(name): the UIKit end is not found")
      #expect(abs(end - u.duration) < 0.002, "\(name): ends after \(end)")
      #expect(abs(f.spring.dampingRatio / u.spring.dampingRatio - 1) < 0.001)
      #expect(abs(f.spring.naturalFrequency / u.spring.naturalFrequency - 1) < 0.001)
    }
  }

  /// A spring that settles on its own (SwiftUI, CSS) is not given an end.
  @Test func aSettlingSpringHasNoEnd() throws {
    let u = Self.cases[0].1
    let tw = Tween(
      start: 0.2, from: 36, to: 180, v0: u.velocity * 144, duration: 60,
      curve: .spring(u.spring, snapAtEnd: false))
    let s = (0..<120).map { MotionSample(t: Double($0) / 120, x: tw.sample(Double($0) / 120).x) }
    let fit = try MotionFit.fit(s)
    #expect(fit.spring.endsAfter == nil, "ends after \(fit.spring.endsAfter ?? 0)")
    #expect(abs(fit.spring.relativeVelocity - u.velocity) < 0.05)
  }

  /// `uikitEnd` inverts UIKit's mapping: the duration a spring came from.
  @Test func theEndIsTheUIKitDuration() throws {
    for (_, u) in Self.cases {
      let end = try #require(SpringFit.uikitEnd(spring: u.spring, relativeVelocity: u.velocity))
      #expect(abs(end - u.duration) < 1e-9)
    }
    let critical = Spring(stiffness: 400, damping: 40)
    #expect(SpringFit.uikitEnd(spring: critical, relativeVelocity: 0) == nil)
  }

  /// Runs of correlated errors (a tracker's, seeded AR(1) with ρ = 0.9 and
  /// σ = 0.3 % of the travel): the printed ± still covers the truth (the
  /// block jackknife widens what the Jacobian's covariance gives).
  @Test func correlatedErrorsWidenTheUncertainty() throws {
    let u = Self.cases[0].1
    let response = 2 * .pi / u.spring.naturalFrequency
    for seed in UInt64(2601)...UInt64(2606) {
      print("FitSpringEndTests.correlatedErrorsWidenTheUncertainty seed \(seed)")
      var rng = SplitMix(seed: seed)
      var e = 0.0
      let s = Self.uikitSamples(u, from: 180, to: 36, start: 0.2, fps: 60, seconds: 1).map {
        m -> MotionSample in
        let g = (-2 * log(max(rng.unit(), 1e-12))).squareRoot() * cos(2 * .pi * rng.unit())
        e = 0.9 * e + (1 - 0.81).squareRoot() * 0.43 * g
        return MotionSample(t: m.t, x: m.x + e)
      }
      let f = try MotionFit.fit(s).spring
      let z = f.spring.dampingRatio
      let r = 2 * .pi / f.spring.naturalFrequency
      #expect(abs(z - u.dampingRatio) <= 3 * f.uncertainty.dampingRatio, "seed \(seed): ζ \(z)")
      #expect(abs(r - response) <= 3 * f.uncertainty.response, "seed \(seed): response \(r)")
    }
  }
}
