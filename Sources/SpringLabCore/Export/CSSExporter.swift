import Foundation

/// CSS export. Eased moves use CSS's own keywords or `cubic-bezier()`;
/// springs (and the two chained eases of the overshoot variant, which no single
/// timing function can express) use `linear()`, sampled from the playground's
/// curve, simplified with Ramer–Douglas–Peucker and verified between samples.
/// Each distinct `linear()` is defined once as a custom property on `:root`;
/// an `@supports` block redefines it as the least-squares `cubic-bezier()` for
/// browsers without `linear()`. Delays as `transition-delay`. Progress lives
/// in registered custom properties (`--p`, `--r`, `--m`, `--s`) so one curve
/// drives position, scale and opacity together. A `prefers-reduced-motion`
/// block is always present. Optionally a self-contained HTML page.
enum CSSExporter {
  static func f(_ x: Double, _ d: Int = 4) -> String { ExportNumber.format(x, decimals: d) }

  /// A channel of a motion's mapping over the custom property `name`
  /// (`calc(from + span * var(--p))`, or `var(--p)` alone).
  static func css(_ c: ProgressChannel, _ name: String) -> String {
    let e = c.expression(of: "var(\(name))") { f($0) }
    return e == "var(\(name))" ? e : "calc(\(e))"
  }

  /// Largest error a `linear()` may keep between its samples, progress units
  /// (the check's bound is 0.5 %).
  static let verifiedBound = 0.003

  /// CSS keywords for the standard curves.
  static let keywords: [(CubicBezier, String)] = [
    (.caDefault, "ease"), (.easeIn, "ease-in"), (.easeOut, "ease-out"),
    (.easeInOut, "ease-in-out"), (.linear, "linear"),
  ]

  /// The keyword or `cubic-bezier()` for a curve.
  static func timing(_ b: CubicBezier) -> String {
    if let k = keywords.first(where: { $0.0 == b }) { return k.1 }
    return
      "cubic-bezier(\(f(b.x1, 6)), \(f(b.y1, 6)), \(f(b.x2, 6)), \(f(b.y2, 6)))"
  }

  /// Progress of `a` normalised to its travel, at a fraction 0…1 of its active
  /// duration; each move's spring is solved once (not per sample).
  static func sampler(_ a: ExportAnimation) -> (Double) -> Double {
    let start = a.moves.first?.delay ?? 0
    let d = a.activeDuration
    let span = a.to - a.from
    let springs = a.moves.map { m -> UIKitSpring? in
      if case .uikitSpring(let T, let z, let v) = m.curve {
        return UIKitSpring(duration: T, dampingRatio: z, velocity: v)
      }
      return nil
    }
    let solved = springs.map { $0.map { ($0, $0.spring) } }
    return { x in
      guard abs(span) > 1e-12 else { return 1 }
      let t = start + x * d
      var begin = 0.0
      var value = a.from
      for (i, m) in a.moves.enumerated() {
        let s = begin + m.delay
        if t < s { return (value - a.from) / span }
        let local = t - s
        if local < m.duration {
          let p: Double
          switch m.curve {
          case .uikitSpring:
            let (u, spring) = solved[i]!
            p = local <= 0 ? 0 : 1 + spring.state(at: local, x0: -1, v0: u.velocity).x
          case .bezier(let b, _, let T):
            p = b.value(at: local / T)
          }
          return (value + (m.to - value) * p - a.from) / span
        }
        value = m.to
        begin = s + m.duration
      }
      return (value - a.from) / span
    }
  }

  /// How one animation's timing is written: a keyword / `cubic-bezier()`, or a shared `linear()`.
  enum Timing {
    case curve(String)
    /// Index into the stylesheet's shared easings.
    case shared(Int)
  }

  /// A `linear()` shared by the animations that use it, with its fallback.
  struct SharedEasing {
    var name: String
    var linear: LinearEasing
    var fallback: CubicBezier
    var fallbackError: Double
    var describes: String
  }

