import SpringLabCore
import SpringLabUI

/// Number texts for labels (no Foundation formatting in this module).
enum Fmt {
  /// `v` with exactly `places` decimals: "0.400".
  /// An interval as a fraction of a second when it is one ("1/30 s"), else in ms.
  static func interval(_ v: Double) -> String {
    let n = (1 / v).rounded()
    if n >= 2, abs(1 / n - v) < 1e-12 { return "1/\(Int(n)) s" }
    return fixed(v * 1000, 1) + " ms"
  }

  static func fixed(_ v: Double, _ places: Int) -> String {
    ValueFormat.number(v, decimals: places)
  }

  /// A playback speed: "1×", "0.5×".
  static func speed(_ v: Double) -> String { JSONWriter.number(v) + "×" }
}
