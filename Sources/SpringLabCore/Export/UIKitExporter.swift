import Foundation

/// UIKit export: `UIView.animate(withDuration:delay:usingSpringWithDamping:…)`
/// (the seeds' own API, snapping at T exactly like the playground) and, for
/// springs, `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`
/// with the exact physics of `UIKitSpring.spring`. The output is a compilable
/// Swift file of free functions taking the views.
enum UIKitExporter {
  static func f(_ x: Double, _ d: Int = 6) -> String { ExportNumber.format(x, decimals: d) }

  /// A channel of a motion's mapping as Swift over `p`.
  static func swift(_ c: ProgressChannel, _ p: String = "p") -> String {
    c.expression(of: p) { f($0) }
  }

  /// The closure body that draws `menu` at progress p with the bubble menu's `mapping`.
  static func menuDraw(_ name: String, _ m: VisualMapping) -> String {
    let k = swift(m.scale)
    return
      "  func \(name)(_ p: CGFloat) { menu.alpha = min(max(\(swift(m.alpha)), 0), 1); menu.transform = CGAffineTransform(scaleX: \(k), y: \(k)) }"
  }

  static func export(_ c: ExportContext, options: ExportOptions) -> String {
    var o: [String] = c.header("UIKit").map { "// " + $0 }
    o.append(
      "// UIKit's spring mapping (duration, damping, velocity → stiffness, damping) is undocumented; SpringLab"
    )
    o.append(
      "// follows Framer's SpringCurveValueConverter (underdamped up to ζ < 1; framer-motion's findSpring ignores velocity)."
    )
    for n in ExportPlan.notes(c.preset, springsSnap: true) { o.append("// Note: " + n) }
    o.append("import UIKit")
    o.append("")
    o.append("/// Rest offsets of the fan items from the main button's centre, points.")
    let offs = c.offsets.map { "CGPoint(x: \(f($0.x, 4)), y: \(f($0.y, 4)))" }.joined(
      separator: ", ")
    o.append("let springLabFanOffsets: [CGPoint] = [\(offs)]")
    o.append("")
    let angle = f(c.preset.fan.rotationAngle, 4)
    let item = MotionID.fanExpand.descriptor.mapping
    let turn = MotionID.rotationOpen.descriptor.mapping
    let setup = [
      "  guard items.count >= springLabFanOffsets.count else { return }",
      "  let c = main.center",
      "  // why: one closure places an item at progress p (centre, alpha, scale \(f(item.scale.from)) → \(f(item.scale.to))) so every animation reads alike",
      "  func item(_ i: Int, _ p: CGFloat) {",
      "    let o = springLabFanOffsets[i]",
      "    items[i].center = CGPoint(x: c.x + o.x * \(swift(item.position)), y: c.y + o.y * \(swift(item.position)))",
      "    items[i].alpha = min(max(\(swift(item.alpha)), 0), 1)",
      "    items[i].transform = CGAffineTransform(scaleX: \(swift(item.scale)), y: \(swift(item.scale)))",
      "  }",
      "  func rotate(_ p: CGFloat) { main.transform = CGAffineTransform(rotationAngle: \(angle) * .pi / 180 * \(swift(turn.rotation))) }",
    ]
    for (name, kinds) in [
      ("Expand", [ExportAnimationKind.fanExpand, .rotationOpen]),
      ("Collapse", [.fanCollapse, .rotationClose]),
    ] {
      o.append(
        "/// Fan \(name.lowercased()): every item with its delay, and the main button's rotation.")
      o.append("@MainActor")
      o.append("func springLabFan\(name)(main: UIView, items: [UIView]) {")
      o += setup
      for k in kinds {
        for a in c.group(k) { o += animate(a, setter: a.item.map { "item(\($0), " } ?? "rotate(") }
      }
      o.append("}")
      o.append("")
    }
    o.append("/// Bubble snap to `target` (the nearer edge), from where the drag ended.")
    o.append("@MainActor")
    o.append("func springLabBubbleSnap(bubble: UIView, to target: CGPoint) {")
    o.append("  let from = bubble.center")
    o.append(
      "  func move(_ p: CGFloat) { bubble.center = CGPoint(x: from.x + (target.x - from.x) * p, y: from.y + (target.y - from.y) * p) }"
    )
    for a in c.group(.bubbleSnap) { o += animate(a, setter: "move(") }
    o.append("}")
    o.append("")
    let opening = MotionID.bubbleMenuOpen.descriptor.mapping
    let closing = MotionID.bubbleMenuClose.descriptor.mapping
    o.append(
      "/// Bubble menu: opens from scale \(f(opening.scale.from)), alpha \(f(opening.alpha.from)); closes to scale \(f(closing.scale.from)), alpha \(f(closing.alpha.from))."
    )
    o.append("@MainActor")
    o.append("func springLabBubbleMenu(menu: UIView, open: Bool) {")
    o.append(menuDraw("show", opening))
    o.append(menuDraw("hide", closing))
    o.append("  if open {")
    for a in c.group(.bubbleMenuOpen) { o += animate(a, setter: "show(", indent: "    ") }
    o.append("  } else {")
    for a in c.group(.bubbleMenuClose) { o += animate(a, setter: "hide(", indent: "    ") }
    o.append("  }")
    o.append("}")
    o.append("")
    for r in c.registered {
      o.append(
        "/// \(r.descriptor.title): `set(p)` writes its progress p inside the animation; \(r.mappingLine { f($0) })."
      )
      for a in r.animations {
        o.append("@MainActor")
        o.append("func springLab\(RegisteredExport.name(a))(set: @escaping (CGFloat) -> Void) {")
        o += animate(a, setter: "set(")
        o.append("}")
      }
      o.append("")
    }
    o += physics(c, setup: setup)
    o += ios17(c, setup: setup)
    if options.reduceMotion { o += reduceMotion(c) }
    if let look = ExportAppearance(c.preset) { o += look.uiKit() }
    if let icons = ExportIcons(c.preset) { o += icons.uiKit() }
    return o.joined(separator: "\n") + "\n"
  }

