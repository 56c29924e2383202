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

  public init(fill: HexColor? = nil, tint: HexColor? = nil, label: String = "", size: Double? = nil)
  {
    self.fill = fill
    self.tint = tint
    self.label = label
    self.size = size
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
  /// Bubble: indigo.
  public static let bubbleFill = HexColor(rgb: 0x5856D6)
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

  /// Item `i`'s icon name (`icons` cycled; `star` when there are none).
  public func icon(_ i: Int) -> String { icons.isEmpty ? "star" : icons[i % icons.count] }

  /// The largest item on screen (the first `count`), points.
  public var largestItemSize: Double { (0..<count).map(size).max() ?? itemSize }
}
