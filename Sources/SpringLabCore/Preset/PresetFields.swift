/// One field of the preset format: the only place that knows a field's JSON
/// path, kind (range and unit), label, panel section, slider span and meaning.
public struct PresetField {
  /// The field's typed identity; its raw value is the JSON path.
  public let id: FieldID
  /// The JSON path (`fan.expand.damping`): text at the file boundary.
  public var path: String { id.rawValue }
  public let kind: FieldKind
  public let label: String
  public let group: FieldGroup
  /// What the field does, for docs/FORMATS.md and tooltips.
  public let meaning: String
  /// Where a slider's drag should span when the documented range is far wider
  /// than the values designers use; typed values still reach the whole range.
  public let dragRange: ClosedRange<Double>?
  /// Whether the panel shows a control for it (Bézier points are edited on
  /// the curve graph; offsets and icons have no control).
  public let inPanel: Bool
  /// The schema that added the field; a preset written as an older schema
  /// leaves it out (see `Preset.writtenSchema`).
  public let sinceSchema: Int

  init(
    _ id: FieldID, _ kind: FieldKind, _ label: String, _ group: FieldGroup,
    drag: ClosedRange<Double>? = nil, panel: Bool = true, since: Int = 1, _ meaning: String
  ) {
    self.inPanel = panel
    self.sinceSchema = since
    self.id = id
    self.kind = kind
    self.label = label
    self.group = group
    self.meaning = meaning
    self.dragRange = drag
  }

  /// The range of a number with no bound but finiteness (Bézier y).
  public static let anyFinite = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude

  /// Whether the field's range is `anyFinite`.
  public var isUnbounded: Bool {
    if case .number(_, let r, _) = kind { return r == PresetField.anyFinite }
    return false
  }

  /// A UIKit damping ratio: its range has a gap (0.999…1 excluded, see `UIKitSpring`).
  public var isDampingRatio: Bool {
    PresetSpring.all.contains { $0.fields.damping == id }
  }

  /// Whether a number fits this field (range, and the damping gap).
  public func accepts(_ d: Double) -> Bool {
    guard case .number(_, let r, _) = kind else { return false }
    return r.contains(d) && (!isDampingRatio || UIKitSpring.acceptsDamping(d))
  }

  /// The allowed values, as messages say them ("0.05…1", "one of a, b").
  public var allowedText: String {
    switch kind {
    case .number where isUnbounded: return "must be a finite number"
    case .number(_, let r, _) where isDampingRatio:
      return
        "must be \(JSONWriter.number(r.lowerBound))…\(JSONWriter.number(UIKitSpring.maximumUnderdamped)) or \(JSONWriter.number(r.upperBound))"
    case .number(_, let r, let unit):
      let u = unit == .none ? "" : " " + unit.rawValue
      return "must be \(JSONWriter.number(r.lowerBound))…\(JSONWriter.number(r.upperBound))\(u)"
    case .integer(_, let r): return "must be a whole number \(r.lowerBound)…\(r.upperBound)"
    case .choice(let c): return "must be one of " + c.options.joined(separator: ", ")
    case .flag: return "must be true or false"
    case .text(_, let lo, let hi): return "must be \(lo)…\(hi) printable characters"
    case .points: return "must be at most 12 [x, y] pairs, each −2000…2000 pt"
    case .names(_, let allowed): return "must be at most 12 of " + allowed.joined(separator: ", ")
    case .color: return PresetField.colorRule
    case .looks: return PresetField.looksRule
    case .icon(_, let allowed, let optional):
      return (optional ? "must be \"\" (none), " : "must be ")
        + "a built-in icon (\(allowed.joined(separator: ", "))) or a relative path to a .svg or .png file"
    }
  }

