import Foundation

/// CSS export: one `linear()` easing per animation, sampled from the
/// playground's own curve and simplified with Ramer–Douglas–Peucker to the
/// stated tolerance; delays as `transition-delay`. Progress lives in
/// registered custom properties (`--p`, `--r`, `--m`, `--s`) so one curve drives
/// position, scale and opacity together. Optionally a self-contained HTML page.
enum CSSExporter {
  static func f(_ x: Double, _ d: Int = 4) -> String { ExportNumber.format(x, decimals: d) }

  /// Sample count per animation (uniform in time) before simplification.
  static let segments = 800

  static func easing(_ a: ExportAnimation, tolerance: Double) -> LinearEasing {
    let start = a.moves.first?.delay ?? 0
    let d = a.activeDuration
    let span = a.to - a.from
    // why: linear() maps 0…1 to 0…1 of the transition; normalise by the travel so overshoot stays > 1
    return LinearEasing.fit(segments: segments, tolerance: tolerance) { x in
      abs(span) < 1e-12 ? 1 : (a.progress(at: start + x * d) - a.from) / span
    }
  }

  static func transition(_ a: ExportAnimation, property: String, tolerance: Double) -> String {
    let delay = a.moves.first?.delay ?? 0
    return
      "transition: \(property) \(ExportNumber.format(a.activeDuration, decimals: 6))s \(easing(a, tolerance: tolerance).css) \(ExportNumber.format(delay, decimals: 6))s;"
  }

  static func stylesheet(_ c: ExportContext, options: ExportOptions) -> String {
    let tol = options.linearTolerance
    var o: [String] = c.header("CSS", escape: ExportEscaping.cssComment).map {
      "/* " + $0.replacingOccurrences(of: "*/", with: "* /") + " */"
    }
    o.append(
      "/* linear() easings: each animation sampled at \(segments + 1) points and simplified (Ramer–Douglas–Peucker) to within \(ExportNumber.format(tol * 100, decimals: 4)) % of travel. */"
    )
    for n in ExportPlan.notes(c.preset, springsSnap: true) { o.append("/* Note: \(n) */") }
    o.append(
      "/* UIKit springs snap to the target at T: linear() reproduces that as two stops at 100 %. */"
    )
    o.append("@property --p { syntax: \"<number>\"; inherits: false; initial-value: 0; }")
    o.append("@property --r { syntax: \"<number>\"; inherits: false; initial-value: 0; }")
    o.append("@property --m { syntax: \"<number>\"; inherits: false; initial-value: 0; }")
    o.append("@property --s { syntax: \"<number>\"; inherits: false; initial-value: 0; }")
    o.append(
      ".springlab-fan .item { --p: 0; translate: calc(var(--ox) * var(--p) * 1px) calc(var(--oy) * var(--p) * 1px); scale: calc(0.4 + 0.6 * var(--p)); opacity: clamp(0, var(--p), 1); }"
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
      o.append(
        ".springlab-fan .item-\(a.item ?? 0) { \(transition(a, property: "--p", tolerance: tol)) }")
    }
    for a in c.group(.fanExpand) {
      o.append("/* [\(a.id)] \(ExportContext.describe(a)) */")
      o.append(
        ".springlab-fan.open .item-\(a.item ?? 0) { \(transition(a, property: "--p", tolerance: tol)) }"
      )
    }
    for a in c.group(.rotationClose) {
      o.append("/* [\(a.id)] \(ExportContext.describe(a)) */")
      o.append(".springlab-fan .main { \(transition(a, property: "--r", tolerance: tol)) }")
    }
    for a in c.group(.rotationOpen) {
      o.append("/* [\(a.id)] \(ExportContext.describe(a)) */")
      o.append(".springlab-fan.open .main { \(transition(a, property: "--r", tolerance: tol)) }")
    }
    o.append(
      "/* Bubble snap: set --fx/--fy (start) and --tx/--ty (edge), then add .snapped; --s runs 0 → 1. */"
    )
    o.append(
      ".springlab-bubble { --s: 0; translate: calc((var(--fx) + (var(--tx) - var(--fx)) * var(--s)) * 1px) calc((var(--fy) + (var(--ty) - var(--fy)) * var(--s)) * 1px); }"
    )
    for a in c.group(.bubbleSnap) {
      o.append("/* [\(a.id)] \(ExportContext.describe(a)) */")
      o.append(
        ".springlab-bubble.snapped { --s: 1; \(transition(a, property: "--s", tolerance: tol)) }")
    }
    o.append(
      ".springlab-bubble-menu { --m: 0; opacity: clamp(0, var(--m), 1); scale: calc(0.8 + 0.2 * var(--m)); }"
    )
    for a in c.group(.bubbleMenuClose) {
      o.append("/* [\(a.id)] \(ExportContext.describe(a)) */")
      o.append(".springlab-bubble-menu { \(transition(a, property: "--m", tolerance: tol)) }")
    }
    for a in c.group(.bubbleMenuOpen) {
      o.append("/* [\(a.id)] \(ExportContext.describe(a)) */")
      o.append(
        ".springlab-bubble-menu.open { --m: 1; scale: calc(0.6 + 0.4 * var(--m)); \(transition(a, property: "--m", tolerance: tol)) }"
      )
    }
    if options.reduceMotion {
      let d = ExportNumber.format(ExportOptions.reduceMotionDuration)
      o.append(
        "/* Reduce Motion: items wait at rest and cross-fade (\(d) s opacity), no movement or scale. */"
      )
      o.append("@media (prefers-reduced-motion: reduce) {")
      o.append(
        "  .springlab-fan .item { translate: calc(var(--ox) * 1px) calc(var(--oy) * 1px); scale: 1; opacity: 0; transition: opacity \(d)s ease-in-out 0s; }"
      )
      o.append(
        "  .springlab-fan.open .item { opacity: 1; transition: opacity \(d)s ease-in-out 0s; }")
      o.append("  .springlab-fan .main, .springlab-fan.open .main { transition: none; }")
      o.append(
        "  .springlab-bubble-menu, .springlab-bubble-menu.open { scale: 1; transition: opacity \(d)s ease-in-out 0s; }"
      )
      o.append("}")
    }
    return o.joined(separator: "\n") + "\n"
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
    let colors = ["#FF9500", "#34C759", "#FF2D55", "#AF52DE", "#30B0C7"]
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
      ".springlab-fan .main { left: \(f(c.main.x - fan.mainSize / 2))px; top: \(f(c.main.y - fan.mainSize / 2))px; width: \(f(fan.mainSize))px; height: \(f(fan.mainSize))px; background: #007AFF; color: white; font-size: 32px; line-height: \(f(fan.mainSize))px; text-align: center; }",
      "#toggle { position: fixed; right: 8px; top: 8px; }",
      "</style></head><body>",
      "<div class=\"springlab-screen springlab-fan\" id=\"fan\">",
    ]
    for i in 0..<c.offsets.count {
      o.append(
        "  <div class=\"item item-\(i)\" style=\"background: \(colors[i % colors.count])\"></div>")
    }
    o.append("  <div class=\"main\">+</div>")
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