  /// Every animation's timing; distinct `linear()`s listed once.
  static func timings(_ c: ExportContext, tolerance: Double) -> ([String: Timing], [SharedEasing]) {
    var out: [String: Timing] = [:]
    var shared: [SharedEasing] = []
    for a in c.animations {
      if a.moves.count == 1, case .bezier(let b, _, _) = a.moves[0].curve {
        out[a.id] = .curve(timing(b))
        continue
      }
      let f = sampler(a)
      let fit = LinearEasing.fitVerified(
        duration: a.activeDuration, tolerance: tolerance, bound: verifiedBound, f)
      let css = fit.easing.css
      if let i = shared.firstIndex(where: { $0.linear.css == css }) {
        out[a.id] = .shared(i)
        continue
      }
      let isSpring = a.moves.contains {
        if case .uikitSpring = $0.curve { return true }
        return false
      }
      let back = BezierFit.fit(f)
      let kind = isSpring ? "spring" : "curve"
      let n = shared.filter { $0.name.hasPrefix("--springlab-\(kind)-") }.count + 1
      shared.append(
        SharedEasing(
          name: "--springlab-\(kind)-\(n)", linear: fit.easing, fallback: back.bezier,
          fallbackError: back.error, describes: ExportContext.describe(a)))
      out[a.id] = .shared(shared.count - 1)
    }
    return (out, shared)
  }

  static func transition(
    _ a: ExportAnimation, property: String, timing: [String: Timing], shared: [SharedEasing]
  ) -> String {
    let delay = a.moves.first?.delay ?? 0
    let easing: String
    switch timing[a.id] {
    case .curve(let s)?: easing = s
    case .shared(let i)?: easing = "var(\(shared[i].name))"
    case nil: easing = "linear"
    }
    var t =
      "transition: \(property) \(ExportNumber.format(a.activeDuration, decimals: 6))s \(easing)"
    if delay != 0 { t += " \(ExportNumber.format(delay, decimals: 6))s" }
    return t + ";"
  }

