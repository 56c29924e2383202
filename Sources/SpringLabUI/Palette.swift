import SpringLabCore

extension RGBA {
  /// A preset's colour (`HexColor`, straight alpha as here).
  public init(_ c: HexColor) { self.init(c.r, c.g, c.b, c.a) }
}

/// Colours of the simulated iOS screen and the playground.
public enum Palette {
  public static let canvas = RGBA(0x1E, 0x1F, 0x24)
  public static let bezel = RGBA(0x0B, 0x0B, 0x0D)
  public static let screen = RGBA(DefaultLook.screen)
  public static let card = RGBA(0xFF, 0xFF, 0xFF)
  public static let cardLine = RGBA(0xE3, 0xE3, 0xE8)
  public static let text = RGBA(0x1C, 0x1C, 0x1E)
  public static let secondaryText = RGBA(0x8E, 0x8E, 0x93)
  /// Main button: iOS system blue (`DefaultLook.mainFill`).
  public static let main = RGBA(DefaultLook.mainFill)
  /// Item colours, cycled: orange, green, pink, purple, teal (`DefaultLook.itemFills`).
  public static let items = DefaultLook.itemFills.map(RGBA.init)
  /// Bubble: indigo (`DefaultLook.bubbleFill`).
  public static let bubble = RGBA(DefaultLook.bubbleFill)
  public static let keyboard = RGBA(0xD1, 0xD3, 0xD9)
  public static let key = RGBA(0xFF, 0xFF, 0xFF)
  public static let toast = RGBA(0x1C, 0x1C, 0x1E, 0xE6)
  public static let debug = RGBA(0xFF, 0x3B, 0x30)
  public static let safeArea = RGBA(0x34, 0xC7, 0x59)
  public static let thumb = RGBA(0x00, 0x7A, 0xFF)
  public static let touch = RGBA(0x80, 0x80, 0x80, 0x70)
}
