extension MotionDescriptor {
  /// The fan's motions: its items' expand and collapse, the main button's
  /// turn, and the fly-out.
  static let fan: [MotionDescriptor] = [
    fanMove(.fanExpand, "Expand", .fanExpand, .expand, paired: .fanCollapse, with: .rotationOpen),
    fanMove(
      .fanCollapse, "Collapse", .fanCollapse, .collapse, paired: .fanExpand, with: .rotationClose),
    MotionDescriptor(
      .rotationOpen, "Main button open", path: "fan.rotation",
      duration: { $0.fan.rotationOpen }, paired: .rotationClose,
      fields: [.fanRotationAngle, .fanRotationOpenDuration]),
    MotionDescriptor(
      .rotationClose, "Main button close", path: "fan.rotation",
      duration: { $0.fan.rotationClose }, paired: .rotationOpen,
      fields: [.fanRotationAngle, .fanRotationCloseDuration]),
    MotionDescriptor(
      .flyOut, "Fly-out", path: "fan.flyOut", duration: { _ in FanMenu.flyOutDuration },
      fields: [.fanFlyOut]),
  ]

  /// One fan move: its items' spring or timing curve, drawn with the main
  /// button's turn; the expand also reads the overshoot variant's fields.
  static func fanMove(
    _ id: MotionID, _ title: String, _ s: PresetSpring, _ ids: FanMoveFields, paired: MotionID,
    with rotation: MotionID
  ) -> MotionDescriptor {
    let overshoot: [FieldID] =
      id == .fanExpand
      ? [.fanOvershootDistance, .fanOvershootOutDuration, .fanOvershootBackDuration] : []
    return MotionDescriptor(
      id, title, path: s.prefix, spring: s, duration: { $0[keyPath: s.duration] },
      paired: paired, drawnWith: [rotation], fields: ids.all + overshoot)
  }
}
