import Foundation

/// Number spelling shared by the exporters: shortest decimal with at most
/// `decimals` places, no exponent, no "-0".
enum ExportNumber {
  static func format(_ x: Double, decimals: Int = 6) -> String {
    CleanNumbers.spell(x, decimals: decimals)
  }

  /// Kotlin `Float` literal (`0.72f`, `1f`).
  static func kotlin(_ x: Double, decimals: Int = 6) -> String {
    format(x, decimals: decimals) + "f"
  }

  /// A spring's numbers in an exporter's vocabulary (`values`, which `play`
  /// turns back into a spring), each with the fewest significant digits at
  /// which the printed spring plays within `CleanNumbers.tolerance` (0.01 %
  /// of travel) of the UIKit spring `d` s / `z` / `v` over its duration.
  static func spring(
    _ values: [Double], uikit d: Double, _ z: Double, _ v: Double, play: ([Double]) -> Spring?
  ) -> [String] {
    let reference = UIKitSpring(duration: d, dampingRatio: z, velocity: v).spring
    return CleanNumbers.shortest(values, reference: reference, velocity: v, span: d, play: play)
  }

  /// Whole milliseconds, for Compose's Int durations.
  static func millis(_ seconds: Double) -> String { String(Int((seconds * 1000).rounded())) }
}
