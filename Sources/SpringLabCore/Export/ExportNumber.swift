import Foundation

/// Number spelling shared by the exporters: shortest decimal with at most
/// `decimals` places, no exponent, no "-0".
enum ExportNumber {
  static func format(_ x: Double, decimals: Int = 6) -> String {
    guard x.isFinite else { return "0" }
    var s = String(format: "%.\(decimals)f", x)
    if s.contains(".") {
      while s.hasSuffix("0") { s.removeLast() }
      if s.hasSuffix(".") { s.removeLast() }
    }
    if s == "-0" { s = "0" }
    return s
  }

  /// Kotlin `Float` literal (`0.72f`, `1f`).
  static func kotlin(_ x: Double, decimals: Int = 6) -> String {
    format(x, decimals: decimals) + "f"
  }

  /// Whole milliseconds, for Compose's Int durations.
  static func millis(_ seconds: Double) -> String { String(Int((seconds * 1000).rounded())) }
}