  static func stylesheet(_ c: ExportContext, options: ExportOptions) -> String {
    let tol = options.linearTolerance
    let (timing, shared) = timings(c, tolerance: tol)
    func tr(_ a: ExportAnimation, _ property: String) -> String {
      transition(a, property: property, timing: timing, shared: shared)
    }
    var o: [String] = c.header("CSS", escape: ExportEscaping.cssComment).map {
      "/* " + $0.replacingOccurrences(of: "*/", with: "* /") + " */"
    }
    for n in ExportPlan.notes(c.preset, springsSnap: true) { o.append("/* Note: \(n) */") }
    if !shared.isEmpty {
      o.append(
        "/* Springs\(shared.contains { $0.name.contains("-curve-") } ? " (and chained eases, which no single timing function can express)" : "") are CSS linear() easings, each defined once below: sampled from the playground's curve, simplified (Ramer–Douglas–Peucker) to \(ExportNumber.format(tol * 100, decimals: 4)) % of travel at the samples and checked to \(ExportNumber.format(verifiedBound * 100, decimals: 4)) % between them. UIKit springs snap to the target at T: linear() keeps that as two stops at 100 %. */"
      )
      o.append(":root {")
      for e in shared {
        o.append("  /* \(e.describes) */")
        o.append("  \(e.name): \(e.linear.css);")
      }
      o.append("}")
      o.append(
        "/* Browsers without linear() (before Chrome 113, Firefox 112, Safari 17.2): the least-squares cubic-bezier() instead. */"
      )
      o.append("@supports not (transition-timing-function: linear(0, 1)) {")
      o.append("  :root {")
      for e in shared {
        let b = e.fallback
        o.append(
          "    \(e.name): cubic-bezier(\(f(b.x1, 6)), \(f(b.y1, 6)), \(f(b.x2, 6)), \(f(b.y2, 6))); /* up to \(ExportNumber.format(e.fallbackError * 100, decimals: 2)) % of travel off */"
        )
      }
      o.append("  }")
      o.append("}")
    }
    o.append("@property --p { syntax: \"<number>\"; inherits: false; initial-value: 0; }")
    o.append("@property --r { syntax: \"<number>\"; inherits: false; initial-value: 0; }")
    o.append("@property --m { syntax: \"<number>\"; inherits: false; initial-value: 0; }")
    o.append("@property --s { syntax: \"<number>\"; inherits: false; initial-value: 0; }")
    let item = MotionID.fanExpand.descriptor.mapping
    let travel = item.position.expression(of: "var(--p)") { f($0) }
    o.append(
      ".springlab-fan .item { --p: 0; translate: calc(var(--ox) * \(travel) * 1px) calc(var(--oy) * \(travel) * 1px); scale: \(css(item.scale, "--p")); opacity: clamp(0, \(css(item.alpha, "--p")), 1); }"
    )
    for (i, p) in c.offsets.enumerated() {
      o.append(".springlab-fan .item-\(i) { --ox: \(f(p.x)); --oy: \(f(p.y)); }")
    }
    o.append(".springlab-fan.open .item { --p: 1; }")
    o.append(
      ".springlab-fan .main { --r: 0; rotate: calc(\(f(c.preset.fan.rotationAngle))deg * var(--r)); }\n.springlab-fan.open .main { --r: 1; }"
    )
    for a in c.group(.fanCollapse) {
      o.append("/* [\(a.id)] \(ExportContext.describe(a)) */")
      o.append(".springlab-fan .item-\(a.item ?? 0) { \(tr(a, "--p")) }")
    }
    for a in c.group(.fanExpand) {
      o.append("/* [\(a.id)] \(ExportContext.describe(a)) */")
      o.append(".springlab-fan.open .item-\(a.item ?? 0) { \(tr(a, "--p")) }")
    }
    for a in c.group(.rotationClose) {
      o.append("/* [\(a.id)] \(ExportContext.describe(a)) */")
      o.append(".springlab-fan .main { \(tr(a, "--r")) }")
    }
    for a in c.group(.rotationOpen) {
      o.append("/* [\(a.id)] \(ExportContext.describe(a)) */")
      o.append(".springlab-fan.open .main { \(tr(a, "--r")) }")
    }
    o.append(
      "/* Bubble snap: set --fx/--fy (start) and --tx/--ty (edge), then add .snapped; --s runs 0 → 1. */"
    )
    o.append(
      ".springlab-bubble { --s: 0; translate: calc((var(--fx) + (var(--tx) - var(--fx)) * var(--s)) * 1px) calc((var(--fy) + (var(--ty) - var(--fy)) * var(--s)) * 1px); }"
    )
    for a in c.group(.bubbleSnap) {
      o.append("/* [\(a.id)] \(ExportContext.describe(a)) */")
      o.append(".springlab-bubble.snapped { --s: 1; \(tr(a, "--s")) }")
    }
    let closing = MotionID.bubbleMenuClose.descriptor.mapping
    o.append(
      ".springlab-bubble-menu { --m: 0; opacity: clamp(0, \(css(closing.alpha, "--m")), 1); scale: \(css(closing.scale, "--m")); }"
    )
    for a in c.group(.bubbleMenuClose) {
      o.append("/* [\(a.id)] \(ExportContext.describe(a)) */")
      o.append(".springlab-bubble-menu { \(tr(a, "--m")) }")
    }
    for a in c.group(.bubbleMenuOpen) {
      o.append("/* [\(a.id)] \(ExportContext.describe(a)) */")
      o.append(
        ".springlab-bubble-menu.open { --m: 1; scale: \(css(MotionID.bubbleMenuOpen.descriptor.mapping.scale, "--m")); \(tr(a, "--m")) }"
      )
    }
    o += registered(c, tr)
    // why: browsers honour the user's Reduce Motion setting only if the page does; always ship it
    let d = ExportNumber.format(ExportOptions.reduceMotionDuration)
    o.append(
      "/* Reduce Motion: items wait at rest and cross-fade (\(d) s opacity), no movement or scale. */"
    )
    o.append("@media (prefers-reduced-motion: reduce) {")
    o.append(
      "  .springlab-fan .item { translate: calc(var(--ox) * 1px) calc(var(--oy) * 1px); scale: 1; opacity: 0; transition: opacity \(d)s ease-in-out; }"
    )
    o.append("  .springlab-fan.open .item { opacity: 1; transition: opacity \(d)s ease-in-out; }")
    o.append("  .springlab-fan .main, .springlab-fan.open .main { transition: none; }")
    o.append(
      "  .springlab-bubble, .springlab-bubble.snapped { transition: none; }"
    )
    o.append(
      "  .springlab-bubble-menu, .springlab-bubble-menu.open { scale: 1; transition: opacity \(d)s ease-in-out; }"
    )
    o.append("}")
    if let look = ExportAppearance(c.preset) {
      o += look.css(main: c.main, defaultSize: c.preset.fan.itemSize)
    }
    if let icons = ExportIcons(c.preset) { o += icons.css(data: options.iconData) }
    return o.joined(separator: "\n") + "\n"
  }

