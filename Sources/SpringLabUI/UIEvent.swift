/// Modifier keys held during an event.
public struct KeyModifiers: OptionSet, Sendable, Hashable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }
  public static let shift = KeyModifiers(rawValue: 1)
  public static let ctrl = KeyModifiers(rawValue: 2)
  public static let alt = KeyModifiers(rawValue: 4)
}

/// Mouse buttons the playground uses.
public enum MouseButton: Sendable, Equatable {
  case left, right, middle
}

/// Keys by name, independent of any back end. Letters and digits are their
/// lower-case character ("a", "1"); punctuation is its character ("-", "=",
/// ",", ".", "?", "/"); the rest are the names below.
public enum KeyName {
  public static let escape = "escape"
  public static let enter = "enter"
  public static let tab = "tab"
  public static let space = "space"
  public static let backspace = "backspace"
  public static let delete = "delete"
  public static let left = "left"
  public static let right = "right"
  public static let up = "up"
  public static let down = "down"
  public static let home = "home"
  public static let end = "end"
  public static let f12 = "f12"
}

/// Input in window *pixels* (already scaled by the HiDPI factor), produced by a
/// back end or a test, consumed by the pure UI.
public enum UIEvent: Sendable, Equatable {
  case mouseDown(x: Double, y: Double, button: MouseButton, clicks: Int, mods: KeyModifiers)
  case mouseUp(x: Double, y: Double, button: MouseButton, mods: KeyModifiers)
  case mouseMove(x: Double, y: Double, mods: KeyModifiers)
  case wheel(dx: Double, dy: Double)
  case keyDown(String, mods: KeyModifiers, isRepeat: Bool)
  case keyUp(String, mods: KeyModifiers)
  /// Typed text (UTF-8), for text fields.
  case text(String)
  /// The drawable size changed, pixels; `scale` = pixels per window point.
  case resize(width: Int, height: Int, scale: Double)
  case dropFile(String)
  /// A file dropped with the pointer at (x, y) window pixels (where the
  /// window system says the pointer was at the drop).
  case dropFileAt(String, x: Double, y: Double)
  case quit
}
