/// The preset-field reference in docs/FORMATS.md, generated from the field
/// table so the documentation cannot drift from what the reader accepts.
extension PresetField {
  /// Markers around the generated block in docs/FORMATS.md.
  public static let docsBegin =
    "<!-- preset fields: generated from the field table; do not edit -->"
  public static let docsEnd = "<!-- end of preset fields -->"

  /// The allowed values as the reference table shows them.
  var rangeText: String {
    func n(_ d: Double) -> String { JSONWriter.number(d) }
    switch kind {
    case .number where isUnbounded: return "any finite number"
    case .number(_, let r, _): return "\(n(r.lowerBound)) … \(n(r.upperBound))"
    case .integer(_, let r): return "whole number \(r.lowerBound) … \(r.upperBound)"
    case .choice(let c): return c.options.map { "`\($0)`" }.joined(separator: ", ")
    case .flag: return "`true`, `false`"
    case .text(_, let lo, let hi): return "\(lo) … \(hi) printable characters"
    case .points: return "at most 12 `[x, y]` pairs, each −2000 … 2000"
    case .names(_, let allowed):
      return "at most 12 of " + allowed.map { "`\($0)`" }.joined(separator: ", ")
    case .color: return "`#RRGGBB` or `#RRGGBBAA`"
    case .looks:
      return
        "at most 12 objects of `fill`, `tint` (colours), `label` (0 … \(ItemLook.maxLabel) printable characters), `size` (\(n(ItemLook.sizeRange.lowerBound)) … \(n(ItemLook.sizeRange.upperBound)) points), `icon` (built-in name or `.svg`/`.png` path), `tintIcon` (`true`, `false`)"
    case .icon(_, let allowed, let optional):
      return (optional ? "`\"\"` (none), " : "")
        + allowed.map { "`\($0)`" }.joined(separator: ", ") + ", or a relative `.svg`/`.png` path"
    }
  }

  var unitText: String {
    switch kind {
    case .number(_, _, let u): return u.name
    case .points: return FieldUnit.points.name
    default: return "—"
    }
  }

  /// The generated Markdown block, markers included, one table per group.
  public static func docsMarkdown() -> String {
    let defaults = Preset()
    var out = [docsBegin, ""]
    for g in FieldGroup.allCases {
      let fields = all.filter { $0.group == g }
      guard !fields.isEmpty else { continue }
      out += [
        "### \(g.title)", "", "| Path | Unit | Range | Default | Meaning |",
        "| --- | --- | --- | --- | --- |",
      ]
      for f in fields {
        let cells = [
          "`\(f.path)`", f.unitText, f.rangeText, "`\(JSONWriter.compact(f.json(of: defaults)))`",
          f.meaning,
        ]
        out.append(
          "| "
            + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ")
            + " |")
      }
      out.append("")
    }
    out.append(docsEnd)
    return out.joined(separator: "\n")
  }
}
