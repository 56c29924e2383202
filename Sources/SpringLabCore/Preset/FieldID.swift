/// The typed identity of every preset field: code names a field by its
/// static member, never by its path. The raw value is the field's JSON path,
/// the text presets, scripts (`set`), lint's JSON and the trace carry; the
/// field table (`PresetField.all`) holds exactly one field per identity. A
/// control registered in `ControlRegistry.more` declares its own in its
/// folder (`ControlSection.fields`).
public struct FieldID: RawRepresentable, Sendable, Hashable, CaseIterable {
  /// The field's JSON path.
  public let rawValue: String

  /// A field identity declared in code (a built-in member below, or a
  /// registered control's own); `path` is its JSON path.
  public init(_ path: String) { rawValue = path }

  /// The field at a JSON path, nil when no field (built in or of a
  /// registered control) has it: the file, script and trace boundary.
  public init?(rawValue: String) {
    let id = FieldID(rawValue)
    guard FieldID.builtInSet.contains(id) || FieldID.registered.contains(id) else { return nil }
    self = id
  }

  public static let fanCount = FieldID("fan.count")
  public static let fanLayout = FieldID("fan.layout")
  public static let fanRadius = FieldID("fan.radius")
  public static let fanStartAngle = FieldID("fan.startAngle")
  public static let fanEndAngle = FieldID("fan.endAngle")
  public static let fanSpacing = FieldID("fan.spacing")
  public static let fanOffsets = FieldID("fan.offsets")
  public static let fanIcons = FieldID("fan.icons")
  public static let fanItemSize = FieldID("fan.itemSize")
  public static let fanHitSize = FieldID("fan.hitSize")
  public static let fanItems = FieldID("fan.items")
  public static let fanExpandVariant = FieldID("fan.expand.variant")
  public static let fanExpandCurve = FieldID("fan.expand.curve")
  public static let fanExpandDuration = FieldID("fan.expand.duration")
  public static let fanExpandDamping = FieldID("fan.expand.damping")
  public static let fanExpandVelocity = FieldID("fan.expand.velocity")
  public static let fanExpandForm = FieldID("fan.expand.form")
  public static let fanExpandMass = FieldID("fan.expand.mass")
  public static let fanExpandStagger = FieldID("fan.expand.stagger")
  public static let fanExpandOrder = FieldID("fan.expand.order")
  public static let fanExpandBezierX1 = FieldID("fan.expand.bezier.x1")
  public static let fanExpandBezierY1 = FieldID("fan.expand.bezier.y1")
  public static let fanExpandBezierX2 = FieldID("fan.expand.bezier.x2")
  public static let fanExpandBezierY2 = FieldID("fan.expand.bezier.y2")
  public static let fanSpin = FieldID("fan.spin")
  public static let fanOvershootDistance = FieldID("fan.overshoot.distance")
  public static let fanOvershootOutDuration = FieldID("fan.overshoot.outDuration")
  public static let fanOvershootBackDuration = FieldID("fan.overshoot.backDuration")
  public static let fanCollapseVariant = FieldID("fan.collapse.variant")
  public static let fanCollapseCurve = FieldID("fan.collapse.curve")
  public static let fanCollapseDuration = FieldID("fan.collapse.duration")
  public static let fanCollapseDamping = FieldID("fan.collapse.damping")
  public static let fanCollapseVelocity = FieldID("fan.collapse.velocity")
  public static let fanCollapseForm = FieldID("fan.collapse.form")
  public static let fanCollapseMass = FieldID("fan.collapse.mass")
  public static let fanCollapseStagger = FieldID("fan.collapse.stagger")
  public static let fanCollapseOrder = FieldID("fan.collapse.order")
  public static let fanCollapseBezierX1 = FieldID("fan.collapse.bezier.x1")
  public static let fanCollapseBezierY1 = FieldID("fan.collapse.bezier.y1")
  public static let fanCollapseBezierX2 = FieldID("fan.collapse.bezier.x2")
  public static let fanCollapseBezierY2 = FieldID("fan.collapse.bezier.y2")
  public static let fanMainSize = FieldID("fan.mainSize")
  public static let fanMainRight = FieldID("fan.main.right")
  public static let fanMainBottom = FieldID("fan.main.bottom")
  public static let fanMainFill = FieldID("fan.main.fill")
  public static let fanMainTint = FieldID("fan.main.tint")
  public static let fanMainShadow = FieldID("fan.main.shadow")
  public static let fanMainIcon = FieldID("fan.main.icon")
  public static let fanMainTintIcon = FieldID("fan.main.tintIcon")
  public static let fanRotationAngle = FieldID("fan.rotation.angle")
  public static let fanRotationOpenDuration = FieldID("fan.rotation.openDuration")
  public static let fanRotationCloseDuration = FieldID("fan.rotation.closeDuration")
  public static let fanPolicy = FieldID("fan.policy")
  public static let fanTapReportDelay = FieldID("fan.tapReportDelay")
  public static let fanToastDuration = FieldID("fan.toastDuration")
  public static let fanBackdropDim = FieldID("fan.backdropDim")
  public static let fanDimColor = FieldID("fan.dimColor")
  public static let fanPressScale = FieldID("fan.pressScale")
  public static let fanFlyOut = FieldID("fan.flyOut")
  public static let bubbleEnabled = FieldID("bubble.enabled")
  public static let bubbleSize = FieldID("bubble.size")
  public static let bubbleFill = FieldID("bubble.fill")
  public static let bubbleShadow = FieldID("bubble.shadow")
  public static let bubbleIcon = FieldID("bubble.icon")
  public static let bubbleTint = FieldID("bubble.tint")
  public static let bubbleTintIcon = FieldID("bubble.tintIcon")
  public static let bubbleMargin = FieldID("bubble.margin")
  public static let bubbleStartSide = FieldID("bubble.startSide")
  public static let bubbleStartY = FieldID("bubble.startY")
  public static let bubbleSnapMode = FieldID("bubble.snap.mode")
  public static let bubbleSnapDuration = FieldID("bubble.snap.duration")
  public static let bubbleSnapDamping = FieldID("bubble.snap.damping")
  public static let bubbleSnapVelocity = FieldID("bubble.snap.velocity")
  public static let bubbleSnapForm = FieldID("bubble.snap.form")
  public static let bubbleSnapMass = FieldID("bubble.snap.mass")
  public static let bubbleSnapDeceleration = FieldID("bubble.snap.deceleration")
  public static let bubbleBadge = FieldID("bubble.badge")
  public static let bubbleBadgeFill = FieldID("bubble.badgeFill")
  public static let bubbleBadgeTint = FieldID("bubble.badgeTint")
  public static let bubbleTapDistance = FieldID("bubble.tap.distance")
  public static let bubbleTapQuickTime = FieldID("bubble.tap.quickTime")
  public static let bubbleTapQuickDistance = FieldID("bubble.tap.quickDistance")
  public static let bubbleLongPress = FieldID("bubble.longPress")
  public static let bubbleMenuCount = FieldID("bubble.menu.count")
  public static let bubbleMenuDuration = FieldID("bubble.menu.duration")
  public static let bubbleMenuDamping = FieldID("bubble.menu.damping")
  public static let bubbleMenuVelocity = FieldID("bubble.menu.velocity")
  public static let bubbleMenuForm = FieldID("bubble.menu.form")
  public static let bubbleMenuMass = FieldID("bubble.menu.mass")
  public static let bubbleMenuCloseDuration = FieldID("bubble.menu.closeDuration")
  public static let bubbleIdleDelay = FieldID("bubble.idle.delay")
  public static let bubbleIdleAlpha = FieldID("bubble.idle.alpha")
  public static let bubbleIdleTuck = FieldID("bubble.idle.tuck")
  public static let bubbleFloatingCount = FieldID("bubble.floating.count")
  public static let bubbleFloatingRestitution = FieldID("bubble.floating.restitution")
  public static let bubbleFloatingSpeed = FieldID("bubble.floating.speed")
  public static let deviceModel = FieldID("device.model")
  public static let deviceOrientation = FieldID("device.orientation")

