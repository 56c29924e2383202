import SpringLabCore

/// What an icon field's preview chip draws the icon on, as the control
/// would show it.
public struct IconPreview: Sendable, Equatable {
  /// The preset's folder, which file icons are relative to; nil for a
  /// preset not read from a file (files then draw nothing).
  public var folder: String?
  public var fill: HexColor
  public var tint: HexColor
  /// Whether a file icon is drawn as a mask in `tint` (built-ins always are).
  public var tintFile: Bool
  public init(folder: String?, fill: HexColor, tint: HexColor, tintFile: Bool) {
    self.folder = folder
    self.fill = fill
    self.tint = tint
    self.tintFile = tintFile
  }
}

/// What an icon field's chooser offers.
public struct IconChoices: Sendable, Equatable {
  /// Built-in icon names, in the order shown.
  public var builtins: [String]
  /// SVG/PNG files in the preset's folder tree, paths relative to it; nil
  /// when the document has no file yet (its icons could not be relative).
  public var files: [String]?
  /// Whether "" (no icon) may be chosen.
  public var allowsNone: Bool
  public init(builtins: [String], files: [String]?, allowsNone: Bool = false) {
    self.builtins = builtins
    self.files = files
    self.allowsNone = allowsNone
  }
}

/// What an icon field did this frame.
public struct IconFieldResult: Sendable, Equatable {
  /// The icon changed (typed whole and valid, or picked).
  public var changed = false
  /// The chooser opened this frame: the app may list the files again.
  public var opened = false
  /// An absolute path to an SVG or PNG file was typed (the icon is
  /// unchanged): the app may copy it beside the preset and assign it.
  public var typedFile: String?
}

extension UIContext {
  /// An icon row: label | preview | name or path | ▾. The preview draws the
  /// icon on its fill as the control would. The ▾ (or the preview) opens a
  /// chooser under the row: the built-in icons as a grid, then the icon
  /// files in the preset's folder tree; a click takes one and closes it.
  /// A typed name or path is taken when the editing ends (Enter or a click
  /// elsewhere) and only when `IconRef` accepts it; a typed absolute path
  /// to an SVG/PNG is handed back (`typedFile`) for the app to copy in. The
  /// file's bytes are checked where it is drawn and when the preset is read
  /// (`IconAssets`).
  @discardableResult
  public func iconField(
    _ label: String, icon: inout String, choices: IconChoices, preview: IconPreview
  ) -> IconFieldResult {
    var result = IconFieldResult()
    let fid = id(label)
    let visible = UIID.visible(label)
    let row = nextRow(height: px(theme.rowHeight))
    let area = visible.isEmpty ? row : splitLabel(row).field
    if !visible.isEmpty { drawLabel(visible, in: splitLabel(row).label) }
    let gap = px(theme.spacing)
    let open = openPopover == fid
    let chip = PixelRect(x: area.x, y: area.y, w: area.h, h: area.h)
    let cs = behavior(fid.child("preview"), chip)
    box(chip, fill: theme.widget, border: open || cs.hovered ? theme.focus : theme.border)
    drawIcon(icon, in: chip, preview: preview, choices: choices)
    if !open { tooltip("Choose an icon") }
    let more = PixelRect(x: area.x + area.w - area.h, y: area.y, w: area.h, h: area.h)
    let ms = behavior(fid.child("choose"), more)
    box(more, fill: ms.hovered || open ? theme.widgetHot : theme.widget)
    text(open ? "▴" : "▾", in: more, color: theme.text, align: .center)
    if !open { tooltip("Choose an icon") }
    if cs.clicked || ms.clicked {
      openPopover = open ? nil : fid
      result.opened = !open
    }
    let fieldR = PixelRect(
      x: chip.x + chip.w + gap, y: area.y, w: max(0, area.w - 2 * (area.h + gap)), h: area.h)
    var s = icon
    let action = textField(
      fid, in: fieldR, text: &s, placeholder: choices.allowsNone ? "none" : "",
      maxLength: IconRef.maxPath)
    // why: a file from anywhere is the app's to copy in (a preset names
    // only files inside its folder): said, not taken
    if action.isFinal, s.hasPrefix("/"), IconRef.isIconFileName(s) {
      result.typedFile = s
    }
    // why: as for colours, taken when the editing ends: one undo step
    if action.isFinal, s != icon,
      (choices.allowsNone && s.isEmpty) || IconRef.problem(s, builtins: choices.builtins) == nil
    {
      icon = s
      result.changed = true
    }
    guard openPopover == fid else { return result }
    let chosen = chooser(fid, current: icon, choices, preview)
    notePopover(from: row)
    // why: checked again as typed text is, so a pick never gives the preset
    // a path its reader refuses
    guard let picked = chosen,
      (choices.allowsNone && picked.isEmpty)
        || IconRef.problem(picked, builtins: choices.builtins) == nil
    else {
      return result
    }
    if picked != icon {
      icon = picked
      result.changed = true
    }
    report(fid, .committed)
    openPopover = nil
    return result
  }

