/// The unit a numeric field is written in.
public enum FieldUnit: String, Sendable, CaseIterable {
  case seconds = "s"
  case points = "pt"
  case degrees = "°"
  case pointsPerSecond = "pt/s"
  /// A ratio or a plain number.
  case none = ""

  /// How documentation names the unit.
  public var name: String {
    switch self {
    case .seconds: return "seconds"
    case .points: return "points"
    case .degrees: return "degrees"
    case .pointsPerSecond: return "points per second"
    case .none: return "—"
    }
  }
}

/// The panel section a field is shown in, in panel order.
public enum FieldGroup: String, Sendable, CaseIterable {
  case layout, expand, overshoot, collapse, mainButton, interaction, bubble, bubbleTouch,
    bubbleMenu, idleAndFloating, device

  public var title: String {
    switch self {
    case .layout: return "Layout"
    case .expand: return "Expand"
    case .overshoot: return "Overshoot (KYCircleMenu)"
    case .collapse: return "Collapse"
    case .mainButton: return "Main button"
    case .interaction: return "Interaction"
    case .bubble: return "Bubble"
    case .bubbleTouch: return "Bubble touch"
    case .bubbleMenu: return "Bubble menu"
    case .idleAndFloating: return "Idle and floating"
    case .device: return "Device"
    }
  }
}

/// Reads and writes one choice field by name, whatever its enum type.
public struct ChoiceAccess: @unchecked Sendable {
  /// The accepted names, in declaration order.
  public let options: [String]
  /// The current value's name.
  public let get: (Preset) -> String
  /// Sets the value named `name`; false (and nothing changed) when it is not an option.
  public let set: (inout Preset, String) -> Bool

  init<E: PresetChoice>(_ kp: WritableKeyPath<Preset, E>) {
    options = E.names
    get = { $0[keyPath: kp].rawValue }
    set = { p, name in
      guard let v = E(rawValue: name) else { return false }
      p[keyPath: kp] = v
      return true
    }
  }
}

/// What kind of value a preset field holds, with its range.
public enum FieldKind {
  /// A finite number in `range`, written in `unit`.
  case number(WritableKeyPath<Preset, Double>, ClosedRange<Double>, unit: FieldUnit)
  case integer(WritableKeyPath<Preset, Int>, ClosedRange<Int>)
  /// One of a fixed set of names (an enum in code, a string in JSON).
  case choice(ChoiceAccess)
  case flag(WritableKeyPath<Preset, Bool>)
  /// Printable text of at most `maxLength` characters (`minLength` at least).
  case text(WritableKeyPath<Preset, String>, minLength: Int, maxLength: Int)
  /// Up to 12 [x, y] pairs in points, each coordinate in −2000…2000.
  case points(WritableKeyPath<Preset, [Point]>)
  /// Up to 12 names from `allowed`.
  case names(WritableKeyPath<Preset, [String]>, allowed: [String])
  /// An sRGB colour, `#RRGGBB` or `#RRGGBBAA` (schema 4).
  case color(WritableKeyPath<Preset, HexColor>)
  /// Up to 12 item looks, one object per item (`ItemLook`; schema 4).
  case looks(WritableKeyPath<Preset, [ItemLook]>)
  /// An icon (`IconRef`): a name from `allowed`, or an SVG/PNG path relative
  /// to the preset's folder; "" too when `optional` (schema 4).
  case icon(WritableKeyPath<Preset, String>, allowed: [String], optional: Bool)

  static func choice<E: PresetChoice>(_ kp: WritableKeyPath<Preset, E>) -> FieldKind {
    .choice(ChoiceAccess(kp))
  }
}
