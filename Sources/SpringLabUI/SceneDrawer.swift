import Foundation
import SpringLabCore

/// What to draw on top of the scene.
public struct SceneDrawOptions: Sendable {
  /// Hit areas, safe area, arc and thumb zone.
  public var debug = false
  /// A translucent dot where the pointer is held (iOS "show touches").
  public var touches = true
  /// Lint: items to outline in red.
  public var outlined: [Int] = []
  /// The screen's corners square, as a phone's screen recording shows them
  /// (the display's rounding is the hardware's, not in the recording).
  public var squareCorners = false
  /// A PNG shown behind the controls instead of the sample app (a designer's
  /// own screenshot), stretched to the screen.
  public var background: String?
  /// A backdrop video's frame, stretched to the screen (wins over `background`).
  public var backgroundFrame: RasterImage?
  /// Recent item centres per item, oldest first (onion skin), device points.
  public var trails: [[Point]] = []
  /// Preview of the Reduce Motion alternative: items cross-fade in place
  /// (`ExportOptions.reduceMotionDuration`) instead of blooming.
  public var reduceMotion = false
  /// The folder the preset's icon files are relative to (the preset file's
  /// folder); nil: icon files are not drawn (a preset not read from a file).
  public var assetFolder: String?
  public init(
    debug: Bool = false, touches: Bool = true, outlined: [Int] = [], background: String? = nil
  ) {
    self.debug = debug
    self.touches = touches
    self.outlined = outlined
    self.background = background
  }
}

/// Draws a `Scene` (device points) into a draw list (pixels) through a
/// `ViewTransform`. Pure: the window and the headless renderer share it.
public enum SceneDrawer {
  /// The transform that fits `device` (plus its bezel) centred in `rect` pixels.
  public static func fit(device: Device, in rect: PixelRect, margin: Double = 24) -> ViewTransform {
    let bezel = 14.0
    let sw = (rect.w - 2 * margin) / (device.width + 2 * bezel)
    let sh = (rect.h - 2 * margin) / (device.height + 2 * bezel)
    let s = max(0.05, min(sw, sh))
    let x = rect.x + (rect.w - device.width * s) / 2
    let y = rect.y + (rect.h - device.height * s) / 2
    return ViewTransform(x: x.rounded(), y: y.rounded(), scale: s)
  }

