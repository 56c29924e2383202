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
    for (i, it) in scene.fanItems(at: t).enumerated() where it.alpha > 0.05 {
      let (x, y) = v.toPixels(it.center)
      dl.strokeCircle(cx: x, cy: y, r: scene.fan.itemHitRadius(i) * s, width: 1.5, Palette.debug)
    }
    for p in rest {
      let (x, y) = v.toPixels(p)
      dl.fillCircle(cx: x, cy: y, r: 2.5 * s, Palette.debug.fading(0.6))
    }
    if scene.bubble.phase != .hidden {
      let (x, y) = v.toPixels(scene.bubble.center(at: t))
      dl.strokeCircle(cx: x, cy: y, r: scene.bubble.radius * s, width: 1.5, Palette.debug)
    }
    // why: each word of the legend in the colour of what it names, with a
    // swatch before it (it was all in the hit areas' red), on a light card
    // like the screen the overlays are drawn on, so the colours read the
    // same and the app's text under it does not show through; at least
    // 10 px, readable on a phone scaled down to fit the window
    let size = max(10, 11 * s)
    let swatch = size * 0.9
    let lineH = size * 1.3
    let entries = [("DEBUG", RGBA(0x3A, 0x3A, 0x3C))] + legend
    let widths = entries.enumerated().map { i, e in
      legendWidth(e.0, size) + (i > 0 ? swatch * 1.3 : 0)
    }
    let oneLine = widths.reduce(0, +) + swatch * Double(entries.count - 1)
    // why: one line when it fits the safe area's width, else a column
    // rising from its foot
    let stacked = oneLine > b.0 - a.0 - 20
    let pad = size * 0.4
    let cardW = (stacked ? widths.max() ?? 0 : oneLine) + 2 * pad
    let cardH = (stacked ? Double(entries.count) : 1) * lineH + pad
    let card = PixelRect(x: a.0 + 4, y: b.1 - 6 - cardH, w: cardW, h: cardH)
    dl.fillRoundedRect(card, radius: 4, RGBA(0xF2, 0xF2, 0xF7, 0xF0))
    var x = card.x + pad
    var y = card.y + pad / 2 + (lineH - size * 1.17) / 2
    for (i, (label, color)) in entries.enumerated() {
      if i > 0 {
        dl.fillRoundedRect(
          PixelRect(x: x, y: y + size * 0.45, w: swatch, h: max(1.5, size * 0.22)), radius: 0,
          color)
      }
      let tx = i > 0 ? x + swatch * 1.3 : x
      dl.text(label, x: tx, y: y, size: size, color: color)
      if stacked {
        y += lineH
      } else {
        x = tx + legendWidth(label, size) + swatch
      }
    }
  }

  /// The legend's entries, each in the colour its overlay is drawn in.
  static let legend: [(String, RGBA)] = [
    ("hit areas", Palette.debug), ("safe area", Palette.safeArea),
    ("arc", Palette.debug.fading(0.5)), ("thumb zone", Palette.thumb.fading(0.7)),
  ]

  /// A generous estimate of a legend word's width, pixels: 0.62 of the size
  /// per character, above DejaVu Sans's widest lower-case average, so the
  /// next swatch never lands on the word (the drawer has no text measure).
  static func legendWidth(_ s: String, _ size: Double) -> Double {
    Double(s.count) * size * 0.62
  }
}
