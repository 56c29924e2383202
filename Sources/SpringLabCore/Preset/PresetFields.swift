/// What kind of value a preset field holds, with its range.
public enum FieldKind {
  /// A finite number in `range`, shown with `unit` ("s", "pt", "°", "" …).
  case number(WritableKeyPath<Preset, Double>, ClosedRange<Double>, unit: String)
  case integer(WritableKeyPath<Preset, Int>, ClosedRange<Int>)
  case choice(WritableKeyPath<Preset, String>, [String])
  case flag(WritableKeyPath<Preset, Bool>)
  /// Printable text of at most `maxLength` characters (`minLength` at least).
  case text(WritableKeyPath<Preset, String>, minLength: Int, maxLength: Int)
  /// Up to 12 [x, y] pairs in points, each coordinate in −2000…2000.
  case points(WritableKeyPath<Preset, [Point]>)
  /// Up to 12 names from `allowed`.
  case names(WritableKeyPath<Preset, [String]>, allowed: [String])
}

/// One field of the preset format: its JSON path, kind and a label for the panel.
public struct PresetField {
  public let path: String
  public let kind: FieldKind
  public let label: String

  init(_ path: String, _ kind: FieldKind, _ label: String) {
    self.path = path
    self.kind = kind
    self.label = label
  }

  /// Where a slider's drag should span when the documented range is far wider
  /// than the values designers use; typed values still reach the whole range.
  public var dragRange: ClosedRange<Double>? {
    if path.hasSuffix(".velocity") { return -2...6 }
    if path.hasSuffix("Angle") { return -360...360 }
    switch path {
    case "fan.main.right", "fan.main.bottom": return 0...600
    case "fan.expand.duration", "fan.collapse.duration", "bubble.snap.duration",
      "bubble.menu.duration",
      "bubble.menu.closeDuration", "fan.overshoot.outDuration", "fan.overshoot.backDuration":
      return 0.01...2
    case "fan.rotation.openDuration", "fan.rotation.closeDuration", "fan.tapReportDelay":
      return 0...2
    case "fan.expand.stagger", "fan.collapse.stagger": return 0...0.3
    case "bubble.idle.delay": return 0...30
    case "bubble.floating.count": return 0...200
    case "bubble.floating.speed": return 0...600
    case "bubble.startY": return 0...1100
    default: return nil
    }
  }

  /// A UIKit damping ratio: its range has a gap (0.999…1 excluded, see `UIKitSpring`).
  public var isDampingRatio: Bool { path.hasSuffix(".damping") }

  /// Whether a number fits this field (range, and the damping gap).
  public func accepts(_ d: Double) -> Bool {
    guard case .number(_, let r, _) = kind else { return false }
    return r.contains(d) && (!isDampingRatio || UIKitSpring.acceptsDamping(d))
  }

  /// The allowed values, as messages say them ("0.05…1", "one of a, b").
  public var allowedText: String {
    switch kind {
    case .number(_, let r, _) where isDampingRatio:
      return
        "must be \(JSONWriter.number(r.lowerBound))…\(JSONWriter.number(UIKitSpring.maximumUnderdamped)) or \(JSONWriter.number(r.upperBound))"
    case .number(_, let r, let unit):
      let u = unit.isEmpty ? "" : " " + unit
      return "must be \(JSONWriter.number(r.lowerBound))…\(JSONWriter.number(r.upperBound))\(u)"
    case .integer(_, let r): return "must be a whole number \(r.lowerBound)…\(r.upperBound)"
    case .choice(_, let options): return "must be one of " + options.joined(separator: ", ")
    case .flag: return "must be true or false"
    case .text(_, let lo, let hi): return "must be \(lo)…\(hi) printable characters"
    case .points: return "must be at most 12 [x, y] pairs, each −2000…2000 pt"
    case .names(_, let allowed): return "must be at most 12 of " + allowed.joined(separator: ", ")
    }
  }

  /// The field's current value as JSON.
  public func json(of p: Preset) -> JSONValue {
    switch kind {
    case .number(let kp, _, _): return .number(p[keyPath: kp])
    case .integer(let kp, _): return .number(Double(p[keyPath: kp]))
    case .choice(let kp, _), .text(let kp, _, _): return .string(p[keyPath: kp])
    case .flag(let kp): return .bool(p[keyPath: kp])
    case .points(let kp):
      return .array(p[keyPath: kp].map { .array([.number($0.x), .number($0.y)]) })
    case .names(let kp, _): return .array(p[keyPath: kp].map { .string($0) })
    }
  }

  /// Numeric value for sliders and diffs (choices give their index).
  public func number(of p: Preset) -> Double? {
    switch kind {
    case .number(let kp, _, _): return p[keyPath: kp]
    case .integer(let kp, _): return Double(p[keyPath: kp])
    default: return nil
    }
  }
}

