import Foundation
import Testing

@testable import SpringLabCore

@Suite("UIKit mapping domain")
struct UIKitDomainTests {
  /// The largest residual over a fine log grid of ω0 (0.01…1e5 rad/s): > 0
  /// means the envelope equation has a root, found without any algebra.
  func bruteMaximum(duration T: Double, zeta z: Double, velocity v: Double) -> Double {
    var best = -Double.infinity
    let n = 60_000
    for i in 0...n {
      let w = 0.01 * pow(1e7, Double(i) / Double(n))
      best = max(best, UIKitSpring.residual(w, duration: T, zeta: z, velocity: v))
    }
    return best
  }

  @Test func boundAgreesWithABruteForceRootSearch() throws {
    var rows = 0
    for T in [0.05, 0.2, 0.4, 0.6, 1, 2, 5, 10] {
      for z in [0.05, 0.2, 0.5, 0.72, 0.9, 0.99, 1] {
        let vmax = try #require(UIKitSpring.maximumVelocity(duration: T, dampingRatio: z))
        // why: just inside the bound the positive region is narrow; 0.5 % inside is wide
        // enough for the grid, 0.5 % outside has a clearly negative maximum
        #expect(bruteMaximum(duration: T, zeta: z, velocity: vmax * 0.995) > 0, "T \(T) ζ \(z)")
        #expect(bruteMaximum(duration: T, zeta: z, velocity: vmax * 1.005) < 0, "T \(T) ζ \(z)")
        #expect(UIKitSpring(duration: T, dampingRatio: z, velocity: vmax * 0.999_999).isSolvable)
        #expect(!UIKitSpring(duration: T, dampingRatio: z, velocity: vmax * 1.000_001).isSolvable)
        rows += 1
      }
    }
    #expect(rows == 56)
  }

  @Test func issueFiguresAndClosedForms() throws {
    let a = try #require(UIKitSpring.maximumVelocity(duration: 1, dampingRatio: 0.72))
    #expect(abs(a - 4.29) < 0.005)
    let b = try #require(UIKitSpring.maximumVelocity(duration: 0.6, dampingRatio: 0.72))
    #expect(abs(b - 4.29 / 0.6) < 0.01)
    // ζ = 1: e^(−a)(a − u + 1) peaks at a = u with e^(−u), so u* = ln 1000
    let c = try #require(UIKitSpring.maximumVelocity(duration: 0.5, dampingRatio: 1))
    #expect(abs(c - log(1000) / 0.5) < 1e-12)
    #expect(UIKitSpring.maximumVelocity(duration: 0, dampingRatio: 0.5) == nil)
    #expect(UIKitSpring.maximumVelocity(duration: 1, dampingRatio: 1.2) == nil)
  }

  @Test func negativeVelocitiesAlwaysHaveASpring() {
    for T in [0.01, 0.4, 10] {
      for z in [0.05, 0.7, 0.999, 1] {
        for v in [-20.0, -1, 0] {
          #expect(UIKitSpring(duration: T, dampingRatio: z, velocity: v).isSolvable)
        }
      }
    }
  }

