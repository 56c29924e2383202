import SpringLabCore
import SpringLabUI

/// The panel's Appearance section: per item an icon (a built-in name or an
/// SVG/PNG path relative to the preset, typed; or drop a file on the item)
/// and a fill (hex, or one of the system colours below it); the main
/// button's and the bubble's icon and colours; the dim's colour. Every edit
/// names its field (`fan.items` for an item's), so it is one undo step and
/// saved sparsely like any panel edit. A typed value takes effect only once
/// it is whole and valid (a half-typed path never reaches the preset).
enum AppearanceRows {
  /// The swatches, two rows of three (so each name fits its button): iOS's
  /// system colours (the built-in item fills), then the system blue.
  static let swatches: [(String, HexColor)] =
    zip(["Orange", "Green", "Pink", "Purple", "Teal"], DefaultLook.itemFills).map { ($0, $1) }
    + [("Blue", DefaultLook.mainFill)]

  static func draw(_ tab: PanelTab, in p: inout Preset, ui: UIContext, edited: inout [FieldID]) {
    switch tab {
    case .fan:
      for i in 0..<p.fan.count { item(i, in: &p, ui: ui, edited: &edited) }
      for id in [FieldID.fanMainIcon, .fanMainFill, .fanMainTint, .fanDimColor] {
        field(id, in: &p, ui: ui, edited: &edited)
      }
    case .bubble:
      for id in [FieldID.bubbleIcon, .bubbleFill, .bubbleTint, .bubbleBadgeFill, .bubbleBadgeTint] {
        field(id, in: &p, ui: ui, edited: &edited)
      }
    case .device, .export: break
    }
  }

  /// Shorter labels where the field table's would be cut in the label column.
  static let labels: [FieldID: String] = [
    .bubbleBadgeTint: "Badge text", .fanMainTint: "Main tint", .bubbleTint: "Icon tint",
  ]

  static func field(_ id: FieldID, in p: inout Preset, ui: UIContext, edited: inout [FieldID]) {
    let prior = p
    ui.field(id.field, in: &p, defaults: Preset(), label: labels[id])
    if p != prior { edited.append(id) }
  }

  /// Item `i`'s icon and fill rows and its swatch row.
  static func item(_ i: Int, in p: inout Preset, ui: UIContext, edited: inout [FieldID]) {
    ui.pushID("appearance-item\(i)")
    defer { ui.popID() }
    var looks = p.fan.items
    while looks.count <= i { looks.append(ItemLook()) }
    var icon = p.fan.icon(i)
    let a = ui.textField("Item \(i + 1) icon##icon", text: &icon, maxLength: IconRef.maxPath)
    if a != .none, icon != p.fan.icon(i),
      IconRef.problem(icon, builtins: PresetField.iconNames) == nil
    {
      looks[i].icon = icon
    }
    var fill = p.fan.fill(i).hex
    let b = ui.textField("Item \(i + 1) fill##fill", text: &fill, maxLength: 9)
    if b != .none, let c = HexColor(hex: fill), c != p.fan.fill(i) { looks[i].fill = c }
    for row in [swatches.prefix(3), swatches.dropFirst(3)] {
      if let k = ui.buttons(row.map(\.0)) { looks[i].fill = row[row.startIndex + k].1 }
    }
    if looks != p.fan.items && (0..<looks.count).contains(where: { looks[$0] != p.fan.look($0) }) {
      p.fan.items = looks
      edited.append(.fanItems)
    }
  }
}
