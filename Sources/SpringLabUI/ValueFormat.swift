import Foundation

/// Number formatting, parsing and quantising for sliders.
public enum ValueFormat {
  /// Decimals that show a value edited in `step`s, plus one for fine drags
  /// below 1: step 0.01 → 3 ("0.400"), step 0.1 → 2, step 1 → 0 ("120").
  public static func decimals(forStep step: Double) -> Int {
    guard step > 0, step.isFinite else { return 2 }
    if step >= 1 { return 0 }
    return Int((-log10(step)).rounded(.up)) + 1
  }

  /// The number alone, as a field being typed into starts: "0.400".
  public static func number(_ v: Double, decimals: Int) -> String {
    let s = String(format: "%.\(max(0, min(10, decimals)))f", v)
    // why: "-0.000" reads as a bug to a designer
    if Double(s) == 0, s.hasPrefix("-") { return String(s.dropFirst()) }
    return s
  }

  /// The value with its unit: "0.400 s", "120 pt", "170°", "0.72".
  public static func text(_ v: Double, decimals: Int, unit: String) -> String {
    let n = number(v, decimals: decimals)
    if unit.isEmpty { return n }
    if unit == "°" { return n + unit }
    return n + " " + unit
  }

  /// Parses typed text as a number: surrounding spaces and a trailing `unit`
  /// are allowed, a decimal comma is accepted; nil for anything else or a
  /// non-finite number.
  public static func parse(_ typed: String, unit: String = "") -> Double? {
    var s = typed.trimmingCharacters(in: .whitespaces)
    for u in [unit, "°"] where !u.isEmpty && s.hasSuffix(u) {
      s = String(s.dropLast(u.count)).trimmingCharacters(in: .whitespaces)
    }
    s = s.replacingOccurrences(of: ",", with: ".")
    guard !s.isEmpty,
      s.allSatisfy({ $0.isNumber || "+-.eE".contains($0) }),
      let v = Double(s), v.isFinite
    else { return nil }
    return v
  }

  /// `v` rounded to a multiple of `quantum` (no rounding when quantum ≤ 0).
  public static func quantize(_ v: Double, _ quantum: Double) -> Double {
    guard quantum > 0, quantum.isFinite else { return v }
    let inv = 1 / quantum
    // why: dividing by an integral 1/quantum gives the nearest double (0.72,
    // not 0.7200000000000001 from 72 × 0.01)
    if quantum < 1, abs(inv - inv.rounded()) < 1e-9 {
      return (v * inv.rounded()).rounded() / inv.rounded()
    }
    return (v / quantum).rounded() * quantum
  }

  /// `v` clamped to `range` (NaN becomes the lower bound).
  public static func clamp(_ v: Double, _ range: ClosedRange<Double>) -> Double {
    guard !v.isNaN else { return range.lowerBound }
    return min(range.upperBound, max(range.lowerBound, v))
  }
}
