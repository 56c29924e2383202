import SpringLabCore
import SpringLabUI

/// The panel's Appearance section. Fan tab: an item picker (1…N), then the
/// chosen item's icon (a preview chip, the name or path, and a chooser of
/// the built-in icons and the SVG/PNG files in the preset's folder), fill,
/// icon tint, whether a file icon is tinted, label and size, with "Apply to
/// all" (fill, tint and size to every item) and "Reset colours" (fill,
/// tint, size and tinting back to the built-in look; the icon and label
/// stay); then the main
/// button's icon, colours and shadow and the dim's colour. Bubble tab: its
/// icon, colours, shadow and badge colours. Colour rows are a chip opening
/// the system swatches and the colours the preset already uses, beside the
/// hex. Every edit names its field (`fan.items` for an item's), so it is
/// one undo step and saved sparsely like any panel edit. A typed value
/// takes effect when its editing ends (Enter or a click elsewhere), and only
/// when whole and valid.
enum AppearanceRows {
  /// The main button's rows, then the dim's colour (Fan tab).
  static let mainRows: [FieldID] = [
    .fanMainIcon, .fanMainFill, .fanMainTint, .fanMainTintIcon, .fanMainShadow, .fanDimColor,
  ]
  /// The bubble's rows (Bubble tab).
  static let bubbleRows: [FieldID] = [
    .bubbleIcon, .bubbleFill, .bubbleTint, .bubbleTintIcon, .bubbleShadow, .bubbleBadgeFill,
    .bubbleBadgeTint,
  ]

  static func draw(
    _ state: StudioState, in p: inout Preset, ui: UIContext, edited: inout [FieldID],
    actions: inout [StudioAction]
  ) {
    let used = usedColours(p)
    switch state.panelTab {
    case .fan:
      let n = p.fan.count
      if n > 0 {
        var chosen = String(min(state.appearanceItem, n - 1) + 1)
        let options = (1...n).map(String.init)
        if ui.picker(
          "Item##appearance-item", selection: &chosen, options: options, titles: options),
          let k = Int(chosen)
        {
          actions.append(.appearanceItem(k - 1))
        }
        let fillRow = item(
          min(state.appearanceItem, n - 1), state, in: &p, used: used, ui: ui, edited: &edited,
          actions: &actions)
        // why: an item's warning (its fill's contrast) lands on its Fill row
        reveal(.fanItems, state, ui: ui, actions: &actions, rect: fillRow)
      }
      ui.space(4)
      ui.label("Main button", color: PanelView.dim)
      for id in mainRows {
        field(id, state, in: &p, used: used, ui: ui, edited: &edited, actions: &actions)
      }
    case .bubble:
      for id in bubbleRows {
        field(id, state, in: &p, used: used, ui: ui, edited: &edited, actions: &actions)
      }
    case .device, .export: break
    }
  }

  /// The tab whose Appearance section shows `id`, nil for a field it does not show.
  static func tab(of id: FieldID) -> PanelTab? {
    if id == .fanItems || mainRows.contains(id) { return .fan }
    return bubbleRows.contains(id) ? .bubble : nil
  }

  /// Scrolls the panel to the row just drawn when it is the field a lint
  /// warning (L, or a click in the Lint section) asked for.
  /// Call it outside any pushed ID: the panel's scroll region is named at its level.
  static func reveal(
    _ id: FieldID, _ state: StudioState, ui: UIContext, actions: inout [StudioAction],
    rect: PixelRect? = nil
  ) {
    guard state.focusRequest == id, let r = rect ?? ui.lastItemRect else { return }
    ui.scroll("panel", toShow: r)
    actions.append(.focusHandled)
  }

  /// Shorter labels where the field table's would be cut in the label column.
  static let labels: [FieldID: String] = [
    .fanMainIcon: "Icon", .fanMainFill: "Fill", .fanMainTint: "Icon tint",
    .fanMainTintIcon: "Tint icon file", .fanMainShadow: "Shadow", .fanDimColor: "Dim colour",
    .bubbleIcon: "Icon", .bubbleFill: "Fill", .bubbleTint: "Icon tint",
    .bubbleTintIcon: "Tint icon file", .bubbleShadow: "Shadow", .bubbleBadgeFill: "Badge fill",
    .bubbleBadgeTint: "Badge letters",
  ]