  /// The motions of the controls registered in `ControlRegistry.more`, each
  /// from its descriptor alone: its progress in a custom property named by
  /// its path (`sheet.detent` → `--springlab-sheet-detent` on
  /// `.springlab-sheet-detent`), its mapping as translate (a fraction of
  /// `--travel` px), scale, opacity and rotate (a fraction of `--angle` deg),
  /// and each animation as the transition of the class it ends in (`.on`
  /// at progress 1, none at 0).
  static func registered(_ c: ExportContext, _ tr: (ExportAnimation, String) -> String) -> [String]
  {
    var o: [String] = []
    for m in MotionDescriptor.registered {
      let animations = c.animations.filter { $0.motion == m.id }
      guard !animations.isEmpty else { continue }
      let name = "springlab-" + m.path.split(separator: ".").joined(separator: "-")
      let v = "--" + name
      let map = m.mapping
      let travel = map.position.expression(of: "var(\(v))") { f($0) }
      let turn = map.rotation.expression(of: "var(\(v))") { f($0) }
      o.append("/* \(m.title): \(v) runs 0 → 1; set --travel (px) and --angle (deg). */")
      o.append("@property \(v) { syntax: \"<number>\"; inherits: false; initial-value: 0; }")
      o.append(
        ".\(name) { \(v): 0; translate: calc(var(--travel) * \(travel) * 1px) 0; scale: \(css(map.scale, v)); opacity: clamp(0, \(css(map.alpha, v)), 1); rotate: calc(var(--angle) * \(turn) * 1deg); }"
      )
      for a in animations {
        o.append("/* [\(a.id)] \(ExportContext.describe(a)) */")
        let state = a.to >= 0.5 ? ".on" : ""
        o.append(".\(name)\(state) { \(v): \(f(a.to)); \(tr(a, v)) }")
      }
    }
    return o
  }

  /// The page's `#t=SECONDS` hook, for deterministic headless screenshots:
  /// opens the menu and freezes every transition that many seconds after the
  /// tap (`#t=SECONDS&close`: opens at rest, then freezes the collapse).
  /// Without a hash the page is untouched.
  static let freezeScript: [String] = [
    "// #t=SECONDS freezes the bloom that long after the tap; #t=SECONDS&close freezes the collapse",
    "const frozen = new URLSearchParams(location.hash.slice(1));",
    "if (frozen.has(\"t\")) {",
    // why: reading layout flushes style, so the class change starts its transitions now, not on the next frame
    "  const flush = () => document.body.offsetWidth;",
    "  const ms = Number(frozen.get(\"t\")) * 1000;",
    "  flush();",
    "  if (frozen.has(\"close\")) { toggle(); flush(); document.getAnimations().forEach(a => a.finish()); flush(); }",
    "  toggle();",
    "  flush();",
    // why: a CSS transition's currentTime counts from the class change and includes its delay, like the core's t
    "  document.getAnimations().forEach(a => { a.pause(); a.currentTime = ms; });",
    "}",
  ]

