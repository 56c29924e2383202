import Foundation

/// The preset's look (schema 4: colours, labels, sizes, shadows) as each
/// platform writes it. Emitted only when the preset sets some of it
/// (`Preset.setsAppearance`), so an export of a preset that does not is
/// byte for byte what it was before the look existed; when emitted, it is
/// complete (every item, the main button, the bubble, the dim), defaults
/// included, so the developer has one place to read.
struct ExportAppearance {
  struct Item {
    var fill, tint: HexColor
    /// nil: no label.
    var label: String?
    /// Diameter, points.
    var size: Double
  }

  let items: [Item]
  let fan: FanPreset
  let bubble: BubblePreset

  /// The look of `p`, or nil when it sets none.
  init?(_ p: Preset) {
    guard p.setsAppearance else { return nil }
    let f = p.fan
    items = (0..<f.count).map { i in
      Item(
        fill: f.fill(i), tint: f.tint(i), label: f.label(i).isEmpty ? nil : f.label(i),
        size: f.size(i))
    }
    fan = f
    bubble = p.bubble
  }

  static func n(_ x: Double) -> String { ExportNumber.format(x, decimals: 6) }

  /// `Color(red: 1, green: 0.839216, blue: 0.039216, opacity: 1)` (SwiftUI, sRGB).
  static func swiftUI(_ c: HexColor) -> String {
    let u = c.unit
    return "Color(red: \(n(u.r)), green: \(n(u.g)), blue: \(n(u.b)), opacity: \(n(u.a)))"
  }

  /// `UIColor(red: 1, green: 0.839216, blue: 0.039216, alpha: 1)` (sRGB).
  static func uiKit(_ c: HexColor) -> String {
    let u = c.unit
    return "UIColor(red: \(n(u.r)), green: \(n(u.g)), blue: \(n(u.b)), alpha: \(n(u.a)))"
  }

  /// `Color(0xFFFFD60A)`: Compose's ARGB literal.
  static func compose(_ c: HexColor) -> String {
    let h = c.hex.dropFirst()
    let rgb = h.prefix(6)
    let a = h.count == 8 ? String(h.suffix(2)) : "FF"
    return "Color(0x\(a)\(rgb))"
  }

  /// The SwiftUI block: `enum SpringLabAppearance`.
  func swiftUI() -> [String] {
    let q: (String) -> String = { "\"" + ExportEscaping.swiftString($0) + "\"" }
    return [
      "",
      "/// The preset's look: each item's fill, icon tint, label (nil: none) and diameter (points);",
      "/// the main button's and the bubble's; the dim behind the open menu (its colour at `dimOpacity`).",
      "enum SpringLabAppearance {",
      "  static let itemFills: [Color] = [\(items.map { Self.swiftUI($0.fill) }.joined(separator: ", "))]",
      "  static let itemTints: [Color] = [\(items.map { Self.swiftUI($0.tint) }.joined(separator: ", "))]",
      "  static let itemLabels: [String?] = [\(items.map { $0.label.map(q) ?? "nil" }.joined(separator: ", "))]",
      "  static let itemSizes: [CGFloat] = [\(items.map { Self.n($0.size) }.joined(separator: ", "))]",
      "  static let mainFill = \(Self.swiftUI(fan.mainFill))",
      "  static let mainTint = \(Self.swiftUI(fan.mainTint))",
      "  static let mainSize: CGFloat = \(Self.n(fan.mainSize))",
      "  static let mainShadowOpacity: Double = \(Self.n(fan.mainShadow))",
      "  static let bubbleFill = \(Self.swiftUI(bubble.fill))",
      "  static let bubbleSize: CGFloat = \(Self.n(bubble.size))",
      "  static let bubbleShadowOpacity: Double = \(Self.n(bubble.shadow))",
      "  static let badgeFill = \(Self.swiftUI(bubble.badgeFill))",
      "  static let badgeText = \(Self.swiftUI(bubble.badgeTint))",
      "  static let dimColor = \(Self.swiftUI(fan.dimColor))",
      "  static let dimOpacity: Double = \(Self.n(fan.backdropDim))",
      "}",
    ]
  }

  /// The UIKit block: `enum SpringLabAppearance` with `UIColor`s.
  func uiKit() -> [String] {
    let q: (String) -> String = { "\"" + ExportEscaping.swiftString($0) + "\"" }
    return [
      "",
      "/// The preset's look: each item's fill, icon tint, label (nil: none) and diameter (points);",
      "/// the main button's and the bubble's; the dim behind the open menu (its colour at `dimAlpha`).",
      "enum SpringLabAppearance {",
      "  static let itemFills: [UIColor] = [\(items.map { Self.uiKit($0.fill) }.joined(separator: ", "))]",
      "  static let itemTints: [UIColor] = [\(items.map { Self.uiKit($0.tint) }.joined(separator: ", "))]",
      "  static let itemLabels: [String?] = [\(items.map { $0.label.map(q) ?? "nil" }.joined(separator: ", "))]",
      "  static let itemSizes: [CGFloat] = [\(items.map { Self.n($0.size) }.joined(separator: ", "))]",
      "  static let mainFill = \(Self.uiKit(fan.mainFill))",
      "  static let mainTint = \(Self.uiKit(fan.mainTint))",
      "  static let mainSize: CGFloat = \(Self.n(fan.mainSize))",
      "  static let mainShadowOpacity: Float = \(Self.n(fan.mainShadow))",
      "  static let bubbleFill = \(Self.uiKit(bubble.fill))",
      "  static let bubbleSize: CGFloat = \(Self.n(bubble.size))",
      "  static let bubbleShadowOpacity: Float = \(Self.n(bubble.shadow))",
      "  static let badgeFill = \(Self.uiKit(bubble.badgeFill))",
      "  static let badgeText = \(Self.uiKit(bubble.badgeTint))",
      "  static let dimColor = \(Self.uiKit(fan.dimColor))",
      "  static let dimAlpha: CGFloat = \(Self.n(fan.backdropDim))",
      "}",
    ]
  }