  /// One animation as UIView.animate calls; later moves chain in completion blocks.
  static func animate(_ a: ExportAnimation, setter: String, indent: String = "  ") -> [String] {
    ["\(indent)// [\(a.id)] \(ExportContext.describe(a))"]
      + move(a.moves[...], setter: setter, indent: indent)
  }

  // why: recursion keeps each chained move inside its predecessor's completion block
  static func move(_ ms: ArraySlice<ExportMove>, setter: String, indent: String) -> [String] {
    guard let m = ms.first else { return [] }
    let rest = ms.dropFirst()
    let body = "animations: { \(setter)\(f(m.to))) }"
    let tail = rest.isEmpty ? ")" : ", completion: { _ in"
    var o: [String] = []
    var custom = false
    switch m.curve {
    case .uikitSpring(let d, let z, let v):
      o.append(
        "\(indent)UIView.animate(withDuration: \(f(d)), delay: \(f(m.delay)), usingSpringWithDamping: \(f(z)), initialSpringVelocity: \(f(v)), options: [], \(body)\(tail)"
      )
    case .bezier(let b, let name, let d):
      let named = [
        "easeIn": ".curveEaseIn", "easeOut": ".curveEaseOut", "easeInOut": ".curveEaseInOut",
        "linear": ".curveLinear",
      ]
      if let opt = named[name] {
        o.append(
          "\(indent)UIView.animate(withDuration: \(f(d)), delay: \(f(m.delay)), options: [\(opt)], \(body)\(tail)"
        )
      } else {
        // why: UIView has no option for other curves; a CATransaction timing function shapes the block's animations
        custom = true
        o.append("\(indent)CATransaction.begin()")
        o.append(
          "\(indent)CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(controlPoints: \(f(b.x1)), \(f(b.y1)), \(f(b.x2)), \(f(b.y2))))"
        )
        o.append(
          "\(indent)UIView.animate(withDuration: \(f(d)), delay: \(f(m.delay)), options: [], \(body)\(tail)"
        )
      }
    }
    if !rest.isEmpty {
      o += move(rest, setter: setter, indent: indent + "  ")
      o.append("\(indent)})")
    }
    if custom { o.append("\(indent)CATransaction.commit()") }
    return o
  }