  /// The chooser's rows; returns the name or path clicked.
  func chooser(_ fid: UIID, current: String, _ choices: IconChoices, _ preview: IconPreview)
    -> String?
  {
    var picked: String?
    let gap = px(theme.spacing)
    var names = choices.builtins
    if choices.allowsNone { names.insert("", at: 0) }
    for (k, r) in fieldGrid(count: names.count, side: px(theme.rowHeight + 6)).enumerated() {
      let name = names[k]
      let st = behavior(fid.child("builtin\(k)"), r)
      let ring = name == current ? theme.accent : st.hovered ? theme.focus : theme.border
      box(
        r, fill: st.hovered ? theme.widgetHot : theme.widget, border: ring,
        width: name == current ? px(2) : px(1))
      if name.isEmpty {
        text("–", in: r, color: theme.textDim, align: .center)
      } else {
        drawIcon(name, in: r, preview: preview, choices: choices)
      }
      tooltip(name.isEmpty ? "No icon" : name)
      if st.clicked { picked = name }
    }
    guard let files = choices.files else {
      chooserNote("Save the preset first to use icon files")
      return picked
    }
    if files.isEmpty {
      chooserNote("No SVG or PNG files in this folder yet")
      return picked
    }
    for (k, path) in files.enumerated() {
      let row = nextRow(height: px(theme.rowHeight))
      let x0 = row.x + (row.w * theme.labelFraction).rounded()
      let r = PixelRect(x: x0, y: row.y, w: row.x + row.w - x0, h: row.h)
      let st = behavior(fid.child("file\(k)"), r)
      let selected = path == current
      box(r, fill: selected ? theme.selection : st.hovered ? theme.widgetHot : theme.widget)
      let chip = PixelRect(x: r.x, y: r.y, w: r.h, h: r.h)
      drawIcon(path, in: chip, preview: preview, choices: choices)
      let tr = PixelRect(x: r.x + r.h + gap, y: r.y, w: max(0, r.w - r.h - gap), h: r.h)
      let shown = fit(path, width: max(0, tr.w - px(4)))
      text(shown, in: tr, color: theme.text)
      if shown != path { tooltip(path) }
      if st.clicked { picked = path }
    }
    return picked
  }

  /// A dim one-line note indented under the label column.
  func chooserNote(_ s: String) {
    // why: the whole row's width, so the sentence is read whole, not cut
    let row = nextRow(height: px(theme.rowHeight))
    text(fit(s, width: row.w - px(4)), in: row, color: theme.textDim, pad: px(2))
  }

  /// `name` (a built-in name or a file path) on a disc of the preview's
  /// fill, centred in `r`.
  func drawIcon(_ name: String, in r: PixelRect, preview: IconPreview, choices: IconChoices) {
    guard let ref = IconRef(name, builtins: choices.builtins) else { return }
    let d = r.h - px(6)
    draw.fillCircle(cx: r.x + r.w / 2, cy: r.y + r.h / 2, r: d / 2, RGBA(preview.fill))
    draw.icon(
      ref, IconSet.builtin, folder: preview.folder, cx: r.x + r.w / 2, cy: r.y + r.h / 2,
      side: d * 0.56, restSide: d * 0.56, width: max(1, px(1.4)), RGBA(preview.tint),
      tintFile: preview.tintFile)
  }
}
