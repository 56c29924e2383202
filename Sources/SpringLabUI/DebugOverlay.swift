import Foundation
import SpringLabCore

/// Real hit areas, the safe area, the arc and the thumb zone (D).
enum DebugOverlay {
  static func draw(_ scene: Scene, _ v: ViewTransform, _ dl: inout DrawList) {
    let t = scene.now
    let d = scene.device
    let s = v.scale
    let safe = d.safe
    let a = v.toPixels(Point(safe.left, safe.top))
    let b = v.toPixels(Point(d.width - safe.right, d.height - safe.bottom))
    dl.polyline(
      [(a.0, a.1), (b.0, a.1), (b.0, b.1), (a.0, b.1), (a.0, a.1)], width: 1.5, Palette.safeArea)
    // thumb zone: reach from the bottom corner nearest the main button
    let main = scene.mainCenter
    let reach = Lint.thumbReach * min(d.width, d.height)
    let centred = abs(main.x - d.width / 2) < d.width * 0.1
    let corners = centred ? [0, d.width] : [main.x > d.width / 2 ? d.width : 0]
    for x in corners {
      let (cx, cy) = v.toPixels(Point(x, d.height))
      dl.strokeCircle(cx: cx, cy: cy, r: reach * s, width: 1.5, Palette.thumb.fading(0.7))
    }
    // the arc the items rest on
    let rest = scene.itemOffsets.map { main + $0 }
    if rest.count > 1 {
      dl.polyline(rest.map { v.toPixels($0) }, width: 1, Palette.debug.fading(0.5))
    }
    let (mx, my) = v.toPixels(main)
    dl.strokeCircle(cx: mx, cy: my, r: scene.mainHitRadius * s, width: 1.5, Palette.debug)
    for it in scene.fanItems(at: t) where it.alpha > 0.05 {
      let (x, y) = v.toPixels(it.center)
      dl.strokeCircle(cx: x, cy: y, r: scene.itemHitRadius * s, width: 1.5, Palette.debug)
    }
    for p in rest {
      let (x, y) = v.toPixels(p)
      dl.fillCircle(cx: x, cy: y, r: 2.5 * s, Palette.debug.fading(0.6))
    }
    if scene.bubble.phase != .hidden {
      let (x, y) = v.toPixels(scene.bubble.center(at: t))
      dl.strokeCircle(cx: x, cy: y, r: scene.bubble.radius * s, width: 1.5, Palette.debug)
    }
    dl.text(
      "DEBUG  hit areas · safe area · arc · thumb zone", x: a.0 + 6, y: b.1 - 18 * s, size: 11 * s,
      color: Palette.debug)
  }
}
