import SpringLabCore
import SpringLabUI

/// The panel column. Every row has a fixed place: nothing an action does
/// (pinning A, a lint selection, an error) inserts rows above others, so
/// the row under the pointer stays the row under the pointer.
enum PanelView {
  static let dim = RGBA(0x8E, 0x8E, 0x93)
  static let warn = RGBA(0xFF, 0xD6, 0x0A)
  static let good = RGBA(0x30, 0xD1, 0x58)

  /// The status line under the buttons: the motion clock, the speed and
  /// the fan's phase. The only panel text that changes with time alone, so
  /// a panel cached while something moves gets just this line redrawn
  /// (`StudioView`).
  static func status(_ state: StudioState) -> String {
    let tl = state.timeline
    let phase = state.scene.fan.phase(at: state.scene.now)
    // why: the clock counts from the start of the fan's current motion, as
    // the graph's playhead does (time since launch meant nothing); the
    // window draws nothing at rest, so no clock sits frozen there
    let clock: String
    if phase == .expanding || phase == .collapsing {
      let t = max(0, state.scene.now - state.scene.fan.motionStart)
      clock = "Motion \(UnitFormat.text(t, .seconds))"
    } else if tl.paused {
      clock = "Paused"
    } else {
      clock = state.isAnimating ? "Moving" : "At rest"
    }
    let pausedMark = tl.paused && clock != "Paused" ? " · paused" : ""
    return "\(clock) · \(Fmt.speed(tl.speed))\(pausedMark) · fan \(phase.rawValue)"
  }

