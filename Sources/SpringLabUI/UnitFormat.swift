import SpringLabCore

/// The one way the panel writes a number of a given unit, keyed by the
/// field table's unit: times "0.300 s", ratios "0.720", lengths "120 pt",
/// angles "170°", speeds "200 pt/s". Every field of a unit shows the same
/// decimals, so a column of values lines up and 0.3 never reads as 0.2999.
public enum UnitFormat {
  /// Decimals shown for `unit`: a millisecond for times, a thousandth for
  /// ratios (damping 0.998 vs 0.99 must differ), whole points and degrees
  /// (sub-point values are typed, never dragged).
  public static func decimals(_ unit: FieldUnit) -> Int {
    switch unit {
    case .seconds, .none: return 3
    case .points, .degrees, .pointsPerSecond: return 0
    }
  }

  /// `v` with its unit: "0.300 s", "0.720", "120 pt", "170°", "200 pt/s".
  public static func text(_ v: Double, _ unit: FieldUnit) -> String {
    ValueFormat.text(v, decimals: decimals(unit), unit: unit.rawValue)
  }

  /// The number alone, as typing starts: "0.300".
  public static func number(_ v: Double, _ unit: FieldUnit) -> String {
    ValueFormat.number(v, decimals: decimals(unit))
  }

  /// Whether `shown` is written as `unit` writes numbers (tests and lint of
  /// what the panel drew): the digits, exactly `decimals(unit)` of them after
  /// the point, then the unit.
  public static func matches(_ shown: String, _ unit: FieldUnit) -> Bool {
    var s = Substring(shown)
    switch unit {
    case .none: break
    case .degrees:
      guard s.hasSuffix("°") else { return false }
      s = s.dropLast()
    default:
      guard s.hasSuffix(" " + unit.rawValue) else { return false }
      s = s.dropLast(unit.rawValue.count + 1)
    }
    if s.first == "-" { s = s.dropFirst() }
    let parts = s.split(separator: ".", omittingEmptySubsequences: false)
    let d = decimals(unit)
    guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit) else {
      return false
    }
    if d == 0 { return parts.count == 1 }
    return parts.count == 2 && parts[1].count == d && parts[1].allSatisfy(\.isASCIIDigit)
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
