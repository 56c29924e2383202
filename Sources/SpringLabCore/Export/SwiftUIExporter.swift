import Foundation

/// SwiftUI export: exact physics with `.interpolatingSpring(mass:stiffness:damping:initialVelocity:)`
/// (initial velocity in travels per second), the nearest `Spring(duration:bounce:)`
/// as a comment, `.timingCurve(x1, y1, x2, y2, duration:)` for eased moves and `.delay()`.
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
    o.append(
      "/// draws with .offset(offset * p), .scaleEffect(0.4 + 0.6 * p), .opacity(min(max(p, 0), 1))."
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
          }
          o.append("    // [\(a.id)] \(ExportContext.describe(a))")
          for m in a.moves {
            if case .uikitSpring(let d, let z, let v) = m.curve {
              let s = UIKitSpring(duration: d, dampingRatio: z, velocity: v).spring
              let db = SwiftUISpring.durationBounce(of: s)
              o.append(
                "    // nearest Spring(duration: \(f(db.duration, 3)), bounce: \(f(db.bounce, 3))) — same k and c, but it drops the initial velocity"
              )
            }
          }
          o += chain(a.moves[...], setter: setter, indent: "    ")
        }
      }
      o.append("  }")
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
    return o.joined(separator: "\n") + "\n"
  }

  static func animation(_ m: ExportMove) -> String {
    switch m.curve {
    case .uikitSpring(let d, let z, let v):
      let s = UIKitSpring(duration: d, dampingRatio: z, velocity: v).spring
      return
        ".interpolatingSpring(mass: \(f(s.mass)), stiffness: \(f(s.stiffness, 4)), damping: \(f(s.damping, 4)), initialVelocity: \(f(v)))"
    case .bezier(let b, _, let d):
      return ".timingCurve(\(f(b.x1)), \(f(b.y1)), \(f(b.x2)), \(f(b.y2)), duration: \(f(d)))"
    }
  }

  // why: chained moves run from the completion of the previous (iOS 17 withAnimation(_:_:completion:))
  static func chain(_ ms: ArraySlice<ExportMove>, setter: String, indent: String) -> [String] {
    guard let m = ms.first else { return [] }
    let rest = ms.dropFirst()
    let head =
      "\(indent)withAnimation(\(animation(m)).delay(\(f(m.delay)))) { \(setter)\(f(m.to))) }"
    if rest.isEmpty { return [head] }
    return [head + " completion: {"] + chain(rest, setter: setter, indent: indent + "  ") + [
      "\(indent)}"
    ]
  }
}
