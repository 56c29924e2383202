import Foundation

/// SwiftUI export. Springs: inside `if #available(iOS 17, *)`,
/// `.spring(duration:bounce:)` when the initial velocity is 0 and
/// `.interpolatingSpring(duration:bounce:initialVelocity:)` otherwise (the same
/// k and c: k = (2π/d)², ζ = 1 − bounce), with `.interpolatingSpring(stiffness:damping:initialVelocity:)`
/// (mass 1, velocity in travels per second) as the fallback for older systems.
/// Eased moves: `.easeIn(duration:)`, `.easeOut`, `.easeInOut`, `.linear`, or
/// `.timingCurve(…)` for the others. `.delay()` only when there is one.
enum SwiftUIExporter {
  static func f(_ x: Double, _ d: Int = 6) -> String { ExportNumber.format(x, decimals: d) }

  static func export(_ c: ExportContext, options: ExportOptions) -> String {
    var o: [String] = c.header("SwiftUI").map { "// " + $0 }
    for n in ExportPlan.notes(c.preset, springsSnap: false) { o.append("// Note: " + n) }
    o.append("import SwiftUI")
    o.append("")
    o.append(
      "/// Call inside a View; `set(i, p)` writes item i's progress (e.g. a @State [Double]) and each item"
    )
    let item = MotionID.fanExpand.descriptor.mapping
    func e(_ c: ProgressChannel) -> String { c.expression(of: "p") { f($0) } }
    o.append(
      "/// draws with .offset(offset * \(e(item.position))), .scaleEffect(\(e(item.scale))), .opacity(min(max(\(e(item.alpha)), 0), 1))."
    )
    o.append("@MainActor")
    o.append("enum SpringLabAnimations {")
    let offs = c.offsets.map { "CGPoint(x: \(f($0.x, 4)), y: \(f($0.y, 4)))" }.joined(
      separator: ", ")
    o.append("  static let fanOffsets: [CGPoint] = [\(offs)]")
    o.append("  static let rotationDegrees: Double = \(f(c.preset.fan.rotationAngle, 4))")
    o.append("")
    let groups: [(String, String, [ExportAnimationKind])] = [
      (
        "fanExpand", "set: @escaping (Int, Double) -> Void, rotate: @escaping (Double) -> Void",
        [.fanExpand, .rotationOpen]
      ),
      (
        "fanCollapse", "set: @escaping (Int, Double) -> Void, rotate: @escaping (Double) -> Void",
        [.fanCollapse, .rotationClose]
      ),
      ("bubbleSnap", "move: @escaping (Double) -> Void", [.bubbleSnap]),
      ("bubbleMenuOpen", "show: @escaping (Double) -> Void", [.bubbleMenuOpen]),
      ("bubbleMenuClose", "hide: @escaping (Double) -> Void", [.bubbleMenuClose]),
    ]
    for (name, params, kinds) in groups {
      o.append("  static func \(name)(\(params)) {")
      for k in kinds {
        for a in c.group(k) {
          let setter: String
          switch k {
          case .fanExpand, .fanCollapse: setter = "set(\(a.item ?? 0), "
          case .rotationOpen, .rotationClose: setter = "rotate("
          case .bubbleSnap: setter = "move("
          case .bubbleMenuOpen: setter = "show("
          case .bubbleMenuClose: setter = "hide("
          case .other: continue
          }
          o += lines(a, setter: setter)
        }
      }
      o.append("  }")
      o.append("")
    }
    for r in c.registered {
      o.append(
        "  // \(r.descriptor.title): `set(p)` writes its progress p; \(r.mappingLine { f($0) }).")
      for a in r.animations {
        o.append(
          "  static func \(lowered(RegisteredExport.name(a)))(set: @escaping (Double) -> Void) {")
        o += lines(a, setter: "set(")
        o.append("  }")
      }
      o.append("")
    }
    if options.reduceMotion {
      o.append(
        "  // Reduce Motion: read @Environment(\\.accessibilityReduceMotion); when true, place items at rest"
      )
      o.append(
        "  // (progress 1, scale 1) and cross-fade opacity only for \(f(ExportOptions.reduceMotionDuration)) s."
      )
      o.append(
        "  static let reduceMotion: Animation = .easeInOut(duration: \(f(ExportOptions.reduceMotionDuration)))"
      )
      o.append("  static func fanReduceMotion(open: Bool, fade: @escaping (Double) -> Void) {")
      o.append("    withAnimation(reduceMotion) { fade(open ? 1 : 0) }")
      o.append("  }")
    }
    o.append("}")
    if let look = ExportAppearance(c.preset) { o += look.swiftUI() }
    if let icons = ExportIcons(c.preset) { o += icons.swiftUI() }
    return o.joined(separator: "\n") + "\n"
  }

