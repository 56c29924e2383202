extension MotionDescriptor {
  /// The bubble's motions: its snap, its menu opening and closing, its idle fade.
  static let bubble: [MotionDescriptor] = [
    MotionDescriptor(
      .bubbleSnap, "Bubble snap", path: PresetSpring.bubbleSnap.prefix, spring: .bubbleSnap,
      duration: { $0.bubble.snap.duration },
      fields: PresetSpring.bubbleSnap.fields.all, mapping: .travel),
    MotionDescriptor(
      .bubbleMenuOpen, "Bubble menu", path: PresetSpring.bubbleMenu.prefix, spring: .bubbleMenu,
      duration: { $0.bubble.menu.duration }, paired: .bubbleMenuClose,
      drawnWith: [.bubbleMenuClose], fields: PresetSpring.bubbleMenu.fields.all,
      mapping: bubbleMenuOpening),
    MotionDescriptor(
      .bubbleMenuClose, "Bubble menu close", path: "bubble.menu",
      duration: { $0.bubble.menuCloseDuration }, paired: .bubbleMenuOpen,
      fields: [.bubbleMenuCloseDuration], mapping: bubbleMenuClosing),
    MotionDescriptor(
      .bubbleIdleFade, "Idle fade", path: "bubble.idle", duration: { _ in Bubble.idleFadeDuration },
      fields: [.bubbleIdleDelay, .bubbleIdleAlpha], mapping: .none),
  ]

  /// The bubble's menu opening: scale 0.6 → 1 about its anchor, fading in
  /// (following the menu spring, so it overshoots with it).
  public static let bubbleMenuOpening = VisualMapping(
    position: .constant(0), scale: ProgressChannel(from: 0.6, span: 0.4), alpha: .progress)

  /// The bubble's menu closing (progress 1 → 0): scale 1 → 0.8, fading out.
  public static let bubbleMenuClosing = VisualMapping(
    position: .constant(0), scale: ProgressChannel(from: 0.8, span: 0.2), alpha: .progress)
}
