extension MotionDescriptor {
  /// The bubble's motions: its snap, its menu opening and closing, its idle fade.
  static let bubble: [MotionDescriptor] = [
    MotionDescriptor(
      .bubbleSnap, "Bubble snap", path: "bubble.snap", spring: .bubbleSnap,
      duration: { $0.bubble.snap.duration },
      fields: springFields("bubble.snap")),
    MotionDescriptor(
      .bubbleMenuOpen, "Bubble menu", path: "bubble.menu", spring: .bubbleMenu,
      duration: { $0.bubble.menu.duration }, paired: .bubbleMenuClose,
      drawnWith: [.bubbleMenuClose], fields: springFields("bubble.menu")),
    MotionDescriptor(
      .bubbleMenuClose, "Bubble menu close", path: "bubble.menu",
      duration: { $0.bubble.menuCloseDuration }, paired: .bubbleMenuOpen,
      fields: ["bubble.menu.closeDuration"]),
    MotionDescriptor(
      .bubbleIdleFade, "Idle fade", path: "bubble.idle", duration: { _ in Bubble.idleFadeDuration },
      fields: ["bubble.idle.delay", "bubble.idle.alpha"]),
  ]
}