  /// What a colour must be, as messages say it.
  public static let colorRule = "must be a colour \"#RRGGBB\" or \"#RRGGBBAA\" (hex digits)"
  /// What `fan.items` must be, as messages say it.
  public static let looksRule =
    "must be at most 12 objects, each with any of fill, tint (colours), label (0…\(ItemLook.maxLabel) printable characters), size (\(JSONWriter.number(ItemLook.sizeRange.lowerBound))…\(JSONWriter.number(ItemLook.sizeRange.upperBound)) pt), icon (a built-in icon or a .svg/.png path), tintIcon (true or false)"

  /// The field's current value as JSON.
  public func json(of p: Preset) -> JSONValue {
    switch kind {
    case .number(let kp, _, _): return .number(p[keyPath: kp])
    case .integer(let kp, _): return .number(Double(p[keyPath: kp]))
    case .choice(let c): return .string(c.get(p))
    case .text(let kp, _, _): return .string(p[keyPath: kp])
    case .flag(let kp): return .bool(p[keyPath: kp])
    case .points(let kp):
      return .array(p[keyPath: kp].map { .array([.number($0.x), .number($0.y)]) })
    case .names(let kp, _): return .array(p[keyPath: kp].map { .string($0) })
    case .color(let kp): return .string(p[keyPath: kp].hex)
    case .looks(let kp): return .array(p[keyPath: kp].map(PresetField.json(look:)))
    case .icon(let kp, _, _): return .string(p[keyPath: kp])
    }
  }

  /// One item's look as JSON: only the members it sets, in the order
  /// fill, tint, label, size, icon, tintIcon (`{}` for an item left as it is).
  static func json(look: ItemLook) -> JSONValue {
    var m: [(String, JSONValue)] = []
    if let c = look.fill { m.append(("fill", .string(c.hex))) }
    if let c = look.tint { m.append(("tint", .string(c.hex))) }
    if !look.label.isEmpty { m.append(("label", .string(look.label))) }
    if let d = look.size { m.append(("size", .number(d))) }
    if let i = look.icon { m.append(("icon", .string(i))) }
    if !look.tintIcon { m.append(("tintIcon", .bool(false))) }
    return .object(m)
  }
}

extension PresetField {
  public static let iconNames = [
    "note", "scan", "photo", "calendar", "star", "share", "mic", "pin", "heart", "gear", "search",
    "bell",
  ]
  /// The built-in icons the main button and the bubble may show: the items'
  /// and the "+".
  public static let mainIconNames = iconNames + [DefaultLook.mainIcon]

