import Foundation
import SpringLabCore
import Testing

// why: the fit tests of every motion kind check a printed spring the same
// way (FitRecordingTests, FitMoreMotionsTests)

/// Prints the case's row and checks the printed spring against `truth`:
/// the truth within 3σ of each number (never a confident wrong answer),
/// and each number within `tolerance` unless its 3σ says it cannot be.
func checkHonest(
  _ name: String, _ o: [String: Any], truth: UIKitSpring, tolerance: Double = 0.02
) {
  let s = truth.spring
  let u = o["uncertainty"] as? [String: Any] ?? [:]
  var row = "fit-case \(name): model \(o["model"] ?? "-") (\(o["evidence"] ?? "-"))"
  // why: every clip here is a spring: a tween may be named only as one of
  // two the samples cannot tell apart, never with evidence
  #expect(
    o["model"] as? String == "spring" || o["evidence"] as? String == "indistinguishable",
    "\(name): a spring reported as a \(o["evidence"] ?? "-") tween")
  for (key, true_) in [
    ("dampingRatio", s.dampingRatio), ("response", 2 * .pi / s.naturalFrequency),
  ] {
    let x = o[key] as? Double ?? .infinity
    let sigma = u[key] as? Double ?? .infinity
    let error = (x - true_) / true_
    row +=
      " · \(key) truth \(String(format: "%.4f", true_)) fitted \(String(format: "%.4f", x)) ± \(String(format: "%.4f", sigma)) error \(String(format: "%+.2f", error * 100)) %"
    #expect(abs(x - true_) <= 3 * sigma, "\(name): \(key) \(x) ± \(sigma), truth \(true_)")
    #expect(
      abs(error) <= tolerance || 3 * sigma / abs(x) > tolerance,
      "\(name): \(key) off by \(error * 100) % while its 3σ claims \(3 * sigma / abs(x) * 100) %")
  }
  print(row)
}

/// The damping ratio and the response within `tolerance` of the truth.
func checkWithin(_ o: [String: Any], truth: UIKitSpring, _ tolerance: Double) {
  let s = truth.spring
  for (key, true_) in [
    ("dampingRatio", s.dampingRatio), ("response", 2 * .pi / s.naturalFrequency),
  ] {
    let x = o[key] as? Double ?? .infinity
    #expect(abs(x / true_ - 1) <= tolerance, "\(key) \(x), truth \(true_)")
  }
}