  /// The colours this preset already uses that the system swatches lack,
  /// in field order: a designer's brand colours, one click away in every
  /// colour row (as Figma's document colours are).
  static func usedColours(_ p: Preset) -> [Swatch] {
    var seen = Set(Swatch.system.map(\.color))
    var out: [Swatch] = []
    func add(_ c: HexColor?) {
      guard let c, !seen.contains(c) else { return }
      seen.insert(c)
      out.append(Swatch("In this preset", c))
    }
    for l in p.fan.items {
      add(l.fill)
      add(l.tint)
    }
    for f in PresetField.all {
      if case .color(let kp) = f.kind { add(p[keyPath: kp]) }
    }
    return out
  }

  /// The chooser's offer for `allowed` built-ins: the files beside a saved preset.
  static func choices(_ state: StudioState, _ allowed: [String], optional: Bool) -> IconChoices {
    IconChoices(
      builtins: allowed, files: state.assetFolder == nil ? nil : state.iconFiles,
      allowsNone: optional)
  }

  /// What a main-button or bubble icon is previewed on.
  static func preview(_ id: FieldID, _ state: StudioState, _ p: Preset) -> IconPreview {
    id == .bubbleIcon
      ? IconPreview(
        folder: state.assetFolder, fill: p.bubble.fill, tint: p.bubble.tint,
        tintFile: p.bubble.tintIcon)
      : IconPreview(
        folder: state.assetFolder, fill: p.fan.mainFill, tint: p.fan.mainTint,
        tintFile: p.fan.mainTintIcon)
  }

  static func field(
    _ id: FieldID, _ state: StudioState, in p: inout Preset, used: [Swatch], ui: UIContext,
    edited: inout [FieldID], actions: inout [StudioAction]
  ) {
    let f = id.field
    let label = (labels[id] ?? f.label) + "##" + f.path
    let prior = p
    ui.setNextItemHelp(PanelView.help(f))
    ui.disabled(inert(id, p)) {
      draw(f, id, label, state, in: &p, used: used, ui: ui, actions: &actions)
    }
    if p != prior { edited.append(id) }
    reveal(id, state, ui: ui, actions: &actions)
  }

  /// Whether a main-button or bubble row changes nothing for this preset
  /// (drawn faded, taking no input): tinting for a built-in icon (always
  /// tinted) or no icon, the tint for a file drawn in its own colours or
  /// for a bubble without an icon.
  static func inert(_ id: FieldID, _ p: Preset) -> Bool {
    let mainFile = IconRef.isPath(p.fan.mainIcon)
    let bubbleFile = IconRef.isPath(p.bubble.icon)
    switch id {
    case .fanMainTintIcon: return !mainFile
    case .fanMainTint: return mainFile && !p.fan.mainTintIcon
    case .bubbleTintIcon: return !bubbleFile
    case .bubbleTint: return p.bubble.icon.isEmpty || bubbleFile && !p.bubble.tintIcon
    default: return false
    }
  }

  static func draw(
    _ f: PresetField, _ id: FieldID, _ label: String, _ state: StudioState, in p: inout Preset,
    used: [Swatch], ui: UIContext, actions: inout [StudioAction]
  ) {
    switch f.kind {
    case .color(let kp):
      ui.colorField(label, color: &p[keyPath: kp], more: used)
    case .icon(let kp, let allowed, let optional):
      let r = ui.iconField(
        label, icon: &p[keyPath: kp], choices: choices(state, allowed, optional: optional),
        preview: preview(id, state, p))
      if r.opened { actions.append(.iconChooserOpened) }
      if let f = r.typedFile {
        actions.append(.iconFileTyped(f, id == .bubbleIcon ? .bubble : .main))
      }
    default:
      ui.field(f, in: &p, defaults: Preset(), label: labels[id])
    }
  }

