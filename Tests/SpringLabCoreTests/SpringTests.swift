import Foundation
import Testing

@testable import SpringLabCore

@Suite("Springs")
struct SpringTests {
  /// Golden values of the UIKit mapping: (T, ζ, v) → (k, c).
  static let uikitGolden: [(Double, Double, Double, Double, Double)] = [
    (0.4, 0.72, 0.6, 575.54, 34.55), (0.35, 0.8, 0.4, 656.78, 41.00), (3, 0.25, 0, 54.83, 3.70),
    (0.4, 0.72, 10, 399.76, 28.79), (0.25, 0.7, 0.3, 1544.17, 55.01),
    (0.2, 0.5, 0.5, 4022.80, 63.43),
    (0.3, 0.75, 1.0, 965.01, 46.60),
  ]

  @Test(
    "UIKit duration/damping/velocity map to the golden k and c",
    arguments: uikitGolden.indices)
  func uikitGoldenValues(_ i: Int) {
    let (T, z, v, k, c) = Self.uikitGolden[i]
    let s = UIKitSpring(duration: T, dampingRatio: z, velocity: v).spring
    #expect(abs(s.stiffness - k) < 0.01, "k for \(T), \(z), \(v): \(s.stiffness)")
    #expect(abs(s.damping - c) < 0.01, "c for \(T), \(z), \(v): \(s.damping)")
    #expect(s.mass == 1)
  }

  /// Near-critical goldens: Framer's SpringCurveValueConverter stays underdamped up to ζ < 1.
  static let nearCriticalGolden: [(Double, Double, Double, Double, Double)] = [
    (0.4, 0.995, 0, 535.0945, 46.0329), (0.4, 0.997, 0, 563.1100, 47.3175),
    (0.4, 0.999, 0, 628.0454, 50.0715), (0.4, 0.999, 0.6, 624.9989, 49.9500),
    (0.3, 0.998, 0.8, 1037.0760, 64.2785),
  ]

  @Test(
    "UIKit mapping stays underdamped up to ζ < 1 (near-critical goldens)",
    arguments: nearCriticalGolden.indices)
  func uikitNearCriticalGoldens(_ i: Int) {
    let (T, z, v, k, c) = Self.nearCriticalGolden[i]
    let s = UIKitSpring(duration: T, dampingRatio: z, velocity: v).spring
    #expect(abs(s.stiffness - k) < 0.0001, "k for \(T), \(z), \(v): \(s.stiffness)")
    #expect(abs(s.damping - c) < 0.0001, "c for \(T), \(z), \(v): \(s.damping)")
  }

  /// On 0.05…0.999 the stiffness is finite with one minimum (near ζ 0.93) and
  /// no jump, rising monotonically toward the pole at 1; c rises monotonically
  /// throughout. At exactly 1 the critical equation takes over (k drops back).
  @Test(arguments: [0.01, 0.1, 0.4, 1, 3], [-2.0, 0, 0.6])
  func uikitStiffnessFiniteAndMonotonicUpTo0999(_ T: Double, _ v: Double) {
    let zs = stride(from: 50, through: 999, by: 1).map { Double($0) / 1000 }
    let springs = zs.map { UIKitSpring(duration: T, dampingRatio: $0, velocity: v).spring }
    let ks = springs.map(\.stiffness)
    #expect(ks.allSatisfy { $0.isFinite && $0 > 0 })
    let low = try! #require(ks.indices.min { ks[$0] < ks[$1] })
    #expect(zs[low] > 0.9 && zs[low] < 0.96, "minimum at ζ \(zs[low])")
    for i in 1..<ks.count {
      if i <= low {
        #expect(ks[i] < ks[i - 1], "k rises at ζ \(zs[i])")
      } else {
        #expect(ks[i] > ks[i - 1], "k falls at ζ \(zs[i])")
      }
      // no switch of equation: neighbours 0.001 apart stay within 8 %
      #expect(ks[i] / ks[i - 1] < 1.08 && ks[i - 1] / ks[i] < 1.08, "jump at ζ \(zs[i])")
      #expect(springs[i].damping > springs[i - 1].damping, "c falls at ζ \(zs[i])")
    }
    let critical = UIKitSpring(duration: T, dampingRatio: 1, velocity: v).spring.stiffness
    #expect(critical.isFinite && critical < ks.last!)
  }