  /// `warnings`: the state's live lint (`StudioView.liveWarnings`);
  /// `timings`: the motions' figures (`StudioView.timings`).
  static func build(
    _ state: StudioState, warnings: [LintWarning], timings: PanelTimings, in r: PixelRect,
    ui: UIContext, actions: inout [StudioAction]
  ) {
    let before = state.preset
    var p = before
    var edited: [FieldID] = []
    // why: the document, Replay/Auto/Save, the status and the tabs stay
    // pinned while the body (the springs first) scrolls under them
    ui.beginPanel("panelHeader", rect: r)
    ui.label("\(p.name)\(state.modified ? "  • modified" : "")", color: RGBA(255, 255, 255))
    let width = r.w - 2 * ui.scale * ui.theme.padding - 4 * ui.scale
    // why: always exactly one line, so an error never pushes the rows below; it
    // replaces the path until the next success (the toast and stderr carry it whole)
    if let e = state.loadError {
      ui.fittedLabel(e, width: width, color: RGBA(0xFF, 0x45, 0x3A))
    } else {
      // why: cut from the start, so the file's name stays readable
      ui.fittedLabel(
        state.document.path ?? "not saved yet", width: width, color: dim,
        path: state.document.path != nil)
    }
    switch ui.buttons(["Replay", state.autoReplay ? "Auto ■" : "Auto ▶", "Save", "Save as…"]) {
    case 0: actions.append(.command(.replay))
    case 1: actions.append(.command(.toggleAutoReplay))
    case 2: actions.append(.command(.save))
    case 3: actions.append(.command(.saveAs))
    default: break
    }
    ui.label(status(state))
    // why: one line of fixed height; the selected warning's message shows here, not inserted above its field
    let highlighted = state.highlightedWarning(in: warnings)
    if let w = highlighted {
      ui.fittedLabel(
        "⚠ \(FieldNames.panel(w.fields.first ?? "")): \(w.message)", width: width, color: warn)
    } else {
      ui.label(
        warnings.isEmpty
          ? "Lint: clean"
          : "Lint: \(warnings.count) warning\(warnings.count == 1 ? "" : "s") · L visits them",
        color: warnings.isEmpty ? good : warn)
    }
    let tabs = PanelTab.allCases
    ui.space(2)
    if let i = ui.tabBar(tabs.map(\.title), selected: tabs.firstIndex(of: state.panelTab) ?? 0) {
      actions.append(.panelTab(tabs[i]))
    }
    // why: the body starts right under the tab row, so the selected tab
    // opens into it (no band of header between them)
    let headerBottom = ui.lastItemRect.map { $0.y + $0.h } ?? r.y
    ui.endPanel()
    // why: the state owns which sections are open (remembered across
    // sessions); a click flips it for this frame's drawing and says so
    func section(_ title: String, _ s: PanelSection) -> Bool {
      var open = state.panelFolds.isOpen(s)
      ui.section("\(title)##\(s.key)", open: &open)
      if open != state.panelFolds.isOpen(s) { actions.append(.panelSection(s, open: open)) }
      return open
    }
    ui.beginPanel(
      "panel",
      rect: PixelRect(x: r.x, y: headerBottom, w: r.w, h: max(0, r.y + r.h - headerBottom)),
      background: false)
    for group in state.panelTab.groups {
      let title = group.title
      guard let all = PanelSections.all.first(where: { $0.0 == group })?.1 else { continue }
      // why: only the controls that change this preset's motion show
      let fields = all.filter { PanelApplicability.applies($0, to: p) }
      if fields.isEmpty { continue }
      let marked = highlighted.map { w in fields.contains { w.ids.first == $0 } } ?? false
      if section(marked ? "\(title)  ⚠" : title, .group(group)) {
        for row in SpringEditorRows.rows(fields, state.preset) {
          let unedited = p
          if case .field(let id) = row,
            let s = PresetSpring.all.first(where: { $0.fields.form == id })
          {
            SpringFormRows.picker(s, in: &p, ui: ui)
            edited += s.fields.all.filter { $0.field.json(of: p) != $0.field.json(of: unedited) }
            continue
          }
          if SpringFormRows.draw(
            row, in: &p, state: state, ui: ui, width: width, actions: &actions)
          {
            // why: a form's own row (stiffness, bounce, …) stores several of the spring's fields
            if let s = row.spring {
              edited += s.fields.all.filter {
                $0.field.json(of: p) != $0.field.json(of: unedited)
              }
            }
            continue
          }
          guard case .field(let id) = row else { continue }
          let f = id.field
          // why: inside "Expand", "Expand duration" reads as "Duration" and fits the label column
          let first = title.split(separator: " ").first.map(String.init) ?? title
          var shown = f.label
          if shown.hasPrefix(first + " ") {
            shown = String(shown.dropFirst(first.count + 1))
            shown = shown.prefix(1).uppercased() + shown.dropFirst()
          }
          if state.focusRequest == id { ui.requestFocus(shown + "##" + f.path) }
          let prior = p
          // why: a label says what the number is in its form; the tooltip
          // says how (UIKit's settling duration, a damping ratio, …). A
          // switch's whole row is its hit area, so it gets none; point and
          // name lists draw nothing that could take it.
          switch f.kind {
          case .number, .integer, .choice, .text, .icon, .color:
            ui.setNextItemHelp(PanelView.help(f))
          case .flag, .points, .names, .looks: break
          }
          ui.field(f, in: &p, defaults: Preset.seedDefault, label: shown)
          // why: UIKit's mapping has no spring past a velocity bound; an edit
          // that crosses it is refused rather than played as another spring
          if p != prior,
            let s = PresetSpring.all.first(where: {
              $0.unsolvableReason(p) != nil && $0.unsolvableReason(prior) == nil
            }), let reason = s.unsolvableReason(p)
          {
            p = prior
            actions.append(.springFormRefused(SpringFormRefusal(spring: s.fields, reason: reason)))
          }
          if p != prior { edited.append(f.id) }
          if state.focusRequest == id, let fr = ui.lastItemRect {
            ui.scroll("panel", toShow: fr)
            actions.append(.focusHandled)
          }
        }
        if let line = timings.line(group) { ui.label(line, color: dim) }
      }
    }
    // why: a tab's own sections come right after its motions, above the
    // library, A/B and lint every tab shares
    if state.panelTab == .fan || state.panelTab == .bubble,
      section("Appearance", .appearance)
    {
      AppearanceRows.draw(state, in: &p, ui: ui, edited: &edited, actions: &actions)
    }
    if state.panelTab == .export, section("Export (copy to clipboard)", .export) {
      var reduce = state.overlays.reduceMotion
      if ui.toggle("Reduce Motion", value: &reduce) {
        actions.append(.reduceMotionChanged(reduce))
      }
      // why: two rows of three, so "SwiftUI" and "Compose" fit their buttons
      for formats in [[ExportFormat.uikit, .swiftui, .compose], [.css, .framer, .json]] {
        if let i = ui.buttons(formats.map { ChoiceNames.human($0.rawValue) }) {
          actions.append(.command(.copyExport(formats[i])))
        }
      }
    }
    if state.panelTab == .device, section("Backdrop", .backdrop) {
      ui.label(
        state.videoBackdrop.map { "Video: " + StudioFiles.lastComponent($0.video.path) }
          ?? state.overlays.backdrop.map(StudioFiles.lastComponent)
          ?? "Sample app (drop a PNG or a video)")
      var path = state.backdropField
      let a = ui.textField(
        "Backdrop file##backdrop", text: &path, placeholder: "/path/to/shot.png or .mp4",
        maxLength: 1024)
      if path != state.backdropField { actions.append(.backdropFieldChanged(path)) }
      if a == .submitted { actions.append(.command(.setBackdrop(path))) }
      if let v = state.videoBackdrop {
        if ui.button("Fit from here ([)") { actions.append(.command(.fitFromHere)) }
        if ui.button("Fit to here (])") { actions.append(.command(.fitToHere)) }
        ui.label(
          v.rangeArguments.isEmpty ? "Fit range: the whole clip" : "Fit range: " + v.rangeArguments)
      }
      if state.videoBackdrop?.region != nil, ui.button("Fit the marked element (F)") {
        actions.append(.command(.fitBackdrop))
      }
      if let lines = state.videoBackdrop?.lastFit, !lines.isEmpty {
        ui.label("Last fit:")
        for l in lines { ui.label(l) }
      }
      if state.overlays.backdrop != nil || state.videoBackdrop != nil, ui.button("Clear backdrop") {
        actions.append(.command(.clearBackdrop))
      }
    }
    if section("Presets", .presets) {
      LibraryView.build(state, ui: ui, actions: &actions)
    }
    // why: the A/B section is always there and always two rows; the diff is on the canvas
    if section("A / B", .compare) {
      if let cmp = state.compare {
        let n = PresetField.all.filter { $0.json(of: cmp.pinned) != $0.json(of: p) }.count
        let differ = n == 0 ? "the same" : "\(n) field\(n == 1 ? " differs" : "s differ")"
        ui.fittedLabel("A \(cmp.title) · B \(p.name) · \(differ)", width: width)
        if let i = ui.buttons([
          "Swap (X)", cmp.mode == .ghost ? "Side by side (V)" : "Ghost (V)", "Unpin (A)",
        ]) {
          actions.append(.command([.swapAB, .toggleCompareMode, .pinA][i]))
        }
      } else {
        ui.fittedLabel(
          "A: pin these settings, or Shift+click a preset", width: width,
          color: dim)
        if ui.buttons(["Pin A (A)"]) == 0 { actions.append(.command(.pinA)) }
      }
    }
    if section("Lint (\(warnings.count))", .lint) {
      if warnings.isEmpty {
        ui.label("No warnings: matches the seeds' advice.", color: good)
      }
      for (i, w) in warnings.enumerated() {
        ui.pushID("lint\(i)")
        if ui.button("⚠ " + FieldNames.panel(w.fields)), let f = w.ids.first {
          actions.append(.selectField(f))
        }
        ui.label("\(w.message) [\(w.source)]", color: warn)
        ui.popID()
      }
    }
    if state.scene.bubble.phase == .hidden, ui.button("Show the bubble again (B)") {
      actions.append(.command(.showBubble))
    }
    ui.label("SpringLab \(SpringLabVersion.string)", color: dim)
    ui.endPanel()
    // why: the edit names the preset it started from, so a list click or a
    // button acting in the same frame is never undone by a stale copy
    let settings = p.settings(of: edited)
    // why: every control that changes a value names its field, so the
    // settings alone carry the edit
    assert(before.setting(settings) == p, "a panel control changed a field it did not name")
    if !settings.isEmpty
      || ui.edits.contains(where: { $0.phase == .began || $0.phase == .ended })
    {
      actions.append(.set(settings, ui.edits.map(\.phase), against: before))
    }
  }
}

