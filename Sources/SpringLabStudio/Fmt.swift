import SpringLabCore
import SpringLabUI

/// Number texts for labels (no Foundation formatting in this module).
enum Fmt {
  /// `v` with exactly `places` decimals: "0.400".
  static func fixed(_ v: Double, _ places: Int) -> String {
    ValueFormat.number(v, decimals: places)
  }

  /// A playback speed: "1×", "0.5×".
  static func speed(_ v: Double) -> String { JSONWriter.number(v) + "×" }
}