  /// The Compose block: `object SpringLabAppearance` (1 pt = 1 dp).
  func compose() -> [String] {
    let q: (String) -> String = { "\"" + ExportEscaping.kotlinString($0) + "\"" }
    func dp(_ x: Double) -> String { "\(ExportNumber.format(x, decimals: 4)).dp" }
    func fl(_ x: Double) -> String { ExportNumber.kotlin(x, decimals: 6) }
    return [
      "",
      "/** The preset's look: each item's fill, icon tint, label (null: none) and diameter; the main button's and the bubble's; the dim behind the open menu (its colour at dimAlpha). */",
      "object SpringLabAppearance {",
      "  val itemFills = listOf(\(items.map { Self.compose($0.fill) }.joined(separator: ", ")))",
      "  val itemTints = listOf(\(items.map { Self.compose($0.tint) }.joined(separator: ", ")))",
      "  val itemLabels: List<String?> = listOf(\(items.map { $0.label.map(q) ?? "null" }.joined(separator: ", ")))",
      "  val itemSizes = listOf(\(items.map { dp($0.size) }.joined(separator: ", ")))",
      "  val mainFill = \(Self.compose(fan.mainFill))",
      "  val mainTint = \(Self.compose(fan.mainTint))",
      "  val mainSize = \(dp(fan.mainSize))",
      "  const val mainShadowAlpha = \(fl(fan.mainShadow))",
      "  val bubbleFill = \(Self.compose(bubble.fill))",
      "  val bubbleSize = \(dp(bubble.size))",
      "  const val bubbleShadowAlpha = \(fl(bubble.shadow))",
      "  val badgeFill = \(Self.compose(bubble.badgeFill))",
      "  val badgeText = \(Self.compose(bubble.badgeTint))",
      "  val dimColor = \(Self.compose(fan.dimColor))",
      "  const val dimAlpha = \(fl(fan.backdropDim))",
      "}",
    ]
  }

  /// The Framer block: `export const appearance = {…}` (CSS colour strings).
  func framer() -> [String] {
    let q: (String) -> String = { "\"" + ExportEscaping.jsString($0) + "\"" }
    func s(_ c: HexColor) -> String { "\"\(c.hex)\"" }
    let rows = items.map { it in
      "{ fill: \(s(it.fill)), tint: \(s(it.tint)), label: \(it.label.map(q) ?? "null"), size: \(Self.n(it.size)) }"
    }
    return [
      "",
      "// The preset's look: items (fill, icon tint, label or null, diameter in px), the main button, the bubble, the dim.",
      "export const appearance = {",
      "  items: [\(rows.joined(separator: ", "))],",
      "  main: { fill: \(s(fan.mainFill)), tint: \(s(fan.mainTint)), size: \(Self.n(fan.mainSize)), shadowOpacity: \(Self.n(fan.mainShadow)) },",
      "  bubble: { fill: \(s(bubble.fill)), size: \(Self.n(bubble.size)), shadowOpacity: \(Self.n(bubble.shadow)), badgeFill: \(s(bubble.badgeFill)), badgeText: \(s(bubble.badgeTint)) },",
      "  dim: { color: \(s(fan.dimColor)), opacity: \(Self.n(fan.backdropDim)) },",
      "}",
    ]
  }

  /// The CSS rules: each item's colours and diameter (`.item-i`, centred
  /// where the unsized item was), the main button's, the dim, and each
  /// label's text as generated content (`data-label` in the HTML page).
  func css(main: Point, defaultSize: Double) -> [String] {
    func px(_ x: Double) -> String { ExportNumber.format(x, decimals: 4) }
    var o = [
      "/* The preset's look: item colours and diameters, the main button, the bubble, the dim. */"
    ]
    for (i, it) in items.enumerated() {
      var rule =
        ".springlab-fan .item-\(i) { background: \(it.fill.hex); color: \(it.tint.hex);"
      if it.size != defaultSize {
        rule +=
          " left: \(px(main.x - it.size / 2))px; top: \(px(main.y - it.size / 2))px; width: \(px(it.size))px; height: \(px(it.size))px;"
      }
      o.append(rule + " }")
      if let label = it.label {
        o.append(
          ".springlab-fan .item-\(i)::after { content: \"\(ExportEscaping.cssString(label))\"; }")
      }
    }
    // why: 0.31 and 0.28 are the window's shadow alphas (0x50 and 0x48 of
    // 255) in black, so a shadow opacity of 1 looks as the window draws it
    o.append(
      ".springlab-fan .main { background: \(fan.mainFill.hex); color: \(fan.mainTint.hex); box-shadow: 0 3px 9px rgba(0, 0, 0, \(ExportNumber.format(0.31 * fan.mainShadow, decimals: 3))); }"
    )
    o.append(
      ".springlab-bubble { background: \(bubble.fill.hex); box-shadow: 0 4px 10px rgba(0, 0, 0, \(ExportNumber.format(0.28 * bubble.shadow, decimals: 3))); }"
    )
    o.append(
      ".springlab-bubble .badge { background: \(bubble.badgeFill.hex); color: \(bubble.badgeTint.hex); }"
    )
    o.append(
      ".springlab-dim { background: \(fan.dimColor.hex); opacity: 0; } .springlab-fan.open .springlab-dim { opacity: \(Self.n(fan.backdropDim)); }"
    )
    return o
  }
}
