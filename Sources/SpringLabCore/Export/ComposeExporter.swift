import Foundation

/// Jetpack Compose export: `spring(dampingRatio, stiffness, visibilityThreshold)`
/// (mass 1) with the initial velocity in value units per second, `tween(durationMillis,
/// delayMillis, CubicBezierEasing(…))`, and coroutine `delay()` for springs.
enum ComposeExporter {
  static func f(_ x: Double, _ d: Int = 6) -> String { ExportNumber.kotlin(x, decimals: d) }

  /// Progress units: a threshold of 1e-4 travel keeps the settle invisible (0.01 %).
  static let threshold = 0.0001

  static func export(_ c: ExportContext, options: ExportOptions) -> String {
    var o: [String] = c.header("Jetpack Compose").map { "// " + $0 }
    for n in ExportPlan.notes(c.preset, springsSnap: false) { o.append("// Note: " + n) }
    o.append(
      "// Each Animatable holds progress (value units = progress), so initialVelocity is progress per second,"
    )
    o.append("// signed: negative when the value decreases (a collapse).")
    o.append("import androidx.compose.animation.core.*")
    // why: only the look uses Color; an export without one keeps its imports
    if c.preset.setsAppearance { o.append("import androidx.compose.ui.graphics.Color") }
    o.append("import androidx.compose.ui.unit.DpOffset")
    o.append("import androidx.compose.ui.unit.dp")
    o.append("import kotlinx.coroutines.*")
    o.append("")
    // why: DpOffset, not Offset: Offset is in pixels (and needs its own import)
    let offs = c.offsets.map { "DpOffset(\(f($0.x, 4)).dp, \(f($0.y, 4)).dp)" }.joined(
      separator: ", ")
    o.append("/** Rest offsets from the main button's centre (1 pt = 1 dp). */")
    o.append("val springLabFanOffsets = listOf(\(offs))")
    o.append("const val springLabRotationDegrees = \(f(c.preset.fan.rotationAngle, 4))")
    o.append("")
    typealias P = (String, String, [ExportAnimationKind])
    let groups: [P] = [
      (
        "springLabFanExpand",
        "progress: List<Animatable<Float, AnimationVector1D>>, rotation: Animatable<Float, AnimationVector1D>",
        [.fanExpand, .rotationOpen]
      ),
      (
        "springLabFanCollapse",
        "progress: List<Animatable<Float, AnimationVector1D>>, rotation: Animatable<Float, AnimationVector1D>",
        [.fanCollapse, .rotationClose]
      ),
      ("springLabBubbleSnap", "snap: Animatable<Float, AnimationVector1D>", [.bubbleSnap]),
      ("springLabBubbleMenuOpen", "menu: Animatable<Float, AnimationVector1D>", [.bubbleMenuOpen]),
      (
        "springLabBubbleMenuClose", "menu: Animatable<Float, AnimationVector1D>", [.bubbleMenuClose]
      ),
    ]
    for (name, params, kinds) in groups {
      o.append("fun CoroutineScope.\(name)(\(params)) {")
      for k in kinds {
        for a in c.group(k) { o += launch(a, target: ExportContext.variable(for: a)) }
      }
      o.append("}")
      o.append("")
    }
    for r in c.registered {
      o.append(
        "// \(r.descriptor.title): `value` holds its progress p; \(r.mappingLine { ExportNumber.format($0) })."
      )
      for a in r.animations {
        o.append(
          "fun CoroutineScope.springLab\(RegisteredExport.name(a))(value: Animatable<Float, AnimationVector1D>) {"
        )
        o += launch(a, target: "value")
        o.append("}")
      }
      o.append("")
    }
    if options.reduceMotion {
      let ms = ExportNumber.millis(ExportOptions.reduceMotionDuration)
      o.append(
        "// Reduce Motion: Android users turn animations off (Settings.Global.ANIMATOR_DURATION_SCALE == 0,"
      )
      o.append(
        "// \"Remove animations\"); then show items at rest (progress 1, scale 1) and cross-fade alpha only, \(ms) ms."
      )
      o.append(
        "fun CoroutineScope.springLabFanReduceMotion(alpha: Animatable<Float, AnimationVector1D>, open: Boolean) {"
      )
      o.append(
        "  launch { alpha.snapTo(alpha.value); alpha.animateTo(if (open) 1f else 0f, tween(durationMillis = \(ms), easing = LinearEasing)) }"
      )
      o.append("}")
    }
    if let look = ExportAppearance(c.preset) { o += look.compose() }
    if let icons = ExportIcons(c.preset) { o += icons.compose() }
    return o.joined(separator: "\n") + "\n"
  }

  /// One animation as a coroutine launched on `target`, marked with its id.
  static func launch(_ a: ExportAnimation, target: String) -> [String] {
    var o = ["  // [\(a.id)] \(ExportContext.describe(a))"]
    var calls: [String] = []
    var from = a.from
    for m in a.moves {
      switch m.curve {
      case .uikitSpring(_, let z, let v):
        let s = UIKitSpring(duration: m.duration, dampingRatio: z, velocity: v).spring
        // why: UIKit's velocity is in travels per second toward the target; Compose wants value units per second
        let vv = v * (m.to - from)
        let zk = ExportNumber.spring([s.dampingRatio, s.stiffness], uikit: m.duration, z, v) {
          Spring(mass: 1, stiffness: $0[1], damping: 2 * $0[0] * $0[1].squareRoot())
        }
        calls.append(
          "delay(\(ExportNumber.millis(m.delay))L); \(target).animateTo(\(f(m.to)), spring(dampingRatio = \(zk[0])f, stiffness = \(zk[1])f, visibilityThreshold = \(f(threshold))), initialVelocity = \(f(vv)))"
        )
      case .bezier(let b, _, let d):
        calls.append(
          "\(target).animateTo(\(f(m.to)), tween(durationMillis = \(ExportNumber.millis(d)), delayMillis = \(ExportNumber.millis(m.delay)), easing = CubicBezierEasing(\(f(b.x1)), \(f(b.y1)), \(f(b.x2)), \(f(b.y2)))))"
        )
      }
      from = m.to
    }
    o.append("  launch { " + calls.joined(separator: "; ") + " }")
    return o
  }
}