extension PresetField {
  static let curves = ["spring", "easeIn", "easeOut", "easeInOut", "default", "linear", "custom"]
  static let orders = ["forward", "reverse", "center"]
  public static let iconNames = [
    "note", "scan", "photo", "calendar", "star", "share", "mic", "pin", "heart", "gear", "search",
    "bell",
  ]

  static func motion(_ prefix: String, _ m: WritableKeyPath<Preset, FanMotion>, _ title: String)
    -> [PresetField]
  {
    [
      PresetField(
        "\(prefix).variant",
        .choice(m.appending(path: \.variant), ["stagger", "sequential", "overshoot", "allAtOnce"]),
        "\(title) variant"),
      PresetField("\(prefix).curve", .choice(m.appending(path: \.curve), curves), "\(title) curve"),
      PresetField(
        "\(prefix).duration", .number(m.appending(path: \.duration), 0.01...10, unit: "s"),
        "\(title) duration"),
      PresetField(
        "\(prefix).damping", .number(m.appending(path: \.damping), 0.05...1, unit: ""),
        "\(title) damping"),
      PresetField(
        "\(prefix).velocity", .number(m.appending(path: \.velocity), -20...20, unit: ""),
        "\(title) velocity"),
      PresetField(
        "\(prefix).stagger", .number(m.appending(path: \.stagger), 0...2, unit: "s"),
        "\(title) stagger"),
      PresetField("\(prefix).order", .choice(m.appending(path: \.order), orders), "\(title) order"),
      PresetField(
        "\(prefix).bezier.x1", .number(m.appending(path: \.bezier.x1), 0...1, unit: ""),
        "\(title) Bézier x1"),
      PresetField(
        "\(prefix).bezier.y1", .number(m.appending(path: \.bezier.y1), -2...3, unit: ""),
        "\(title) Bézier y1"),
      PresetField(
        "\(prefix).bezier.x2", .number(m.appending(path: \.bezier.x2), 0...1, unit: ""),
        "\(title) Bézier x2"),
      PresetField(
        "\(prefix).bezier.y2", .number(m.appending(path: \.bezier.y2), -2...3, unit: ""),
        "\(title) Bézier y2"),
    ]
  }