  /// The spring animations again with exact physics: `UISpringTimingParameters`
  /// (mass, stiffness N/m-like, damping, initial velocity relative to the travel).
  static func physics(_ c: ExportContext, setup: [String]) -> [String] {
    let o: [String] = [
      "// Exact physics: the same springs as UISpringTimingParameters (UIViewPropertyAnimator ignores its duration",
      "// for these and lets the spring settle, so there is no snap at T). Eased moves: use the functions above.",
      "@MainActor",
      "func springLabStartSpring(_ params: UISpringTimingParameters, delay: TimeInterval, _ body: @escaping () -> Void) {",
      "  let animator = UIViewPropertyAnimator(duration: 0, timingParameters: params)",
      "  animator.addAnimations(body)",
      "  animator.startAnimation(afterDelay: delay)",
      "}",
      "",
    ]
    func springs(_ a: ExportAnimation, setter: String, indent: String = "  ") -> [String] {
      guard a.moves.count == 1, case .uikitSpring(let d, let z, let v) = a.moves[0].curve else {
        return []
      }
      let s = UIKitSpring(duration: d, dampingRatio: z, velocity: v).spring
      let m = a.moves[0]
      let kc = ExportNumber.spring([s.stiffness, s.damping], uikit: d, z, v) {
        Spring(mass: s.mass, stiffness: $0[0], damping: $0[1])
      }
      return [
        "\(indent)// [physics:\(a.id)] from UIKit \(f(d)) s / \(f(z)) / \(f(v))",
        "\(indent)springLabStartSpring(UISpringTimingParameters(mass: \(f(s.mass, 6)), stiffness: \(kc[0]), damping: \(kc[1]), initialVelocity: CGVector(dx: \(f(v, 6)), dy: \(f(v, 6)))), delay: \(f(m.delay, 6))) { \(setter)\(f(m.to, 6))) }",
      ]
    }
    return o
      + springFunctions(c, setup: setup, suffix: "Physics", attributes: ["@MainActor"]) {
        springs($0, setter: $1)
      }
  }

  /// The spring animations with iOS 17's `UIView.animate(springDuration:bounce:initialSpringVelocity:…)`:
  /// SwiftUI's perceptual duration and bounce for the same stiffness and damping.
  static func ios17(_ c: ExportContext, setup: [String]) -> [String] {
    let o: [String] = [
      "// iOS 17: the same springs with UIView.animate(springDuration:bounce:initialSpringVelocity:…) — a perceptual",
      "// duration and bounce (SwiftUI's Spring(duration:bounce:)) for the same stiffness and damping; the spring",
      "// settles on its own instead of snapping at the UIKit duration.",
      "",
    ]
    func springs(_ a: ExportAnimation, setter: String, indent: String = "  ") -> [String] {
      guard a.moves.count == 1, case .uikitSpring(let d, let z, let v) = a.moves[0].curve else {
        return []
      }
      let s = UIKitSpring(duration: d, dampingRatio: z, velocity: v).spring
      let db = ExportNumber.spring(
        [SwiftUISpring.durationBounce(of: s).duration, SwiftUISpring.durationBounce(of: s).bounce],
        uikit: d, z, v
      ) { SwiftUISpring.spring(duration: $0[0], bounce: $0[1]) }
      let m = a.moves[0]
      return [
        "\(indent)// [ios17:\(a.id)] from UIKit \(f(d)) s / \(f(z)) / \(f(v))",
        "\(indent)UIView.animate(springDuration: \(db[0]), bounce: \(db[1]), initialSpringVelocity: \(f(v)), delay: \(f(m.delay)), options: [], animations: { \(setter)\(f(m.to))) })",
      ]
    }
    return o
      + springFunctions(
        c, setup: setup, suffix: "Spring", attributes: ["@available(iOS 17, *)", "@MainActor"]
      ) { springs($0, setter: $1) }
  }

