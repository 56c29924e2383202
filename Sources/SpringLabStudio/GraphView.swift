import SpringLabCore
import SpringLabUI

/// The curve graph (G): the chosen motion's progress against time, scaled to
/// what it shows (overshoot and undershoot included) and clipped to its
/// card; a picker row (which motion, velocity, both directions), a legend, a
/// headline (settle time and peak overshoot for springs, duration for
/// tweens, with the settle rule), a playhead with a readout while the canvas
/// plays the motion, and the Bézier control points of eased curves, draggable.
public enum GraphView {
  /// Plot area inside `r`, pixels.
  static func plot(_ r: PixelRect, scale s: Double) -> PixelRect {
    let e = chipsExtra(r, scale: s)
    // why: wrapped chips push the headline down and give the readout a line
    // of its own; a narrow legend takes two rows
    let top = e > 0 ? e + 14 * s : 0
    let bottom = narrow(r, scale: s) ? 14 * s : 0
    return PixelRect(
      x: r.x + 44 * s, y: r.y + 62 * s + top, w: r.w - 96 * s, h: r.h - 100 * s - top - bottom)
  }

  /// A graph too narrow for one-line headers (beside a phone at 1024 px).
  static func narrow(_ r: PixelRect, scale s: Double) -> Bool { r.w < 560 * s }

  /// How much taller than one row the chips are (they wrap in a narrow graph).
  static func chipsExtra(_ r: PixelRect, scale s: Double) -> Double {
    (chips(r, scale: s).map(\.0.y).max() ?? r.y) - min(r.y + 6 * s, chips(r, scale: s)[0].0.y)
  }

  /// Pixel of (t seconds, progress v) in the plot of `g`.
  static func toPx(_ t: Double, _ v: Double, _ p: PixelRect, _ g: MotionGraph) -> (Double, Double) {
    (p.x + t / g.tMax * p.w, p.y + p.h - (v - g.yMin) / (g.yMax - g.yMin) * p.h)
  }

  /// The picker row: one chip per motion, then the options.
  static func chips(_ r: PixelRect, scale s: Double) -> [(PixelRect, GraphChoice, String)] {
    var out: [(PixelRect, GraphChoice, String)] = []
    var x = r.x + 10 * s
    var y = r.y + 6 * s
    func add(_ c: GraphChoice, _ label: String) {
      let w = (Double(label.count) * 6.6 + 14) * s
      // why: beside a tall phone the graph is narrow; its chips take a second row
      if x + w > r.x + r.w - 10 * s, x > r.x + 10 * s {
        x = r.x + 10 * s
        y += 22 * s
      }
      out.append((PixelRect(x: x, y: y, w: w, h: 18 * s), c, label))
      x += w + 4 * s
    }
    for t in GraphTarget.allCases { add(.target(t), t.title) }
    x += 8 * s
    add(.toggleVelocity, "velocity")
    add(.togglePaired, "both ways")
    return out
  }

  static let grid = RGBA(0x48, 0x48, 0x4A)
  static let dim = RGBA(0x8E, 0x8E, 0x93)
  static let rotationColor = RGBA(0xC7, 0xC7, 0xCC, 0xB0)
  static let velocityColor = RGBA(0xFF, 0xFF, 0xFF, 0x90)

  static func color(_ c: MotionGraph.Curve) -> RGBA {
    switch c.kind {
    case .item(let i): return Palette.items[i % Palette.items.count]
    case .rotation: return rotationColor
    case .value: return RGBA(0x9E, 0x9C, 0xFF)
    }
  }