  /// Every field of the format, in panel order. `schema` and `name` are
  /// handled by the reader itself.
  nonisolated(unsafe) public static let all: [PresetField] =
    [
      PresetField("device.model", .choice(\.device, Device.models.map(\.id)), "Device"),
      PresetField(
        "device.orientation", .choice(\.orientation, ["portrait", "landscape"]), "Orientation"),
      PresetField("fan.count", .integer(\.fan.count, 1...12), "Items"),
      PresetField(
        "fan.layout", .choice(\.fan.layout, ["arc", "ring", "custom", "auto"]), "Layout"),
      PresetField("fan.radius", .number(\.fan.radius, 0...600, unit: "pt"), "Radius"),
      PresetField(
        "fan.startAngle", .number(\.fan.startAngle, -720...720, unit: "°"), "Start angle"),
      PresetField("fan.endAngle", .number(\.fan.endAngle, -720...720, unit: "°"), "End angle"),
      PresetField("fan.spacing", .choice(\.fan.spacing, ["inclusive", "inset"]), "Spacing"),
      PresetField("fan.offsets", .points(\.fan.offsets), "Offsets"),
      PresetField("fan.icons", .names(\.fan.icons, allowed: iconNames), "Icons"),
      PresetField("fan.mainSize", .number(\.fan.mainSize, 20...120, unit: "pt"), "Main size"),
      PresetField("fan.itemSize", .number(\.fan.itemSize, 16...120, unit: "pt"), "Item size"),
      PresetField("fan.hitSize", .number(\.fan.hitSize, 16...120, unit: "pt"), "Hit target"),
      PresetField(
        "fan.main.right", .number(\.fan.mainRight, 0...2000, unit: "pt"), "Main from right"),
      PresetField(
        "fan.main.bottom", .number(\.fan.mainBottom, 0...2000, unit: "pt"), "Main from bottom"),
    ] + motion("fan.expand", \.fan.expand, "Expand")
    + motion("fan.collapse", \.fan.collapse, "Collapse")
    + [
      PresetField(
        "fan.overshoot.distance", .number(\.fan.overshoot, 0...200, unit: "pt"), "Overshoot"),
      PresetField(
        "fan.overshoot.outDuration", .number(\.fan.overshootOut, 0.01...10, unit: "s"),
        "Overshoot out"),
      PresetField(
        "fan.overshoot.backDuration", .number(\.fan.overshootBack, 0.01...10, unit: "s"),
        "Overshoot back"),
      PresetField("fan.spin", .number(\.fan.spin, -1080...1080, unit: "°"), "Item spin"),
      PresetField(
        "fan.rotation.angle", .number(\.fan.rotationAngle, -360...360, unit: "°"), "Main rotation"),
      PresetField(
        "fan.rotation.openDuration", .number(\.fan.rotationOpen, 0...10, unit: "s"), "Rotate open"),
      PresetField(
        "fan.rotation.closeDuration", .number(\.fan.rotationClose, 0...10, unit: "s"),
        "Rotate close"),
      PresetField("fan.policy", .choice(\.fan.policy, ["lock", "interrupt"]), "Input policy"),
      PresetField(
        "fan.tapReportDelay", .number(\.fan.tapReportDelay, 0...5, unit: "s"), "Tap report delay"),
      PresetField(
        "fan.toastDuration", .number(\.fan.toastDuration, 0...10, unit: "s"), "Toast time"),
      PresetField("fan.backdropDim", .number(\.fan.backdropDim, 0...1, unit: ""), "Backdrop dim"),
      PresetField("fan.pressScale", .number(\.fan.pressScale, 0.5...1, unit: ""), "Press scale"),
      PresetField("fan.flyOut", .flag(\.fan.flyOut), "Fly-out"),
      PresetField("bubble.enabled", .flag(\.bubble.enabled), "Bubble"),
      PresetField("bubble.size", .number(\.bubble.size, 20...200, unit: "pt"), "Bubble size"),
      PresetField("bubble.margin", .number(\.bubble.margin, 0...100, unit: "pt"), "Edge margin"),
      PresetField(
        "bubble.startSide", .choice(\.bubble.startSide, ["left", "right"]), "Start side"),
      PresetField("bubble.startY", .number(\.bubble.startY, 0...5000, unit: "pt"), "Start y"),
      PresetField(
        "bubble.snap.mode", .choice(\.bubble.snapMode, ["sides", "edges", "corner", "fling"]),
        "Snap mode"),
      PresetField(
        "bubble.snap.duration", .number(\.bubble.snapDuration, 0.01...10, unit: "s"),
        "Snap duration"),
      PresetField(
        "bubble.snap.damping", .number(\.bubble.snapDamping, 0.05...1, unit: ""), "Snap damping"),
      PresetField(
        "bubble.snap.velocity", .number(\.bubble.snapVelocity, -20...20, unit: ""), "Snap velocity"),
      PresetField(
        "bubble.snap.deceleration", .number(\.bubble.deceleration, 0.9...0.9999, unit: ""),
        "Fling deceleration"),
      PresetField(
        "bubble.tap.distance", .number(\.bubble.tapDistance, 0...100, unit: "pt"), "Tap distance"),
      PresetField(
        "bubble.tap.quickTime", .number(\.bubble.quickTapTime, 0...2, unit: "s"), "Quick tap time"),
      PresetField(
        "bubble.tap.quickDistance", .number(\.bubble.quickTapDistance, 0...100, unit: "pt"),
        "Quick tap distance"),
      PresetField(
        "bubble.longPress", .number(\.bubble.longPress, 0.1...5, unit: "s"), "Long press"),
      PresetField("bubble.menu.count", .integer(\.bubble.menuCount, 1...8), "Menu items"),
      PresetField(
        "bubble.menu.duration", .number(\.bubble.menuDuration, 0.01...10, unit: "s"), "Menu open"),
      PresetField(
        "bubble.menu.damping", .number(\.bubble.menuDamping, 0.05...1, unit: ""), "Menu damping"),
      PresetField(
        "bubble.menu.velocity", .number(\.bubble.menuVelocity, -20...20, unit: ""), "Menu velocity"),
      PresetField(
        "bubble.menu.closeDuration", .number(\.bubble.menuCloseDuration, 0.01...10, unit: "s"),
        "Menu close"),
      PresetField("bubble.badge", .text(\.bubble.badge, minLength: 0, maxLength: 8), "Badge"),
      PresetField(
        "bubble.idle.delay", .number(\.bubble.idleDelay, 0...600, unit: "s"), "Idle fade after"),
      PresetField("bubble.idle.alpha", .number(\.bubble.idleAlpha, 0...1, unit: ""), "Idle alpha"),
      PresetField("bubble.idle.tuck", .flag(\.bubble.idleTuck), "Idle tuck"),
      PresetField(
        "bubble.floating.count", .integer(\.bubble.floatingCount, 0...10_000), "Floating bubbles"),
      PresetField(
        "bubble.floating.restitution", .number(\.bubble.restitution, 0...1, unit: ""), "Restitution"
      ),
      PresetField(
        "bubble.floating.speed", .number(\.bubble.floatingSpeed, 0...2000, unit: "pt/s"),
        "Float speed"),
    ]

  /// The field at a JSON path, or nil.
  public static func named(_ path: String) -> PresetField? { byPath[path] }

  nonisolated(unsafe) static let byPath: [String: PresetField] = Dictionary(
    uniqueKeysWithValues: all.map { ($0.path, $0) })
}
