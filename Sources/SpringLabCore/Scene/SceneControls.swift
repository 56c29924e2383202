/// The controls of the simulated screen: the fan, the bubble and any further
/// control registered here (one line per control; see docs/ARCHITECTURE.md).
public enum SceneControls {
  /// Controls beyond the fan and the bubble, in stacking order.
  public static let more: [any SceneControl.Type] = []

  /// Every control, in stacking order: the order their animations appear in
  /// the motion plan.
  public static let all: [any SceneControl.Type] =
    [FanMenu.self, Bubble.self] + more
}

extension MotionPlan {
  /// Every animation `preset` plays, control by control.
  public init(_ p: Preset, controls: [any SceneControl.Type] = SceneControls.all) {
    self.init(animations: controls.flatMap { $0.plan(p) })
  }
}
