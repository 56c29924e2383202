import Foundation

/// Rounds numbers that come out of a conversion (a spring form, a paste, a
/// fit, a drag on the graph) so files and exports carry `0.7`, not
/// `0.6999999999999998`: each number keeps the fewest digits for which the
/// motion it plays stays within `tolerance` of the unrounded one.
///
/// "The motion it plays" is the spring's progress curve from rest, compared
/// as a supremum over its span. UIKit's snap to the target at T is left out
/// of that comparison (it would make any change of T, however small, a full
/// jump); instead T itself is kept to `durationStep` (0.1 ms, an 80th of a
/// 120 Hz frame).
public enum CleanNumbers {
  /// Largest allowed difference between the rounded and the exact motion:
  /// 0.01 % of the travel.
  public static let tolerance = 1e-4

  /// Finest duration step a rounded UIKit spring keeps, seconds.
  public static let durationStep = 1e-4

  /// `x` rounded to `decimals` places, as the decimal the writers spell.
  public static func rounded(_ x: Double, decimals: Int) -> Double {
    guard x.isFinite else { return x }
    let scale = pow(10, Double(decimals))
    let r = (x * scale).rounded() / scale
    // why: x * scale can lose the last bit; the decimal spelling is exact
    return Double(String(format: "%.\(decimals)f", r)) ?? r
  }

  /// `x` rounded to `digits` significant digits.
  public static func significant(_ x: Double, digits: Int) -> Double {
    guard x.isFinite, x != 0 else { return x }
    return rounded(x, decimals: decimals(x, significant: digits))
  }

  /// Decimal places that give `x` `significant` significant digits (never negative).
  public static func decimals(_ x: Double, significant: Int) -> Int {
    guard x.isFinite, x != 0 else { return 0 }
    let magnitude = Int(floor(log10(abs(x))))
    return max(0, significant - 1 - magnitude)
  }

  /// Largest difference of progress between two springs that both start
  /// from rest at 0 (progress 0 → 1, initial velocities in travels per
  /// second), over `span` seconds, sampled at 1,000 points and refined around
  /// the worst one.
  public static func difference(
    _ a: Spring, _ va: Double, _ b: Spring, _ vb: Double, span: Double
  ) -> Double {
    guard span > 0, span.isFinite else { return 0 }
    func gap(_ t: Double) -> Double {
      abs(a.state(at: t, x0: -1, v0: va).x - b.state(at: t, x0: -1, v0: vb).x)
    }
    let n = 1000
    var worst = 0.0
    var at = 0.0
    for i in 0...n {
      let t = span * Double(i) / Double(n)
      let g = gap(t)
      if !g.isFinite { return .infinity }
      if g > worst { (worst, at) = (g, t) }
    }
    // why: the worst gap lies between samples; a fine look around the best one
    let h = span / Double(n)
    for j in -20...20 {
      worst = max(worst, gap(min(span, max(0, at + h * Double(j) / 20))))
    }
    return worst
  }

  /// Spellings of a spring's numbers in another vocabulary (an export's
  /// stiffness and damping, SwiftUI's duration and bounce…): every value
  /// with the same count of significant digits, the fewest from 3 to 12 for
  /// which `play` of the rounded values stays within `tolerance` of
  /// `reference` over `span` seconds. `play` returns nil when the rounded
  /// values are no spring (then more digits are tried).
  public static func shortest(
    _ values: [Double], reference: Spring, velocity: Double, span: Double,
    play: ([Double]) -> Spring?
  ) -> [String] {
    for digits in 3...12 {
      let r = values.map { significant($0, digits: digits) }
      guard let s = play(r) else { continue }
      if difference(reference, velocity, s, velocity, span: span) <= tolerance {
        return zip(values, r).map { spell($1, decimals: decimals($0, significant: digits)) }
      }
    }
    return values.map { spell($0, decimals: decimals($0, significant: 12)) }
  }

  /// Fixed-point spelling with at most `decimals` places, no trailing zeros,
  /// no exponent, no "-0".
  public static func spell(_ x: Double, decimals: Int) -> String {
    guard x.isFinite else { return "0" }
    var s = String(format: "%.\(decimals)f", x)
    if s.contains(".") {
      while s.hasSuffix("0") { s.removeLast() }
      if s.hasSuffix(".") { s.removeLast() }
    }
    if s == "-0" { s = "0" }
    return s
  }
}
