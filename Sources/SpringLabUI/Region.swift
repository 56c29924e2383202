/// What the pointer did to an interactive region this frame.
public struct RegionInput: Sendable, Equatable {
  /// The left button went down inside: the region is now active.
  public var pressed = false
  /// The region owns the left button (pressed earlier or now, not yet released).
  public var held = false
  /// The left button came up after a press in the region (inside or not).
  public var released = false
  /// The pointer, window pixels.
  public var x = 0.0
  public var y = 0.0
}

extension UIContext {
  /// An invisible interactive rectangle (Dear ImGui's InvisibleButton), so
  /// surfaces the app draws itself (a canvas, a graph) take the pointer
  /// through the same hot / active ids as the widgets: a press claimed here
  /// is not passed through, and a drag that started on a widget never
  /// reaches it.
  public func region(_ label: String, rect: PixelRect) -> RegionInput {
    let s = behavior(id(label), rect)
    return RegionInput(
      pressed: s.pressed, held: s.held || s.pressed, released: s.released, x: input.mouseX,
      y: input.mouseY)
  }
}
