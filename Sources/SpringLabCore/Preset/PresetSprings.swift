/// One UIKit spring of a preset: where its numbers live (a `SpringSpec`),
/// the fan move that chooses between it and a timing curve, and the
/// field-path prefix the panel and docs use. The preset's four springs are
/// the static members; the motions that play them (`MotionDescriptor`,
/// declared by each control) refer to these, so a spring is described once.
public struct PresetSpring: @unchecked Sendable {
  /// `fan.expand`, `fan.collapse`, `bubble.snap` or `bubble.menu`: text at
  /// the file boundary, read from its fields' paths.
  public var prefix: String {
    let path = fields.duration.path
    return String(path[..<path.lastIndex(of: ".")!])
  }
  /// Its five fields' identities.
  public let fields: SpringFields
  /// The spring's UIKit numbers, form and mass.
  public let spec: WritableKeyPath<Preset, SpringSpec>
  /// The fan move holding the curve choice (and the Bézier points); nil when
  /// the motion is always this spring (the bubble's).
  public let curve: WritableKeyPath<Preset, FanMotion>?

  public var duration: WritableKeyPath<Preset, Double> { spec.appending(path: \.duration) }
  public var damping: WritableKeyPath<Preset, Double> { spec.appending(path: \.damping) }
  public var velocity: WritableKeyPath<Preset, Double> { spec.appending(path: \.velocity) }
  public var form: WritableKeyPath<Preset, SpringForm> { spec.appending(path: \.form) }
  public var mass: WritableKeyPath<Preset, Double> { spec.appending(path: \.mass) }

  /// Whether the move plays the spring: a fan move may use a timing curve,
  /// and its overshoot variant always eases in two phases.
  public func isSpring(_ p: Preset) -> Bool {
    guard let curve else { return true }
    return p[keyPath: curve].curve == .spring && p[keyPath: curve].variant != .overshoot
  }

  /// The stored UIKit numbers.
  public func values(_ p: Preset) -> UIKitSpringValues {
    let s = p[keyPath: spec]
    return UIKitSpringValues(duration: s.duration, damping: s.damping, velocity: s.velocity)
  }

  /// Stores UIKit numbers and the physics mass.
  public func store(_ u: UIKitSpringValues, mass m: Double, in p: inout Preset) {
    p[keyPath: spec].duration = u.duration
    p[keyPath: spec].damping = u.damping
    p[keyPath: spec].velocity = u.velocity
    p[keyPath: spec].mass = m
  }

  static func fan(_ ids: FanMoveFields, _ m: WritableKeyPath<Preset, FanMotion>) -> PresetSpring {
    PresetSpring(fields: ids.spring, spec: m.appending(path: \.spring), curve: m)
  }

  public static let fanExpand = fan(.expand, \.fan.expand)
  public static let fanCollapse = fan(.collapse, \.fan.collapse)
  public static let bubbleSnap = PresetSpring(
    fields: .bubbleSnap, spec: \.bubble.snap, curve: nil)
  public static let bubbleMenu = PresetSpring(
    fields: .bubbleMenu, spec: \.bubble.menu, curve: nil)

  /// The preset's four built-in springs, in field-table order.
  public static let builtIn: [PresetSpring] = [fanExpand, fanCollapse, bubbleSnap, bubbleMenu]

  /// Every spring: the built-in four, then those the motions of the controls
  /// registered in `ControlRegistry.more` play.
  public static var all: [PresetSpring] {
    builtIn + ControlRegistry.more.flatMap { $0.springs }
  }

  /// The UIKit spring this preset plays for it.
  public func uikit(_ p: Preset) -> UIKitSpring {
    let s = p[keyPath: spec]
    return UIKitSpring(duration: s.duration, dampingRatio: s.damping, velocity: s.velocity)
  }

  /// Why the preset's numbers for this spring have no UIKit spring (the
  /// velocity is past `UIKitSpring.maximumVelocity`), or nil when they have
  /// one or the move plays a timing curve.
  public func unsolvableReason(_ p: Preset) -> String? {
    guard isSpring(p) else { return nil }
    return uikit(p).unsolvableReason
  }

  /// The spring whose field path starts with `prefix + "."`, or nil
  /// (panel rows include the spring forms' own rows, which are not fields).
  public static func owning(_ path: String) -> PresetSpring? {
    all.first { path.hasPrefix($0.prefix + ".") }
  }

  /// The spring one of whose five fields `id` is, or nil.
  public static func owning(_ id: FieldID) -> PresetSpring? {
    all.first { $0.fields.all.contains(id) }
  }
}
