import SpringLabCore

/// A further scene control that draws itself: conform it in
/// `SpringLabUI/Controls/<Name>/` and the scene drawer draws it above the
/// bubble, in the scene's stacking order (docs/ARCHITECTURE.md).
public protocol DrawableControl {
  func draw(
    at t: Double, _ context: ControlContext, view: ViewTransform, into dl: inout DrawList,
    icons: IconSet)
}
