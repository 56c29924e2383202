import Foundation
import Testing

@testable import SpringLabCore

/// The fractional digits of every number literal in `text` (digits after a
/// decimal point, in a run that starts with a digit).
private func fractionalDigits(_ text: String) -> [(String, Int)] {
  var out: [(String, Int)] = []
  let chars = Array(text)
  var i = 0
  while i < chars.count {
    let c = chars[i]
    let startsNumber =
      c.isASCII && c.isNumber
      && (i == 0 || !(chars[i - 1].isLetter || chars[i - 1] == "_" || chars[i - 1].isNumber))
    guard startsNumber else {
      i += 1
      continue
    }
    var j = i
    while j < chars.count, chars[j].isASCII, chars[j].isNumber { j += 1 }
    var frac = 0
    if j + 1 < chars.count, chars[j] == ".", chars[j + 1].isASCII, chars[j + 1].isNumber {
      j += 1
      while j < chars.count, chars[j].isASCII, chars[j].isNumber {
        j += 1
        frac += 1
      }
    }
    out.append((String(chars[i..<j]), frac))
    i = j
  }
  return out
}

/// The progress gap between two UIKit springs over the shorter duration.
private func gap(_ a: UIKitSpringValues, _ b: UIKitSpringValues) -> Double {
  let sa = UIKitSpring(duration: a.duration, dampingRatio: a.damping, velocity: a.velocity).spring
  let sb = UIKitSpring(duration: b.duration, dampingRatio: b.damping, velocity: b.velocity).spring
  return CleanNumbers.difference(
    sa, a.velocity, sb, b.velocity, span: min(a.duration, b.duration))
}

@Suite("Clean numbers")
struct CleanNumbersTests {
  @Test func roundingSpellsTheDecimal() {
    #expect(CleanNumbers.rounded(0.6999999999999998, decimals: 3) == 0.7)
    #expect(CleanNumbers.rounded(0.4017672571811137, decimals: 4) == 0.4018)
    #expect(CleanNumbers.significant(593.5832333, digits: 4) == 593.6)
    #expect(CleanNumbers.significant(0.002578927, digits: 3) == 0.00258)
    #expect(CleanNumbers.spell(-0.00001, decimals: 3) == "0")
    #expect(CleanNumbers.spell(1.5000, decimals: 6) == "1.5")
  }

