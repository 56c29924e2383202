/// The scene's targets a script names (`Scene.targetPoint`); the raw value
/// is the script's text.
public enum NamedTarget: String, Sendable, CaseIterable, Hashable {
  case fanMain = "fan.main"
  case fanItem = "fan.item"
  case bubble
  case bubbleMenu = "bubble.menu"
  case outside

  /// Whether the target is one of several, chosen by the event's `index`.
  public var needsIndex: Bool { self == .fanItem || self == .bubbleMenu }
}