  /// A self-contained page: the device screen, the main button and items
  /// absolutely positioned at the core's rest offsets, a Toggle button.
  static func html(_ c: ExportContext, options: ExportOptions) -> String {
    let css = stylesheet(c, options: options)
    let d = c.device
    let fan = c.preset.fan
    let look = ExportAppearance(c.preset)
    let name = c.preset.name
    var o: [String] = [
      "<!-- SpringLab \(SpringLabVersion.string) — HTML export of preset \"\(ExportEscaping.htmlComment(name))\" -->",
      "<!DOCTYPE html>",
      "<html><head><meta charset=\"utf-8\"><title>SpringLab — \(ExportEscaping.htmlText(name))</title>",
      "<style>",
      css,
      "body { margin: 0; font-family: sans-serif; background: #222; }",
      ".springlab-screen { position: relative; width: \(f(d.width))px; height: \(f(d.height))px; background: #f2f2f7; overflow: hidden; }",
      ".springlab-fan .item, .springlab-fan .main { position: absolute; border-radius: 50%; }",
      ".springlab-fan .item { left: \(f(c.main.x - fan.itemSize / 2))px; top: \(f(c.main.y - fan.itemSize / 2))px; width: \(f(fan.itemSize))px; height: \(f(fan.itemSize))px; }",
      ".springlab-fan .main { left: \(f(c.main.x - fan.mainSize / 2))px; top: \(f(c.main.y - fan.mainSize / 2))px; width: \(f(fan.mainSize))px; height: \(f(fan.mainSize))px; background: \(fan.mainFill.hex); color: \(look == nil ? "white" : fan.mainTint.hex); font-size: 32px; line-height: \(f(fan.mainSize))px; text-align: center; }",
      "#toggle { position: fixed; right: 8px; top: 8px; }",
    ]
    if look != nil {
      // why: a label is the item's generated content, so it moves, scales and fades with it
      o += [
        ".springlab-dim { position: absolute; inset: 0; transition: opacity 0.25s; }",
        ".springlab-fan .item::after { position: absolute; top: 50%; transform: translateY(-50%); white-space: nowrap; padding: 4px 10px; border-radius: 12px; background: rgba(28, 28, 30, 0.9); color: white; font-size: 13px; line-height: 16px; }",
        ".springlab-fan .item.label-left::after { right: calc(100% + 8px); }",
        ".springlab-fan .item.label-right::after { left: calc(100% + 8px); }",
      ]
    }
    o += ["</style></head><body>", "<div class=\"springlab-screen springlab-fan\" id=\"fan\">"]
    if look != nil { o.append("  <div class=\"springlab-dim\"></div>") }
    for i in 0..<c.offsets.count {
      var style = "background: \(fan.fill(i).hex)"
      var classes = "item item-\(i)"
      if look != nil {
        // why: inline, so the page's own item rule (after the stylesheet) cannot undo them
        let size = fan.size(i)
        style += "; color: \(fan.tint(i).hex)"
        if size != fan.itemSize {
          style +=
            "; left: \(f(c.main.x - size / 2))px; top: \(f(c.main.y - size / 2))px; width: \(f(size))px; height: \(f(size))px"
        }
        if !fan.label(i).isEmpty {
          let left = FanLabels.isOnLeft(center: c.main + c.offsets[i], device: d)
          classes += left ? " label-left" : " label-right"
        }
      }
      o.append("  <div class=\"\(classes)\" style=\"\(style)\"></div>")
    }
    // why: a file icon on the main button replaces the "+" (drawn by the icon rule)
    if IconRef.isPath(fan.mainIcon) {
      o.append("  <div class=\"main icon\"></div>")
    } else {
      o.append("  <div class=\"main\">+</div>")
    }
    o.append("</div>")
    o.append("<button id=\"toggle\">Toggle</button>")
    o.append("<script>")
    o.append("const fan = document.getElementById(\"fan\");")
    o.append("const toggle = () => fan.classList.toggle(\"open\");")
    o.append("document.getElementById(\"toggle\").addEventListener(\"click\", toggle);")
    o.append("fan.querySelector(\".main\").addEventListener(\"click\", toggle);")
    o.append("// ?open opens on load, animated")
    o.append(
      "if (location.search.includes(\"open\")) requestAnimationFrame(() => requestAnimationFrame(toggle));"
    )
    o.append(contentsOf: freezeScript)
    o.append("</script>")
    o.append("</body></html>")
    return o.joined(separator: "\n") + "\n"
  }
}
