import SpringLabCore
import SpringLabUI

/// A → B differences in a designer's words: the field's label, both values
/// with their unit, and what the change does ("Expand damping ratio 0.72 → 0.35 —
/// bouncier").
public enum ABDiff {
  /// One line per field that differs, in panel order.
  public static func lines(from a: Preset, to b: Preset) -> [String] {
    PresetField.all.compactMap { f in
      let va = f.json(of: a)
      let vb = f.json(of: b)
      guard va != vb else { return nil }
      let effect = effectWord(f, va, vb).map { " — " + $0 } ?? ""
      return "\(f.label) \(value(f, va)) → \(value(f, vb))\(effect)"
    }
  }

  /// The first field that differs from `a` to `b`, named as the panel
  /// names it ("Expand · Damping ratio"), its two values as the panel shows them,
  /// and how many more fields differ; nil when none does. `fields`: the
  /// fields the change set when it says (an undo step of panel edits).
  public static func firstChange(from a: Preset, to b: Preset, among fields: [FieldID]? = nil)
    -> (label: String, from: String, to: String, more: Int)?
  {
    if let fields, let named = formChange(from: a, to: b, among: fields) { return named }
    if let fields, let named = lookChange(from: a, to: b, among: fields) { return named }
    var first: (String, String, String)?
    var more = 0
    for f in fields.map({ ids in PresetField.all.filter { ids.contains($0.id) } })
      ?? PresetField.all
    {
      let va = f.json(of: a)
      let vb = f.json(of: b)
      guard va != vb else { continue }
      if first == nil {
        var (sa, sb) = (value(f, va), value(f, vb))
        // why: "Start angle back to 170° (was 170°)" for 169.9 → 170: the
        // panel's whole degrees hid the change; say the numbers as stored
        if sa == sb, case .number(let x) = va, case .number(let y) = vb,
          case .number(_, _, let unit) = f.kind
        {
          sa = exact(x, unit)
          sb = exact(y, unit)
        }
        first = (FieldNames.panel(f.path), sa, sb)
      } else {
        more += 1
      }
    }
    return first.map { (label: $0.0, from: $0.1, to: $0.2, more: more) }
  }

  /// An item's look (`fan.items`) named by the item and the row the
  /// Appearance section shows ("Item 2 · Fill back to #0B5A43"), each
  /// value as that row shows it (the built-in colour or the shared size
  /// when unset), not as "3 items"; nil when `fan.items` is not among
  /// `fields` or no item looks different.
  static func lookChange(from a: Preset, to b: Preset, among fields: [FieldID])
    -> (label: String, from: String, to: String, more: Int)?
  {
    guard fields.contains(.fanItems) else { return nil }
    let rows: [(String, (FanPreset, Int) -> String)] = [
      ("Icon", { $0.icon($1) }), ("Fill", { $0.fill($1).hex }), ("Icon tint", { $0.tint($1).hex }),
      ("Tint icon file", { $0.look($1).tintIcon ? "On" : "Off" }),
      ("Label", { $0.label($1).isEmpty ? "no label" : "\"\($0.label($1))\"" }),
      ("Size", { UnitFormat.text($0.size($1), .points) }),
    ]
    var changes: [(String, String, String)] = []
    for i in 0..<max(a.fan.count, b.fan.count) {
      for (name, shown) in rows where shown(a.fan, i) != shown(b.fan, i) {
        changes.append(("Item \(i + 1) · \(name)", shown(a.fan, i), shown(b.fan, i)))
      }
    }
    guard let first = changes.first else { return nil }
    let others = fields.filter { $0 != .fanItems }.filter {
      $0.field.json(of: a) != $0.field.json(of: b)
    }.count
    return (label: first.0, from: first.1, to: first.2, more: changes.count - 1 + others)
  }

  /// A spring edited in a form other than UIKit, named by that form's own
  /// numbers as its panel rows show them ("Expand · Response back to
  /// 0.500 s"), not by the UIKit fields the edit was stored in; nil when no
  /// such spring is among `fields` or its form changed too.
  static func formChange(from a: Preset, to b: Preset, among fields: [FieldID])
    -> (label: String, from: String, to: String, more: Int)?
  {
    for s in PresetSpring.all {
      let form = b[keyPath: s.form]
      let stored = [s.fields.duration, s.fields.damping, s.fields.velocity, s.fields.mass]
      guard form != .uikit, a[keyPath: s.form] == form, fields.contains(where: stored.contains)
      else { continue }
      // why: compared as the panel shows them, so a change below its
      // decimals (a rounding in the stored UIKit values) is no change
      func shown(_ p: Preset) -> [SpringFormParameter: String] {
        let u = UIKitSpringValues(
          duration: p[keyPath: s.duration], damping: p[keyPath: s.damping],
          velocity: p[keyPath: s.velocity])
        var out: [SpringFormParameter: String] = [:]
        for (k, v) in SpringFormEditor.values(form, of: u, mass: p[keyPath: s.mass]) {
          out[k] = UnitFormat.text(v, k.unit)
        }
        return out
      }
      let (va, vb) = (shown(a), shown(b))
      let changed = form.parameters.filter { va[$0] != vb[$0] }
      guard let first = changed.first, let from = va[first], let to = vb[first] else { continue }
      let section =
        FieldNames.panel(s.fields.duration.rawValue)
        .components(separatedBy: " · ").first ?? ""
      let others = fields.filter { !s.fields.all.contains($0) }.count
      return (
        label: "\(section) · \(first.label)", from: from, to: to,
        more: changed.count - 1 + others
      )
    }
    return nil
  }

  /// A value as the panel says it: numbers with their unit, choices by
  /// their human name, lists by their length.
  /// `x` as the preset file spells it, with its unit ("169.9°", "0.7215").
  static func exact(_ x: Double, _ unit: FieldUnit) -> String {
    let n = JSONWriter.number(x)
    switch unit {
    case .none: return n
    case .degrees: return n + "°"
    default: return n + " " + unit.rawValue
    }
  }

  static func value(_ f: PresetField, _ v: JSONValue) -> String {
    switch (f.kind, v) {
    case (.number(_, _, let unit), .number(let d)):
      return UnitFormat.text(d, unit)
    case (.choice, .string(let s)): return ChoiceNames.human(s)
    case (.flag, .bool(let on)): return on ? "on" : "off"
    case (_, .array(let items)): return "\(items.count) item\(items.count == 1 ? "" : "s")"
    default: return v.preview
    }
  }

  /// What a numeric change does to the motion, when it has a plain name.
  static func effectWord(_ f: PresetField, _ a: JSONValue, _ b: JSONValue) -> String? {
    guard case .number(let x) = a, case .number(let y) = b else { return nil }
    let up = y > x
    let leaf = f.path.split(separator: ".").last.map(String.init) ?? f.path
    switch leaf {
    case "damping": return up ? "calmer" : "bouncier"
    case "duration", "outDuration", "backDuration", "closeDuration", "openDuration":
      return up ? "slower" : "quicker"
    case "stagger": return up ? "more cascade" : "more together"
    case "velocity": return up ? "punchier start" : "softer start"
    case "radius": return up ? "wider" : "tighter"
    case "distance" where f.id == .fanOvershootDistance:
      return up ? "more overshoot" : "less overshoot"
    case "deceleration": return up ? "flings travel farther" : "flings stop sooner"
    case "longPress": return up ? "longer hold" : "shorter hold"
    default: return nil
    }
  }
}
