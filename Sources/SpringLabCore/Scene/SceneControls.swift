/// The controls of the simulated screen: the fan, the bubble and any further
/// control registered in `ControlRegistry.more` (one line per control; see
/// docs/ARCHITECTURE.md).
public enum SceneControls {
  /// Controls beyond the fan and the bubble, in stacking order: the scene
  /// controls registered in `ControlRegistry.more`.
  public static var more: [any SceneControl.Type] {
    ControlRegistry.more.compactMap { $0 as? any SceneControl.Type }
  }

  /// Every control, in stacking order: the order their animations appear in
  /// the motion plan.
  public static var all: [any SceneControl.Type] { [FanMenu.self, Bubble.self] + more }
}

extension MotionPlan {
  /// Every animation `preset` plays, control by control.
  public init(_ p: Preset, controls: [any SceneControl.Type] = SceneControls.all) {
    self.init(animations: controls.flatMap { $0.plan(p) })
  }
}