extension PanelView {
  /// A field's meaning as its label's tooltip: the field table's text
  /// without its Markdown code marks.
  static func help(_ f: PresetField) -> String {
    String(f.meaning.filter { $0 != "`" })
  }
}

/// The open dialog, centred; its buttons styled by role.
enum DialogView {
  static func build(
    _ d: StudioDialog, _ state: StudioState, ui: UIContext, actions: inout [StudioAction]
  ) {
    let s = state.window.scale
    let w = min(440 * s, state.window.width - 40 * s)
    let h = min(height(d, state, ui: ui, width: w), state.window.height - 40 * s)
    let rect = PixelRect(
      x: (state.window.width - w) / 2, y: (state.window.height - h) / 2, w: w, h: h)
    ui.beginPanel("dialog", rect: rect)
    let text = d.lines(documentName: state.documentName)
    ui.label(text.title, color: RGBA(255, 255, 255))
    if case .saveAs = d {
      var name = state.saveAsName
      ui.requestFocus("Name##saveas")
      let a = ui.textField("Name##saveas", text: &name, placeholder: "Preset name", maxLength: 64)
      if name != state.saveAsName { actions.append(.saveAsNameChanged(name)) }
      if a == .submitted { actions.append(.dialog(.save)) }
      if a == .cancelled { actions.append(.dialog(.cancel)) }
      ui.label(saveAsLine(state, name: name))
    } else if case .rename = d {
      var name = state.saveAsName
      ui.requestFocus("Name##rename")
      let a = ui.textField("Name##rename", text: &name, placeholder: "Preset name", maxLength: 64)
      if name != state.saveAsName { actions.append(.renameNameChanged(name)) }
      if a == .submitted { actions.append(.dialog(.rename)) }
      if a == .cancelled { actions.append(.dialog(.cancel)) }
    } else {
      ui.label(text.body)
    }
    let buttons = d.buttons
    if let i = ui.buttons(buttons.map(\.title), styles: buttons.map(\.style)) {
      actions.append(.dialog(buttons[i].choice))
    }
    ui.endPanel()
  }

