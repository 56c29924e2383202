/// One UIKit spring of a preset with its editing form: where its numbers
/// live (key paths) and the field-path prefix the panel and docs use.
public struct PresetSpring: @unchecked Sendable {
  /// `fan.expand`, `fan.collapse`, `bubble.snap` or `bubble.menu`.
  public let prefix: String
  public let duration: WritableKeyPath<Preset, Double>
  public let damping: WritableKeyPath<Preset, Double>
  public let velocity: WritableKeyPath<Preset, Double>
  public let form: WritableKeyPath<Preset, SpringForm>
  public let mass: WritableKeyPath<Preset, Double>
  /// Whether the move plays the spring (a fan move may use a timing curve).
  public let isSpring: (Preset) -> Bool

  /// The stored UIKit numbers.
  public func values(_ p: Preset) -> UIKitSpringValues {
    UIKitSpringValues(
      duration: p[keyPath: duration], damping: p[keyPath: damping], velocity: p[keyPath: velocity])
  }

  /// Stores UIKit numbers and the physics mass.
  public func store(_ u: UIKitSpringValues, mass m: Double, in p: inout Preset) {
    p[keyPath: duration] = u.duration
    p[keyPath: damping] = u.damping
    p[keyPath: velocity] = u.velocity
    p[keyPath: mass] = m
  }

  static func fan(_ prefix: String, _ m: WritableKeyPath<Preset, FanMotion>) -> PresetSpring {
    PresetSpring(
      prefix: prefix, duration: m.appending(path: \.duration),
      damping: m.appending(path: \.damping), velocity: m.appending(path: \.velocity),
      form: m.appending(path: \.form), mass: m.appending(path: \.mass),
      isSpring: { $0[keyPath: m].curve == .spring && $0[keyPath: m].variant != .overshoot })
  }

  /// The preset's four springs, in field-table order.
  public static let all: [PresetSpring] = [
    fan("fan.expand", \.fan.expand), fan("fan.collapse", \.fan.collapse),
    PresetSpring(
      prefix: "bubble.snap", duration: \.bubble.snapDuration, damping: \.bubble.snapDamping,
      velocity: \.bubble.snapVelocity, form: \.bubble.snapForm, mass: \.bubble.snapMass,
      isSpring: { _ in true }),
    PresetSpring(
      prefix: "bubble.menu", duration: \.bubble.menuDuration, damping: \.bubble.menuDamping,
      velocity: \.bubble.menuVelocity, form: \.bubble.menuForm, mass: \.bubble.menuMass,
      isSpring: { _ in true }),
  ]

  /// The UIKit spring this preset plays for it.
  public func uikit(_ p: Preset) -> UIKitSpring {
    UIKitSpring(
      duration: p[keyPath: duration], dampingRatio: p[keyPath: damping],
      velocity: p[keyPath: velocity])
  }

  /// Why the preset's numbers for this spring have no UIKit spring (the
  /// velocity is past `UIKitSpring.maximumVelocity`), or nil when they have
  /// one or the move plays a timing curve.
  public func unsolvableReason(_ p: Preset) -> String? {
    guard isSpring(p) else { return nil }
    return uikit(p).unsolvableReason
  }

  /// The spring whose field path starts with `prefix + "."`, or nil.
  public static func owning(_ path: String) -> PresetSpring? {
    all.first { path.hasPrefix($0.prefix + ".") }
  }
}
