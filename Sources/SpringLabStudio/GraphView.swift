import SpringLabCore
import SpringLabUI

/// The curve graph (G): each item's progress against time with its stagger
/// offset, the main button's rotation, the bubble's snap, a playhead in sync
/// with the canvas, settle time and peak overshoot. Eased curves show their
/// Bézier control points, draggable.
public enum GraphView {
  /// Plot area inside `r`, pixels, and the value range shown.
  static func plot(_ r: PixelRect, scale s: Double) -> PixelRect {
    PixelRect(x: r.x + 44 * s, y: r.y + 30 * s, w: r.w - 60 * s, h: r.h - 52 * s)
  }
  static let vMin = -0.1
  static let vMax = 1.25

  static func toPx(_ t: Double, _ v: Double, _ p: PixelRect, span: Double) -> (Double, Double) {
    (p.x + t / span * p.w, p.y + p.h - (v - vMin) / (vMax - vMin) * p.h)
  }

  static func draw(_ state: StudioState, in r: PixelRect, into dl: inout DrawList) {
    let s = state.window.scale
    let scene = state.scene
    let fan = scene.preset.fan
    let expanding =
      scene.fan.phase(at: scene.now) == .expanding || scene.fan.phase(at: scene.now) == .expanded
    let graph = CurveGraph(
      fan: fan, expand: expanding || scene.fan.phase(at: scene.now) == .collapsed)
    dl.fillRoundedRect(r, radius: 10 * s, RGBA(0x16, 0x17, 0x1B, 0xF4))
    let p = plot(r, scale: s)
    let span = graph.span
    // grid: 0 and 1 lines, time ticks every 0.1 s
    for v in [0.0, 1.0] {
      let (x0, y) = toPx(0, v, p, span: span)
      dl.polyline([(x0, y), (p.x + p.w, y)], width: 1, RGBA(0x48, 0x48, 0x4A))
      dl.text(
        v == 0 ? "0" : "1", x: p.x - 8 * s, y: y - 7 * s, size: 11 * s,
        color: RGBA(0x8E, 0x8E, 0x93), align: .right)
    }
    // why: keep labels at least ~40 px apart whatever the span
    let stepChoices = [0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10]
    let tickStep = stepChoices.first { $0 / span * p.w >= 40 * s } ?? 10
    var tick = 0.0
    while tick <= span {
      let (x, y) = toPx(tick, vMin, p, span: span)
      dl.polyline([(x, y), (x, y - 4 * s)], width: 1, RGBA(0x63, 0x63, 0x66))
      dl.text(
        Fmt.fixed(tick, tickStep < 0.1 ? 2 : 1), x: x, y: y + 3 * s, size: 10 * s,
        color: RGBA(0x8E, 0x8E, 0x93), align: .center)
      tick += tickStep
    }
    let rot = graph.rotation.points.map { toPx($0.0, $0.1, p, span: span) }
    dl.polyline(rot, width: 1.5 * s, RGBA(0x64, 0xD2, 0xFF, 0xA0))
    for (i, series) in graph.items.enumerated() {
      let pts = series.points.map { toPx($0.0, $0.1, p, span: span) }
      dl.polyline(pts, width: 2 * s, Palette.items[i % Palette.items.count])
    }
    // playhead: time since the current motion of the fan began
    let motionStart = (scene.fan.items.compactMap { $0.tweens.first?.start }.min()) ?? 0
    let local = scene.now - motionStart
    if local >= 0 && local <= span {
      let (x, _) = toPx(local, 0, p, span: span)
      dl.polyline([(x, p.y), (x, p.y + p.h)], width: 2 * s, RGBA(255, 255, 255, 0xC0))
    }
    // bubble snap, when it snaps
    if scene.bubble.phase == .snapping {
      dl.text(
        "bubble snapping", x: p.x + p.w, y: r.y + 8 * s, size: 11 * s, color: Palette.bubble,
        align: .right)
    }
    let title = expanding || scene.fan.phase(at: scene.now) == .collapsed ? "Expand" : "Collapse"
    let speed = state.timeline.speed == 1 ? "" : " · " + Fmt.speed(state.timeline.speed)
    dl.text(
      "\(title): settles at \(Fmt.fixed(graph.settleTime, 3)) s · peak overshoot \(Fmt.fixed(graph.peakOvershoot, 1)) %\(speed)\(state.timeline.paused ? " · paused" : "")",
      x: r.x + 12 * s, y: r.y + 8 * s, size: 12 * s, color: RGBA(255, 255, 255))
    // Bézier handles for eased motion
    if let (m, _) = easedMotion(state), let b = PlannedCurve.of(m).bezier {
      let dur = m.duration
      let (x0, y0) = toPx(0, 0, p, span: span)
      let (x3, y3) = toPx(dur, 1, p, span: span)
      let h1 = toPx(b.x1 * dur, b.y1, p, span: span)
      let h2 = toPx(b.x2 * dur, b.y2, p, span: span)
      dl.polyline([(x0, y0), h1], width: 1, RGBA(0xFF, 0xD6, 0x0A))
      dl.polyline([(x3, y3), h2], width: 1, RGBA(0xFF, 0xD6, 0x0A))
      dl.fillCircle(cx: h1.0, cy: h1.1, r: 5 * s, RGBA(0xFF, 0xD6, 0x0A))
      dl.fillCircle(cx: h2.0, cy: h2.1, r: 5 * s, RGBA(0xFF, 0xD6, 0x0A))
    }
  }