  @Test func solvedFrequencyIsTheLargerRoot() throws {
    for (T, z, v) in [
      (0.4, 0.72, 0.6), (0.25, 0.7, 0.3), (2, 0.2, 1.4), (1, 1, 6.5), (0.6, 0.7, 7),
    ] {
      let w = try #require(
        UIKitSpring(duration: T, dampingRatio: z, velocity: v).solvedNaturalFrequency)
      #expect(abs(UIKitSpring.residual(w, duration: T, zeta: z, velocity: v)) < 1e-10)
      // why: past the larger root the residual stays negative
      for f in [1.01, 1.5, 3, 10] {
        #expect(UIKitSpring.residual(w * f, duration: T, zeta: z, velocity: v) < 0)
      }
    }
    // the seed's spring keeps its documented stiffness
    let k = UIKitSpring(duration: 0.4, dampingRatio: 0.72, velocity: 0.6).spring.stiffness
    #expect(abs(k - 575.54) < 0.01)
  }

  @Test func unsolvableIsNeverPlayedAs5OverT() {
    let u = UIKitSpring(duration: 0.6, dampingRatio: 0.7, velocity: 10)
    #expect(!u.isSolvable)
    #expect(u.solvedNaturalFrequency == nil)
    #expect(abs(u.naturalFrequency - 5 / 0.6) > 1)
    let reason = u.unsolvableReason ?? ""
    #expect(reason.contains("largest velocity it can solve there is 7.077"), "\(reason)")
  }

  @Test func presetBeyondTheBoundIsInvalidNamingTheVelocity() throws {
    let text =
      #"{"fan": {"expand": {"curve": "spring", "duration": 2, "damping": 0.2, "velocity": 5}}}"#
    do {
      _ = try PresetReader.decode(Data(text.utf8), file: "x.json")
      Issue.record("accepted an unsolvable spring")
    } catch {
      #expect(error.problems.count == 1)
      let p = try #require(error.problems.first)
      #expect(p.path == "fan.expand.velocity")
      #expect(p.reason.contains("1.484"), "\(p.reason)")
    }
    // a timing curve does not play the velocity: still valid
    let eased =
      #"{"fan": {"expand": {"curve": "easeOut", "duration": 2, "damping": 0.2, "velocity": 5}}}"#
    #expect(throws: Never.self) { try PresetReader.decode(Data(eased.utf8), file: "x.json") }
    let snap = #"{"bubble": {"snap": {"duration": 1, "damping": 0.72, "velocity": 4.3}}}"#
    do {
      _ = try PresetReader.decode(Data(snap.utf8), file: "x.json")
      Issue.record("accepted an unsolvable snap")
    } catch {
      #expect(error.problems.map(\.path) == ["bubble.snap.velocity"])
    }
  }

  @Test func shippedPresetsStayValid() throws {
    let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../presets").standardized
    let files = try FileManager.default.contentsOfDirectory(atPath: dir.path)
      .filter { $0.hasSuffix(".json") }
    #expect(files.count >= 10)
    for f in files {
      #expect(throws: Never.self, "\(f)") {
        try PresetReader.load(path: dir.appendingPathComponent(f).path)
      }
    }
  }

  @Test func formEditPastTheBoundIsRefusedWithTheReason() {
    let u = UIKitSpringValues(duration: 1, damping: 0.72, velocity: 1)
    // physics form: k 40, c 9.1, v 5 needs a UIKit duration with v·T past u*
    let r = SpringFormEditor.set(.velocity, to: 19, form: .physics, in: u, mass: 1)
    if case .success(let (s, _)) = r {
      #expect(
        UIKitSpring(duration: s.duration, dampingRatio: s.damping, velocity: s.velocity).isSolvable)
    }
    let values = SpringFormEditor.values(.physics, of: u, mass: 1)
    for v in stride(from: -20.0, through: 20, by: 0.5) {
      switch SpringFormEditor.set(.velocity, to: v, form: .physics, in: u, mass: 1) {
      case .success(let (s, _)):
        let back = UIKitSpring(duration: s.duration, dampingRatio: s.damping, velocity: s.velocity)
        #expect(back.isSolvable)
        // why: a stored spring is the one edited, never a substitute (to the
        // panel's 3 decimals: converted numbers are stored without float noise)
        let k = back.spring.stiffness
        #expect(abs(k - values[.stiffness]!) <= SpringFormParameter.readBackStep / 2, "v \(v)")
      case .failure(let e): #expect(!e.reason.isEmpty)
      }
    }
  }

  @Test func lintJumpNoteOnlyForSolvableSprings() {
    var p = Preset()
    p.fan.expand.curve = .spring
    p.fan.expand.duration = 2
    p.fan.expand.damping = 0.2
    p.fan.expand.velocity = 1
    let ok = Lint.check(p).filter { $0.message.contains("with a jump of") }
    #expect(ok.count == 1)
    p.fan.expand.velocity = 5
    let none = Lint.check(p).filter { $0.message.contains("with a jump of") }
    #expect(none.isEmpty)
  }
}
