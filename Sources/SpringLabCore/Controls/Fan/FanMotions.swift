extension MotionDescriptor {
  /// The fan's motions: its items' expand and collapse, the main button's
  /// turn, and the fly-out.
  static let fan: [MotionDescriptor] = [
    fanMove(.fanExpand, "Expand", .fanExpand, paired: .fanCollapse, with: .rotationOpen),
    fanMove(.fanCollapse, "Collapse", .fanCollapse, paired: .fanExpand, with: .rotationClose),
    MotionDescriptor(
      .rotationOpen, "Main button open", path: "fan.rotation",
      duration: { $0.fan.rotationOpen }, paired: .rotationClose,
      fields: ["fan.rotation.angle", "fan.rotation.openDuration"]),
    MotionDescriptor(
      .rotationClose, "Main button close", path: "fan.rotation",
      duration: { $0.fan.rotationClose }, paired: .rotationOpen,
      fields: ["fan.rotation.angle", "fan.rotation.closeDuration"]),
    MotionDescriptor(
      .flyOut, "Fly-out", path: "fan.flyOut", duration: { _ in FanMenu.flyOutDuration },
      fields: ["fan.flyOut"]),
  ]

  /// One fan move: its items' spring or timing curve, drawn with the main
  /// button's turn; the expand also reads the overshoot variant's fields.
  static func fanMove(
    _ id: MotionID, _ title: String, _ s: PresetSpring, paired: MotionID, with rotation: MotionID
  ) -> MotionDescriptor {
    let prefix = s.prefix
    let own = PresetField.all.map(\.path).filter { $0.hasPrefix(prefix + ".") }
    let overshoot =
      id == .fanExpand
      ? PresetField.all.map(\.path).filter {
        $0.hasPrefix("fan.overshoot.")
      } : []
    return MotionDescriptor(
      id, title, path: prefix, spring: s, duration: { $0[keyPath: s.duration] }, paired: paired,
      drawnWith: [rotation],
      fields: own + overshoot)
  }
}