  /// The eased (non-spring) motion whose control points the graph edits:
  /// expand when it is eased, else collapse; nil when both are springs.
  static func easedMotion(_ state: StudioState) -> (FanMotion, WritableKeyPath<Preset, FanMotion>)?
  {
    let f = state.scene.preset.fan
    if f.expand.curve != .spring { return (f.expand, \Preset.fan.expand) }
    if f.collapse.curve != .spring && state.scene.fan.phase(at: state.scene.now) == .collapsing {
      return (f.collapse, \Preset.fan.collapse)
    }
    return nil
  }

  /// The handle (0 or 1) under a pixel, if any.
  static func handle(at x: Double, _ y: Double, state: StudioState, graph r: PixelRect) -> Int? {
    guard let (m, _) = easedMotion(state), let b = PlannedCurve.of(m).bezier
    else { return nil }
    let s = state.window.scale
    let p = plot(r, scale: s)
    let span = CurveGraph(fan: state.scene.preset.fan).span
    let h1 = toPx(b.x1 * m.duration, b.y1, p, span: span)
    let h2 = toPx(b.x2 * m.duration, b.y2, p, span: span)
    if ((h1.0 - x) * (h1.0 - x) + (h1.1 - y) * (h1.1 - y)).squareRoot() < 10 * s { return 0 }
    if ((h2.0 - x) * (h2.0 - x) + (h2.1 - y) * (h2.1 - y)).squareRoot() < 10 * s { return 1 }
    return nil
  }

  /// Moves handle `i` to a pixel: new control point, clamped (x in 0…1).
  static func drag(handle i: Int, to x: Double, _ y: Double, state: StudioState, graph r: PixelRect)
    -> Preset?
  {
    guard let (m, kp) = easedMotion(state) else { return nil }
    let s = state.window.scale
    let p = plot(r, scale: s)
    let span = CurveGraph(fan: state.scene.preset.fan).span
    let t = (x - p.x) / p.w * span
    let v = vMin + (p.y + p.h - y) / p.h * (vMax - vMin)
    var preset = state.scene.preset
    var mm = m
    let bx = max(0, min(1, t / max(m.duration, 1e-6)))
    let by = max(-2, min(3, v))
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
      mm.bezier.y1 = (by * 1000).rounded() / 1000
    } else {
      mm.bezier.x2 = (bx * 1000).rounded() / 1000
      mm.bezier.y2 = (by * 1000).rounded() / 1000
    }
    preset[keyPath: kp] = mm
    return preset
  }

  /// Scene time for a playhead drag at pixel x.
  static func scrubTime(at x: Double, state: StudioState, graph r: PixelRect) -> Double {
    let p = plot(r, scale: state.window.scale)
    let span = CurveGraph(fan: state.scene.preset.fan).span
    let motionStart = (state.scene.fan.items.compactMap { $0.tweens.first?.start }.min()) ?? 0
    return motionStart + max(0, min(span, (x - p.x) / p.w * span))
  }
}
