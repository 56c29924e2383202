import SpringLabCore
import SpringLabUI

/// Why an edit of a spring in some form was refused: presets store UIKit's
/// numbers, and the edited spring has none (overdamped, too slow, …).
public struct SpringFormRefusal: Sendable, Equatable {
  /// The spring's fields (which spring it is).
  public var spring: SpringFields
  public var reason: String
}

/// The panel rows of a spring in its chosen form: the form picker, the
/// form's numbers (`PanelRow.formNumber`, converted to and from the stored
/// UIKit numbers by `SpringFormEditor`), and one status line (what plays, in
/// UIKit's numbers, or why the last edit was refused).
enum SpringFormRows {
  /// The rows after the form picker for `s` in `form` (empty for UIKit, whose
  /// rows are the preset's own fields).
  static func rows(_ s: PresetSpring, _ form: SpringForm) -> [PanelRow] {
    guard form != .uikit else { return [] }
    let id = s.fields.duration
    return form.parameters.map { .formNumber(spring: id, $0) } + [.formStatus(spring: id)]
  }

  /// Draws a virtual row (a form's number or the status line); false when
  /// `row` is a field row.
  static func draw(
    _ row: PanelRow, in p: inout Preset, state: StudioState, ui: UIContext, width: Double,
    actions: inout [StudioAction]
  ) -> Bool {
    guard let s = row.spring else { return false }
    let form = p[keyPath: s.form]
    let u = s.values(p)
    let mass = p[keyPath: s.mass]
    if case .formStatus = row {
      // why: always two lines, so a refusal never moves the rows below
      let lines: [String]
      let color: RGBA
      if let r = state.springFormRefusal, r.spring == s.fields {
        lines = ui.wrap("⚠ Not stored: \(r.reason)", width: width)
        color = PanelView.warn
      } else {
        lines = [
          "Plays as UIKit \(UnitFormat.text(u.duration, .seconds)), ζ \(UnitFormat.text(u.damping, .none)), v \(UnitFormat.text(u.velocity, .none))",
          "(presets keep UIKit's numbers)",
        ]
        color = PanelView.dim
      }
      for i in 0..<2 {
        let line = i < lines.count ? lines[i] : ""
        ui.label(i == 1 && lines.count > 2 ? ui.fit(line + " …", width: width) : line, color: color)
      }
      return true
    }
    guard case .formNumber(_, let param) = row else { return false }
    let values = SpringFormEditor.values(form, of: u, mass: mass)
    let base = Preset.seedDefault
    let defaults = SpringFormEditor.values(form, of: s.values(base), mass: base[keyPath: s.mass])
    var v = values[param] ?? 0
    // why: a value past the drag span (a heavy mass doubles the stiffness)
    // widens the track to reach it instead of mapping the whole typed range
    let t = param.dragRange
    let track = min(t.lowerBound, v)...max(t.upperBound, v)
    ui.setNextItemHelp(param.help)
    let changed = ui.slider(
      param.label + "##" + row.key, value: &v, range: param.range, default: defaults[param],
      unit: param.unit.rawValue, step: UIContext.step(range: param.dragRange, unit: param.unit),
      decimals: UnitFormat.decimals(param.unit), track: track)
    guard changed else { return true }
    switch SpringFormEditor.set(param, to: v, form: form, in: u, mass: mass) {
    case .success(let (stored, m)): s.store(stored, mass: m, in: &p)
    case .failure(let e):
      actions.append(.springFormRefused(SpringFormRefusal(spring: s.fields, reason: e.reason)))
    }
    return true
  }

  /// The form picker of a spring (the `<prefix>.form` field), with the
  /// forms' own names.
  static func picker(_ s: PresetSpring, in p: inout Preset, ui: UIContext) {
    var name = p[keyPath: s.form].rawValue
    let forms = SpringForm.allCases
    ui.setNextItemHelp(PanelView.help(s.fields.form.field))
    if ui.picker(
      "Form##" + s.fields.form.path, selection: &name, options: forms.map(\.rawValue),
      titles: forms.map(\.title)), let f = SpringForm(rawValue: name)
    {
      choose(f, for: s, in: &p)
    }
  }

  /// Sets the form `s` is edited in. Back to UIKit (the default), the
  /// physics mass returns to 1 too: UIKit has no mass, and a spring that
  /// uses no other form is then saved as the schema 2 it was.
  static func choose(_ f: SpringForm, for s: PresetSpring, in p: inout Preset) {
    p[keyPath: s.form] = f
    // why: a mass left at 2 would keep the file at schema 3 for a number no UIKit row shows
    if f == .uikit { p[keyPath: s.mass] = 1 }
  }
}