  /// The fan expand/collapse, bubble snap and bubble menu functions (and one
  /// per animation of a registered control) named `springLab…<suffix>`, each after `attributes`, whose bodies are the
  /// lines `springs(animation, setter)` gives (a group with none is left out).
  static func springFunctions(
    _ c: ExportContext, setup: [String], suffix: String, attributes: [String],
    springs: (ExportAnimation, String) -> [String]
  ) -> [String] {
    var o: [String] = []
    for (name, kind) in [("Expand", ExportAnimationKind.fanExpand), ("Collapse", .fanCollapse)] {
      let lines = c.group(kind).flatMap { springs($0, "item(\($0.item ?? 0), ") }
      guard !lines.isEmpty else { continue }
      o += attributes + ["func springLabFan\(name)\(suffix)(main: UIView, items: [UIView]) {"]
      o += setup + lines + ["}", ""]
    }
    let snap = c.group(.bubbleSnap).flatMap { springs($0, "move(") }
    if !snap.isEmpty {
      o +=
        attributes + [
          "func springLabBubbleSnap\(suffix)(bubble: UIView, to target: CGPoint) {",
          "  let from = bubble.center",
          "  func move(_ p: CGFloat) { bubble.center = CGPoint(x: from.x + (target.x - from.x) * p, y: from.y + (target.y - from.y) * p) }",
        ]
      o += snap + ["}", ""]
    }
    let menu = c.group(.bubbleMenuOpen).flatMap { springs($0, "show(") }
    if !menu.isEmpty {
      o +=
        attributes + [
          "func springLabBubbleMenuOpen\(suffix)(menu: UIView) {",
          menuDraw("show", MotionID.bubbleMenuOpen.descriptor.mapping),
        ]
      o += menu + ["}", ""]
    }
    for r in c.registered {
      for a in r.animations {
        let lines = springs(a, "set(")
        guard !lines.isEmpty else { continue }
        o +=
          attributes + [
            "func springLab\(RegisteredExport.name(a))\(suffix)(set: @escaping (CGFloat) -> Void) {"
          ]
        o += lines + ["}", ""]
      }
    }
    return o
  }

  static func reduceMotion(_ c: ExportContext) -> [String] {
    let d = f(ExportOptions.reduceMotionDuration)
    return [
      "// Reduce Motion: the accessible alternative iOS users expect — a \(d) s cross-fade, no movement, no scale.",
      "// Use it when UIAccessibility.isReduceMotionEnabled is true.",
      "@MainActor",
      "func springLabFanReduceMotion(main: UIView, items: [UIView], open: Bool) {",
      "  guard items.count >= springLabFanOffsets.count else { return }",
      "  let c = main.center",
      "  for i in 0..<springLabFanOffsets.count {",
      "    items[i].transform = .identity",
      "    items[i].center = CGPoint(x: c.x + springLabFanOffsets[i].x, y: c.y + springLabFanOffsets[i].y)",
      "  }",
      "  main.transform = open ? CGAffineTransform(rotationAngle: \(f(c.preset.fan.rotationAngle, 4)) * .pi / 180) : .identity",
      "  UIView.animate(withDuration: \(d), delay: 0, options: [.curveEaseInOut], animations: { for v in items { v.alpha = open ? 1 : 0 } })",
      "}",
      "",
      "@MainActor",
      "func springLabPlayFan(main: UIView, items: [UIView], open: Bool) {",
      "  if UIAccessibility.isReduceMotionEnabled {",
      "    springLabFanReduceMotion(main: main, items: items, open: open)",
      "  } else if open {",
      "    springLabFanExpand(main: main, items: items)",
      "  } else {",
      "    springLabFanCollapse(main: main, items: items)",
      "  }",
      "}",
      "",
      "@MainActor",
      "func springLabBubbleMenuReduceMotion(menu: UIView, open: Bool) {",
      "  menu.transform = .identity",
      "  UIView.animate(withDuration: \(d), delay: 0, options: [.curveEaseInOut], animations: { menu.alpha = open ? 1 : 0 })",
      "}",
      "",
    ]
  }
}