  static func draw(_ state: StudioState, in r: PixelRect, into dl: inout DrawList) {
    let s = state.window.scale
    let g = state.motionGraph
    let settings = state.graphSettings
    dl.fillRoundedRect(r, radius: 10 * s, RGBA(0x16, 0x17, 0x1B, 0xF4))
    // why: nothing drawn for the graph may leave its card, whatever the values
    dl.clip(r)
    defer { dl.clip(nil) }
    for (cr, choice, label) in chips(r, scale: s) {
      let on: Bool
      switch choice {
      case .target(let t): on = t == settings.target
      case .toggleVelocity: on = settings.velocity
      case .togglePaired: on = settings.paired
      }
      dl.fillRoundedRect(
        cr, radius: 5 * s, on ? RGBA(0x0A, 0x84, 0xFF) : RGBA(0x2C, 0x2C, 0x2E))
      dl.text(
        label, x: cr.x + cr.w / 2, y: cr.y + 3 * s, size: 11 * s,
        color: on ? RGBA(255, 255, 255) : RGBA(0xC7, 0xC7, 0xCC), align: .center)
    }
    let e = chipsExtra(r, scale: s)
    dl.text(
      headline(g, state, narrow: narrow(r, scale: s)), x: r.x + 12 * s, y: r.y + 30 * s + e,
      size: 12 * s,
      color: RGBA(255, 255, 255))
    dl.text(
      rule(g, short: narrow(r, scale: s)), x: r.x + 12 * s, y: r.y + 45 * s + e, size: 10 * s,
      // why: with A pinned this line is A's figures, read against B's above it
      color: g.comparedTiming == nil ? dim : RGBA(0xE5, 0xE5, 0xEA))
    let p = plot(r, scale: s)
    // why: labels at round values across the whole plotted range (a 1.85
    // peak reads against 1.5 and 2, not only 0 and 1); rest (0) and target
    // (1) keep the stronger line
    for v in yTicks(g, plotHeight: p.h, scale: s) {
      let (x0, y) = toPx(0, v.value, p, g)
      let strong = v.value == 0 || v.value == 1
      dl.polyline([(x0, y), (p.x + p.w, y)], width: 1, strong ? grid : grid.fading(0.45))
      // why: a label whose text would rise over the headline's rule is left out
      if y - 7 * s >= p.y - 3 * s {
        dl.text(v.label, x: p.x - 8 * s, y: y - 7 * s, size: 11 * s, color: dim, align: .right)
      }
    }
    let stepChoices = [0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10]
    let tickStep = stepChoices.first { $0 / g.tMax * p.w >= 40 * s } ?? 10
    var tick = 0.0
    while tick <= g.tMax {
      let x = p.x + tick / g.tMax * p.w
      let y = p.y + p.h
      dl.polyline([(x, y), (x, y - 4 * s)], width: 1, RGBA(0x63, 0x63, 0x66))
      dl.text(
        Fmt.fixed(tick, tickStep < 0.1 ? 2 : 1) + (tick == 0 ? " s" : ""), x: x, y: y + 3 * s,
        size: 10 * s, color: dim, align: .center)
      tick += tickStep
    }
    // settle marker
    if let st = g.settle, st <= g.tMax {
      let (x, _) = toPx(st, 0, p, g)
      dl.polyline([(x, p.y), (x, p.y + p.h)], width: 1, RGBA(0x30, 0xD1, 0x58, 0xA0))
      // why: at the foot of its line: the top holds the duration knob and
      // the peak's label, which covered it
      dl.text(
        "settled", x: x + 4 * s, y: p.y + p.h - 14 * s, size: 10 * s,
        color: RGBA(0x30, 0xD1, 0x58))
      let band = MotionGraph.settleBand
      // why: a collapse rests at 0; its band belongs there, not at 1
      let rest = g.lead.map { $0.to < $0.from ? 0.0 : 1.0 } ?? 1
      let (_, yHi) = toPx(0, rest + band, p, g)
      let (_, yLo) = toPx(0, rest - band, p, g)
      dl.fillRoundedRect(
        PixelRect(x: p.x, y: yHi, w: p.w, h: max(1, yLo - yHi)), radius: 0,
        RGBA(0x30, 0xD1, 0x58, 0x30))
    }
    // why: while a handle is dragged the axes hold (see `motionGraph`), so a
    // curve may outgrow them; it is cut at the plot's edge, never drawn over
    // the headline or the legend
    let top = max(r.y, p.y - 3 * s)
    dl.clip(PixelRect(x: p.x - 3 * s, y: top, w: p.w + 6 * s, h: p.y + p.h + 3 * s - top))
    // A (pinned) under B, dashed in the same colours
    for c in g.compared where c.kind != .rotation {
      for dash in dashes(samples(c, g).map { toPx($0.0, $0.1, p, g) }, on: 6 * s, off: 4 * s) {
        dl.polyline(dash, width: 1.5 * s, color(c).fading(0.8))
      }
    }
    for c in g.curves {
      let pts = samples(c, g).map { toPx($0.0, $0.1, p, g) }
      let w = (c.paired ? 1 : (c.kind == .rotation ? 1.5 : 2)) * s
      dl.polyline(pts, width: w, c.paired ? color(c).fading(0.55) : color(c))
    }
    VideoBackdropView.drawSamples(state, g, p, into: &dl)
    dl.clip(r)
    if settings.velocity, let c = g.curves.first(where: { !$0.paired && $0.kind != .rotation }) {
      drawVelocity(c, g, p, s, &dl)
    }
    drawLegend(g, settings, r, s, &dl)
    if let local = state.graphPlayhead {
      let (x, _) = toPx(local, 0, p, g)
      dl.polyline([(x, p.y), (x, p.y + p.h)], width: 2 * s, RGBA(255, 255, 255, 0xC0))
      if let c = g.curves.first(where: { !$0.paired && $0.kind != .rotation }) {
        let v = c.sample(local)
        let name = c.kind == .value ? "value" : "item 1"
        dl.text(
          "t \(Fmt.fixed(local, 3)) s · \(name) \(Fmt.fixed(v.x, 3)) · velocity \(Fmt.fixed(v.v, 2)) /s",
          // why: when the chips wrap (a narrow graph beside the phone) the
          // readout has its own line under the rule
          x: e > 0 ? r.x + 12 * s : r.x + r.w - 12 * s, y: e > 0 ? r.y + 59 * s + e : r.y + 30 * s,
          size: 11 * s, color: RGBA(255, 255, 255), align: e > 0 ? .left : .right)
        let (_, y) = toPx(local, v.x, p, g)
        dl.fillCircle(cx: x, cy: y, r: 3.5 * s, RGBA(255, 255, 255))
      }
    }
    // spring handles: the first peak (damping) and the settle marker (duration)
    if let pk = GraphHandles.peak(state, plot: p) {
      let k = state.graphSettings.target.springKnobs(state.preset)
      let z = k.map { state.preset[keyPath: $0.damping] } ?? 1
      dl.strokeCircle(cx: pk.x, cy: pk.y, r: 6 * s, width: 2 * s, RGBA(255, 255, 255))
      let bounce = pk.bounceZero ? "bounce 0" : "bounce \(Fmt.fixed(max(0, 1 - z), 2))"
      let full =
        pk.bounceZero
        ? "bounce 0 · drag up to add bounce" : "\(bounce) · damping \(Fmt.fixed(z, 2))"
      // why: a peak dragged past the held axis keeps its label off the rule
      // above the plot (10 pt text at r.y + 45 ends 4 pt above the plot)
      let y = max(pk.y - 16 * s, p.y - 4 * s)
      // why: the label never runs through the settle knob's line: it goes
      // left of the peak, or shortens to the bounce alone (~0.56 × size
      // per character: DejaVu's digits are 0.64, its spaces 0.32)
      let settleX = GraphHandles.settle(state, plot: p)?.x
      func width(_ t: String) -> Double { Double(t.count) * 5.6 * s }
      func crosses(_ t: String) -> Bool {
        settleX.map { $0 > pk.x && $0 < pk.x + 9 * s + width(t) + 6 * s } ?? false
      }
      func fitsLeft(_ t: String) -> Bool { pk.x - 9 * s - width(t) >= p.x }
      let white = RGBA(255, 255, 255)
      if pk.bounceZero && crosses(full) && !fitsLeft(full) {
        // why: the hint is how to add bounce; under the knob it crosses nothing
        dl.text(full, x: pk.x + 9 * s, y: pk.y + 8 * s, size: 10 * s, color: white)
      } else if !crosses(full) {
        dl.text(full, x: pk.x + 9 * s, y: y, size: 10 * s, color: white)
      } else if fitsLeft(full) {
        dl.text(full, x: pk.x - 9 * s, y: y, size: 10 * s, color: white, align: .right)
      } else if !crosses(bounce) || !fitsLeft(bounce) {
        dl.text(bounce, x: pk.x + 9 * s, y: y, size: 10 * s, color: white)
      } else {
        dl.text(bounce, x: pk.x - 9 * s, y: y, size: 10 * s, color: white, align: .right)
      }
    }
    if let st = GraphHandles.settle(state, plot: p) {
      dl.fillCircle(cx: st.x, cy: st.y, r: 5 * s, RGBA(0x30, 0xD1, 0x58))
    }
    // Bézier handles for eased motion, in the space of the curve shown
    if let e = easedMotion(state) {
      let (a, b, c, d) = handlePoints(e, g, p)
      let yellow = RGBA(0xFF, 0xD6, 0x0A)
      // why: a control point may lie far off the plot (y is unbounded); its
      // arm is cut just past the plot's edge (never over the chips or the
      // headline) and its knob drawn only when it lies there
      for (from, h) in [(a, b), (d, c)] {
        let (end, inside) = clipArm(from, h, to: p)
        dl.polyline([from, end], width: 1, yellow)
        if inside { dl.fillCircle(cx: h.0, cy: h.1, r: 5 * s, yellow) }
      }
    }
  }