  /// The arrow line under the Save as name field: where the file goes.
  static func saveAsLine(_ state: StudioState, name: String) -> String {
    var shown = state
    shown.saveAsName = name
    let path = shown.saveAsPath
    let replaces = state.library.contains(path) && path != state.document.path
    return "→ \(path)\(replaces ? "  (replaces the existing file)" : "")"
  }

  /// The dialog's height for its content at width `w` (pixels): padding,
  /// the wrapped title and body (or the name field), the buttons, padding;
  /// no empty band under the buttons, and a long title or path grows it.
  static func height(_ d: StudioDialog, _ state: StudioState, ui: UIContext, width w: Double)
    -> Double
  {
    let s = state.window.scale
    let theme = ui.theme
    let pad = theme.padding * s
    let gap = theme.spacing * s
    let row = theme.rowHeight * s
    let textW = w - 2 * pad - 4 * s
    // why: as `UIContext.label` lays a line out: at least 0.8 of a row
    func lines(_ text: String) -> [Double] {
      ui.wrap(text, width: textW).map { max(row * 0.8, ui.measure($0).height) }
    }
    let text = d.lines(documentName: state.documentName)
    var rows = lines(text.title)
    switch d {
    case .saveAs: rows += [row] + lines(saveAsLine(state, name: state.saveAsName))
    case .rename: rows.append(row)
    default: rows += lines(text.body)
    }
    rows.append(row)
    return 2 * pad + rows.reduce(0, +) + gap * Double(rows.count - 1)
  }
}