  public static func draw(
    _ scene: Scene, view v: ViewTransform, into dl: inout DrawList, icons: IconSet,
    options: SceneDrawOptions = .init()
  ) {
    let t = scene.now
    let d = scene.device
    let s = v.scale
    let turn = scene.turnAngle(at: t)
    if turn != 0 {
      drawTurning(scene, angle: turn, view: v, into: &dl)
      return
    }
    func px(_ p: Point) -> (Double, Double) { v.toPixels(p) }
    let (sx, sy) = px(Point(0, 0))
    let screen = PixelRect(x: sx, y: sy, w: d.width * s, h: d.height * s)
    let corner = options.squareCorners ? 0 : cornerRadius(d) * s
    dl.fillRoundedRect(
      PixelRect(x: sx - 12 * s, y: sy - 12 * s, w: screen.w + 24 * s, h: screen.h + 24 * s),
      radius: corner + 12 * s,
      Palette.bezel)
    dl.fillRoundedRect(screen, radius: corner, Palette.screen)
    dl.clip(screen)
    if let frame = options.backgroundFrame {
      dl.add(.pixels(frame, rect: screen, alpha: 1))
    } else if let bg = options.background {
      dl.image(bg, rect: screen)
    } else {
      drawAppContent(d, v, &dl)
    }
    // why: everything after this moves with the controls; before it only an
    // edit, a rotation or a new backdrop changes it
    dl.markStaticPrefix()
    // backdrop dim behind the open menu
    let openness = scene.fanItems(at: t).map { max(0, min(1, $0.progress)) }.max() ?? 0
    if scene.preset.fan.backdropDim > 0 && openness > 0 {
      dl.fillConvex(
        [
          (screen.x, screen.y), (screen.x + screen.w, screen.y),
          (screen.x + screen.w, screen.y + screen.h), (screen.x, screen.y + screen.h),
        ],
        RGBA(scene.preset.fan.dimColor).fading(scene.preset.fan.backdropDim * openness))
    }
    for b in scene.floating.bodies {
      let (x, y) = px(Point(b.x, b.y))
      dl.fillCircle(cx: x, cy: y, r: b.r * s, RGBA(scene.preset.bubble.fill).fading(0.55))
    }
    for (i, trail) in options.trails.enumerated() {
      let color = RGBA(scene.preset.fan.fill(i))
      for (k, p) in trail.enumerated() {
        let (x, y) = px(p)
        let f = Double(k + 1) / Double(trail.count + 1)
        dl.fillCircle(
          cx: x, cy: y, r: scene.preset.fan.size(i) / 2 * s * (0.5 + 0.4 * f),
          color.fading(0.28 * f))
      }
    }
    FanDrawer.draw(scene, v, &dl, icons, options)
    BubbleDrawer.draw(scene, v, &dl, icons, options)
    for (i, c) in scene.more.enumerated() {
      if let drawable = c.base as? DrawableControl {
        drawable.draw(at: t, scene.context, view: v, into: &dl, icons: icons)
      } else {
        // why: a control registered without its drawer would play, trace and
        // take taps while the screen showed nothing of it; say so on the screen
        let name = type(of: c.base).name
        dl.text(
          "\(name): no drawer (conform to DrawableControl)", x: screen.x + 8 * s,
          y: screen.y + (60 + 16 * Double(i)) * s, size: 12 * s, color: RGBA(0xFF, 0x3B, 0x30))
      }
    }
    drawKeyboard(scene, v, &dl)
    // home indicator
    if d.hasHomeIndicator {
      let w = min(134, d.width * 0.36) * s
      dl.fillRoundedRect(
        PixelRect(x: sx + screen.w / 2 - w / 2, y: sy + screen.h - 8 * s - 5 * s, w: w, h: 5 * s),
        radius: 2.5 * s,
        RGBA(0, 0, 0, 0xD0))
    }
    if let toast = scene.toast, toast.start <= t, t < toast.until {
      let fade = min(1, (t - toast.start) / 0.15, (toast.until - t) / 0.2)
      let w = (Double(toast.text.count) * 8.5 + 40) * s
      let h = 36 * s
      let bottom = d.height - max(d.safe.bottom, scene.keyboardHeight(at: t)) - 110
      let (cx, cy) = px(Point(d.width / 2, bottom))
      dl.fillRoundedRect(
        PixelRect(x: cx - w / 2, y: cy - h / 2, w: w, h: h), radius: h / 2,
        Palette.toast.fading(fade))
      dl.text(
        toast.text, x: cx, y: cy - 8 * s, size: 15 * s, color: RGBA(255, 255, 255).fading(fade),
        align: .center)
    }
    if scene.floatingSlowed(at: t) {
      // why: a field too heavy for real time runs slower; say so rather than
      // let the designer think the physics changed
      let text = "Floating bubbles slowed: too many to simulate in real time"
      let w = (Double(text.count) * 7 + 24) * s
      let h = 26 * s
      let (cx, cy) = px(Point(d.width / 2, d.safe.top + 24))
      dl.fillRoundedRect(
        PixelRect(x: cx - w / 2, y: cy - h / 2, w: w, h: h), radius: h / 2, Palette.toast)
      dl.text(
        text, x: cx, y: cy - 6 * s, size: 12 * s, color: RGBA(0xFF, 0xD6, 0x0A), align: .center)
    }
    if options.debug { DebugOverlay.draw(scene, v, &dl) }
    if options.touches {
      // why: held, the dot follows the finger (drags); released, it fades
      // out over `Scene.touchFade`, so an instantaneous scripted tap shows too
      let dot = scene.pointer.map { ($0, 1.0) } ?? scene.fadingTouch(at: t)
      if let (p, a) = dot {
        let (x, y) = px(p)
        dl.fillCircle(cx: x, cy: y, r: 22 * s, Palette.touch.fading(a))
        dl.strokeCircle(
          cx: x, cy: y, r: 22 * s, width: max(1, 1.5 * s), RGBA(255, 255, 255, 0xA0).fading(a))
      }
    }
    dl.clip(nil)
  }

