import Foundation

/// motion (formerly framer-motion) export: `animate(motionValue, target, transition)`
/// from the `motion` package, with spring transitions `{type: "spring", stiffness,
/// damping, mass, velocity, restDelta, restSpeed, delay}` (velocity in value
/// units per second) and tweens with motion's named easings (`"easeIn"`,
/// `"easeOut"`, `"easeInOut"`, `"linear"`, the same control points as CSS) or
/// `ease: [x1, y1, x2, y2]`.
enum FramerExporter {
  static func f(_ x: Double, _ d: Int = 6) -> String { ExportNumber.format(x, decimals: d) }

  /// Progress units. framer-motion's defaults for small values (restDelta 0.005,
  /// restSpeed 0.01 or larger) would stop a 0…1 spring up to 0.5 % short; these
  /// stop it within 0.01 % of travel.
  static let restDelta = 0.0001

  /// motion's named easings (cubicBezier(0.42, 0, 1, 1) and so on).
  static let named: [(CubicBezier, String)] = [
    (.easeIn, "easeIn"), (.easeOut, "easeOut"), (.easeInOut, "easeInOut"), (.linear, "linear"),
  ]
  static let restSpeed = 0.001

  /// A chain of eased moves as one keyframes call: `animate(v, [from, to1, …],
  /// { duration, times, ease: [one per segment], delay })`, a later move's
  /// delay as a linear hold. Nil for a single move, a chain with a spring or
  /// a chain that takes no time.
  // why: `.then(…)` starts the next move on the frame after the previous one
  // ends (up to a frame late, 1–3 % of travel at 60 Hz); keyframes keep every
  // phase on the call's one clock
  static func keyframes(_ a: ExportAnimation, target: String) -> String? {
    guard a.moves.count > 1, let first = a.moves.first else { return nil }
    var values = [a.from]
    var times = [0.0]
    var eases: [String] = []
    var t = 0.0
    for (i, m) in a.moves.enumerated() {
      guard case .bezier(let b, _, let d) = m.curve else { return nil }
      if i > 0 && m.delay > 0 {
        t += m.delay
        values.append(values[values.count - 1])
        times.append(t)
        eases.append("\"linear\"")
      }
      t += d
      values.append(m.to)
      times.append(t)
      eases.append(
        named.first { $0.0 == b }.map { "\"\($0.1)\"" }
          ?? "[\(f(b.x1)), \(f(b.y1)), \(f(b.x2)), \(f(b.y2))]")
    }
    guard t > 0 else { return nil }
    let kf = values.map { f($0) }.joined(separator: ", ")
    let ts = times.map { f($0 / t) }.joined(separator: ", ")
    return
      "animate(\(target), [\(kf)], { duration: \(f(t)), times: [\(ts)], ease: [\(eases.joined(separator: ", "))], delay: \(f(first.delay)) })"
  }

  static func export(_ c: ExportContext, options: ExportOptions) -> String {
    var o: [String] = c.header("motion (framer-motion)").map { "// " + $0 }
    for n in ExportPlan.notes(c.preset, springsSnap: false, keyframes: true) {
      o.append("// Note: " + n)
    }
    o.append("// Each MotionValue holds progress; derive x/y/scale/opacity with useTransform.")
    o.append("// With the older framer-motion package: import { animate } from \"framer-motion\"")
    o.append("import { animate } from \"motion\"")
    o.append("")
    let offs = c.offsets.map { "{ x: \(f($0.x, 4)), y: \($0.y == 0 ? "0" : f($0.y, 4)) }" }.joined(
      separator: ", ")
    o.append("export const fanOffsets = [\(offs)]")
    o.append("export const rotationDegrees = \(f(c.preset.fan.rotationAngle, 4))")
    o.append("")
    let groups: [(String, String, [ExportAnimationKind])] = [
      ("springLabFanExpand", "progress, rotation", [.fanExpand, .rotationOpen]),
      ("springLabFanCollapse", "progress, rotation", [.fanCollapse, .rotationClose]),
      ("springLabBubbleSnap", "snap", [.bubbleSnap]),
      ("springLabBubbleMenuOpen", "menu", [.bubbleMenuOpen]),
      ("springLabBubbleMenuClose", "menu", [.bubbleMenuClose]),
    ]
    for (name, params, kinds) in groups {
      o.append("export function \(name)(\(params)) {")
      o.append("  return Promise.all([")
      for k in kinds {
        for a in c.group(k) { o += call(a, target: ExportContext.variable(for: a)) }
      }
      o.append("  ])")
      o.append("}")
      o.append("")
    }
    for r in c.registered {
      o.append(
        "// \(r.descriptor.title): `value` holds its progress p; \(r.mappingLine { f($0) }).")
      for a in r.animations {
        o.append("export function springLab\(RegisteredExport.name(a))(value) {")
        o.append("  return Promise.all([")
        o += call(a, target: "value")
        o.append("  ])")
        o.append("}")
      }
      o.append("")
    }
    if options.reduceMotion {
      o.append(
        "// Reduce Motion: with useReducedMotion() true, keep items at rest (progress 1) and cross-fade"
      )
      o.append(
        "// opacity only, \(f(ExportOptions.reduceMotionDuration)) s — no movement, no scale.")
      o.append(
        "export const reduceMotionTransition = { type: \"tween\", duration: \(f(ExportOptions.reduceMotionDuration)), ease: \"easeInOut\" }"
      )
    }
    if let look = ExportAppearance(c.preset) { o += look.framer() }
    if let icons = ExportIcons(c.preset) { o += icons.framer() }
    return o.joined(separator: "\n") + "\n"
  }

  /// One animation as the `animate` call(s) of a `Promise.all` list, marked
  /// with its id: a keyframes call for a chain of eases, `.then` chains otherwise.
  static func call(_ a: ExportAnimation, target: String) -> [String] {
    var o: [String] = []
    o.append("    // [\(a.id)] \(ExportContext.describe(a))")
    var from = a.from
    var calls: [String] = []
    for m in a.moves {
      let t: String
      switch m.curve {
      case .uikitSpring(let d, let z, let v):
        let s = UIKitSpring(duration: d, dampingRatio: z, velocity: v).spring
        let vv = v * (m.to - from)
        let kc = ExportNumber.spring([s.stiffness, s.damping], uikit: d, z, v) {
          Spring(mass: s.mass, stiffness: $0[0], damping: $0[1])
        }
        t =
          "{ type: \"spring\", stiffness: \(kc[0]), damping: \(kc[1]), mass: \(f(s.mass)), velocity: \(f(vv)), restDelta: \(f(restDelta)), restSpeed: \(f(restSpeed)), delay: \(f(m.delay)) }"
      case .bezier(let b, _, let d):
        let ease =
          named.first { $0.0 == b }.map { "\"\($0.1)\"" }
          ?? "[\(f(b.x1)), \(f(b.y1)), \(f(b.x2)), \(f(b.y2))]"
        t =
          "{ type: \"tween\", duration: \(f(d)), ease: \(ease), delay: \(f(m.delay)) }"
      }
      calls.append("animate(\(target), \(f(m.to)), \(t))")
      from = m.to
    }
    if let keyframes = keyframes(a, target: target) { return o + ["    \(keyframes),"] }
    // why: chained moves start when the previous promise resolves
    var line = calls[0]
    for call in calls.dropFirst() { line += ".then(() => \(call))" }
    o.append("    \(line),")
    return o
  }
}