  /// (t, progress) samples of a curve across the graph's span.
  static func samples(_ c: MotionGraph.Curve, _ g: MotionGraph) -> [(Double, Double)] {
    var out: [(Double, Double)] = []
    var t = 0.0
    while t <= g.tMax + 1e-9 {
      out.append((t, c.sample(t).x))
      t += g.step
    }
    return out
  }

  static func drawVelocity(
    _ c: MotionGraph.Curve, _ g: MotionGraph, _ p: PixelRect, _ s: Double, _ dl: inout DrawList
  ) {
    var pts: [(Double, Double)] = []
    var t = 0.0
    while t <= g.tMax + 1e-9 {
      pts.append((t, c.sample(t).v))
      t += g.step
    }
    let vMax = max(pts.map { abs($0.1) }.max() ?? 1, 1e-9)
    // why: velocity has its own axis (right): ±vMax spans the plot's height
    let px = pts.map { (p.x + $0.0 / g.tMax * p.w, p.y + p.h / 2 - $0.1 / vMax * p.h / 2) }
    dl.polyline(px, width: 1 * s, velocityColor)
    dl.text(
      "+\(Fmt.fixed(vMax, 1)) /s", x: p.x + p.w + 4 * s, y: p.y - 6 * s, size: 10 * s,
      color: velocityColor)
    dl.text(
      "0 /s", x: p.x + p.w + 4 * s, y: p.y + p.h / 2 - 6 * s, size: 10 * s, color: velocityColor)
    dl.text(
      "−\(Fmt.fixed(vMax, 1)) /s", x: p.x + p.w + 4 * s, y: p.y + p.h - 6 * s, size: 10 * s,
      color: velocityColor)
  }