  @Test func dampingGapIsRefusedAndSnapped() {
    #expect(UIKitSpring.acceptsDamping(0.05) && UIKitSpring.acceptsDamping(0.999))
    #expect(UIKitSpring.acceptsDamping(1))
    #expect(!UIKitSpring.acceptsDamping(0.9995) && !UIKitSpring.acceptsDamping(0.99999))
    #expect(!UIKitSpring.acceptsDamping(0.049) && !UIKitSpring.acceptsDamping(1.0001))
    #expect(UIKitSpring.acceptedDamping(0.9993) == 0.999)
    #expect(UIKitSpring.acceptedDamping(0.9996) == 1)
    #expect(UIKitSpring.acceptedDamping(0.5) == 0.5)
    #expect(UIKitSpring.acceptedDamping(2) == 1)
  }

  @Test func uikitEndsOnTargetAtDuration() {
    let u = UIKitSpring(duration: 0.4, dampingRatio: 0.72, velocity: 0.6)
    #expect(u.progress(at: 0.4).p == 1)
    #expect(u.progress(at: 0.0).p == 0)
    #expect(u.endJump < 0.0013)
    #expect(u.endJump > 0)
    // the curve approaches 1 just before T: the snap is small
    #expect(abs(u.progress(at: 0.3999).p - 1) < 0.0015)
  }

  @Test func lowDampingHasALargerEndJump() {
    let low = UIKitSpring(duration: 0.4, dampingRatio: 0.2, velocity: 0).endJump
    let seed = UIKitSpring(duration: 0.4, dampingRatio: 0.72, velocity: 0.6).endJump
    #expect(low > seed)
  }

  @Test func criticalFormNeverOvershoots() {
    let s = Spring(mass: 1, stiffness: 400, damping: 40)  // ζ = 1
    #expect(abs(s.dampingRatio - 1) < 1e-12)
    var t = 0.0
    while t < 3 {
      let x = s.state(at: t, x0: -1, v0: 0).x
      #expect(x <= 1e-12)
      t += 0.001
    }
    #expect(s.peakOvershoot(x0: -1, v0: 0) == 0)
  }

  @Test func overdampedNeverCrossesAndDoesNotOverflow() {
    let s = Spring(mass: 1, stiffness: 100, damping: 200)  // ζ = 10
    for t in stride(from: 0.0, through: 1000, by: 0.5) {
      let st = s.state(at: t, x0: -1, v0: 0)
      #expect(st.x.isFinite && st.v.isFinite)
      #expect(st.x <= 0)
    }
  }

  @Test func underdampedGoldenSamples() {
    // x = e^(−ζω0 t)[x0 cos ωd t + ((v0 + ζω0 x0)/ωd) sin ωd t], hand-computed for k 100, c 10
    let s = Spring(mass: 1, stiffness: 100, damping: 10)
    let w0 = 10.0
    let z = 0.5
    let wd = w0 * (1 - z * z).squareRoot()
    for t in [0.0, 0.05, 0.1, 0.3, 0.7, 1.5] {
      let expected = exp(-z * w0 * t) * (-1 * cos(wd * t) + ((0 + z * w0 * -1) / wd) * sin(wd * t))
      #expect(abs(s.state(at: t, x0: -1, v0: 0).x - expected) < 1e-12)
    }
    // velocity is the derivative of position
    let h = 1e-6
    for t in [0.1, 0.4] {
      let num =
        (s.state(at: t + h, x0: -1, v0: 2).x - s.state(at: t - h, x0: -1, v0: 2).x) / (2 * h)
      #expect(abs(num - s.state(at: t, x0: -1, v0: 2).v) < 1e-5)
    }
  }

  @Test func regimesAgreeNearCriticalDamping() {
    let a = Spring(mass: 1, stiffness: 100, damping: 20 * (1 - 1e-5))
    let b = Spring(mass: 1, stiffness: 100, damping: 20)
    let c = Spring(mass: 1, stiffness: 100, damping: 20 * (1 + 1e-5))
    for t in [0.05, 0.2, 0.5] {
      let xb = b.state(at: t, x0: -1, v0: 3).x
      #expect(abs(a.state(at: t, x0: -1, v0: 3).x - xb) < 1e-4)
      #expect(abs(c.state(at: t, x0: -1, v0: 3).x - xb) < 1e-4)
    }
  }

