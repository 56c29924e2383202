import Foundation
import SpringLabCore
import SpringLabUI

extension App {
  /// The device canvas: B (the live settings), with A as a translucent ghost
  /// on the same clock or beside it, plus trails, lint outlines and the graph.
  func drawCanvas(into dl: inout DrawList) {
    let s = window.scale
    options.outlined = Lint.check(scene.preset).filter { w in
      highlightField.map { w.fields.contains($0) } ?? true
    }
    .flatMap(\.items)
    options.trails = showTrails ? trails : []
    var canvas = layout.canvas
    if showGraph {
      let gh = min(240 * s, canvas.h * 0.36)
      graphRect = PixelRect(
        x: canvas.x + 16 * s, y: canvas.y + canvas.h - gh - 12 * s, w: canvas.w - 32 * s, h: gh)
      canvas.h -= gh + 16 * s
    } else {
      graphRect = nil
    }
    var sub = FrameLayout(width: canvas.w, height: canvas.h, scale: s, panel: false)
    sub.canvas = canvas
    dl.clearColor = Palette.canvas
    if let g = ghost, compareMode == .sideBySide {
      var left = sub
      left.canvas.w = canvas.w / 2
      var right = sub
      right.canvas.x += canvas.w / 2
      right.canvas.w = canvas.w / 2
      var a = DrawList()
      var optA = options
      optA.outlined = []
      optA.trails = []
      ghostView = FrameComposer.canvas(
        g.scene, layout: left, scale: s, icons: icons, options: optA, into: &a)
      dl.append(a)
      view = FrameComposer.canvas(
        scene, layout: right, scale: s, icons: icons, options: options, into: &dl)
      label("A (pinned)", at: left.canvas, into: &dl)
      label("B (tuning)", at: right.canvas, into: &dl)
    } else {
      view = FrameComposer.canvas(
        scene, layout: sub, scale: s, icons: icons, options: options, into: &dl)
      if let g = ghost {
        // A as a ghost: only its fan and bubble, translucent, over B's screen
        var a = DrawList()
        FanGhost.draw(g.scene, view: view, icons: icons, into: &a)
        dl.append(a.faded(0.4))
        label("Ghost = A (pinned) · X swaps · V side by side", at: sub.canvas, into: &dl)
      }
      ghostView = nil
    }
    if let r = graphRect { GraphView.draw(self, in: r, into: &dl) }
    if editOnCanvas {
      label(
        "Edit on canvas: drag items (radius, angles) or the main button · E to finish",
        at: sub.canvas, into: &dl, y: 40)
    }
  }

  func label(_ text: String, at r: PixelRect, into dl: inout DrawList, y: Double = 10) {
    let s = window.scale
    let (shown, _) = fit(text, size: 12 * s, width: r.w - 24 * s)
    dl.text(
      shown, x: r.x + r.w / 2, y: r.y + y * s, size: 12 * s, color: RGBA(0xC7, 0xC7, 0xCC),
      align: .center)
  }

  /// Records the items' centres for the onion skin (T), newest last.
  func recordTrails() {
    let items = scene.fanItems(at: scene.now)
    if trails.count != items.count { trails = Array(repeating: [], count: items.count) }
    let moving =
      scene.fan.isMoving && scene.fan.phase(at: scene.now) != .expanded
      && scene.fan.phase(at: scene.now) != .collapsed
    for (i, it) in items.enumerated() {
      if moving && it.alpha > 0.02 {
        trails[i].append(it.center)
      } else if !trails[i].isEmpty {
        // why: once the motion ends the onion skin fades away instead of freezing
        trails[i].removeFirst()
      }
      if trails[i].count > 14 { trails[i].removeFirst() }
    }
  }
}

/// Only the moving controls of a scene, for the A/B ghost.
enum FanGhost {
  static func draw(_ scene: Scene, view: ViewTransform, icons: IconSet, into dl: inout DrawList) {
    let t = scene.now
    let s = view.scale
    for (i, it) in scene.fanItems(at: t).enumerated() where it.alpha > 0.01 {
      let (x, y) = view.toPixels(it.center)
      dl.fillCircle(
        cx: x, cy: y, r: scene.preset.fan.itemSize / 2 * max(0, it.scale) * s,
        Palette.items[i % Palette.items.count].fading(it.alpha))
      dl.strokeCircle(
        cx: x, cy: y, r: scene.preset.fan.itemSize / 2 * max(0, it.scale) * s, width: 1.5 * s,
        RGBA(255, 255, 255).fading(it.alpha))
    }
    let (bx, by) = view.toPixels(scene.bubble.center(at: t))
    if scene.bubble.phase != .hidden {
      dl.strokeCircle(cx: bx, cy: by, r: scene.bubble.radius * s, width: 2 * s, Palette.bubble)
    }
  }
}
