/// What a further control brings to the preset: its settings section's
/// fields (stored in `Preset.controls`) and the springs its motions play.
/// Every `SceneControl` is one (a scene control's springs default to its
/// motions').
public protocol ControlSection: Sendable {
  /// The control's key in the trace and its settings section's name, e.g. `toggle`.
  static var name: String { get }
  /// The preset fields it adds: read, written, validated, documented and
  /// shown like the built-in table's.
  static var fields: [PresetField] { get }
  /// The springs it plays: lint's spring rules, the preset's schema and
  /// spring paste read them.
  static var springs: [PresetSpring] { get }
}

/// The controls registered beyond the fan and the bubble. A shipped control
/// is one line in `more`; a test binds further ones for its own task only
/// (`ControlRegistry.$more.withValue(…) { … }`), so parallel tests never see
/// each other's controls. The field table, the preset file, lint, the
/// graph, the scene (`SceneControls.more`) and the exports read it.
public enum ControlRegistry {
  @TaskLocal public static var more: [any ControlSection.Type] = []
}
