import Foundation
import Testing

@testable import SpringLabCore

/// The tween's numbers carry a ± like the spring's (`TweenUncertainty`): small
/// where the samples show the whole tween, wide where its end is hidden, and
/// in both cases covering the truth within 3 σ.
@Suite("fit: the tween's uncertainty")
struct FitTweenUncertaintyTests {
  /// Samples of `curve` from 10 to 110 over `duration` s starting at 0.2 s,
  /// at 60 fps up to `until`, with Gaussian noise of `sigma` (seeded).
  static func samples(
    _ curve: CubicBezier, duration: Double, until: Double, sigma: Double, seed: UInt64
  ) -> [MotionSample] {
    var rng = SplitMix(seed: seed)
    let tw = Tween(start: 0.2, from: 10, to: 110, duration: duration, curve: .bezier(curve))
    return stride(from: 0.0, through: until, by: 1.0 / 60).map { t in
      let g = (-2 * log(max(rng.unit(), 1e-12))).squareRoot() * cos(2 * .pi * rng.unit())
      return MotionSample(t: t, x: tw.sample(t).x + sigma * g)
    }
  }

  /// A whole easeInOut seen (rest, motion, rest) with noise of 0.1 % of the
  /// travel: the duration to within a few milliseconds, the truth within 3 σ.
  @Test(arguments: [2701, 2702, 2703] as [UInt64])
  func aWholeTweenIsPinned(seed: UInt64) throws {
    print("FitTweenUncertaintyTests.aWholeTweenIsPinned seed \(seed)")
    let s = Self.samples(.easeInOut, duration: 0.3, until: 0.8, sigma: 0.1, seed: seed)
    let fit = try MotionFit.fit(s)
    #expect(fit.model == .tween)
    let t = fit.tween
    let u = t.uncertainty
    #expect(u.duration > 0 && u.duration < 0.01, "duration \(t.duration) ± \(u.duration)")
    #expect(abs(t.duration - 0.3) <= 3 * u.duration, "duration \(t.duration) ± \(u.duration)")
    #expect(abs(t.to - 110) <= 3 * u.to, "to \(t.to) ± \(u.to)")
    #expect(abs(t.start - 0.2) <= 3 * u.start, "start \(t.start) ± \(u.start)")
    #expect(u.to < 0.5, "to ± \(u.to)")
  }

  /// An easeIn whose second half is cut off (the samples end 60 % of the
  /// way through it, as a fan item fading out under the main button): the
  /// duration and the end trade off, so their ± must be wide — never a
  /// confident duration — and still cover the truth.
  @Test(arguments: [2711, 2712, 2713] as [UInt64])
  func aTweenWithItsEndHiddenSaysSo(seed: UInt64) throws {
    print("FitTweenUncertaintyTests.aTweenWithItsEndHiddenSaysSo seed \(seed)")
    let s = Self.samples(.easeIn, duration: 0.3, until: 0.2 + 0.18, sigma: 0.1, seed: seed)
    let t = TweenFit.fit(times: s.map(\.t), values: s.map(\.x), startGuess: 0.2)
    let u = t.uncertainty
    let whole = TweenFit.fit(
      times: Self.samples(.easeIn, duration: 0.3, until: 0.8, sigma: 0.1, seed: seed).map(\.t),
      values: Self.samples(.easeIn, duration: 0.3, until: 0.8, sigma: 0.1, seed: seed).map(\.x),
      startGuess: 0.2
    ).uncertainty
    #expect(
      u.duration > 5 * whole.duration, "hidden end ± \(u.duration), whole ± \(whole.duration)")
    #expect(
      !u.duration.isFinite || abs(t.duration - 0.3) <= 3 * u.duration,
      "duration \(t.duration) ± \(u.duration)")
    #expect(!u.to.isFinite || abs(t.to - 110) <= 3 * u.to, "to \(t.to) ± \(u.to)")
  }
}
