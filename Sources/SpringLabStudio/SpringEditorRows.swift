import SpringLabCore

/// Which spring and curve rows a motion's panel section shows: only the
/// controls that apply to the chosen curve.
enum SpringEditorRows {
  /// `fields` as the panel shows them for `preset`: damping and velocity
  /// are hidden for eased curves (they do nothing there), and a custom
  /// curve's control points (x1 y1 x2 y2, typed) follow its Curve row. A
  /// spring's form picker (its `form` field) comes before its duration; in a
  /// form other than UIKit the form's own rows (`SpringFormRows`) replace
  /// duration, damping and velocity.
  static func rows(_ fields: [FieldID], _ preset: Preset) -> [PanelRow] {
    var out: [PanelRow] = []
    for id in fields {
      if let (m, ids) = motion(of: id, preset) {
        let eased = PresetSpring.owning(ids.spring.duration)?.isSpring(preset) == false
        if eased && (id == ids.spring.damping || id == ids.spring.velocity) { continue }
        if id == ids.curve && m.curve == .custom {
          out.append(.field(id))
          out += ids.bezier.map(PanelRow.field)
          continue
        }
      }
      guard let s = PresetSpring.owning(id), s.isSpring(preset) else {
        if !PresetSpring.all.contains(where: { $0.fields.form == id }) { out.append(.field(id)) }
        continue
      }
      let form = preset[keyPath: s.form]
      switch id {
      case s.fields.form: continue
      case s.fields.duration:
        out.append(.field(s.fields.form))
        out += form == .uikit ? [.field(id)] : SpringFormRows.rows(s, form)
      case s.fields.damping, s.fields.velocity: if form == .uikit { out.append(.field(id)) }
      default: out.append(.field(id))
      }
    }
    return out
  }

  /// The fan move a field belongs to, with its fields.
  static func motion(of id: FieldID, _ p: Preset) -> (FanMotion, FanMoveFields)? {
    if FanMoveFields.expand.all.contains(id) { return (p.fan.expand, .expand) }
    if FanMoveFields.collapse.all.contains(id) { return (p.fan.collapse, .collapse) }
    return nil
  }
}
