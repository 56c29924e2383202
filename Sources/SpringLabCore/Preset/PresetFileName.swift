import Foundation

/// Turns a typed preset name into a safe file name: never a path.
public enum PresetFileName {
  /// Lower-case letters, digits, `-` and `_` (accents dropped first, so
  /// "Café" gives `cafe`); other runs become `-`; at most 60 characters;
  /// never empty, never hidden; ends in `.json`.
  public static func sanitize(_ name: String) -> String {
    var out = ""
    var dash = false
    let folded = name.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
    for ch in folded.lowercased().unicodeScalars {
      if ("a"..."z").contains(ch) || ("0"..."9").contains(ch) || ch == "_" {
        out.unicodeScalars.append(ch)
        dash = false
      } else if !dash && !out.isEmpty {
        out += "-"
        dash = true
      }
    }
    while out.hasSuffix("-") { out.removeLast() }
    if out.count > 60 { out = String(out.prefix(60)) }
    while out.hasSuffix("-") { out.removeLast() }
    return (out.isEmpty ? "preset" : out) + ".json"
  }
}
