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

  /// Parses typed text as a number; nil for anything `check` rejects.
  public static func parse(_ typed: String, unit: String = "") -> Double? {
    if case .success(let v) = check(typed, unit: unit) { return v }
    return nil
  }

  /// Why typed text is not a number, in words for the field's message.
  public struct Rejection: Error, Equatable, Sendable {
    public var reason: String
  }

  /// Reads typed text as a number: surrounding spaces and a trailing `unit`
  /// (or `°`) are allowed; commas either group thousands (`1,000` is 1000,
  /// `12,345.5`) or are the one decimal comma (`0,5` is 0.5). Anything else is
  /// rejected with the reason (`1 000`: a space inside; `12O`: a letter O).
  public static func check(_ typed: String, unit: String = "") -> Result<Double, Rejection> {
    func no(_ reason: String) -> Result<Double, Rejection> { .failure(Rejection(reason: reason)) }
    var s = typed.trimmingCharacters(in: .whitespaces)
    for u in [unit, "°"] where !u.isEmpty && s.hasSuffix(u) {
      s = String(s.dropLast(u.count)).trimmingCharacters(in: .whitespaces)
    }
    if s.isEmpty { return no("type a number") }
    if s.contains(where: \.isWhitespace) {
      return no("no spaces inside a number (type \(s.filter { !$0.isWhitespace }))")
    }
    if s.contains(",") {
      if isThousandsGrouped(s) {
        s.removeAll { $0 == "," }
      } else if s.filter({ $0 == "," }).count == 1 && !s.contains(".") {
        s = s.replacingOccurrences(of: ",", with: ".")
      } else {
        return no("commas group thousands (1,000) or mark the decimals (0,5), not both")
      }
    }
    if let bad = s.first(where: { !($0.isASCII && ($0.isNumber || "+-.eE".contains($0))) }) {
      return no("“\(bad)” is not part of a number")
    }
    guard let v = Double(s) else { return no("not a number") }
    guard v.isFinite else { return no("too large") }
    return .success(v)
  }

  /// `1,000`, `-12,345,678.25`: digits grouped by threes with commas.
  static func isThousandsGrouped(_ s: String) -> Bool {
    var body = Substring(s)
    if body.first == "+" || body.first == "-" { body = body.dropFirst() }
    let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let groups = parts[0].split(separator: ",", omittingEmptySubsequences: false)
    guard groups.count >= 2, (1...3).contains(groups[0].count),
      groups.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      groups.dropFirst().allSatisfy({ $0.count == 3 })
    else { return false }
    return parts.count == 1 || parts[1].allSatisfy { $0.isASCII && $0.isNumber }
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
