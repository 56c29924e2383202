import Foundation
import SpringLabCore

/// Draws the fan menu: items (shadow, colour, icon) under the main button.
enum FanDrawer {
  /// Reduce Motion: every item at its resting point, full size, fading in or
  /// out over the cross-fade time from the start of the current motion.
  static func reducedMotion(_ scene: Scene, _ items: [FanItemVisual], at t: Double)
    -> [FanItemVisual]
  {
    let start = scene.fan.items.compactMap { $0.tweens.first?.start }.min() ?? -.infinity
    let k = max(0, min(1, (t - start) / ExportOptions.reduceMotionDuration))
    let phase = scene.fan.phase(at: t)
    let alpha: Double
    switch phase {
    case .expanding, .expanded: alpha = start.isFinite ? k : 1
    case .collapsing: alpha = 1 - k
    case .collapsed: alpha = 0
    }
    let offsets = scene.itemOffsets
    return items.enumerated().map { i, it in
      var v = it
      v.center = scene.mainCenter + (i < offsets.count ? offsets[i] : Point(0, 0))
      v.scale = 1
      v.rotation = 0
      v.alpha = alpha
      return v
    }
  }

  static func draw(
    _ scene: Scene, _ v: ViewTransform, _ dl: inout DrawList, _ icons: IconSet,
    _ o: SceneDrawOptions
  ) {
    let t = scene.now
    let f = scene.preset.fan
    let s = v.scale
    var items = scene.fanItems(at: t)
    if o.reduceMotion { items = reducedMotion(scene, items, at: t) }
    let pressed = scene.pressedTarget
    for (i, it) in items.enumerated() where it.alpha > 0.003 {
      let (x, y) = v.toPixels(it.center)
      let isPressed = pressed == .fanItem(i)
      let k = max(0, it.scale) * (isPressed ? f.pressScale : 1)
      let r = f.size(i) / 2 * k * s
      let base = RGBA(f.fill(i))
      let color = (isPressed ? base.darkened(0.18) : base).fading(it.alpha)
      dl.circleShadow(cx: x, cy: y + 2 * s, r: r, blur: 6 * s, RGBA(0, 0, 0, 0x30).fading(it.alpha))
      dl.fillCircle(cx: x, cy: y, r: r, color)
      dl.icon(
        f.iconRef(i), icons, folder: o.assetFolder, cx: x, cy: y, side: r * 1.05,
        restSide: f.size(i) / 2 * s * 1.05, degrees: it.rotation, width: max(1, 2 * s * k),
        RGBA(f.tint(i)).fading(it.alpha), tintFile: f.look(i).tintIcon)
      if o.outlined.contains(i) {
        dl.strokeCircle(cx: x, cy: y, r: r + 4 * s, width: 2 * s, Palette.debug)
      }
    }
    // why: after every item, so a label is never hidden under a neighbour
    for (i, it) in items.enumerated() where it.alpha > 0.003 {
      drawLabel(f.label(i), it, diameter: f.size(i), scene.device, v, &dl)
    }
    let m = scene.mainCenter
    let (mx, my) = v.toPixels(m)
    let rotation =
      o.reduceMotion
      ? (scene.fan.phase(at: t) == .collapsed || scene.fan.phase(at: t) == .collapsing
        ? 0 : f.rotationAngle) : scene.fan.mainRotation(at: t)
    let mainPressed = pressed == .fanMain
    let mr = f.mainSize / 2 * s * (mainPressed ? f.pressScale : 1)
    if f.mainShadow > 0 {
      // why: the built-in blue's shadow is tinted with it; another fill's
      // shadow is that fill darkened the same way
      let shade =
        f.mainFill == DefaultLook.mainFill
        ? RGBA(0, 0x3A, 0x80, 0x50) : RGBA(f.mainFill).darkened(0.5).with(alpha: 0x50)
      dl.circleShadow(cx: mx, cy: my + 3 * s, r: mr, blur: 9 * s, shade.fading(f.mainShadow))
    }
    let mainFill = RGBA(f.mainFill)
    dl.fillCircle(cx: mx, cy: my, r: mr, mainPressed ? mainFill.darkened(0.18) : mainFill)
    dl.icon(
      IconRef.isPath(f.mainIcon) ? .file(f.mainIcon) : .builtin(f.mainIcon), icons,
      folder: o.assetFolder, cx: mx, cy: my, side: mr * 1.15, restSide: f.mainSize / 2 * s * 1.15,
      degrees: rotation, width: max(1.5, 3 * s), RGBA(f.mainTint), tintFile: f.mainTintIcon)
    if scene.fan.pageShown {
      // KYCircleMenu's second page, pushed in over the screen
      let d = scene.device
      let (px, py) = v.toPixels(Point(0, d.safe.top))
      let w = d.width * s
      dl.fillRoundedRect(
        PixelRect(x: px + 16 * s, y: py + 20 * s, w: w - 32 * s, h: 120 * s), radius: 14 * s,
        Palette.card)
      dl.text(
        "Second page", x: px + w / 2, y: py + 50 * s, size: 20 * s, color: Palette.text,
        align: .center)
      dl.text(
        "tap anywhere to go back", x: px + w / 2, y: py + 84 * s, size: 13 * s,
        color: Palette.secondaryText, align: .center)
    }
  }

  /// An item's label (`fan.items[i].label`) in a chip beside it
  /// (`FanLabels.box`), moving and scaling with the item; it fades in over
  /// the last 60 % of the item's fade, so it arrives after the item and
  /// leaves before it.
  static func drawLabel(
    _ text: String, _ it: FanItemVisual, diameter: Double, _ device: Device, _ v: ViewTransform,
    _ dl: inout DrawList
  ) {
    let k = max(0, it.scale)
    let alpha = max(0, min(1, (it.alpha - 0.4) / 0.6))
    guard alpha > 0.003,
      let box = FanLabels.box(
        text, center: it.center, diameter: diameter, device: device, scale: k)
    else { return }
    let s = v.scale
    let (x, y) = v.toPixels(Point(box.x, box.y))
    let rect = PixelRect(x: x, y: y, w: box.width * s, h: box.height * s)
    dl.fillRoundedRect(rect, radius: rect.h / 2, Palette.toast.fading(alpha))
    dl.text(
      text, x: rect.x + rect.w / 2, y: rect.y + rect.h / 2 - 7.5 * s * k,
      size: FanLabels.fontSize * s * k, color: RGBA(255, 255, 255).fading(alpha), align: .center)
  }
}