  /// Which colour is which part, and what each curve is.
  static func drawLegend(
    _ g: MotionGraph, _ settings: GraphSettings, _ r: PixelRect, _ s: Double,
    _ dl: inout DrawList
  ) {
    var entries: [(RGBA, String)] = []
    for c in g.curves where !c.paired {
      switch c.kind {
      case .item(let i): entries.append((color(c), "item \(i + 1)"))
      case .rotation: entries.append((rotationColor, "main button rotation"))
      case .value:
        entries.append((color(c), g.target == .keyboard ? "keyboard height" : "progress"))
      }
    }
    if settings.paired, let other = g.target.paired {
      entries.append((dim, "thin: \(other.title.lowercased())"))
    } else if settings.paired, g.target == .bubbleMenu {
      entries.append((dim, "thin: menu close (ease-in)"))
    }
    if settings.velocity { entries.append((velocityColor, "velocity (right axis)")) }
    if !g.compared.isEmpty { entries.append((dim, "dashed: A")) }
    var x = r.x + 44 * s
    var y = r.y + r.h - (narrow(r, scale: s) ? 32 : 18) * s
    for (c, label) in entries {
      // why: a narrow graph's legend wraps to its second row
      if x + (Double(label.count) * 6 + 16) * s > r.x + r.w - 8 * s, x > r.x + 44 * s {
        x = r.x + 44 * s
        y += 14 * s
      }
      dl.fillRoundedRect(PixelRect(x: x, y: y + 5 * s, w: 12 * s, h: 3 * s), radius: 0, c)
      dl.text(label, x: x + 16 * s, y: y, size: 10 * s, color: RGBA(0xC7, 0xC7, 0xCC))
      x += (Double(label.count) * 6 + 30) * s
    }
  }