  @Test func noNaNAcrossTheUIKitRanges() {
    var rng = SeededGenerator(seed: 42)
    for _ in 0..<300 {
      let T = Double.random(in: 0.01...10, using: &rng)
      let z = Double.random(in: 0.05...1, using: &rng)
      let v = Double.random(in: -20...20, using: &rng)
      let u = UIKitSpring(duration: T, dampingRatio: z, velocity: v)
      let s = u.spring
      #expect(s.stiffness.isFinite && s.stiffness > 0, "\(T) \(z) \(v)")
      for k in 0...10 {
        let p = u.progress(at: T * Double(k) / 10)
        #expect(p.p.isFinite && p.v.isFinite)
      }
    }
  }

  @Test func settleTimeAndOvershootOfTheSeedSpring() {
    let s = UIKitSpring(duration: 0.4, dampingRatio: 0.72, velocity: 0.6).spring
    let settle = s.settleTime(x0: -1, v0: 0.6)
    #expect(settle > 0.3 && settle < 0.45)
    let over = s.peakOvershoot(x0: -1, v0: 0.6)
    // ζ = 0.72 overshoots by a few percent: e^(−πζ/√(1−ζ²)) ≈ 3.8 % without velocity
    #expect(over > 0.03 && over < 0.07)
  }

  @Test("SwiftUI's documented worked values")
  func swiftUIWorkedValues() {
    let s = SwiftUISpring.spring(duration: 0.5, bounce: 0.3)
    #expect(abs(s.stiffness - 157.9) < 0.05)
    #expect(abs(s.damping - 17.6) < 0.05)
    let db = SwiftUISpring.durationBounce(of: Spring(mass: 1, stiffness: 100, damping: 10))
    #expect(abs(db.duration - 0.63) < 0.005)
    #expect(abs(db.bounce - 0.5) < 1e-9)
    // round trip, including negative bounce (over-damped)
    for (d, b) in [(0.4, 0.2), (1.0, -0.3), (0.25, 0.0)] {
      let back = SwiftUISpring.durationBounce(of: SwiftUISpring.spring(duration: d, bounce: b))
      #expect(abs(back.duration - d) < 1e-9 && abs(back.bounce - b) < 1e-9)
    }
    let r = SwiftUISpring.responseDamping(
      of: SwiftUISpring.spring(response: 0.55, dampingFraction: 0.825))
    #expect(abs(r.response - 0.55) < 1e-9 && abs(r.dampingFraction - 0.825) < 1e-9)
  }

  @Test func composeConstants() {
    let s = ComposeSpring.spring(dampingRatio: 0.5, stiffness: ComposeSpring.stiffnessMedium)
    #expect(abs(s.dampingRatio - 0.5) < 1e-12)
    #expect(s.stiffness == 1500)
  }
}

@Suite("Timing curves")
struct BezierTests {
  @Test func solvesToTheStatedPrecision() {
    for c in [
      CubicBezier.caDefault, .easeIn, .easeOut, .easeInOut, CubicBezier(0.1, 0.9, 0.9, 0.1),
      CubicBezier(1, 0, 0, 1),
    ] {
      for k in 0...200 {
        let x = Double(k) / 200
        let t = c.parameter(forX: x)
        let u = 1 - t
        let bx = 3 * u * u * t * c.x1 + 3 * u * t * t * c.x2 + t * t * t
        #expect(abs(bx - x) < 1e-7, "\(c) at \(x)")
      }
    }
  }

  @Test func endpointsAndKnownValues() {
    #expect(
      CubicBezier.easeInOut.value(at: 0.5) == 0.5
        || abs(CubicBezier.easeInOut.value(at: 0.5) - 0.5) < 1e-7)
    #expect(CubicBezier.easeIn.value(at: 0) == 0)
    #expect(CubicBezier.easeIn.value(at: 1) == 1)
    #expect(abs(CubicBezier.linear.value(at: 0.3) - 0.3) < 1e-7)
    // ease-in starts slow: below the diagonal
    #expect(CubicBezier.easeIn.value(at: 0.25) < 0.25)
    #expect(CubicBezier.easeOut.value(at: 0.25) > 0.25)
  }
}

/// Seeded randomness so random tests replay exactly (the core's SplitMix64).
typealias SeededGenerator = SplitMix
