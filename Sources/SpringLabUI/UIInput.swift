/// A key press seen this frame.
public struct KeyPress: Sendable, Equatable {
  /// `KeyName` value or the lower-case character.
  public var key: String
  public var mods: KeyModifiers
  public var isRepeat: Bool
  /// Index of the event in `UIContext.frameEvents`.
  public var eventIndex: Int
}

/// Keyboard input in arrival order, as a text field consumes it.
public enum TypingItem: Sendable, Equatable {
  case text(String, eventIndex: Int)
  case key(KeyPress)
}

/// The input state of one frame, folded from that frame's `UIEvent`s.
/// Positions in window pixels.
public struct UIInput: Sendable, Equatable {
  /// Pointer position after this frame's events, pixels.
  public var mouseX = -1.0
  public var mouseY = -1.0
  /// Buttons held after this frame's events.
  public var leftDown = false
  public var rightDown = false
  /// Buttons that went down / up during this frame.
  public var pressed: [MouseButton] = []
  public var released: [MouseButton] = []
  /// Click count of this frame's press (2 = double-click), 0 without a press.
  public var clicks = 0
  /// Modifiers held at this frame's press.
  public var pressMods: KeyModifiers = []
  /// Modifiers of the latest event that carried them.
  public var mods: KeyModifiers = []
  /// Wheel movement this frame, notches (positive y = away from the user = scroll up).
  public var wheelX = 0.0
  public var wheelY = 0.0
  /// Key presses (including repeats) in order.
  public var keys: [KeyPress] = []
  /// Text and key presses interleaved in order, for text fields.
  public var typing: [TypingItem] = []

  public init() {}

  public func wasPressed(_ b: MouseButton) -> Bool { pressed.contains(b) }
  public func wasReleased(_ b: MouseButton) -> Bool { released.contains(b) }

  /// Folds one event in; `index` is its position in the frame's event list.
  mutating func apply(_ event: UIEvent, index: Int) {
    switch event {
    case .mouseDown(let x, let y, let button, let n, let m):
      mouseX = x
      mouseY = y
      mods = m
      pressMods = m
      clicks = n
      pressed.append(button)
      if button == .left { leftDown = true }
      if button == .right { rightDown = true }
    case .mouseUp(let x, let y, let button, let m):
      mouseX = x
      mouseY = y
      mods = m
      released.append(button)
      if button == .left { leftDown = false }
      if button == .right { rightDown = false }
    case .mouseMove(let x, let y, let m):
      mouseX = x
      mouseY = y
      mods = m
    case .wheel(let dx, let dy):
      wheelX += dx
      wheelY += dy
    case .keyDown(let k, let m, let rep):
      mods = m
      let press = KeyPress(key: k, mods: m, isRepeat: rep, eventIndex: index)
      keys.append(press)
      typing.append(.key(press))
    case .keyUp(_, let m):
      mods = m
    case .text(let s):
      typing.append(.text(s, eventIndex: index))
    case .resize, .dropFile, .dropFileAt, .quit:
      break
    }
  }

  /// Starts a new frame: transitions and per-frame deltas clear, held state stays.
  mutating func newFrame() {
    pressed = []
    released = []
    clicks = 0
    wheelX = 0
    wheelY = 0
    keys = []
    typing = []
  }
}

extension UIEvent {
  /// A press or release of a mouse button.
  var isButtonTransition: Bool {
    switch self {
    case .mouseDown, .mouseUp: return true
    default: return false
    }
  }
}
