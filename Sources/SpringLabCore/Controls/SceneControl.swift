/// What a control sees of the screen at an instant.
public struct ControlContext: Sendable {
  public var preset: Preset
  public var device: Device
  /// Keyboard height the control must stay above once it has slid, points.
  public var keyboard: Double

  public init(preset: Preset, device: Device, keyboard: Double = 0) {
    self.preset = preset
    self.device = device
    self.keyboard = keyboard
  }
}

/// A part of a control a press can land on.
public enum ControlPart: Sendable, Equatable, Hashable {
  /// The control's main button (the fan's round button).
  case main
  /// The control itself (the bubble).
  case body
  /// The control's i-th item (a fan item).
  case item(Int)
  /// The i-th item of the control's menu (the bubble's menu).
  case menuItem(Int)
  /// A full-screen page the control shows (the fan's fly-out page).
  case page
  /// Everywhere else while the control is open (tapping it closes the control).
  case mask
}

/// A region of the screen that belongs to a control part, device points.
public struct ControlTarget: Sendable, Equatable {
  public enum Shape: Sendable, Equatable {
    /// A disc (edge included).
    case circle(Point, radius: Double)
    case everywhere
  }

  public var part: ControlPart
  public var shape: Shape

  public init(_ part: ControlPart, _ shape: Shape) {
    self.part = part
    self.shape = shape
  }

  public func contains(_ p: Point) -> Bool {
    switch shape {
    case .circle(let c, let r): return p.distance(to: c) <= r
    case .everywhere: return true
    }
  }
}

/// A control on the simulated screen (the fan menu, the bubble, …): one value
/// type holding its state, changed only by its inputs and `advance(to:)`,
/// playing the animations its share of the preset's `MotionPlan` describes,
/// offering hit targets and describing itself in the trace.
///
/// The scene holds the fan, the bubble and one of each type in
/// `SceneControls.more`, stacked in that order (later above earlier). Any
/// control is driven through this protocol: hit tests, a press released on
/// one of its targets (`activate`), taps elsewhere, keys, new settings. The
/// fan and the bubble have some wiring of their own on top (dragging the
/// bubble, the keyboard pushing it up, the item report's toast).
/// docs/ARCHITECTURE.md says how to add a control.
public protocol SceneControl: ControlSection, Sendable, Equatable {
  /// The control's key in the trace, e.g. `fan`.
  static var name: String { get }
  /// The animations it plays for `preset`: its share of the `MotionPlan`.
  static func plan(_ preset: Preset) -> [PlannedAnimation]

  /// The control at rest for a preset on a device.
  init(_ context: ControlContext)
  /// New settings (a preset edit, a device change) at time `t`.
  mutating func apply(_ context: ControlContext, at t: Double)
  /// Settles whatever has ended by `t`.
  mutating func advance(to t: Double)
  /// Whether it is still changing at `t` (the window keeps drawing).
  func isAnimating(at t: Double) -> Bool

  /// Where a press can land on it at `t`, topmost first.
  func hitTargets(at t: Double, _ context: ControlContext) -> [ControlTarget]
  /// A press released on the target it began on; returns a message for the
  /// toast, if any.
  mutating func activate(_ part: ControlPart, at t: Double, _ context: ControlContext) -> String?
  /// A press released on no control, or on another control's mask.
  mutating func tapElsewhere(at t: Double)
  /// A key by name that no scene command has (`SceneCommand.control`).
  mutating func key(_ name: String, at t: Double, _ context: ControlContext)

  /// Its trace object at `t` (docs/FORMATS.md).
  func trace(at t: Double, _ context: ControlContext) -> JSONValue

  /// Its motions: title, spring, fields and progress-to-visual mapping. The
  /// graph's targets, lint's spring rules and the exports read them.
  static var motions: [MotionDescriptor] { get }
}

extension SceneControl {
  /// None: the fan's and the bubble's fields are in the built-in table.
  public static var fields: [PresetField] { [] }
  public static var motions: [MotionDescriptor] { [] }
  /// The springs its motions play.
  public static var springs: [PresetSpring] { motions.compactMap(\.spring) }

  public mutating func tapElsewhere(at t: Double) {}
  public mutating func key(_ name: String, at t: Double, _ context: ControlContext) {}

  /// The topmost of its targets under `p` at `t`.
  public func part(at p: Point, time t: Double, _ context: ControlContext) -> ControlPart? {
    hitTargets(at: t, context).first { $0.contains(p) }?.part
  }

  /// Equality with a control of any type (false across types).
  func isEqual(to other: any SceneControl) -> Bool {
    guard let o = other as? Self else { return false }
    return self == o
  }
}

/// A control of any type, for the scene's list of further controls.
public struct AnyControl: Sendable, Equatable {
  public var base: any SceneControl
  public init(_ base: any SceneControl) { self.base = base }
  public static func == (a: AnyControl, b: AnyControl) -> Bool { a.base.isEqual(to: b.base) }
}