  /// The device while it turns after a rotation (`Scene.turnAngle`): its
  /// body in the new orientation, turned by `angle` degrees about the
  /// screen's centre and shrunk so the turned outline stays inside the
  /// footprint of the device at rest, with the main button and the bubble
  /// where they will rest. As iOS does, the app's content is not laid out
  /// while it turns; it appears when the turn ends.
  static func drawTurning(
    _ scene: Scene, angle: Double, view v: ViewTransform, into dl: inout DrawList
  ) {
    let d = scene.device
    let a = angle * .pi / 180
    let (c, sn) = (cos(a), sin(a))
    let bezel = 12.0
    let (w, h) = (d.width + 2 * bezel, d.height + 2 * bezel)
    // why: the turned outline's bounding box fits the resting outline's, so
    // the turn never draws over the panel or off the canvas
    let f = min(1, w / (w * abs(c) + h * abs(sn)), h / (w * abs(sn) + h * abs(c)))
    let mid = Point(d.width / 2, d.height / 2)
    func turned(_ p: Point) -> (Double, Double) {
      let x = (p.x - mid.x) * f
      let y = (p.y - mid.y) * f
      return v.toPixels(Point(mid.x + x * c - y * sn, mid.y + x * sn + y * c))
    }
    func outline(inset: Double, radius r: Double) -> [(Double, Double)] {
      let (x0, y0, x1, y1) = (-inset + r, -inset + r, d.width + inset - r, d.height + inset - r)
      var pts: [(Double, Double)] = []
      // why: eight segments a corner keep the corners round at any scale
      for (cx, cy, start) in [(x1, y0, -90.0), (x1, y1, 0.0), (x0, y1, 90.0), (x0, y0, 180.0)] {
        for k in 0...8 {
          let q = (start + 90 * Double(k) / 8) * .pi / 180
          pts.append(turned(Point(cx + r * cos(q), cy + r * sin(q))))
        }
      }
      return pts
    }
    let corner = cornerRadius(d)
    dl.fillConvex(outline(inset: bezel, radius: corner + bezel), Palette.bezel)
    dl.fillConvex(outline(inset: 0, radius: corner), Palette.screen)
    let s = v.scale * f
    let (mx, my) = turned(scene.mainCenter)
    dl.fillCircle(
      cx: mx, cy: my, r: scene.preset.fan.mainSize / 2 * s, RGBA(scene.preset.fan.mainFill))
    if scene.bubble.phase != .hidden {
      let (bx, by) = turned(scene.bubble.center(at: scene.now))
      dl.fillCircle(
        cx: bx, cy: by, r: scene.bubble.radius * s, RGBA(scene.preset.bubble.fill))
    }
  }

  /// A plausible app behind the controls: status bar, title, list rows.
  static func drawAppContent(_ d: Device, _ v: ViewTransform, _ dl: inout DrawList) {
    let s = v.scale
    let safe = d.safe
    // why: iPhones hide the status bar in landscape; in portrait it sits
    // inside the top safe area, above the title
    if safe.top >= 20 {
      let (tx, ty) = v.toPixels(Point(safe.left + 32, max(2, safe.top / 2 - 9)))
      dl.text("9:41", x: tx, y: ty, size: 15 * s, color: Palette.text)
    }
    let (hx, hy) = v.toPixels(Point(safe.left + 20, safe.top + 12))
    dl.text("Ledger", x: hx, y: hy, size: 30 * s, color: Palette.text)
    var y = safe.top + 64
    var row = 0
    let labels = [
      "Coffee", "Groceries", "Train ticket", "Lunch", "Books", "Cinema", "Taxi", "Rent", "Gym",
      "Gift",
    ]
    while y + 56 < d.height - safe.bottom - 10 {
      let (rx, ry) = v.toPixels(Point(safe.left + 16, y))
      let w = (d.width - safe.left - safe.right - 32) * s
      dl.fillRoundedRect(PixelRect(x: rx, y: ry, w: w, h: 52 * s), radius: 12 * s, Palette.card)
      dl.fillCircle(cx: rx + 28 * s, cy: ry + 26 * s, r: 14 * s, Palette.cardLine)
      dl.text(
        labels[row % labels.count], x: rx + 52 * s, y: ry + 9 * s, size: 15 * s, color: Palette.text
      )
      dl.text("Today", x: rx + 52 * s, y: ry + 29 * s, size: 12 * s, color: Palette.secondaryText)
      // why: whole units and 50 cents, so plain integer text; String(format:)
      // here cost ~4 % of the window's CPU per frame
      let amount = "-\((row * 37) % 90 + 3).50"
      dl.text(
        amount, x: rx + w - 14 * s, y: ry + 17 * s, size: 15 * s, color: Palette.text, align: .right
      )
      y += 60
      row += 1
    }
  }