  /// The issue's case: an edit in the SwiftUI-bounce form stored
  /// `"duration": 0.4017672571811137, "damping": 0.6999999999999998`.
  @Test func aSwiftUIBounceEditStoresShortNumbersThatPlayTheSame() throws {
    let u = UIKitSpringValues(duration: 0.4, damping: 0.7, velocity: 0)
    let result = SpringFormEditor.set(
      .swiftUIDuration, to: 0.5, form: .swiftUIDurationBounce, in: u, mass: 1)
    let stored = try #require(try? result.get()).0
    let exact = try #require(
      try? SpringForms.uikit(SpringForms.fromSwiftUI(duration: 0.5, bounce: 0.3, velocity: 0))
        .get())
    let exactValues = UIKitSpringValues(
      duration: exact.duration, damping: UIKitSpring.acceptedDamping(exact.damping),
      velocity: exact.velocity)
    #expect(gap(stored, exactValues) <= CleanNumbers.tolerance)
    #expect(stored.damping == 0.7, "the bounce was held: damping stays 0.7, not 0.6999…")
    for x in [stored.duration, stored.damping, stored.velocity] {
      let text = JSONWriter.number(x)
      #expect((fractionalDigits(text).first?.1 ?? 0) <= 5, "\(text)")
    }
  }

  /// Seeded random UIKit springs with noisy numbers: the cleaned spring plays
  /// within the tolerance, is accepted by UIKit, keeps T to 0.1 ms, and one
  /// decimal fewer would not do (the fewest digits).
  @Test func cleanedSpringsAreShortestAndPlayTheSame() {
    let seed: UInt64 = 0x5EED_C1EA
    print("CleanNumbersTests seed \(seed)")
    var rng = SeededGenerator(seed: seed)
    for _ in 0..<300 {
      let u = UIKitSpringValues(
        duration: Double.random(in: 0.1...2, using: &rng),
        damping: Double.random(in: 0.2...0.99, using: &rng),
        velocity: Double.random(in: -2...3, using: &rng))
      // why: a spring UIKit's mapping cannot solve is no preset's (refused on load)
      if UIKitSpring(duration: u.duration, dampingRatio: u.damping, velocity: u.velocity)
        .unsolvableReason != nil
      {
        continue
      }
      let c = CleanNumbers.uikit(u)
      #expect(gap(u, c) <= CleanNumbers.tolerance, "\(u) → \(c)")
      #expect(abs(c.duration - u.duration) <= CleanNumbers.durationStep / 2 + 1e-12)
      #expect(UIKitSpring.acceptsDamping(c.damping))
      let digits = [c.duration, c.damping, c.velocity].map {
        fractionalDigits(JSONWriter.number($0)).first?.1 ?? 0
      }
      let d = digits.max() ?? 0
      #expect(d <= 6, "\(c)")
      if d >= 2 {
        let fewer = UIKitSpringValues(
          duration: CleanNumbers.rounded(u.duration, decimals: d - 1),
          damping: CleanNumbers.rounded(u.damping, decimals: d - 1),
          velocity: CleanNumbers.rounded(u.velocity, decimals: d - 1))
        let qualifies =
          UIKitSpring.acceptsDamping(fewer.damping)
          && abs(fewer.duration - u.duration) <= CleanNumbers.durationStep / 2 + 1e-15
          && gap(u, fewer) <= CleanNumbers.tolerance
        #expect(!qualifies, "\(u): \(d - 1) decimals would have done")
      }
    }
  }

  /// Every shipped preset, every spring, every form, every number of the
  /// form nudged by 10 %: the saved file spells no number with more than 6
  /// decimals (8 for physics), what it stores plays within the tolerance of
  /// the exact conversion, and the form's numbers read back as the panel
  /// shows them (to half of its 3-decimal step).
  @Test func formEditsOnEveryShippedPresetSaveShortNumbers() throws {
    var edits = 0
    for path in ExportFixtures.presetPaths {
      let base = try PresetReader.load(path: path)
      for s in PresetSpring.all where s.isSpring(base) {
        for form in SpringForm.allCases where form != .uikit {
          let u = s.values(base)
          let mass = base[keyPath: s.mass]
          let values = SpringFormEditor.values(form, of: u, mass: mass)
          for param in form.parameters {
            guard let v = values[param], v != 0 else { continue }
            let target = v * 1.1
            guard
              case .success(let (stored, m)) = SpringFormEditor.set(
                param, to: target, form: form, in: u, mass: mass)
            else { continue }
            var edited = values
            edited[param] = target
            guard let motion = SpringFormEditor.motion(form, edited),
              case .success(let e) = SpringForms.uikit(motion)
            else { continue }
            let exact = UIKitSpringValues(
              duration: e.duration, damping: UIKitSpring.acceptedDamping(e.damping),
              velocity: e.velocity)
            #expect(
              gap(stored, exact) <= CleanNumbers.tolerance * 1.0001,
              "\(path) \(s.prefix) \(form) \(param)")
            let back = SpringFormEditor.values(form, of: stored, mass: m)
            for q in form.parameters {
              #expect(
                abs(back[q]! - edited[q]!) <= SpringFormParameter.readBackStep / 2,
                "\(path) \(s.prefix) \(form) \(param): \(q) reads \(back[q]!) for \(edited[q]!)")
            }
            var p = base
            s.store(stored, mass: m, in: &p)
            p[keyPath: s.form] = form
            // why: a physics number in the hundreds must read back to the
            // panel's 3 decimals through UIKit's mapping, which takes up to
            // 8 decimals; the SwiftUI forms' numbers need at most 6
            let limit = form == .physics ? 8 : 6
            for (literal, frac) in fractionalDigits(PresetWriter.text(p)) where frac > limit {
              Issue.record("\(path) \(s.prefix) \(form) \(param): saved \(literal)")
            }
            edits += 1
          }
        }
      }
    }
    #expect(edits > 100)
  }

  /// No export of a shipped preset prints a number with more than 6
  /// decimals (springs used to print 8: `duration: 0.25789270`).
  @Test func exportsPrintNoFloatNoise() throws {
    for path in ExportFixtures.presetPaths {
      let p = try PresetReader.load(path: path)
      for format in ExportFormat.allCases {
        let text = Exporter.export(p, format: format, options: ExportOptions())
        for (literal, frac) in fractionalDigits(text) where frac > 6 {
          Issue.record("\(path) \(format): \(literal)")
        }
      }
    }
  }

  /// The shortened export numbers still play the spring they name: SwiftUI's
  /// duration and bounce, printed, rebuild the stiffness within the tolerance.
  @Test func shortestSpellingsPlayWithinTolerance() {
    let (d, z, v) = (0.4, 0.72, 0.6)
    let s = UIKitSpring(duration: d, dampingRatio: z, velocity: v).spring
    let db = SwiftUISpring.durationBounce(of: s)
    let spelled = ExportNumber.spring([db.duration, db.bounce], uikit: d, z, v) {
      SwiftUISpring.spring(duration: $0[0], bounce: $0[1])
    }
    let back = SwiftUISpring.spring(
      duration: Double(spelled[0]) ?? 0, bounce: Double(spelled[1]) ?? 0)
    #expect(CleanNumbers.difference(s, v, back, v, span: d) <= CleanNumbers.tolerance)
    #expect(spelled.allSatisfy { $0.count <= 8 }, "\(spelled)")
  }
}