  static func motion(
    _ ids: FanMoveFields, _ m: WritableKeyPath<Preset, FanMotion>, _ title: String,
    _ g: FieldGroup, _ verb: String
  ) -> [PresetField] {
    let moveDuration: ClosedRange<Double> = 0.01...2
    return [
      PresetField(
        ids.variant, .choice(m.appending(path: \.variant)), "\(title) variant", g,
        "How the \(verb) spreads over the items: `stagger` (per-item delay), `sequential` (each item starts when the previous ends), `overshoot` (out past the radius, then back; expand only), `allAtOnce`."
      ),
      PresetField(
        ids.curve, .choice(m.appending(path: \.curve)), "\(title) curve", g,
        "`spring` (UIKit duration, damping ratio and velocity) or a timing curve; `custom` uses the Bézier points below."
      ),
      PresetField(
        ids.spring.duration, .number(m.appending(path: \.duration), 0.01...10, unit: .seconds),
        "\(title) duration", g, drag: moveDuration,
        "Each item's move time. For `spring` it is UIKit's settling duration: the spring is at rest exactly then (not SwiftUI's perceptual duration, which is shorter and keeps moving after it)."
      ),
      PresetField(
        ids.spring.damping, .number(m.appending(path: \.damping), 0.05...1, unit: .none),
        "\(title) damping ratio", g,
        "UIKit's damping ratio ζ for `spring` (not a damping coefficient): 1 = no overshoot, lower wobbles."
      ),
      PresetField(
        ids.spring.velocity, .number(m.appending(path: \.velocity), -20...20, unit: .none),
        "\(title) velocity", g, drag: -2...6,
        "UIKit's initial spring velocity, in travels per second: 1 = the whole distance per second."
      ),
    ] + springForm(ids.spring, m.appending(path: \.form), m.appending(path: \.mass), title, g) + [
      PresetField(
        ids.stagger, .number(m.appending(path: \.stagger), 0...2, unit: .seconds),
        "\(title) stagger", g, drag: 0...0.3, "Delay between consecutive items (`stagger`)."),
      PresetField(
        ids.order, .choice(m.appending(path: \.order)), "\(title) order", g,
        "Which item moves first: `forward`, `reverse` (last first) or `center` (middle first)."),
      PresetField(
        ids.bezier[0], .number(m.appending(path: \.bezier.x1), 0...1, unit: .none),
        "\(title) Bézier x1", g, panel: false,
        "First control point x of the `custom` curve (0 … 1, as CSS requires)."),
      PresetField(
        ids.bezier[1], .number(m.appending(path: \.bezier.y1), anyFinite, unit: .none),
        "\(title) Bézier y1", g, drag: -0.5...1.5, panel: false,
        "First control point y of the `custom` curve: any finite number (below 0 or above 1 overshoots)."
      ),
      PresetField(
        ids.bezier[2], .number(m.appending(path: \.bezier.x2), 0...1, unit: .none),
        "\(title) Bézier x2", g, panel: false, "Second control point x of the `custom` curve."),
      PresetField(
        ids.bezier[3], .number(m.appending(path: \.bezier.y2), anyFinite, unit: .none),
        "\(title) Bézier y2", g, drag: -0.5...1.5, panel: false,
        "Second control point y of the `custom` curve: any finite number."),
    ]
  }

  /// A spring's editing form and the physics form's mass (schema 3).
  static func springForm(
    _ ids: SpringFields, _ form: WritableKeyPath<Preset, SpringForm>,
    _ mass: WritableKeyPath<Preset, Double>, _ title: String, _ g: FieldGroup
  ) -> [PresetField] {
    [
      PresetField(
        ids.form, .choice(form), "\(title) form", g, since: 3,
        "The vocabulary the spring is edited in: `uikit` (settling duration, damping ratio, velocity), `swiftUIDurationBounce` (perceptual duration, bounce), `swiftUIResponse` (response, damping fraction) or `physics` (stiffness, damping coefficient, mass). The motion is the same in every form: the UIKit numbers above are what plays (schema 3)."
      ),
      PresetField(
        ids.mass, .number(mass, 0.01...100, unit: .none), "\(title) mass", g,
        panel: false, since: 3,
        "The mass the `physics` form shows stiffness and damping for; only k/m and c/m shape the motion (schema 3)."
      ),
    ]
  }

  /// Every field of the format, in the order presets are written. `schema`
  /// and `name` are handled by the reader itself.
  /// Every field: the built-in table, then the fields of the controls
  /// registered in `ControlRegistry.more` (each declared in its control's folder).
  public static var all: [PresetField] { builtIn + ControlRegistry.more.flatMap { $0.fields } }