  /// The display's corner radius, points.
  public static func cornerRadius(_ d: Device) -> Double {
    switch d.model {
    case .ipadSplit: return 18
    case .iphoneSE: return 6
    case .iphone15, .iphone15ProMax: return 44
    }
  }

  /// The simulated keyboard's key caps, row by row (QWERTY).
  public static let keyRows = ["QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM"]

  /// The keyboard's outline in device points: the part of the display's
  /// rounded rectangle below the keyboard's top edge, so its bottom corners
  /// follow the display's (a convex polygon, also while it slides in).
  public static func keyboardOutline(_ d: Device, height h: Double) -> [Point] {
    let top = d.height - h
    let r = min(cornerRadius(d), d.width / 2, d.height / 2)
    let steps = 10
    var display: [Point] = []
    // the display clockwise from its top-left corner, each corner a quarter circle
    let corners = [
      (Point(r, r), Double.pi), (Point(d.width - r, r), 1.5 * Double.pi),
      (Point(d.width - r, d.height - r), 0), (Point(r, d.height - r), 0.5 * Double.pi),
    ]
    for (c, start) in corners {
      for i in 0...steps {
        let a = start + Double(i) / Double(steps) * Double.pi / 2
        display.append(Point(c.x + r * cos(a), c.y + r * sin(a)))
      }
    }
    // why: clip to y ≥ top (one Sutherland–Hodgman pass keeps it convex)
    var out: [Point] = []
    for (i, p) in display.enumerated() {
      let q = display[(i + 1) % display.count]
      if p.y >= top { out.append(p) }
      if (p.y < top) != (q.y < top) {
        let k = (top - p.y) / (q.y - p.y)
        out.append(Point(p.x + (q.x - p.x) * k, top))
      }
    }
    return out
  }

  static func drawKeyboard(_ scene: Scene, _ v: ViewTransform, _ dl: inout DrawList) {
    let h = scene.keyboardHeight(at: scene.now)
    guard h > 0.5 else { return }
    let d = scene.device
    let s = v.scale
    dl.fillConvex(keyboardOutline(d, height: h).map { v.toPixels($0) }, Palette.keyboard)
    let keyW = (d.width - 6 * 11) / 10
    let capSize = min(20, keyW * 0.62) * s
    for (r, letters) in keyRows.enumerated() {
      let count = letters.count
      let rowW = Double(count) * keyW + Double(count - 1) * 6
      var kx = (d.width - rowW) / 2
      let ky = d.height - h + 10 + Double(r) * 54
      for letter in letters {
        let (px, py) = v.toPixels(Point(kx, ky))
        dl.fillRoundedRect(
          PixelRect(x: px, y: py, w: keyW * s, h: 42 * s), radius: 5 * s, Palette.key)
        dl.text(
          String(letter), x: px + keyW * s / 2, y: py + 21 * s - capSize * 0.6, size: capSize,
          color: Palette.text, align: .center)
        kx += keyW + 6
      }
    }
    let (sx, sy) = v.toPixels(Point(d.width * 0.25, d.height - h + 10 + 3 * 54))
    dl.fillRoundedRect(
      PixelRect(x: sx, y: sy, w: d.width * 0.5 * s, h: 42 * s), radius: 5 * s, Palette.key)
    dl.text(
      "space", x: sx + d.width * 0.25 * s, y: sy + 21 * s - capSize * 0.45, size: capSize * 0.75,
      color: Palette.text, align: .center)
  }
}
