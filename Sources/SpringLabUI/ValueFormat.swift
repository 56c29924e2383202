import Foundation
import SpringLabCore

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
    let d = max(0, min(10, decimals))
    if let fast = fixed(v, decimals: d) { return fast }
    let s = String(format: "%.\(d)f", v)
    // why: "-0.000" reads as a bug to a designer
    if Double(s) == 0, s.hasPrefix("-") { return String(s.dropFirst()) }
    return s
  }

  /// `String(format: "%.Nf")` without Foundation's formatter (the window
  /// prints the motion's clock every frame): nil when the digits could
  /// differ from it — a value within 1e-6 of a rounding tie, or too large
  /// for the scaled value to be exact — so the caller falls back. Never "-0".
  static func fixed(_ v: Double, decimals d: Int) -> String? {
    guard d <= 6, v.isFinite else { return nil }
    var scale = 1.0
    for _ in 0..<d { scale *= 10 }
    let x = abs(v) * scale
    guard x < 1e9 else { return nil }
    let whole = x.rounded(.down)
    // why: printf rounds the exact binary value; near a tie the product's
    // own rounding could pick the other side
    guard abs(x - whole - 0.5) > 1e-6 else { return nil }
    let n = Int64(x.rounded())
    var digits = String(n)
    if d > 0 {
      if digits.count <= d { digits = String(repeating: "0", count: d + 1 - digits.count) + digits }
      digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -d))
    }
    return v < 0 && n != 0 ? "-" + digits : digits
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

  /// Reads typed text as a value of `unit` (a `FieldUnit` raw value, or any
  /// other unit text, matched exactly): surrounding spaces and a unit after
  /// the number, with or without a space, are allowed and converted:
  ///
  /// | unit | accepted after the number |
  /// |---|---|
  /// | `s` | `s`, `sec`, `ms` (÷ 1000): "450ms" is 0.45 |
  /// | `pt` | `pt`, `pts` |
  /// | `°` | `°`, `deg` |
  /// | `pt/s` | `pt/s` |
  /// | none (a ratio) | `%` (÷ 100): "45%" is 0.45 |
  ///
  /// `°` is accepted after any number ("170°" was always typed so). Units
  /// are matched without regard to case. Commas either group thousands
  /// (`1,000` is 1000, `12,345.5`) or are the one decimal comma (`0,5` is
  /// 0.5). Anything else is rejected with the reason (`1 000`: a space
  /// inside; `12O`: a letter O; `45%` for a time: says which units fit).
  public static func check(_ typed: String, unit: String = "") -> Result<Double, Rejection> {
    func no(_ reason: String) -> Result<Double, Rejection> { .failure(Rejection(reason: reason)) }
    var s = typed.trimmingCharacters(in: .whitespaces)
    // why: the unit is what follows the last digit or point ("1e-3 s": "s")
    let tailStart =
      s.lastIndex(where: { $0.isASCII && ($0.isNumber || $0 == ".") }).map { s.index(after: $0) }
      ?? s.startIndex
    let suffix = String(s[tailStart...]).trimmingCharacters(in: .whitespaces)
    var scale = 1.0
    if !suffix.isEmpty {
      let body = String(s[..<tailStart]).trimmingCharacters(in: .whitespaces)
      if body.isEmpty { return no("“\(suffix.first!)” is not part of a number") }
      switch TypedUnit.divisor(suffix, for: unit) {
      case .some(let d):
        scale = d
        s = body
      case .none:
        if let other = TypedUnit.kind(of: suffix) {
          return no(
            "“\(suffix)” is \(other), not \(TypedUnit.noun(unit)): \(TypedUnit.hint(for: unit))")
        }
        // why: one stray letter is a typo in the number ("12O"); a word is a unit we do not know
        if suffix.count == 1 || !suffix.allSatisfy(\.isLetter) {
          let bad = s.first { !($0.isASCII && ($0.isNumber || "+-.,eE ".contains($0))) }
          return no("“\(bad ?? suffix.first!)” is not part of a number")
        }
        return no("“\(suffix)” is not a unit: \(TypedUnit.hint(for: unit))")
      }
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
    // why: dividing by an exact 1000 gives the nearest double (0.45, not 0.45000000000000007)
    let out = scale == 1 ? v : v / scale
    guard out.isFinite else { return no("too large") }
    return .success(out)
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

/// The units a typed value may carry, by the field's unit.
enum TypedUnit {
  /// What the value is divided by for `suffix` typed into a field of
  /// `unit` (1 for the unit itself, 1000 for "ms" in seconds), nil when the
  /// suffix does not fit the field.
  static func divisor(_ suffix: String, for unit: String) -> Double? {
    let s = suffix.lowercased()
    if s == "°" || (!unit.isEmpty && s == unit.lowercased()) { return 1 }
    switch FieldUnit(rawValue: unit) {
    case .seconds?:
      if ["s", "sec", "secs", "second", "seconds"].contains(s) { return 1 }
      if ["ms", "msec"].contains(s) { return 1000 }
    case .points?:
      if ["pt", "pts", "point", "points"].contains(s) { return 1 }
    case .degrees?:
      if ["deg", "degs", "degree", "degrees"].contains(s) { return 1 }
    case .pointsPerSecond?:
      if ["pt/s", "pts/s"].contains(s) { return 1 }
    case FieldUnit.none?:
      if s == "%" { return 100 }
    case nil:
      break
    }
    return nil
  }

  /// What a known unit measures ("a time" for "ms"), nil for text that is no unit.
  static func kind(of suffix: String) -> String? {
    switch suffix.lowercased() {
    case "s", "sec", "secs", "ms", "msec", "second", "seconds": return "a time"
    case "pt", "pts", "point", "points", "px": return "a length"
    case "deg", "degs", "degree", "degrees": return "an angle"
    case "pt/s", "pts/s": return "a speed"
    case "%": return "a percentage"
    default: return nil
    }
  }

  /// What a field of `unit` holds: "a time", "a length", "a ratio".
  static func noun(_ unit: String) -> String {
    switch FieldUnit(rawValue: unit) {
    case .seconds?: return "a time"
    case .points?: return "a length"
    case .degrees?: return "an angle"
    case .pointsPerSecond?: return "a speed"
    case FieldUnit.none?: return "a ratio"
    case nil: return "a value in \(unit)"
    }
  }

  /// What to type instead, by the field's unit.
  static func hint(for unit: String) -> String {
    switch FieldUnit(rawValue: unit) {
    case .seconds?: return "type seconds (0.45 s) or milliseconds (450 ms)"
    case .points?: return "type points (120 pt)"
    case .degrees?: return "type degrees (170°)"
    case .pointsPerSecond?: return "type points per second (200 pt/s)"
    case FieldUnit.none?: return "type a number (0.45) or a percentage (45%)"
    case nil: return unit.isEmpty ? "type a number" : "type a number in \(unit)"
    }
  }
}
