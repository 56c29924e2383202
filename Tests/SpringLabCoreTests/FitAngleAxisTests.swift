import Foundation
import Testing

@testable import SpringLabCore

/// The angle as a fit axis: `auto` picks it when only the angle moves, and
/// an easeInOut turn comes back as the named standard curve.
@Suite struct FitAngleAxisTests {
  /// A still centre (x, y within 0.1 px) turning 0 → 45° along easeInOut
  /// over 0.25 s from 0.3 s, sampled at 60 fps for 1.2 s; the angle carries
  /// `angleNoise` of seeded noise.
  static func turn(angleNoise: Double, travel: Double = 45, seed: UInt64 = 2505)
    -> [MotionSample]
  {
    var rng = SplitMix(seed: seed)
    return (0..<72).map { k in
      let t = Double(k) / 60
      let p = min(max((t - 0.3) / 0.25, 0), 1)
      let a = travel * CubicBezier.easeInOut.value(at: p) + angleNoise * (2 * rng.unit() - 1)
      return MotionSample(
        t: t, x: 200 + 0.1 * (rng.unit() - 0.5), y: 300 + 0.1 * (rng.unit() - 0.5), scale: 1,
        angle: a)
    }
  }

  @Test func autoPicksTheAngleWhenOnlyTheAngleMoves() throws {
    print("FitAngleAxisTests seed 2505")
    let s = Self.turn(angleNoise: 0.02)
    #expect(FitAxis.auto.project(s).axis == .angle)
    let f = try MotionFit.fit(s, axis: .auto, minimumTravel: 1)
    #expect(f.axis == .angle)
    #expect(f.channels == ["angle"])
    #expect(f.model == .tween && f.evidence == .decisive, "\(f.model) \(f.evidence)")
    #expect(f.tween.named == .easeInOut, "\(f.tween.curve)")
    #expect(abs(f.tween.duration / 0.25 - 1) < 0.005, "duration \(f.tween.duration)")
    #expect(abs(f.travel / 45 - 1) < 0.005, "travel \(f.travel)")
    // a turn of 1.5° is not taken for the motion: the size or the centre is
    let small = Self.turn(angleNoise: 0, travel: 1.5)
    #expect(FitAxis.auto.project(small).axis != .angle)
    // without angles the axis is never the angle
    let none = s.map {
      var m = $0
      m.angle = nil
      return m
    }
    #expect(FitAxis.auto.project(none).axis != .angle)
  }

  @Test func theAngleColumnRoundTrips() throws {
    let s = Self.turn(angleNoise: 0)
    let csv = SampleReader.csv(s)
    #expect(csv.hasPrefix("t,x,y,scale,correlation,angle\n"))
    let back = try SampleReader.parse(Data(csv.utf8), file: "turn.csv")
    #expect(back.count == s.count)
    for (a, b) in zip(back, s) {
      #expect(abs((a.angle ?? .nan) - (b.angle ?? 0)) < 1e-3)
    }
    #expect(FitAxis.named("rotation") == .angle)
    #expect(FitAxis.named("angle") == .angle)
    #expect(FitAxis.named("spin") == nil)
  }
}