  /// One animation's `withAnimation` calls, marked with its id; a spring
  /// also in the iOS 13–16 form (marked `fallback:`).
  static func lines(_ a: ExportAnimation, setter: String) -> [String] {
    var o = ["    // [\(a.id)] \(ExportContext.describe(a))"]
    let springy = a.moves.contains {
      if case .uikitSpring = $0.curve { return true }
      return false
    }
    guard springy else {
      return o + chain(a.moves[...], setter: setter, indent: "    ", legacy: false)
    }
    o.append("    if #available(iOS 17, *) {")
    o += chain(a.moves[...], setter: setter, indent: "      ", legacy: false)
    o.append("    } else {")
    o.append("      // [fallback:\(a.id)] iOS 13–16: the same stiffness and damping (mass 1)")
    o += chain(a.moves[...], setter: setter, indent: "      ", legacy: true)
    o.append("    }")
    return o
  }

  /// `name` with its first letter lower case (`SheetDetentOpen` → `sheetDetentOpen`).
  static func lowered(_ name: String) -> String { name.prefix(1).lowercased() + name.dropFirst() }

  /// SwiftUI's named curves (the same control points as Core Animation's).
  static let named: [(CubicBezier, String)] = [
    (.easeIn, "easeIn"), (.easeOut, "easeOut"), (.easeInOut, "easeInOut"), (.linear, "linear"),
  ]

  /// The animation for one move; `legacy`: the pre-iOS 17 spring form.
  static func animation(_ m: ExportMove, legacy: Bool) -> String {
    switch m.curve {
    case .uikitSpring(let d, let z, let v):
      let s = UIKitSpring(duration: d, dampingRatio: z, velocity: v).spring
      if legacy {
        let kc = ExportNumber.spring([s.stiffness, s.damping], uikit: d, z, v) {
          Spring(mass: 1, stiffness: $0[0], damping: $0[1])
        }
        return
          ".interpolatingSpring(stiffness: \(kc[0]), damping: \(kc[1]), initialVelocity: \(f(v)))"
      }
      let db = SwiftUISpring.durationBounce(of: s)
      let spelled = ExportNumber.spring([db.duration, db.bounce], uikit: d, z, v) {
        SwiftUISpring.spring(duration: $0[0], bounce: $0[1])
      }
      let (dd, bb) = (spelled[0], spelled[1])
      if v == 0 { return ".spring(duration: \(dd), bounce: \(bb))" }
      return ".interpolatingSpring(duration: \(dd), bounce: \(bb), initialVelocity: \(f(v)))"
    case .bezier(let b, _, let d):
      if let n = named.first(where: { $0.0 == b }) { return ".\(n.1)(duration: \(f(d)))" }
      return ".timingCurve(\(f(b.x1)), \(f(b.y1)), \(f(b.x2)), \(f(b.y2)), duration: \(f(d)))"
    }
  }

  // why: chained moves run from the completion of the previous (iOS 17 withAnimation(_:_:completion:))
  static func chain(
    _ ms: ArraySlice<ExportMove>, setter: String, indent: String, legacy: Bool
  ) -> [String] {
    guard let m = ms.first else { return [] }
    let rest = ms.dropFirst()
    let delay = m.delay == 0 ? "" : ".delay(\(f(m.delay)))"
    let head =
      "\(indent)withAnimation(\(animation(m, legacy: legacy))\(delay)) { \(setter)\(f(m.to))) }"
    if rest.isEmpty { return [head] }
    return [head + " completion: {"]
      + chain(rest, setter: setter, indent: indent + "  ", legacy: legacy) + ["\(indent)}"]
  }
}
