import Foundation
import SpringLabCore

/// Draws the assistive bubble, its badge and its menu.
enum BubbleDrawer {
  /// How far a still press on the bubble is toward its long press (0…1),
  /// or nil when there is none or it is too young to tell from a tap (the
  /// first 0.12 s, or a fifth of the long-press time if shorter).
  static func longPressProgress(_ scene: Scene) -> Double? {
    guard case .bubble = scene.pressedTarget, let due = scene.bubble.longPressTime else {
      return nil
    }
    let total = scene.preset.bubble.longPress
    let elapsed = scene.now - (due - total)
    guard total > 0, elapsed >= min(0.12, total / 5), scene.now < due else { return nil }
    return min(1, max(0, elapsed / total))
  }

  static func draw(
    _ scene: Scene, _ v: ViewTransform, _ dl: inout DrawList, _ icons: IconSet,
    _ o: SceneDrawOptions
  ) {
    let t = scene.now
    let b = scene.bubble
    guard scene.preset.bubble.enabled, b.phase != .hidden else { return }
    let s = v.scale
    let menu = b.menuProgress(at: t)
    if menu > Bubble.menuDrawnFrom {
      let m = scene.bubbleMenuLayout(at: t)
      // why: the trace records these same two numbers, so a render can be checked against it
      let k = b.menuScale(at: t)
      let a = b.menuAlpha(at: t)
      func scaled(_ p: Point) -> Point { m.anchor + (p - m.anchor) * k }
      let tl = v.toPixels(scaled(Point(m.x, m.y)))
      let br = v.toPixels(scaled(Point(m.x + m.w, m.y + m.h)))
      let rect = PixelRect(x: tl.0, y: tl.1, w: br.0 - tl.0, h: br.1 - tl.1)
      dl.fillRoundedRect(
        PixelRect(x: rect.x, y: rect.y + 3 * s, w: rect.w, h: rect.h), radius: 16 * s * k,
        RGBA(0, 0, 0, 0x28).fading(a))
      dl.fillRoundedRect(rect, radius: 16 * s * k, RGBA(0x2C, 0x2C, 0x2E).fading(a))
      let names = BubbleMenuLayout.actions.map(\.icon)
      for (i, c) in m.items.enumerated() {
        let (x, y) = v.toPixels(scaled(c))
        let pressed = scene.pressedTarget == .bubbleMenu(i)
        dl.fillCircle(
          cx: x, cy: y, r: BubbleMenuLayout.itemSize / 2 * s * k,
          (pressed ? RGBA(0x63, 0x63, 0x66) : RGBA(0x48, 0x48, 0x4A)).fading(a))
        dl.icon(
          icons, names[i % names.count], cx: x, cy: y, side: 20 * s * k, width: max(1, 1.8 * s),
          RGBA(255, 255, 255).fading(a))
      }
    }
    var c = b.center(at: t)
    c.x += b.tuck(at: t, device: scene.device)
    let (x, y) = v.toPixels(c)
    let alpha = b.alpha(at: t)
    let pressed = scene.pressedTarget == .bubble && b.phase != .dragging
    let r = b.radius * s * (pressed ? scene.preset.fan.pressScale : 1)
    let look = scene.preset.bubble
    let fill = RGBA(look.fill)
    if look.shadow > 0 {
      // why: the built-in indigo's shadow is tinted with it; another fill's
      // shadow is that fill darkened the same way
      let shade =
        look.fill == DefaultLook.bubbleFill
        ? RGBA(0x1A, 0x18, 0x60, 0x48) : fill.darkened(0.65).with(alpha: 0x48)
      dl.circleShadow(
        cx: x, cy: y + 4 * s, r: r, blur: 10 * s, shade.fading(look.shadow).fading(alpha))
    }
    dl.fillCircle(
      cx: x, cy: y, r: r, (pressed ? fill.darkened(0.15) : fill).fading(alpha))
    if look.icon.isEmpty {
      dl.fillCircle(cx: x, cy: y, r: r * 0.62, RGBA(255, 255, 255, 0x40).fading(alpha))
      dl.fillCircle(cx: x, cy: y, r: r * 0.34, RGBA(255, 255, 255, 0xE0).fading(alpha))
    } else {
      // why: the icon takes the rings' place, in the box the items' icons use
      dl.icon(
        IconRef.isPath(look.icon) ? .file(look.icon) : .builtin(look.icon), icons,
        folder: o.assetFolder, cx: x, cy: y, side: r * 1.05, restSide: b.radius * s * 1.05,
        width: max(1, 2 * s), RGBA(look.tint).fading(alpha), tintFile: look.tintIcon)
    }
    if let p = longPressProgress(scene) {
      // why: a hold hides the bubble; the ring fills over the long-press
      // time so the designer sees the hold being counted, not a frozen bubble
      let ringR = b.radius * s + 7 * s
      let w = max(1.5, 4 * s)
      dl.strokeCircle(cx: x, cy: y, r: ringR, width: w, RGBA(0, 0, 0, 0x30).fading(alpha))
      dl.strokeArc(
        cx: x, cy: y, r: ringR, from: -Double.pi / 2, to: -Double.pi / 2 + 2 * Double.pi * p,
        width: w, fill.darkened(0.2).fading(alpha))
    }
    let badge = scene.preset.bubble.badge
    if !badge.isEmpty {
      let bx = x + r * 0.72
      let by = y - r * 0.72
      let br = max(9, 4 + 4 * Double(badge.count)) * s
      dl.fillCircle(cx: bx, cy: by, r: br, RGBA(look.badgeFill).fading(alpha))
      dl.text(
        badge, x: bx, y: by - 7 * s, size: 12 * s, color: RGBA(look.badgeTint).fading(alpha),
        align: .center)
    }
  }
}
