import Foundation
import Testing

@testable import SpringLabCore

@Suite("Spring figures: true overshoot, finite or refused")
struct SpringFiguresTests {
  func read(_ s: String) throws -> SpringEquivalents {
    guard case .spring(let r) = try SpringNotationReader.read(s) else {
      throw SpringNotationError(snippet: s, reason: "not a spring")
    }
    return SpringEquivalents(r)
  }

  /// The largest excursion past the target found by a dense scan to where
  /// the envelope is below 1e−6 of the travel.
  func scannedOvershoot(_ s: Spring, v0: Double) -> Double {
    let a = min(s.dampingRatio, 1) * s.naturalFrequency
    let end = log((1 + abs(v0) / a) * 1e6) / a
    var peak = 0.0
    var t = 0.0
    while t <= end {
      let x = s.state(at: t, x0: -1, v0: v0).x
      if x > 0 { peak = max(peak, x) }
      t += end / 400_000
    }
    return peak
  }

  @Test func overshootAfterTheSettleTimeCounts() throws {
    // golden: the issue's example; physics e^(−πζ/√(1−ζ²)) at ζ 0.88 = 0.297 %
    let e = try read("stiffness=100 damping=17.6")
    let z = 0.88
    let closed = exp(-Double.pi * z / (1 - z * z).squareRoot())
    #expect(abs(e.overshoot - closed) < 1e-12)
    #expect(abs(e.overshoot - 0.002966) < 1e-6)
    #expect(e.forms.contains("peak overshoot:          0.297 % of travel"))
    #expect(e.settle < 0.52)
  }

  @Test func closedFormMatchesADenseScan() {
    var rows = 0
    for (k, c, v) in [
      (100.0, 17.6, 0.0), (575.54, 34.55, 0.6), (200, 4, 0), (100, 20, 3), (100, 20, -3),
      (100, 19.99, 0), (100, 40, 30), (100, 40, 0), (50, 30, 5), (300, 10, -2), (10, 6.2, 1),
    ] {
      let s = Spring(mass: 1, stiffness: k, damping: c)
      let closed = s.maximumOvershoot(x0: -1, v0: v)
      let scanned = scannedOvershoot(s, v0: v)
      #expect(
        abs(closed - scanned) <= 1e-6 + 1e-5 * scanned,
        "k \(k) c \(c) v \(v): \(closed) vs \(scanned)")
      rows += 1
    }
    #expect(rows == 11)
  }

  /// One extreme but finite number: a random exponent over Double's range,
  /// or an edge (greatest finite, least normal, least nonzero).
  func extreme(_ rng: inout SeededGenerator) -> String {
    switch Int.random(in: 0..<6, using: &rng) {
    case 0: return "1.7976931348623157e308"
    case 1: return "2.2250738585072014e-308"
    case 2: return "5e-324"
    default:
      let m = Double.random(in: 1..<10, using: &rng)
      let e = Int.random(in: -320...308, using: &rng)
      return "\(String(format: "%.3f", m))e\(e)"
    }
  }

  func ordinary(_ rng: inout SeededGenerator) -> String {
    String(format: "%.3f", Double.random(in: 0.05...500, using: &rng))
  }

  @Test func nothingSpringPrintsIsNonFinite() {
    let seed: UInt64 = 24_2024
    print("SpringFiguresTests.nothingSpringPrintsIsNonFinite seed \(seed)")
    var rng = SeededGenerator(seed: seed)
    var read = 0
    var refused = 0
    var refusedNonFinite = 0
    for i in 0..<600 {
      // why: mix extreme and ordinary numbers so that each slot is the extreme one
      func n() -> String { Bool.random(using: &rng) ? extreme(&rng) : ordinary(&rng) }
      let forms = [
        "stiffness=\(n()) damping=\(n()) mass=\(n())",
        "stiffness=\(n()) damping=\(n()) mass=\(n()) velocity=\(n())",
        ".spring(response: \(n()), dampingFraction: 0.\(Int.random(in: 1...9, using: &rng)))",
        ".interpolatingSpring(mass: \(n()), stiffness: \(n()), damping: \(n()), initialVelocity: \(n()))",
        "spring(dampingRatio = \(n())f, stiffness = \(n())f)",
        "{ type: \"spring\", stiffness: \(n()), damping: \(n()), mass: \(n()), velocity: \(n()) }",
        "UIView.animate(withDuration: \(n()), delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: \(n()), animations: {})",
        "Spring(duration: \(n()), bounce: 0.2)",
      ]
      let text = forms[i % forms.count]
      do {
        let notation = try SpringNotationReader.read(text)
        guard case .spring(let r) = notation else { continue }
        let e = SpringEquivalents(r)
        read += 1
        #expect(e.json.firstNonFinite() == nil, "\(text) → \(JSONWriter.compact(e.json))")
        let printed = JSONWriter.compact(e.json) + e.lines.joined(separator: "\n")
        for bad in ["nan", "inf", "NaN", "Infinity"] {
          #expect(!printed.contains(bad), "\(text) printed \(bad)")
        }
      } catch {
        refused += 1
        if error.reason.contains("finite") || error.reason.contains("overflow")
          || error.reason.contains("settle within")
        {
          refusedNonFinite += 1
        }
        #expect(!error.reason.isEmpty)
      }
    }
    print(
      "SpringFiguresTests: \(read) read with finite figures, \(refused) refused (\(refusedNonFinite) as non-finite or unsettled) of 600"
    )
    #expect(read > 50 && refusedNonFinite > 50)
  }

  @Test func theIssuesExtremeInputIsRefused() {
    #expect(throws: SpringNotationError.self) {
      _ = try SpringNotationReader.read("stiffness=1e308 damping=1e308 mass=1e-308")
    }
    do {
      _ = try SpringNotationReader.read("stiffness=1e308 damping=1e308 mass=1e-308")
    } catch {
      #expect(error.reason.contains("stiffness / mass overflows"), "\(error.reason)")
    }
  }
}
