import Foundation

/// Turns presets into JSON (every field, in the canonical order: `schema`
/// (the lowest that holds the preset, `Preset.writtenSchema`),
/// `name`, then the field table's order; pretty); SpringLabPlatform saves them atomically.
/// Saving over an existing file keeps its layout: see `PresetSparseWriter`.
public enum PresetWriter {
  /// The resolved preset as a JSON tree with all defaults filled in, as
  /// `schema` (default: the lowest that holds it, `Preset.writtenSchema`):
  /// fields newer than the schema are left out.
  public static func json(_ p: Preset, schema: Int? = nil) -> JSONValue {
    let version = schema ?? p.writtenSchema
    var root: [(String, JSONValue)] = [
      ("schema", .number(Double(version))), ("name", .string(p.name)),
    ]
    // why: a preset written as schema 2 must not hold fields schema 2 lacks
    for f in PresetField.all where f.sinceSchema <= version {
      insert(f.json(of: p), at: f.path.split(separator: ".").map(String.init), into: &root)
    }
    return .object(root)
  }

  private static func insert(
    _ v: JSONValue, at path: [String], into members: inout [(String, JSONValue)]
  ) {
    guard let head = path.first else { return }
    if path.count == 1 {
      members.append((head, v))
      return
    }
    if let i = members.firstIndex(where: { $0.0 == head }), case .object(var sub) = members[i].1 {
      insert(v, at: Array(path.dropFirst()), into: &sub)
      members[i].1 = .object(sub)
    } else {
      var sub: [(String, JSONValue)] = []
      insert(v, at: Array(path.dropFirst()), into: &sub)
      members.append((head, .object(sub)))
    }
  }

  /// Pretty-printed in the canonical order, trailing newline.
  public static func text(_ p: Preset) -> String { JSONWriter.pretty(json(p), sortKeys: false) }
}
