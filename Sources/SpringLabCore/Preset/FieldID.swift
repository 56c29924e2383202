/// The typed identity of every preset field: code names a field by its
/// case, never by its path. The raw value is the field's JSON path, the text
/// presets, scripts (`set`), lint's JSON and the trace carry; the field
/// table (`PresetField.all`) holds exactly one field per case.
public enum FieldID: String, Sendable, CaseIterable, Hashable {
  case fanCount = "fan.count"
  case fanLayout = "fan.layout"
  case fanRadius = "fan.radius"
  case fanStartAngle = "fan.startAngle"
  case fanEndAngle = "fan.endAngle"
  case fanSpacing = "fan.spacing"
  case fanOffsets = "fan.offsets"
  case fanIcons = "fan.icons"
  case fanItemSize = "fan.itemSize"
  case fanHitSize = "fan.hitSize"
  case fanExpandVariant = "fan.expand.variant"
  case fanExpandCurve = "fan.expand.curve"
  case fanExpandDuration = "fan.expand.duration"
  case fanExpandDamping = "fan.expand.damping"
  case fanExpandVelocity = "fan.expand.velocity"
  case fanExpandForm = "fan.expand.form"
  case fanExpandMass = "fan.expand.mass"
  case fanExpandStagger = "fan.expand.stagger"
  case fanExpandOrder = "fan.expand.order"
  case fanExpandBezierX1 = "fan.expand.bezier.x1"
  case fanExpandBezierY1 = "fan.expand.bezier.y1"
  case fanExpandBezierX2 = "fan.expand.bezier.x2"
  case fanExpandBezierY2 = "fan.expand.bezier.y2"
  case fanSpin = "fan.spin"
  case fanOvershootDistance = "fan.overshoot.distance"
  case fanOvershootOutDuration = "fan.overshoot.outDuration"
  case fanOvershootBackDuration = "fan.overshoot.backDuration"
  case fanCollapseVariant = "fan.collapse.variant"
  case fanCollapseCurve = "fan.collapse.curve"
  case fanCollapseDuration = "fan.collapse.duration"
  case fanCollapseDamping = "fan.collapse.damping"
  case fanCollapseVelocity = "fan.collapse.velocity"
  case fanCollapseForm = "fan.collapse.form"
  case fanCollapseMass = "fan.collapse.mass"
  case fanCollapseStagger = "fan.collapse.stagger"
  case fanCollapseOrder = "fan.collapse.order"
  case fanCollapseBezierX1 = "fan.collapse.bezier.x1"
  case fanCollapseBezierY1 = "fan.collapse.bezier.y1"
  case fanCollapseBezierX2 = "fan.collapse.bezier.x2"
  case fanCollapseBezierY2 = "fan.collapse.bezier.y2"
  case fanMainSize = "fan.mainSize"
  case fanMainRight = "fan.main.right"
  case fanMainBottom = "fan.main.bottom"
  case fanRotationAngle = "fan.rotation.angle"
  case fanRotationOpenDuration = "fan.rotation.openDuration"
  case fanRotationCloseDuration = "fan.rotation.closeDuration"
  case fanPolicy = "fan.policy"
  case fanTapReportDelay = "fan.tapReportDelay"
  case fanToastDuration = "fan.toastDuration"
  case fanBackdropDim = "fan.backdropDim"
  case fanPressScale = "fan.pressScale"
  case fanFlyOut = "fan.flyOut"
  case bubbleEnabled = "bubble.enabled"
  case bubbleSize = "bubble.size"
  case bubbleMargin = "bubble.margin"
  case bubbleStartSide = "bubble.startSide"
  case bubbleStartY = "bubble.startY"
  case bubbleSnapMode = "bubble.snap.mode"
  case bubbleSnapDuration = "bubble.snap.duration"
  case bubbleSnapDamping = "bubble.snap.damping"
  case bubbleSnapVelocity = "bubble.snap.velocity"
  case bubbleSnapForm = "bubble.snap.form"
  case bubbleSnapMass = "bubble.snap.mass"
  case bubbleSnapDeceleration = "bubble.snap.deceleration"
  case bubbleBadge = "bubble.badge"
  case bubbleTapDistance = "bubble.tap.distance"
  case bubbleTapQuickTime = "bubble.tap.quickTime"
  case bubbleTapQuickDistance = "bubble.tap.quickDistance"
  case bubbleLongPress = "bubble.longPress"
  case bubbleMenuCount = "bubble.menu.count"
  case bubbleMenuDuration = "bubble.menu.duration"
  case bubbleMenuDamping = "bubble.menu.damping"
  case bubbleMenuVelocity = "bubble.menu.velocity"
  case bubbleMenuForm = "bubble.menu.form"
  case bubbleMenuMass = "bubble.menu.mass"
  case bubbleMenuCloseDuration = "bubble.menu.closeDuration"
  case bubbleIdleDelay = "bubble.idle.delay"
  case bubbleIdleAlpha = "bubble.idle.alpha"
  case bubbleIdleTuck = "bubble.idle.tuck"
  case bubbleFloatingCount = "bubble.floating.count"
  case bubbleFloatingRestitution = "bubble.floating.restitution"
  case bubbleFloatingSpeed = "bubble.floating.speed"
  case deviceModel = "device.model"
  case deviceOrientation = "device.orientation"

