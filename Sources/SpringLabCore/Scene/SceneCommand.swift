/// A command to the scene that is not a pointer: what a window key or a
/// script's `key` event asks for. Code sends these; the names are the
/// script format's (`name`, `init(name:)`) and the window's key map's only.
public enum SceneCommand: Sendable, Equatable, Hashable {
  /// Show or hide the simulated keyboard (script `k` or `keyboard`).
  case toggleKeyboard
  /// Turn the device to the other orientation (script `o` or `rotate`).
  case rotate
  /// Expand or collapse the fan (script `space`).
  case toggleFan
  /// Collapse the fan, else close the bubble's menu (script `escape`).
  case escape
  /// Open or close the bubble's menu while the bubble shows (script `b`).
  case toggleBubbleMenu
  /// Bring a dismissed bubble back (script `show-bubble`).
  case showBubble
  /// Replay the bubble's snap from part-way toward the middle (script `snap`).
  case replaySnap
  /// A key no scene command has: passed by name to the further controls
  /// (`SceneControl.key`), which may act on it; the scene ignores it.
  case control(String)

  /// The name a script's `key` event carries: the short one the window
  /// sends, so a recording reads as before (`k`, `o`, `space`, …).
  public var name: String {
    switch self {
    case .toggleKeyboard: return "k"
    case .rotate: return "o"
    case .toggleFan: return "space"
    case .escape: return "escape"
    case .toggleBubbleMenu: return "b"
    case .showBubble: return "show-bubble"
    case .replaySnap: return "snap"
    case .control(let name): return name
    }
  }

  /// The command a script's key name asks for; `keyboard` and `rotate` are
  /// the long spellings of `k` and `o`. Any other name is `.control(name)`.
  public init(name: String) {
    switch name {
    case "keyboard", "k": self = .toggleKeyboard
    case "rotate", "o": self = .rotate
    case "space": self = .toggleFan
    case "escape": self = .escape
    case "b": self = .toggleBubbleMenu
    case "show-bubble": self = .showBubble
    case "snap": self = .replaySnap
    default: self = .control(name)
    }
  }
}
