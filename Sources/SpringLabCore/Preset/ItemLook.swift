/// One fan item's own look (`fan.items[i]`, schema 4): each member is
/// optional, and one left out keeps the built-in look (`DefaultLook`).
public struct ItemLook: Sendable, Hashable {
  /// The disc's colour; nil: the built-in colours, cycled.
  public var fill: HexColor?
  /// The icon's colour; nil: white.
  public var tint: HexColor?
  /// Text shown beside the item when open, fading with it; "" = none.
  public var label = ""
  /// Diameter, points; nil: `fan.itemSize`.
  public var size: Double?
  /// A built-in icon name or an SVG/PNG path relative to the preset's folder
  /// (`IconRef`); nil: `fan.icons`, cycled.
  public var icon: String?
  /// Whether a file icon is drawn as a mask filled with `tint` (true, like
  /// the built-in icons) or in its own colours (false). Built-in icons are
  /// always tinted.
  public var tintIcon = true

  public init(
    fill: HexColor? = nil, tint: HexColor? = nil, label: String = "", size: Double? = nil,
    icon: String? = nil, tintIcon: Bool = true
  ) {
    self.fill = fill
    self.tint = tint
    self.label = label
    self.size = size
    self.icon = icon
    self.tintIcon = tintIcon
  }

  /// Whether every member is left out (the item looks as it always did).
  public var isDefault: Bool { self == ItemLook() }

  /// A label's length limit, characters.
  public static let maxLabel = 24
  /// The sizes an item may take, points (as `fan.itemSize`).
  public static let sizeRange: ClosedRange<Double> = 16...120
}

/// The built-in look: what a preset that sets no colour shows (the iOS
/// system colours SpringLab has always drawn). The drawers and the exports
/// read these, so "not set" and "set to the default" draw the same pixels.
public enum DefaultLook {
  /// Item fills, cycled: orange, green, pink, purple, teal.
  public static let itemFills: [HexColor] = [
    HexColor(rgb: 0xFF9500), HexColor(rgb: 0x34C759), HexColor(rgb: 0xFF2D55),
    HexColor(rgb: 0xAF52DE), HexColor(rgb: 0x30B0C7),
  ]
  public static let itemTint = HexColor.white
  /// Main button: iOS system blue.
  public static let mainFill = HexColor(rgb: 0x007AFF)
  public static let mainTint = HexColor.white
  /// The main button's icon (rotated by `fan.rotation.angle` when open).
  public static let mainIcon = "plus"
  /// Bubble: indigo.
  public static let bubbleFill = HexColor(rgb: 0x5856D6)
  /// The bubble's icon, when it has one: white.
  public static let bubbleTint = HexColor.white
  /// Badge: iOS system red with white text.
  public static let badgeFill = HexColor(rgb: 0xFF3B30)
  public static let badgeTint = HexColor.white
  /// The dim behind the open menu (its alpha is `fan.backdropDim`).
  public static let dim = HexColor.black
  /// The sample app's background behind the controls (iOS grouped
  /// background), what lint measures a fill's contrast against.
  public static let screen = HexColor(rgb: 0xF2F2F7)
}

extension FanPreset {
  /// Item `i`'s look as set in `items` (an empty look past its end).
  public func look(_ i: Int) -> ItemLook { i >= 0 && i < items.count ? items[i] : ItemLook() }

  /// Item `i`'s fill: its own, else the built-in colours cycled.
  public func fill(_ i: Int) -> HexColor {
    look(i).fill ?? DefaultLook.itemFills[max(0, i) % DefaultLook.itemFills.count]
  }

  /// Item `i`'s icon tint: its own, else white.
  public func tint(_ i: Int) -> HexColor { look(i).tint ?? DefaultLook.itemTint }

  /// Item `i`'s diameter, points: its own, else `itemSize`.
  public func size(_ i: Int) -> Double { look(i).size ?? itemSize }

  /// Item `i`'s label, "" for none.
  public func label(_ i: Int) -> String { look(i).label }

  /// Item `i`'s icon: its own (`fan.items[i].icon`: a built-in name or a
  /// file path), else `icons` cycled; `star` when there are none.
  public func icon(_ i: Int) -> String {
    look(i).icon ?? (icons.isEmpty ? "star" : icons[i % icons.count])
  }

  /// Item `i`'s icon as a built-in name or a file (`IconRef`).
  public func iconRef(_ i: Int) -> IconRef {
    let text = icon(i)
    return IconRef.isPath(text) ? .file(text) : .builtin(text)
  }

  /// Every icon file the preset names with the field naming it, in field
  /// order (items first, then the main button, then the bubble), for the
  /// asset checks and the exports' manifest; a file named twice is listed
  /// once per field.
  public func iconFiles(bubble: BubblePreset) -> [(field: String, path: String)] {
    var out: [(String, String)] = []
    for (i, l) in items.enumerated() {
      if let t = l.icon, IconRef.isPath(t) {
        out.append(("\(FieldID.fanItems.rawValue)[\(i)].icon", t))
      }
    }
    if IconRef.isPath(mainIcon) { out.append((FieldID.fanMainIcon.rawValue, mainIcon)) }
    if bubble.enabled, IconRef.isPath(bubble.icon) {
      out.append((FieldID.bubbleIcon.rawValue, bubble.icon))
    }
    return out
  }

  /// The largest item on screen (the first `count`), points.
  public var largestItemSize: Double { (0..<count).map(size).max() ?? itemSize }
}