  /// The field's row in the field table.
  public var field: PresetField { PresetField.byID[self]! }

  /// The field's JSON path (`fan.expand.damping`): text at the file boundary.
  public var path: String { rawValue }

  /// The part of the preset holding the field: its path's first component.
  public var section: FieldSection {
    FieldSection(rawValue: String(rawValue.prefix { $0 != "." }))!
  }
}

/// The top-level objects of a preset file.
public enum FieldSection: String, Sendable, CaseIterable {
  case device, fan, bubble
}

/// The fields of one spring stored in a preset (a `SpringSpec`).
public struct SpringFields: Sendable, Equatable {
  public let duration, damping, velocity, form, mass: FieldID

  /// The five, in field-table order.
  public var all: [FieldID] { [duration, damping, velocity, form, mass] }

  public static let bubbleSnap = SpringFields(
    duration: .bubbleSnapDuration, damping: .bubbleSnapDamping, velocity: .bubbleSnapVelocity,
    form: .bubbleSnapForm, mass: .bubbleSnapMass)
  public static let bubbleMenu = SpringFields(
    duration: .bubbleMenuDuration, damping: .bubbleMenuDamping, velocity: .bubbleMenuVelocity,
    form: .bubbleMenuForm, mass: .bubbleMenuMass)
}

/// The fields of one fan move (`FanMotion`): its variant, curve, spring,
/// stagger, order and Bézier points.
public struct FanMoveFields: Sendable, Equatable {
  public let variant, curve, stagger, order: FieldID
  public let spring: SpringFields
  /// The custom curve's control points x1, y1, x2, y2.
  public let bezier: [FieldID]

  /// Every field of the move.
  public var all: [FieldID] { [variant, curve, stagger, order] + spring.all + bezier }

  public static let expand = FanMoveFields(
    variant: .fanExpandVariant, curve: .fanExpandCurve, stagger: .fanExpandStagger,
    order: .fanExpandOrder,
    spring: SpringFields(
      duration: .fanExpandDuration, damping: .fanExpandDamping, velocity: .fanExpandVelocity,
      form: .fanExpandForm, mass: .fanExpandMass),
    bezier: [.fanExpandBezierX1, .fanExpandBezierY1, .fanExpandBezierX2, .fanExpandBezierY2])
  public static let collapse = FanMoveFields(
    variant: .fanCollapseVariant, curve: .fanCollapseCurve, stagger: .fanCollapseStagger,
    order: .fanCollapseOrder,
    spring: SpringFields(
      duration: .fanCollapseDuration, damping: .fanCollapseDamping,
      velocity: .fanCollapseVelocity, form: .fanCollapseForm, mass: .fanCollapseMass),
    bezier: [
      .fanCollapseBezierX1, .fanCollapseBezierY1, .fanCollapseBezierX2, .fanCollapseBezierY2,
    ])
}
