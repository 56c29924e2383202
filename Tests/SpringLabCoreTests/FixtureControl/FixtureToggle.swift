import Foundation

@testable import SpringLabCore

/// A fixture control in one folder: a toggle whose knob springs across its
/// track when tapped. Everything it brings is declared here (its settings
/// section `toggle.…` with its fields, its motion with its spring and
/// mapping, its state, plan, hit target and trace); it is registered by one
/// line (`FixtureToggle.register`), and the field table, the preset file,
/// lint, the graph, the trace and every export (and `export --check`) pick it up.
struct FixtureToggle: SceneControl {
  static let name = "toggle"
  static let centre = Point(120, 420)

  // MARK: fields and settings (stored in `Preset.controls`)

  static let travelField = FieldID("toggle.travel")
  static let springFields = SpringFields(
    duration: FieldID("toggle.knob.duration"), damping: FieldID("toggle.knob.damping"),
    velocity: FieldID("toggle.knob.velocity"), form: FieldID("toggle.knob.form"),
    mass: FieldID("toggle.knob.mass"))
  static let defaultSpring = SpringSpec(duration: 0.35, damping: 0.7, velocity: 0)
  static var travel: WritableKeyPath<Preset, Double> {
    \Preset.controls[number: travelField, default: 36]
  }
  static var spec: WritableKeyPath<Preset, SpringSpec> {
    \Preset.controls[spring: springFields.duration, default: defaultSpring]
  }

  static var spring: PresetSpring {
    PresetSpring(
      fields: springFields, spec: spec, curve: nil)
  }

  static var fields: [PresetField] {
    let s = springFields
    return [
      PresetField(
        travelField, .number(travel, 10...200, unit: .points), "Toggle travel", .interaction,
        "How far the toggle's knob moves, points."),
      PresetField(
        s.duration, .number(spec.appending(path: \.duration), 0.01...10, unit: .seconds),
        "Knob duration", .interaction, "UIKit's settling duration of the knob's spring."),
      PresetField(
        s.damping, .number(spec.appending(path: \.damping), 0.05...1, unit: .none),
        "Knob damping ratio", .interaction, "UIKit's damping ratio ζ of the knob's spring."),
      PresetField(
        s.velocity, .number(spec.appending(path: \.velocity), -20...20, unit: .none),
        "Knob velocity", .interaction, "UIKit's initial velocity of the knob's spring."),
    ]
      + PresetField.springForm(
        s, spec.appending(path: \.form), spec.appending(path: \.mass), "Knob", .interaction)
  }

  // MARK: motions

  static let knobID = MotionID(rawValue: "toggleKnob")
  /// The knob at progress p: across its track, a little larger on the way.
  static let knobMapping = VisualMapping(
    position: .progress, scale: ProgressChannel(from: 0.9, span: 0.1), alpha: .constant(1))

  static var motions: [MotionDescriptor] {
    [
      MotionDescriptor(
        knobID, "Toggle knob", path: "toggle.knob", spring: spring,
        duration: { $0[keyPath: spec].duration }, fields: [travelField] + springFields.all,
        mapping: knobMapping)
    ]
  }

  static func plan(_ preset: Preset) -> [PlannedAnimation] {
    let curve = PlannedCurve.of(preset[keyPath: spec])
    return [("on", 0.0, 1.0), ("off", 1.0, 0.0)].map { id, from, to in
      PlannedAnimation(
        id: "toggle.knob.\(id)", kind: .other, target: .other("toggle.knob"), from: from,
        moves: [PlannedMove(curve: curve, delay: 0, to: to)], variant: nil, motion: knobID)
    }
  }

  // MARK: state and behaviour

  var on = false
  var knob = Track(rest: 0)
  var travel: Double

  init(_ context: ControlContext) { travel = context.preset[keyPath: Self.travel] }
  mutating func apply(_ context: ControlContext, at t: Double) {
    travel = context.preset[keyPath: Self.travel]
  }
  mutating func advance(to t: Double) {}
  func isAnimating(at t: Double) -> Bool { t < knob.end }
  func hitTargets(at t: Double, _ context: ControlContext) -> [ControlTarget] {
    [ControlTarget(.body, .circle(Self.centre, radius: 24))]
  }
  mutating func activate(_ part: ControlPart, at t: Double, _ context: ControlContext) -> String? {
    on.toggle()
    let a = Self.plan(context.preset)[on ? 0 : 1]
    knob = a.track(at: t, from: knob.sample(t).x, carried: nil)
    return nil
  }

  /// The knob's progress, drawn position and scale at `t` (from its mapping).
  func trace(at t: Double, _ context: ControlContext) -> JSONValue {
    let p = knob.sample(t).x
    let m = Self.knobMapping
    return .object([
      ("on", .bool(on)), ("progress", .number(p)),
      ("x", .number(Self.centre.x + travel * m.position.at(p))), ("scale", .number(m.scale.at(p))),
    ])
  }

  /// The one registration line: binds the toggle for `body` (this task only).
  static func register<T>(_ body: () throws -> T) rethrows -> T {
    try ControlRegistry.$more.withValue([FixtureToggle.self], operation: body)
  }
}
