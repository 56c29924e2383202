import Foundation
import SpringLabCore
import SpringLabUI

extension App {
  /// Field paths per panel section, in order (from the field table).
  static let sections: [(String, [String])] = FieldGroup.allCases.map { g in
    (g.title, PresetField.panelFields(in: g).map(\.path))
  }

  /// The whole immediate-mode UI for one frame: the panel, then any dialog.
  func buildUI(at t: Double) {
    if panelVisible, let r = layout.panel { buildPanel(r) }
    buildDialog()
  }

  func buildPanel(_ r: PixelRect) {
    let before = scene.preset
    var p = before
    ui.beginPanel("panel", rect: r)
    ui.label("SpringLab \(SpringLabVersion.string)", color: RGBA(0x8E, 0x8E, 0x93))
    let file = presetPath.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "not saved yet"
    ui.label("\(p.name)\(modified ? "  • modified" : "")", color: RGBA(255, 255, 255))
    ui.label(file, color: RGBA(0x8E, 0x8E, 0x93))
    if let err = loadError { ui.label(err, color: RGBA(0xFF, 0x45, 0x3A)) }
    switch ui.buttons(["Replay", autoReplay ? "Auto ■" : "Auto ▶", "Save", "Save as…"]) {
    case 0: replay()
    case 1:
      autoReplay.toggle()
      autoReplayNext = scene.now
    case 2: save()
    case 3: openSaveAs()
    default: break
    }
    let speed = timeline.speed == 1 ? "1×" : String(format: "%g×", timeline.speed)
    ui.label(
      "Time \(String(format: "%.2f", timeline.time)) s · \(speed)\(timeline.paused ? " · paused" : "") · fan \(scene.fan.phase(at: scene.now).rawValue)"
    )
    // why: one line of fixed height, so rows below never jump when the count changes
    let warnings = Lint.check(p)
    ui.label(
      warnings.isEmpty
        ? "Lint: clean"
        : "Lint: \(warnings.count) warning\(warnings.count == 1 ? "" : "s") · L visits them",
      color: warnings.isEmpty ? RGBA(0x30, 0xD1, 0x58) : RGBA(0xFF, 0xD6, 0x0A))
    if ui.section("Presets") {
      let files = App.presetFiles()
      let names = files.enumerated().map {
        "\($0.offset < 9 ? "\($0.offset + 1)  " : "   ")"
          + URL(fileURLWithPath: $0.element).lastPathComponent
      }
      let current = files.firstIndex {
        presetPath.map(URL.init(fileURLWithPath:))?.standardizedFileURL.path
          == URL(fileURLWithPath: $0).standardizedFileURL.path
      }
      if let i = ui.list("presets", items: names, selected: current, visibleRows: 6) {
        request(.load(files[i]))
      }
    }
    if let a = pinned, ui.section("A / B") {
      let diffs = PresetField.all.filter { $0.json(of: a) != $0.json(of: p) }
      if diffs.isEmpty { ui.label("A and B are the same.") }
      for f in diffs { ui.label("\(f.path): \(f.json(of: a).preview) → \(f.json(of: p).preview)") }
      if let i = ui.buttons([
        "Swap (X)", compareMode == .ghost ? "Side by side (V)" : "Ghost (V)", "Unpin (A)",
      ]) {
        if i == 0 {
          swapAB()
        } else if i == 1 {
          compareMode = compareMode == .ghost ? .sideBySide : .ghost
        } else {
          pinA()
        }
      }
    }
    for (title, paths) in App.sections {
      let highlighted = paths.contains { $0 == highlightField }
      if ui.section(highlighted ? "\(title)  ⚠" : title) {
        for path in paths {
          guard let f = PresetField.named(path) else { continue }
          if path == highlightField, let w = warnings.first(where: { $0.fields.contains(path) }) {
            ui.label("▼ \(w.message)", color: RGBA(0xFF, 0xD6, 0x0A))
          }
          // why: inside "Expand", "Expand duration" reads as "Duration" and fits the label column
          let first = title.split(separator: " ").first.map(String.init) ?? title
          var shown = f.label
          if shown.hasPrefix(first + " ") {
            shown = String(shown.dropFirst(first.count + 1))
            shown = shown.prefix(1).uppercased() + shown.dropFirst()
          }
          if focusRequest == path { ui.requestFocus(shown + "##" + f.path) }
          ui.field(f, in: &p, defaults: Preset.seedDefault, label: shown)
          if focusRequest == path { focusRect = ui.lastItemRect }
        }
      }
    }
    if ui.section("Lint (\(warnings.count))") {
      if warnings.isEmpty {
        ui.label("No warnings: matches the seeds' advice.", color: RGBA(0x30, 0xD1, 0x58))
      }
      for (i, w) in warnings.enumerated() {
        ui.pushID("lint\(i)")
        if ui.button("⚠ " + w.fields.joined(separator: ", ")) { select(w.fields.first) }
        ui.label("\(w.message) [\(w.source)]", color: RGBA(0xFF, 0xD6, 0x0A))
        ui.popID()
      }
    }
    if ui.section("Export (copy to clipboard)") {
      ui.toggle("Preview Reduce Motion", value: &options.reduceMotion)
      let formats: [ExportFormat] = [.uikit, .swiftui, .compose, .css, .framer, .json]
      if let i = ui.buttons(formats.map(\.rawValue)) { copyExport(formats[i]) }
    }
    if ui.section("Backdrop") {
      ui.label(
        options.background.map { URL(fileURLWithPath: $0).lastPathComponent }
          ?? "Sample app (drop a PNG on the window)")
      var path = backdropField
      if ui.textField(
        "PNG path##backdrop", text: &path, placeholder: "/path/to/screenshot.png", maxLength: 1024)
        == .submitted
      {
        setBackground(path)
      }
      backdropField = path
      if options.background != nil, ui.button("Clear backdrop") { options.background = nil }
    }
    if scene.bubble.phase == .hidden, ui.button("Show the bubble again (B)") { send(.showBubble) }
    ui.endPanel()
    if focusRequest != nil, let r = focusRect {
      ui.scroll("panel", toShow: r)
      focusRequest = nil
      focusRect = nil
    }
    for e in ui.edits {
      switch e.phase {
      case .began: history.begin(before)
      case .changed: break
      case .ended: history.commit(p)
      case .committed:
        history.begin(before)
        history.commit(p)
      }
    }
    if p != before { applyPreset(p) }
  }

