/// Where a scene starts when it does not start from the preset's rest state
/// (a remembered bubble position, an open menu, the keyboard up): an input
/// script's optional `start` (docs/FORMATS.md).
public struct ScriptStart: Sendable, Equatable {
  public var bubble: Point?
  public var fanOpen = false
  public var keyboard = false
  public var bubbleHidden = false
  public init(
    bubble: Point? = nil, fanOpen: Bool = false, keyboard: Bool = false, bubbleHidden: Bool = false
  ) {
    self.bubble = bubble
    self.fanOpen = fanOpen
    self.keyboard = keyboard
    self.bubbleHidden = bubbleHidden
  }
  public var isEmpty: Bool { bubble == nil && !fanOpen && !keyboard && !bubbleHidden }
}
