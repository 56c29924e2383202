import Foundation
import Testing

@testable import SpringLabCore

/// What the fit claims from how much of a motion the samples show: no
/// confident spring or model from a motion seen in a handful of samples.
/// (The bound on swings faster than half the sample rate is exercised by
/// the bubble menu's 60 fps clip, `FitMoreMotionsTests`, where the fit
/// found an aliased spring; exact samples of a spring lead the fit to the
/// slow one anyway.)
@Suite struct FitSeenMotionTests {
  let collapse = UIKitSpring(duration: 0.25, dampingRatio: 0.75, velocity: 1)

  /// `u` from 0 to 100 starting at `start`, sampled at `fps` from 0 up to
  /// `end` (exclusive), with seeded Gaussian noise of σ `noise` (a
  /// tracker's scatter).
  func samples(
    _ u: UIKitSpring, start: Double, fps: Double, end: Double, noise: Double, seed: UInt64
  ) -> [MotionSample] {
    var rng = SplitMix(seed: seed)
    let tween = Tween(
      start: start, from: 0, to: 100, v0: u.velocity * 100, duration: 60,
      curve: .spring(u.spring, snapAtEnd: false))
    return (0..<Int((end * fps).rounded(.up))).map { k in
      let t = Double(k) / fps
      let g = (-2 * log(max(rng.unit(), 1e-12))).squareRoot() * cos(2 * .pi * rng.unit())
      return MotionSample(t: t, x: tween.sample(t).x + noise * g)
    }
  }

  /// A collapse cut off 5 frames into its spring (the item faded out):
  /// the spring draws the samples exactly, so only the resting ones give a
  /// scatter, which says nothing of the motion. The spring's numbers are
  /// undetermined and the models indistinguishable.
  @Test func aMotionSeenInAFewSamplesIsUndetermined() throws {
    let fps = 120.0
    let start = 0.5
    let seed: UInt64 = 2_512_031
    print("FitSeenMotionTests.aMotionSeenInAFewSamplesIsUndetermined seed \(seed)")
    let s = samples(
      collapse, start: start, fps: fps, end: start + 5.5 / fps, noise: 0.01, seed: seed)
    #expect(s.filter { $0.t > start }.count < SpringFit.minimumSamplesInMotion)
    let fit = try MotionFit.fit(s)
    let u = fit.spring.uncertainty
    #expect(!u.dampingRatio.isFinite && !u.response.isFinite, "\(u)")
    #expect(!u.stiffness.isFinite && !u.damping.isFinite && !u.velocity.isFinite, "\(u)")
    #expect(fit.evidence == .indistinguishable, "\(fit.evidence)")
  }

  /// The same spring seen to its end keeps its ± and a decisive model.
  @Test func aMotionSeenToItsEndIsDetermined() throws {
    let s = samples(collapse, start: 0.5, fps: 120, end: 1.2, noise: 0.01, seed: 2_512_032)
    let fit = try MotionFit.fit(s)
    #expect(fit.model == .spring)
    #expect(fit.evidence == .decisive, "\(fit.evidence)")
    #expect(fit.spring.uncertainty.dampingRatio.isFinite)
    #expect(abs(fit.spring.spring.dampingRatio / 0.75 - 1) < 0.01)
  }
}
