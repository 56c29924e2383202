extension MotionDescriptor {
  /// The bubble's motions: its snap, its menu opening and closing, its idle fade.
  static let bubble: [MotionDescriptor] = [
    MotionDescriptor(
      .bubbleSnap, "Bubble snap", path: PresetSpring.bubbleSnap.prefix, spring: .bubbleSnap,
      duration: { $0.bubble.snap.duration },
      fields: PresetSpring.bubbleSnap.fields.all),
    MotionDescriptor(
      .bubbleMenuOpen, "Bubble menu", path: PresetSpring.bubbleMenu.prefix, spring: .bubbleMenu,
      duration: { $0.bubble.menu.duration }, paired: .bubbleMenuClose,
      drawnWith: [.bubbleMenuClose], fields: PresetSpring.bubbleMenu.fields.all),
    MotionDescriptor(
      .bubbleMenuClose, "Bubble menu close", path: "bubble.menu",
      duration: { $0.bubble.menuCloseDuration }, paired: .bubbleMenuOpen,
      fields: [.bubbleMenuCloseDuration]),
    MotionDescriptor(
      .bubbleIdleFade, "Idle fade", path: "bubble.idle", duration: { _ in Bubble.idleFadeDuration },
      fields: [.bubbleIdleDelay, .bubbleIdleAlpha]),
  ]
}
