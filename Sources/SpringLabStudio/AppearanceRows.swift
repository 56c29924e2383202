import SpringLabCore
import SpringLabUI

/// The panel's Appearance section. Fan tab: an item picker (1…N), then the
/// chosen item's icon (a preview chip, the name or path, and a chooser of
/// the built-in icons and the SVG/PNG files in the preset's folder), fill,
/// icon tint, whether a file icon is tinted, label and size, with "Apply to
/// all" (fill, tint and size to every item) and "Reset item"; then the main
/// button's icon, colours and shadow and the dim's colour. Bubble tab: its
/// icon, colours, shadow and badge colours. Colour rows are a chip opening
/// the system swatches and the colours the preset already uses, beside the
/// hex. Every edit names its field (`fan.items` for an item's), so it is
/// one undo step and saved sparsely like any panel edit. A typed value
/// takes effect only once it is whole and valid.
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
        item(
          min(state.appearanceItem, n - 1), state, in: &p, used: used, ui: ui, edited: &edited,
          actions: &actions)
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

  /// Shorter labels where the field table's would be cut in the label column.
  static let labels: [FieldID: String] = [
    .fanMainIcon: "Icon", .fanMainFill: "Fill", .fanMainTint: "Icon tint",
    .fanMainTintIcon: "Tint icon file", .fanMainShadow: "Shadow", .fanDimColor: "Dim colour",
    .bubbleIcon: "Icon", .bubbleFill: "Fill", .bubbleTint: "Icon tint",
    .bubbleTintIcon: "Tint icon file", .bubbleShadow: "Shadow", .bubbleBadgeFill: "Badge",
    .bubbleBadgeTint: "Badge text",
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
    switch f.kind {
    case .color(let kp):
      ui.colorField(label, color: &p[keyPath: kp], more: used)
    case .icon(let kp, let allowed, let optional):
      let r = ui.iconField(
        label, icon: &p[keyPath: kp], choices: choices(state, allowed, optional: optional),
        preview: preview(id, state, p))
      if r.opened { actions.append(.iconChooserOpened) }
    default:
      ui.field(f, in: &p, defaults: Preset(), label: labels[id])
    }
    if p != prior { edited.append(id) }
  }

  /// Item `i`'s rows.
  static func item(
    _ i: Int, _ state: StudioState, in p: inout Preset, used: [Swatch], ui: UIContext,
    edited: inout [FieldID], actions: inout [StudioAction]
  ) {
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
    if r.changed { look.icon = icon }
    var fill = p.fan.fill(i)
    if ui.colorField("Fill##fill", color: &fill, more: used) { look.fill = fill }
    var tint = p.fan.tint(i)
    if ui.colorField("Icon tint##tint", color: &tint, more: used) { look.tint = tint }
    ui.setNextItemHelp(
      "Off: an SVG or PNG icon keeps its own colours (built-in icons are always tinted)")
    _ = ui.toggle("Tint icon file##tintIcon", value: &look.tintIcon)
    var label = look.label
    let a = ui.textField(
      "Label##label", text: &label, placeholder: "none", maxLength: ItemLook.maxLabel)
    // why: a label is text, so every keystroke shows at once (it cannot be half-valid)
    if a != .none, label != look.label, !label.contains(where: \.isNewline) { look.label = label }
    var size = p.fan.size(i)
    if ui.slider(
      "Size##size", value: &size, range: ItemLook.sizeRange, default: p.fan.itemSize, unit: "pt",
      step: 1, decimals: 0)
    {
      // why: the reset (or a drag back onto `fan.itemSize`) leaves the size unset,
      // so the item follows the shared size again
      look.size = size == p.fan.itemSize ? nil : size
    }
    switch ui.buttons(["Apply to all items", "Reset item"]) {
    case 0:
      for k in 0..<p.fan.count {
        while looks.count <= k { looks.append(ItemLook()) }
        looks[k].fill = look.fill ?? p.fan.fill(i)
        looks[k].tint = look.tint
        looks[k].size = look.size
        looks[k].tintIcon = look.tintIcon
      }
    case 1: look = ItemLook()
    default: break
    }
    looks[i] = look
    let count = max(looks.count, p.fan.items.count)
    guard
      (0..<count).contains(where: { k in (k < looks.count ? looks[k] : ItemLook()) != p.fan.look(k)
        })
    else { return }
    // why: trailing default looks are dropped so a reset item leaves no `{}` in the file
    while let last = looks.last, last.isDefault { looks.removeLast() }
    do {
      p.fan.items = looks
      edited.append(.fanItems)
    }
  }
}
