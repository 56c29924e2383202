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
      fields: [.fanRotationAngle, .fanRotationOpenDuration], mapping: .turn),
    MotionDescriptor(
      .rotationClose, "Main button close", path: "fan.rotation",
      duration: { $0.fan.rotationClose }, paired: .rotationOpen,
      fields: [.fanRotationAngle, .fanRotationCloseDuration], mapping: .turn),
    MotionDescriptor(
      .flyOut, "Fly-out", path: "fan.flyOut", duration: { _ in FanMenu.flyOutDuration },
      fields: [.fanFlyOut], mapping: flyOutMapping),
  ]

  /// A fan item at progress p: out along its offset, from 0.4 of its size to
  /// full, fading in, and unwinding the preset's `spin` (turned by all of it
  /// at 0, upright at 1). The expand and the collapse draw alike.
  public static let fanItem = VisualMapping(
    position: .progress, scale: ProgressChannel(from: 0.4, span: 0.6), alpha: .progress,
    rotation: ProgressChannel(from: 1, span: -1))

  /// The fly-out at progress f: items slide toward the screen edge and fade out.
  public static let flyOutMapping = VisualMapping(
    position: .progress, alpha: ProgressChannel(from: 1, span: -1))

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
      paired: paired, drawnWith: [rotation], fields: ids.all + overshoot, mapping: fanItem)
  }
}
