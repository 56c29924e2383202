import Foundation
import Testing

@testable import SpringLabCore

/// An element that turns as it travels (a fan item's spin): `auto` fits its
/// angle with the distance along its travel, its size and its opacity as
/// one spring progress; an angle that does not follow the travel is never taken.
@Suite struct FitSpinTests {
  /// A UIKit spring (0.45 s, 0.62, 0.8) from 0.3 s, sampled at 60 fps for
  /// 1.2 s: the element travels 100 px to the left, grows 0.4 → 1, fades in
  /// (opacity clamped to 0…1) and turns −180° → 0, each from the same progress;
  /// seeded noise of 0.05 px, 0.002, 0.005 and 0.2°.
  static func spin(seed: UInt64) -> [MotionSample] {
    var rng = SplitMix(seed: seed)
    let s = UIKitSpring(duration: 0.45, dampingRatio: 0.62, velocity: 0.8)
    func n(_ a: Double) -> Double { a * (2 * rng.unit() - 1) }
    return (0..<72).map { k in
      let t = Double(k) / 60
      let p = s.progress(at: t - 0.3).p
      return MotionSample(
        t: t, x: 300 - 100 * p + n(0.05), y: 200 + n(0.05), scale: 0.4 + 0.6 * p + n(0.002),
        alpha: min(max(p, 0), 1) + n(0.005), angle: -180 * (1 - p) + n(0.2))
    }
  }

  @Test func autoFitsTheSpinWithItsTravelSizeAndOpacity() throws {
    let seed: UInt64 = 2602
    print("FitSpinTests seed \(seed)")
    let samples = Self.spin(seed: seed)
    #expect(FitAxis.auto.project(samples).axis == .angle)
    let f = try MotionFit.fit(samples, axis: .auto, minimumTravel: 1)
    #expect(f.axis == .angle)
    #expect(f.channels == ["angle", "position", "scale", "alpha"], "\(f.channels)")
    #expect(f.model == .spring, "\(f.model)")
    #expect(abs(f.spring.spring.dampingRatio / 0.62 - 1) < 0.01, "\(f.spring.spring.dampingRatio)")
    // a travelling element whose angle spans less than `minimumAutoSpin` is fitted on its travel
    let small = samples.map {
      var m = $0
      m.angle = ($0.angle ?? 0) / 10
      return m
    }
    #expect(FitAxis.auto.project(small).axis == .auto)
  }

  /// The tracker's angle is kept for `auto` only when it follows the
  /// travel: a drift unrelated to it (a plain disk's) is not a turn.
  @Test func anAngleThatDoesNotFollowTheTravelIsNotATurn() {
    let follows = (0..<40).map { k in
      AnglePoint(
        t: Double(k) / 60, degrees: -3 * Double(k), x: 100 + 2 * Double(k), y: 50, score: 1,
        found: true)
    }
    #expect(VideoFit.turnFollowsTravel(follows))
    let drifts = follows.enumerated().map { k, p in
      var q = p
      q.degrees = 25 * sin(Double(k) * 0.7)
      return q
    }
    #expect(!VideoFit.turnFollowsTravel(drifts))
  }
}
