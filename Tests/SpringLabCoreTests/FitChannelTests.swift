import Foundation
import Testing

@testable import SpringLabCore

/// The fit's further channels: a tracked size and opacity driven by the same
/// spring progress as the position, fitted jointly, each weighted by its own
/// residual scatter, and used only when it carries the motion.
@Suite struct FitChannelTests {
  /// A fan item's spring (UIKit 0.4 s, ζ 0.72, +0.6 travels/s).
  let fan = UIKitSpring(duration: 0.4, dampingRatio: 0.72, velocity: 0.6)

  /// Gaussian noise of σ 1 (Box–Muller).
  static func gauss(_ rng: inout SplitMix) -> Double {
    (-2 * log(max(rng.unit(), 1e-12))).squareRoot() * cos(2 * .pi * rng.unit())
  }

  /// 60 fps samples of a bloom starting at 0.25 s: the centre moves `travel`
  /// along x (σ `positionNoise`), the size goes 0.4 → 1 (σ `scaleNoise`) and
  /// the opacity clamp(progress, 0, 1) (σ `alphaNoise`, nil: unknown).
  func bloom(
    travel: Double, positionNoise: Double, scaleNoise: Double, alphaNoise: Double?,
    seed: UInt64
  ) -> [MotionSample] {
    var rng = SplitMix(seed: seed)
    let tween = Tween(
      start: 0.25, from: 0, to: 1, v0: fan.velocity, duration: 60,
      curve: .spring(fan.spring, snapAtEnd: false))
    return (0..<72).map { k in
      let t = Double(k) / 60
      let p = tween.sample(t).x
      return MotionSample(
        t: t, x: 100 + travel * p + positionNoise * Self.gauss(&rng),
        y: 50 + positionNoise * Self.gauss(&rng),
        scale: 0.4 + 0.6 * p + scaleNoise * Self.gauss(&rng),
        alpha: alphaNoise.map { min(max(p, 0), 1) + $0 * Self.gauss(&rng) })
    }
  }

  func expectSpring(_ fit: MotionFit, within tolerance: Double, _ name: String) {
    let z = fit.spring.spring.dampingRatio / fan.spring.dampingRatio - 1
    let r = fan.spring.naturalFrequency / fit.spring.spring.naturalFrequency - 1
    print(
      "FitChannelTests \(name): channels \(fit.channels) · ζ error \(String(format: "%+.3f", z * 100)) % · response error \(String(format: "%+.3f", r * 100)) %"
    )
    #expect(abs(z) <= tolerance, "\(name): damping ratio off by \(z * 100) %")
    #expect(abs(r) <= tolerance, "\(name): response off by \(r * 100) %")
  }

  /// The centre stands still (a menu scaling in place): the size alone
  /// carries the motion, and the spring comes from it.
  @Test func scaleAloneCarriesTheMotion() throws {
    let s = bloom(travel: 0, positionNoise: 0.05, scaleNoise: 0.002, alphaNoise: nil, seed: 25)
    let fit = try MotionFit.fit(s, minimumTravel: 1)
    #expect(fit.axis == .scale)
    #expect(fit.channels == ["scale"])
    expectSpring(fit, within: 0.01, "scale alone")
  }

  /// The centre is tracked badly (σ 2 px on 60 px) and the size well (σ
  /// 0.1 %): fitted jointly, the size's weight carries the spring, where the
  /// position alone misses it.
  @Test func aPreciseChannelOutweighsANoisyPosition() throws {
    let s = bloom(travel: 60, positionNoise: 2, scaleNoise: 0.001, alphaNoise: nil, seed: 2501)
    let fit = try MotionFit.fit(s, minimumTravel: 1)
    #expect(fit.channels == ["position", "scale"])
    let scale = try #require(fit.spring.channels.first)
    #expect(scale.weight > 100, "weight \(scale.weight)")
    #expect(abs(scale.from - 0.4) < 0.01 && abs(scale.to - 1) < 0.01, "\(scale)")
    expectSpring(fit, within: 0.01, "precise size, noisy position")
    var alone = s
    for i in alone.indices { alone[i].scale = nil }
    let positionOnly = try MotionFit.fit(alone, minimumTravel: 1)
    #expect(positionOnly.channels == ["position"])
    let r = fan.spring.naturalFrequency / positionOnly.spring.spring.naturalFrequency - 1
    let rj = fan.spring.naturalFrequency / fit.spring.spring.naturalFrequency - 1
    #expect(abs(rj) < abs(r), "joint \(rj), position alone \(r)")
  }

  /// A noisy size (σ 5 % of the travel) cannot pull a good position fit:
  /// it is weighted by its scatter, and the spring stays within 1 %.
  @Test func aNoisyChannelCannotPullTheFit() throws {
    let s = bloom(travel: 60, positionNoise: 0.02, scaleNoise: 0.03, alphaNoise: nil, seed: 2502)
    let fit = try MotionFit.fit(s, minimumTravel: 1)
    #expect(fit.channels == ["position", "scale"])
    #expect((fit.spring.channels.first?.weight ?? .infinity) < 1)
    expectSpring(fit, within: 0.01, "noisy size")
  }

  /// The opacity follows the progress clamped to 0…1 (it cannot overshoot
  /// where the position does) and joins the position and the size.
  @Test func alphaJoinsClampedToItsRange() throws {
    let s = bloom(travel: 60, positionNoise: 0.02, scaleNoise: 0.002, alphaNoise: 0.005, seed: 2503)
    let fit = try MotionFit.fit(s, minimumTravel: 1)
    #expect(fit.channels == ["position", "scale", "alpha"])
    let alpha = try #require(fit.spring.channels.last)
    #expect(abs(alpha.from) < 0.01 && abs(alpha.to - 1) < 0.01, "\(alpha)")
    #expect(alpha.rms < 0.01, "\(alpha)")
    expectSpring(fit, within: 0.01, "position, size and opacity")
  }

  /// Channels of pure noise are not used: a size that only jitters (σ 1 %)
  /// and an opacity that only jitters (σ 2 %) leave the position alone.
  @Test func aChannelOfPureNoiseIsNotUsed() throws {
    var rng = SplitMix(seed: 2504)
    var s = bloom(travel: 60, positionNoise: 0.02, scaleNoise: 0, alphaNoise: nil, seed: 2504)
    for i in s.indices {
      s[i].scale = 1 + 0.01 * Self.gauss(&rng)
      s[i].alpha = 1 + 0.02 * Self.gauss(&rng)
    }
    let fit = try MotionFit.fit(s, minimumTravel: 1)
    #expect(fit.channels == ["position"])
    #expect(fit.spring.channels.isEmpty)
    expectSpring(fit, within: 0.01, "noise channels")
    // handed to the spring fit anyway, a channel whose fitted travel is within
    // its scatter is dropped there too
    let (values, _) = FitAxis.auto.project(s)
    let wide = (0..<s.count).map { _ in 5 * Self.gauss(&rng) }
    let direct = SpringFit.fit(
      times: s.map(\.t), values: values,
      channels: [FitChannel(name: "scale", values: wide)])
    #expect(direct.channels.isEmpty)
  }
}