  /// The built-in fields, in field-table order.
  public static let builtIn: [FieldID] = [
    .fanCount, .fanLayout, .fanRadius, .fanStartAngle, .fanEndAngle, .fanSpacing, .fanOffsets,
    .fanIcons, .fanItemSize, .fanHitSize, .fanItems, .fanExpandVariant, .fanExpandCurve,
    .fanExpandDuration,
    .fanExpandDamping, .fanExpandVelocity, .fanExpandForm, .fanExpandMass, .fanExpandStagger,
    .fanExpandOrder, .fanExpandBezierX1, .fanExpandBezierY1, .fanExpandBezierX2, .fanExpandBezierY2,
    .fanSpin, .fanOvershootDistance, .fanOvershootOutDuration, .fanOvershootBackDuration,
    .fanCollapseVariant, .fanCollapseCurve, .fanCollapseDuration, .fanCollapseDamping,
    .fanCollapseVelocity, .fanCollapseForm, .fanCollapseMass, .fanCollapseStagger,
    .fanCollapseOrder, .fanCollapseBezierX1, .fanCollapseBezierY1, .fanCollapseBezierX2,
    .fanCollapseBezierY2, .fanMainSize, .fanMainRight, .fanMainBottom, .fanMainFill, .fanMainTint,
    .fanMainShadow, .fanMainIcon, .fanMainTintIcon, .fanRotationAngle,
    .fanRotationOpenDuration, .fanRotationCloseDuration, .fanPolicy, .fanTapReportDelay,
    .fanToastDuration, .fanBackdropDim, .fanDimColor, .fanPressScale, .fanFlyOut, .bubbleEnabled,
    .bubbleSize,
    .bubbleFill, .bubbleShadow, .bubbleIcon, .bubbleTint, .bubbleTintIcon, .bubbleMargin,
    .bubbleStartSide, .bubbleStartY, .bubbleSnapMode,
    .bubbleSnapDuration,
    .bubbleSnapDamping, .bubbleSnapVelocity, .bubbleSnapForm, .bubbleSnapMass,
    .bubbleSnapDeceleration, .bubbleBadge, .bubbleBadgeFill, .bubbleBadgeTint, .bubbleTapDistance,
    .bubbleTapQuickTime,
    .bubbleTapQuickDistance, .bubbleLongPress, .bubbleMenuCount, .bubbleMenuDuration,
    .bubbleMenuDamping, .bubbleMenuVelocity, .bubbleMenuForm, .bubbleMenuMass,
    .bubbleMenuCloseDuration, .bubbleIdleDelay, .bubbleIdleAlpha, .bubbleIdleTuck,
    .bubbleFloatingCount, .bubbleFloatingRestitution, .bubbleFloatingSpeed, .deviceModel,
    .deviceOrientation,
  ]
  static let builtInSet = Set(builtIn)

  /// The fields of the controls registered in `ControlRegistry.more`.
  public static var registered: [FieldID] { ControlRegistry.more.flatMap { $0.fields.map(\.id) } }

  /// Every field: the built-in ones, then the registered controls'.
  public static var allCases: [FieldID] { builtIn + registered }

  /// The field's row in the field table.
  public var field: PresetField {
    if let f = PresetField.byID[self] { return f }
    let registered = ControlRegistry.more.flatMap { $0.fields }
    return registered.first { $0.id == self }!
  }

  /// The field's JSON path (`fan.expand.damping`): text at the file boundary.
  public var path: String { rawValue }

  /// The part of the preset holding the field: its path's first component.
  public var section: FieldSection {
    FieldSection(rawValue: String(rawValue.prefix { $0 != "." }))
  }
}

/// The top-level objects of a preset file: the built-in three, and one per
/// registered control that has settings (named by it).
public struct FieldSection: RawRepresentable, Sendable, Hashable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let device = FieldSection(rawValue: "device")
  public static let fan = FieldSection(rawValue: "fan")
  public static let bubble = FieldSection(rawValue: "bubble")
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