  /// The eased (non-spring) fan motion whose control points the graph edits:
  /// the graphed one, when it is a plain eased curve.
  static func easedMotion(_ state: StudioState) -> (
    FanMotion, WritableKeyPath<Preset, FanMotion>, collapse: Bool
  )? {
    let f = state.preset.fan
    switch state.graphSettings.target {
    case .fanExpand:
      guard f.expand.variant != .overshoot, PlannedCurve.of(f.expand).bezier != nil else {
        return nil
      }
      return (f.expand, \Preset.fan.expand, false)
    case .fanCollapse:
      guard PlannedCurve.of(f.collapse).bezier != nil else { return nil }
      return (f.collapse, \Preset.fan.collapse, true)
    default: return nil
    }
  }

  /// Start, P1, P2 and end of the eased curve in pixels: a collapse runs
  /// 1 → 0, so its control points are drawn at 1 − y.
  static func handlePoints(
    _ e: (FanMotion, WritableKeyPath<Preset, FanMotion>, collapse: Bool), _ g: MotionGraph,
    _ p: PixelRect
  ) -> ((Double, Double), (Double, Double), (Double, Double), (Double, Double)) {
    let m = e.0
    let b = PlannedCurve.of(m).bezier ?? .linear
    let dur = m.duration
    func y(_ v: Double) -> Double { e.collapse ? 1 - v : v }
    return (
      toPx(0, y(0), p, g), toPx(b.x1 * dur, y(b.y1), p, g), toPx(b.x2 * dur, y(b.y2), p, g),
      toPx(dur, y(1), p, g)
    )
  }

  /// The handle (0 or 1) under a pixel, if any. P2 is tested first only when
  /// P1 is not nearer, so both stay grabbable when they overlap an end point.
  static func handle(at x: Double, _ y: Double, state: StudioState, graph r: PixelRect) -> Int? {
    guard let e = easedMotion(state) else { return nil }
    let s = state.window.scale
    let (_, h1, h2, _) = handlePoints(e, state.motionGraph, plot(r, scale: s))
    let d1 = ((h1.0 - x) * (h1.0 - x) + (h1.1 - y) * (h1.1 - y)).squareRoot()
    let d2 = ((h2.0 - x) * (h2.0 - x) + (h2.1 - y) * (h2.1 - y)).squareRoot()
    if min(d1, d2) >= 10 * s { return nil }
    return d1 <= d2 ? 0 : 1
  }

  /// Moves handle `i` to a pixel: new control point (x in 0…1 as CSS
  /// requires; y unbounded, wherever the pointer is).
  static func drag(handle i: Int, to x: Double, _ y: Double, state: StudioState, graph r: PixelRect)
    -> Preset?
  {
    guard let e = easedMotion(state) else { return nil }
    let (m, kp) = (e.0, e.1)
    let g = state.motionGraph
    let p = plot(r, scale: state.window.scale)
    let t = (x - p.x) / p.w * g.tMax
    var v = g.yMin + (p.y + p.h - y) / p.h * (g.yMax - g.yMin)
    if e.collapse { v = 1 - v }
    var preset = state.preset
    var mm = m
    let bx = max(0, min(1, t / max(m.duration, 1e-6)))
    // why: a named curve becomes "custom" once its points move
    if mm.curve != .custom, let named = PlannedCurve.of(mm).bezier {
      mm.bezier.x1 = named.x1
      mm.bezier.y1 = named.y1
      mm.bezier.x2 = named.x2
      mm.bezier.y2 = named.y2
      mm.curve = .custom
    }
    if i == 0 {
      mm.bezier.x1 = (bx * 1000).rounded() / 1000
      mm.bezier.y1 = (v * 1000).rounded() / 1000
    } else {
      mm.bezier.x2 = (bx * 1000).rounded() / 1000
      mm.bezier.y2 = (v * 1000).rounded() / 1000
    }
    preset[keyPath: kp] = mm
    return preset
  }

  /// Scene time for a playhead drag at pixel x: within the graphed motion
  /// as last played (the fan's current motion when that is not known).
  static func scrubTime(at x: Double, state: StudioState, graph r: PixelRect) -> Double {
    let p = plot(r, scale: state.window.scale)
    let span = state.motionGraph.tMax
    let motionStart =
      state.graphMotionStart
      ?? (state.scene.fan.items.compactMap { $0.tweens.first?.start }.min()) ?? 0
    return motionStart + max(0, min(span, (x - p.x) / p.w * span))
  }
}