  /// The built-in fields, in table order.
  nonisolated(unsafe) public static let builtIn: [PresetField] =
    [
      PresetField(
        .deviceModel, .choice(\.device), "Device", .device, "The simulated device."),
      PresetField(
        .deviceOrientation, .choice(\.orientation), "Orientation", .device,
        "How the device is held."),
      PresetField(
        .fanCount, .integer(\.fan.count, 1...12), "Items", .layout, "Number of fan items."),
      PresetField(
        .fanLayout, .choice(\.fan.layout), "Layout", .layout,
        "Where items rest: `arc` (start to end angle), `ring` (evenly round the circle), `custom` (`fan.offsets`) or `auto` (an arc turned away from the screen edges)."
      ),
      PresetField(
        .fanRadius, .number(\.fan.radius, 0...600, unit: .points), "Radius", .layout,
        "Distance from the main button's centre to each item's centre."),
      PresetField(
        .fanStartAngle, .number(\.fan.startAngle, -720...720, unit: .degrees), "Start angle",
        .layout, drag: -360...360, "Angle of the first item; 0° = right, clockwise on screen."),
      PresetField(
        .fanEndAngle, .number(\.fan.endAngle, -720...720, unit: .degrees), "End angle",
        .layout, drag: -360...360, "Angle of the last item (`arc`)."),
      PresetField(
        .fanSpacing, .choice(\.fan.spacing), "Spacing", .layout,
        "`inclusive` puts the first and last item on the arc's ends; `inset` keeps them off the ends."
      ),
      PresetField(
        .fanOffsets, .points(\.fan.offsets), "Offsets", .layout, panel: false,
        "Per-item [x, y] offsets from the main button for `custom` (missing items fall back to the arc)."
      ),
      PresetField(
        .fanIcons, .names(\.fan.icons, allowed: iconNames), "Icons", .layout, panel: false,
        "Icon names per item, cycled."),
      PresetField(
        .fanMainSize, .number(\.fan.mainSize, 20...120, unit: .points), "Main size",
        .mainButton, "Main button diameter."),
      PresetField(
        .fanItemSize, .number(\.fan.itemSize, 16...120, unit: .points), "Item size", .layout,
        "Item diameter."),
      PresetField(
        .fanHitSize, .number(\.fan.hitSize, 16...120, unit: .points), "Hit target", .layout,
        "Diameter of each item's and the main button's touch area (44 pt or more)."),
      PresetField(
        .fanItems, .looks(\.fan.items), "Item looks", .layout, panel: false, since: 4,
        "Each item's own look, in item order: `fill` and `tint` (the icon's colour) as `#RRGGBB` or `#RRGGBBAA`, `label` (shown beside the item when open, fading with it), `size` (diameter, points; the hit area grows with it), `icon` (a built-in icon, or an SVG or PNG file relative to the preset's folder; see Icon files; schema 5) and `tintIcon` (`false` draws a file icon in its own colours instead of as a mask filled with `tint`; schema 5). A member left out, and an item past the list's end, keeps the built-in look (the five colours cycled, a white icon, `fan.icons` cycled, `fan.itemSize`) (schema 4)."
      ),
      PresetField(
        .fanMainRight, .number(\.fan.mainRight, 0...2000, unit: .points), "Main from right",
        .mainButton, drag: 0...600, "Main button centre from the safe area's right edge."),
      PresetField(
        .fanMainBottom, .number(\.fan.mainBottom, 0...2000, unit: .points),
        "Main from bottom", .mainButton, drag: 0...600,
        "Main button centre from the safe area's bottom edge."),
      PresetField(
        .fanMainFill, .color(\.fan.mainFill), "Main fill", .mainButton, panel: false, since: 4,
        "Main button colour, `#RRGGBB` or `#RRGGBBAA` (schema 4)."),
      PresetField(
        .fanMainTint, .color(\.fan.mainTint), "Main icon tint", .mainButton, panel: false,
        since: 4, "Colour of the main button's \"+\" (schema 4)."),
      PresetField(
        .fanMainShadow, .number(\.fan.mainShadow, 0...1, unit: .none), "Main shadow",
        .mainButton, panel: false, since: 4,
        "Opacity of the main button's shadow: 1 = the built-in shadow, 0 = none (schema 4)."),
      PresetField(
        .fanMainIcon, .icon(\.fan.mainIcon, allowed: mainIconNames, optional: false), "Main icon",
        .mainButton, panel: false, since: 5,
        "The main button's icon, rotated by `fan.rotation.angle` when open: a built-in icon, or an SVG or PNG file relative to the preset's folder (see Icon files) (schema 5)."
      ),
      PresetField(
        .fanMainTintIcon, .flag(\.fan.mainTintIcon), "Tint main icon", .mainButton, panel: false,
        since: 5,
        "Whether a file icon on the main button is drawn as a mask filled with `fan.main.tint` (`false`: in the file's own colours) (schema 5)."
      ),
    ] + motion(.expand, \.fan.expand, "Expand", .expand, "expand")
    + motion(.collapse, \.fan.collapse, "Collapse", .collapse, "collapse")
    + [
      PresetField(
        .fanOvershootDistance, .number(\.fan.overshoot, 0...200, unit: .points), "Overshoot",
        .overshoot, "Extra distance past the radius in the `overshoot` variant."),
      PresetField(
        .fanOvershootOutDuration, .number(\.fan.overshootOut, 0.01...10, unit: .seconds),
        "Overshoot out", .overshoot, drag: 0.01...2, "Time of the outward phase (ease-in-out)."),
      PresetField(
        .fanOvershootBackDuration, .number(\.fan.overshootBack, 0.01...10, unit: .seconds),
        "Overshoot back", .overshoot, drag: 0.01...2,
        "Time of the return phase (ease-in-out)."),
      PresetField(
        .fanSpin, .number(\.fan.spin, -1080...1080, unit: .degrees), "Item spin", .expand,
        "Item rotation at the main button, turning to 0° at rest."),
      PresetField(
        .fanRotationAngle, .number(\.fan.rotationAngle, -360...360, unit: .degrees),
        "Main rotation", .mainButton, "Main button rotation when open."),
      PresetField(
        .fanRotationOpenDuration, .number(\.fan.rotationOpen, 0...10, unit: .seconds),
        "Rotate open", .mainButton, drag: 0...2,
        "Main button rotation time when opening (ease-in-out)."),
      PresetField(
        .fanRotationCloseDuration, .number(\.fan.rotationClose, 0...10, unit: .seconds),
        "Rotate close", .mainButton, drag: 0...2,
        "Main button rotation time when closing (ease-in-out)."),
      PresetField(
        .fanPolicy, .choice(\.fan.policy), "Input policy", .interaction,
        "Taps while the fan moves: `lock` ignores them, `interrupt` reverses from the current position and velocity."
      ),
      PresetField(
        .fanTapReportDelay, .number(\.fan.tapReportDelay, 0...5, unit: .seconds),
        "Tap report delay", .interaction, drag: 0...2,
        "Time between an item tap and its report (the toast)."),
      PresetField(
        .fanToastDuration, .number(\.fan.toastDuration, 0...10, unit: .seconds), "Toast time",
        .interaction, "How long a toast shows."),
      PresetField(
        .fanBackdropDim, .number(\.fan.backdropDim, 0...1, unit: .none), "Backdrop dim",
        .interaction, "Alpha of the dim behind the open menu."),
      PresetField(
        .fanDimColor, .color(\.fan.dimColor), "Dim colour", .interaction, panel: false,
        since: 4,
        "Colour of the dim behind the open menu; its alpha (`#RRGGBBAA`) multiplies `fan.backdropDim` (schema 4)."
      ),
      PresetField(
        .fanPressScale, .number(\.fan.pressScale, 0.5...1, unit: .none), "Press scale",
        .interaction, "Scale of a pressed button or item."),
      PresetField(
        .fanFlyOut, .flag(\.fan.flyOut), "Fly-out", .interaction,
        "An item tap slides the items out to the screen edge and shows a second page (KYCircleMenu) instead of collapsing."
      ),
      PresetField(
        .bubbleEnabled, .flag(\.bubble.enabled), "Bubble", .bubble,
        "Whether the floating bubble shows."),
      PresetField(
        .bubbleSize, .number(\.bubble.size, 20...200, unit: .points), "Bubble size", .bubble,
        "Bubble diameter (floating bubbles are 0.6 of it)."),
      PresetField(
        .bubbleFill, .color(\.bubble.fill), "Bubble fill", .bubble, panel: false, since: 4,
        "Bubble colour (floating bubbles too), `#RRGGBB` or `#RRGGBBAA` (schema 4)."),
      PresetField(
        .bubbleShadow, .number(\.bubble.shadow, 0...1, unit: .none), "Bubble shadow", .bubble,
        panel: false, since: 4,
        "Opacity of the bubble's shadow: 1 = the built-in shadow, 0 = none (schema 4)."),
      PresetField(
        .bubbleIcon, .icon(\.bubble.icon, allowed: mainIconNames, optional: true), "Bubble icon",
        .bubble, panel: false, since: 5,
        "An icon drawn on the bubble instead of its rings: a built-in icon, or an SVG or PNG file relative to the preset's folder (see Icon files); empty = the rings (schema 4)."
      ),
      PresetField(
        .bubbleTint, .color(\.bubble.tint), "Bubble icon tint", .bubble, panel: false, since: 5,
        "Colour of the bubble's icon (schema 5)."),
      PresetField(
        .bubbleTintIcon, .flag(\.bubble.tintIcon), "Tint bubble icon", .bubble, panel: false,
        since: 5,
        "Whether a file icon on the bubble is drawn as a mask filled with `bubble.tint` (`false`: in the file's own colours) (schema 5)."
      ),
      PresetField(
        .bubbleMargin, .number(\.bubble.margin, 0...100, unit: .points), "Edge margin", .bubble,
        "Distance kept from the safe area's edges."),
      PresetField(
        .bubbleStartSide, .choice(\.bubble.startSide), "Start side", .bubble,
        "The side the bubble starts on."),
      PresetField(
        .bubbleStartY, .number(\.bubble.startY, 0...5000, unit: .points), "Start y", .bubble,
        drag: 0...1100, "Starting centre y (clamped into the safe area)."),
      PresetField(
        .bubbleSnapMode, .choice(\.bubble.snapMode), "Snap mode", .bubble,
        "Where a released bubble rests: `sides` (nearer side, y kept), `edges` (nearest of four), `corner`, `fling` (the side its projected fling reaches)."
      ),
      PresetField(
        .bubbleSnapDuration, .number(\.bubble.snap.duration, 0.01...10, unit: .seconds),
        "Snap duration", .bubble, drag: 0.01...2,
        "UIKit's settling duration of the snap spring: at rest exactly then."),
      PresetField(
        .bubbleSnapDamping, .number(\.bubble.snap.damping, 0.05...1, unit: .none),
        "Snap damping ζ", .bubble, "UIKit's damping ratio ζ of the snap: 1 = no overshoot."),
      PresetField(
        .bubbleSnapVelocity, .number(\.bubble.snap.velocity, -20...20, unit: .none),
        "Snap velocity", .bubble, drag: -2...6,
        "UIKit initial velocity of the snap (1 = the whole distance per second)."),
    ] + springForm(.bubbleSnap, \.bubble.snap.form, \.bubble.snap.mass, "Snap", .bubble) + [
      PresetField(
        .bubbleSnapDeceleration, .number(\.bubble.deceleration, 0.9...0.9999, unit: .none),
        "Fling deceleration", .bubble,
        "Per-millisecond velocity decay used to project a fling (iOS normal: 0.998)."),
      PresetField(
        .bubbleTapDistance, .number(\.bubble.tapDistance, 0...100, unit: .points),
        "Tap distance", .bubbleTouch, "Movement below which a release counts as a tap."),
      PresetField(
        .bubbleTapQuickTime, .number(\.bubble.quickTapTime, 0...2, unit: .seconds),
        "Quick tap time", .bubbleTouch, "A release this soon after the press is a quick tap…"),
      PresetField(
        .bubbleTapQuickDistance, .number(\.bubble.quickTapDistance, 0...100, unit: .points),
        "Quick tap move", .bubbleTouch, "…if it moved less than this."),
      PresetField(
        .bubbleLongPress, .number(\.bubble.longPress, 0.1...5, unit: .seconds), "Long press",
        .bubbleTouch, "Holding this long dismisses the bubble."),
      PresetField(
        .bubbleMenuCount, .integer(\.bubble.menuCount, 1...8), "Menu items", .bubbleMenu,
        "Number of actions in the bubble's menu."),
      PresetField(
        .bubbleMenuDuration, .number(\.bubble.menu.duration, 0.01...10, unit: .seconds),
        "Menu open", .bubbleMenu, drag: 0.01...2,
        "UIKit's settling duration of the menu opening spring: at rest exactly then."),
      PresetField(
        .bubbleMenuDamping, .number(\.bubble.menu.damping, 0.05...1, unit: .none),
        "Menu damping ζ", .bubbleMenu,
        "UIKit's damping ratio ζ of the menu opening: 1 = no overshoot."),
      PresetField(
        .bubbleMenuVelocity, .number(\.bubble.menu.velocity, -20...20, unit: .none),
        "Menu velocity", .bubbleMenu, drag: -2...6, "UIKit initial velocity of the menu opening."),
    ] + springForm(.bubbleMenu, \.bubble.menu.form, \.bubble.menu.mass, "Menu", .bubbleMenu) + [
      PresetField(
        .bubbleMenuCloseDuration, .number(\.bubble.menuCloseDuration, 0.01...10, unit: .seconds),
        "Menu close", .bubbleMenu, drag: 0.01...2, "Menu closing time (ease-in)."),
      PresetField(
        .bubbleBadge, .text(\.bubble.badge, minLength: 0, maxLength: 8), "Badge", .bubble,
        "Badge text on the bubble; empty = none."),
      PresetField(
        .bubbleBadgeFill, .color(\.bubble.badgeFill), "Badge fill", .bubble, panel: false,
        since: 4, "The badge's colour (schema 4)."),
      PresetField(
        .bubbleBadgeTint, .color(\.bubble.badgeTint), "Badge text colour", .bubble,
        panel: false, since: 4, "The badge text's colour (schema 4)."),
      PresetField(
        .bubbleIdleDelay, .number(\.bubble.idleDelay, 0...600, unit: .seconds),
        "Idle fade after", .idleAndFloating, drag: 0...30,
        "Time without a touch before the bubble fades; 0 = never."),
      PresetField(
        .bubbleIdleAlpha, .number(\.bubble.idleAlpha, 0...1, unit: .none), "Idle alpha",
        .idleAndFloating, "Bubble alpha once idle."),
      PresetField(
        .bubbleIdleTuck, .flag(\.bubble.idleTuck), "Idle tuck", .idleAndFloating,
        "An idle bubble also tucks half off its edge."),
      PresetField(
        .bubbleFloatingCount, .integer(\.bubble.floatingCount, 0...10_000), "Floating bubbles",
        .idleAndFloating, drag: 0...200,
        "Floating mode: number of bubbles drifting and bouncing (0 = off)."),
      PresetField(
        .bubbleFloatingRestitution, .number(\.bubble.restitution, 0...1, unit: .none),
        "Restitution", .idleAndFloating,
        "Share of speed kept after a bounce off an edge or another bubble."),
      PresetField(
        .bubbleFloatingSpeed, .number(\.bubble.floatingSpeed, 0...2000, unit: .pointsPerSecond),
        "Float speed", .idleAndFloating, drag: 0...600, "Floating bubbles' initial speed."),
    ]

  /// The field at a JSON path, or nil (the file, script and trace boundary).
  public static func named(_ path: String) -> PresetField? { FieldID(rawValue: path)?.field }

  nonisolated(unsafe) static let byID: [FieldID: PresetField] = Dictionary(
    uniqueKeysWithValues: builtIn.map { ($0.id, $0) })

  /// The fields a panel section shows, in table order.
  public static func panelFields(in g: FieldGroup) -> [PresetField] {
    all.filter { $0.group == g && $0.inPanel }
  }
}
