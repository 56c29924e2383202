import SpringLabCore

/// Field names as the panel shows them, for lint, toasts and undo: the
/// section and the row ("Expand · Duration"), never the preset path.
enum FieldNames {
  /// "Expand · Duration" for `fan.expand.duration`; the path itself for a
  /// field the table does not know.
  static func panel(_ path: String) -> String {
    guard let f = PresetField.named(path) else { return path }
    let section = f.group.title
    // why: inside "Expand", "Expand duration" reads as "Duration" (as the panel's row does)
    let first = section.split(separator: " ").first.map(String.init) ?? section
    var row = f.label
    if row.hasPrefix(first + " ") {
      row = String(row.dropFirst(first.count + 1))
      row = row.prefix(1).uppercased() + row.dropFirst()
    }
    return section == row ? row : "\(section) · \(row)"
  }

  /// Several fields: "Expand · Duration, Expand · Stagger".
  static func panel(_ paths: [String]) -> String {
    paths.map { panel($0) }.joined(separator: ", ")
  }
}
