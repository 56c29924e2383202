import Foundation

/// Saves a preset over an existing file the way a person would edit it:
/// the file's keys keep their order, its one-line objects stay on one line,
/// untouched values keep their exact text, and fields the file leaves out
/// stay out while they hold their defaults. A field that gains a
/// non-default value is added where the canonical order (`schema`, `name`,
/// then the field table's order) puts it among the keys already there.
/// So changing one slider and saving changes one line of the file.
public enum PresetSparseWriter {
  /// The text to write for `p` over `existing` (the file's current text).
  /// Without an existing text, or when it is not a JSON object, the full
  /// canonical text (`PresetWriter.text`).
  public static func text(_ p: Preset, over existing: String?) -> String {
    guard let existing, var doc = StyledDocument.parse(existing),
      case .object = doc.root
    else { return PresetWriter.text(p) }
    let schema = lowestSchema(p, keeping: doc.root.value)
    let new = PresetWriter.json(p, schema: schema)
    let defaults = PresetWriter.json(Preset(), schema: schema)
    doc.root = merge(doc.root, new: new, defaults: defaults, oneLine: false)
    return doc.text
  }

  /// The schema a save over `file` writes: the lowest that expresses `p`
  /// (`Preset.writtenSchema`), raised only for a newer field the file holds
  /// with the value it keeps (a hand-written `"form": "uikit"` stays, and
  /// with it schema 3). A newer field whose value this save changes back to
  /// its default is dropped, so a preset whose forms return to UIKit is
  /// written as schema 2 again, as it was before a form was chosen.
  static func lowestSchema(_ p: Preset, keeping file: JSONValue) -> Int {
    var schema = p.writtenSchema
    for f in PresetField.all where f.sinceSchema > schema {
      var node: JSONValue? = file
      for part in f.path.split(separator: ".") { node = node?[String(part)] }
      if let node, node == f.json(of: p) { schema = max(schema, f.sinceSchema) }
    }
    return schema
  }

  static func merge(_ s: StyledJSON, new: JSONValue, defaults: JSONValue?, oneLine: Bool)
    -> StyledJSON
  {
    if s.value == new { return s }
    switch (s, new) {
    case (.object(let members, let one), .object(let fields)):
      return .object(
        mergeMembers(members, new: fields, defaults: defaults, oneLine: one), oneLine: one)
    case (.array(_, let one), .array):
      return StyledJSON.fresh(new, oneLine: one)
    default:
      return StyledJSON.fresh(new, oneLine: oneLine)
    }
  }

  static func mergeMembers(
    _ members: [StyledJSON.Member], new: [(String, JSONValue)], defaults: JSONValue?,
    oneLine: Bool
  ) -> [StyledJSON.Member] {
    var out: [StyledJSON.Member] = []
    for m in members {
      // why: keys the format no longer has were migrated from an older schema
      // (their new names are added below when they differ from the defaults)
      guard let v = new.first(where: { $0.0 == m.key })?.1 else { continue }
      let merged = merge(m.value, new: v, defaults: defaults?[m.key], oneLine: oneLine)
      // why: an object that held only dropped newer-schema keys (a form back
      // to UIKit) goes with them, as it was before; one written empty stays
      if case .object(let had, _) = m.value, !had.isEmpty, case .object(let left, _) = merged,
        left.isEmpty, sparse(v, defaults: defaults?[m.key]) == nil
      {
        continue
      }
      out.append(.init(key: m.key, value: merged))
    }
    for (k, (key, v)) in new.enumerated() where !out.contains(where: { $0.key == key }) {
      guard let added = sparse(v, defaults: defaults?[key]) else { continue }
      let before = Set(new.prefix(k).map(\.0))
      let at = (out.lastIndex { before.contains($0.key) }).map { $0 + 1 } ?? 0
      out.insert(.init(key: key, value: StyledJSON.fresh(added, oneLine: oneLine)), at: at)
    }
    return out
  }

  /// The part of `v` that differs from `defaults`, or nil when nothing does.
  static func sparse(_ v: JSONValue, defaults: JSONValue?) -> JSONValue? {
    if v == defaults { return nil }
    guard case .object(let members) = v, case .object? = defaults else { return v }
    let kept = members.compactMap { m in sparse(m.1, defaults: defaults?[m.0]).map { (m.0, $0) } }
    return kept.isEmpty ? nil : .object(kept)
  }
}