  /// Item `i`'s rows.
  /// Returns the Fill row's rectangle (where an item's lint warning lands).
  @discardableResult
  static func item(
    _ i: Int, _ state: StudioState, in p: inout Preset, used: [Swatch], ui: UIContext,
    edited: inout [FieldID], actions: inout [StudioAction]
  ) -> PixelRect? {
    var fillRow: PixelRect?
    // why: one ID per item, so the rows of item 2 never inherit item 1's
    // half-typed text or open swatches
    ui.pushID("appearance-item\(i)")
    defer { ui.popID() }
    var looks = p.fan.items
    while looks.count <= i { looks.append(ItemLook()) }
    var look = looks[i]
    var icon = p.fan.icon(i)
    let preview = IconPreview(
      folder: state.assetFolder, fill: p.fan.fill(i), tint: p.fan.tint(i),
      tintFile: look.tintIcon)
    ui.setNextItemHelp(
      "A built-in icon, or an SVG or PNG file in the preset's folder; or drop a file on the item")
    let r = ui.iconField(
      "Icon##icon", icon: &icon, choices: choices(state, PresetField.iconNames, optional: false),
      preview: preview)
    if r.opened { actions.append(.iconChooserOpened) }
    if let f = r.typedFile { actions.append(.iconFileTyped(f, .item(i))) }
    if r.changed { look.icon = icon }
    var fill = p.fan.fill(i)
    if ui.colorField("Fill##fill", color: &fill, more: used) { look.fill = fill }
    fillRow = ui.lastItemRect
    var tint = p.fan.tint(i)
    let file = IconRef.isPath(p.fan.icon(i))
    // why: faded and inert where they change nothing: the tint of a file
    // in its own colours, the tinting of a built-in icon (always tinted)
    ui.disabled(file && !look.tintIcon) {
      if ui.colorField("Icon tint##tint", color: &tint, more: used) { look.tint = tint }
    }
    ui.setNextItemHelp(
      "Off: an SVG or PNG icon keeps its own colours (built-in icons are always tinted)")
    ui.disabled(!file) { _ = ui.toggle("Tint icon file##tintIcon", value: &look.tintIcon) }
    var label = look.label
    let a = ui.textField(
      "Label##label", text: &label, placeholder: "no label", maxLength: ItemLook.maxLabel)
    // why: taken when the editing ends (Enter or a click elsewhere): one undo
    // step per label, not one per keystroke nor folded into the last edit
    if a.isFinal, label != look.label, !label.contains(where: \.isNewline) { look.label = label }
    var size = p.fan.size(i)
    if ui.slider(
      "Size##size", value: &size, range: ItemLook.sizeRange, default: p.fan.itemSize, unit: "pt",
      step: 1, decimals: 0)
    {
      // why: the reset, or a drag back to within 1 pt of `fan.itemSize`,
      // leaves the size unset, so the item follows the shared size again
      look.size = abs(size - p.fan.itemSize) < 1 ? nil : size
    }
    switch ui.buttons(["Apply to all items", "Reset colours"]) {
    case 0:
      // why: tinting stays each item's own: it depends on its icon file
      // (a logo in its own colours must not turn into a one-colour mask)
      for k in 0..<p.fan.count {
        while looks.count <= k { looks.append(ItemLook()) }
        looks[k].fill = look.fill ?? p.fan.fill(i)
        looks[k].tint = look.tint
        looks[k].size = look.size
      }
    case 1: look = ItemLook(label: look.label, icon: look.icon)
    default: break
    }
    looks[i] = look
    let count = max(looks.count, p.fan.items.count)
    guard
      (0..<count).contains(where: { k in (k < looks.count ? looks[k] : ItemLook()) != p.fan.look(k)
      })
    else { return fillRow }
    // why: trailing default looks are dropped so a reset item leaves no `{}` in the file
    while let last = looks.last, last.isDefault { looks.removeLast() }
    p.fan.items = looks
    edited.append(.fanItems)
    return fillRow
  }
}