  /// Selects the field that fixes a lint warning: highlighted, focused (arrow
  /// keys nudge it, Enter types a value) and scrolled into view.
  func select(_ path: String?) {
    highlightField = path
    focusRequest = path
    panelVisible = true
  }

  /// L: the next lint warning's field.
  func selectNextLintField() {
    let warnings = Lint.check(scene.preset)
    guard !warnings.isEmpty else {
      highlightField = nil
      flash("No lint warnings")
      return
    }
    let w = warnings[lintCursor % warnings.count]
    lintCursor += 1
    select(w.fields.first)
    flash("\(w.fields.first ?? ""): \(w.message)")
  }

  /// Replay: collapse if open, else bloom.
  func replay() {
    let phase = scene.fan.phase(at: scene.now)
    send(.key("space"))
    if phase == .expanded { autoReplayNext = scene.fan.motionEnd + 0.6 }
  }

  func buildDialog() {
    guard let d = dialog else { return }
    let s = window.scale
    let w = min(440 * s, Double(window.pixelWidth) - 40 * s)
    let h: Double
    switch d {
    case .saveAs: h = 136 * s
    default: h = 112 * s
    }
    let rect = PixelRect(
      x: (Double(window.pixelWidth) - w) / 2, y: (Double(window.pixelHeight) - h) / 2, w: w, h: h)
    let escape = ui.frameEvents.contains {
      if case .keyDown("escape", _, _) = $0 { return true } else { return false }
    }
    ui.beginPanel("dialog", rect: rect)
    switch d {
    case .saveAs:
      ui.label("Save preset as", color: RGBA(255, 255, 255))
      let action = ui.textField(
        "Name##saveas", text: &saveAsName, placeholder: "Preset name", maxLength: 64)
      let path = saveAsPath(saveAsName)
      let exists = FileManager.default.fileExists(atPath: path)
      ui.label(
        "→ presets/\(URL(fileURLWithPath: path).lastPathComponent)\(exists ? "  (replaces the existing file)" : "")"
      )
      let choice = ui.buttons(["Save", "Cancel"])
      if action == .submitted || choice == 0 {
        dialog = nil
        write(to: path, name: saveAsName)
      } else if choice == 1 || action == .cancelled || escape {
        dialog = nil
      }
    case .confirm(let title, let then):
      if case .quit = then {
        ui.label(
          title.replacingOccurrences(of: "?", with: " before quitting?"), color: RGBA(255, 255, 255)
        )
      } else {
        ui.label(
          title.replacingOccurrences(of: "?", with: " before loading another preset?"),
          color: RGBA(255, 255, 255))
      }
      ui.label("Your changes are lost if you don't save them.")
      switch ui.buttons(["Save", "Don't save", "Cancel"]) {
      case 0:
        dialog = nil
        if presetPath == nil {
          write(to: saveAsPath(scene.preset.name))
        } else {
          save()
        }
        if !modified { perform(then) }
      case 1:
        dialog = nil
        savedPreset = scene.preset  // why: the user chose to drop the changes
        clearRecovery()
        perform(then)
      case 2: dialog = nil
      default: if escape { dialog = nil }
      }
    case .recovery(let p):
      ui.label("Recover unsaved changes from your last session?", color: RGBA(255, 255, 255))
      ui.label("“\(p.name)” was autosaved before SpringLab closed.")
      switch ui.buttons(["Recover", "Discard"]) {
      case 0:
        dialog = nil
        history.record(from: scene.preset, to: p)
        applyPreset(p)
      case 1:
        dialog = nil
        clearRecovery()
      default: break
      }
    }
    ui.endPanel()
    if case .saveAs = d, dialog != nil { ui.requestFocus("Name##saveas") }
  }
}
