import SpringLabCore
import SpringLabUI

/// The canvas editor's guides (E): the arc the items rest on, its radius
/// handle and its start / end angle handles with their readouts.
enum CanvasEditView {
  static let guide = RGBA(0x0A, 0x84, 0xFF, 0xA0)

  static func draw(_ state: StudioState, view v: ViewTransform, into dl: inout DrawList) {
    drawSnapTargets(state, view: v, into: &dl)
    drawArc(state, view: v, into: &dl)
  }

  /// Where a released bubble can come to rest, for its snap mode.
  static func drawSnapTargets(_ state: StudioState, view v: ViewTransform, into dl: inout DrawList)
  {
    let scene = state.scene
    let cfg = state.preset.bubble
    guard cfg.enabled, scene.bubble.phase != .hidden else { return }
    let s = state.window.scale
    let b = BubbleSnap.bounds(
      device: scene.device, size: cfg.size, margin: cfg.margin, keyboard: scene.keyboardTarget)
    let color = Palette.bubble.fading(0.8)
    func line(_ a: Point, _ c: Point) {
      dl.polyline([v.toPixels(a), v.toPixels(c)], width: 2 * s, color)
    }
    switch cfg.snapMode {
    case .corner:
      for p in [
        Point(b.minX, b.minY), Point(b.maxX, b.minY), Point(b.minX, b.maxY), Point(b.maxX, b.maxY),
      ] {
        let (x, y) = v.toPixels(p)
        dl.strokeCircle(cx: x, cy: y, r: cfg.size / 2 * v.scale, width: 2 * s, color)
      }
    case .edges:
      line(Point(b.minX, b.minY), Point(b.maxX, b.minY))
      line(Point(b.maxX, b.minY), Point(b.maxX, b.maxY))
      line(Point(b.maxX, b.maxY), Point(b.minX, b.maxY))
      line(Point(b.minX, b.maxY), Point(b.minX, b.minY))
    default:
      line(Point(b.minX, b.minY), Point(b.minX, b.maxY))
      line(Point(b.maxX, b.minY), Point(b.maxX, b.maxY))
    }
    let c = v.toPixels(scene.bubble.center(at: scene.now))
    let onLeft = c.0 < v.toPixels(Point(scene.device.width / 2, 0)).0
    dl.text(
      "snap targets · N replays the snap", x: c.0, y: c.1 + (cfg.size / 2 + 6) * v.scale,
      size: 10 * s, color: Palette.bubble, align: onLeft ? .left : .right)
  }

  static func drawArc(_ state: StudioState, view v: ViewTransform, into dl: inout DrawList) {
    let s = state.window.scale
    let device = state.scene.device
    let handles = CanvasEdit.handles(state.preset, device: device)
    guard !handles.isEmpty else { return }
    let arc = CanvasEdit.arcGuide(state.preset, device: device).map { v.toPixels($0) }
    dl.polyline(arc, width: 1.5 * s, guide)
    let main = v.toPixels(FanLayout.mainCenter(state.preset.fan, device: device))
    for h in handles {
      let (x, y) = v.toPixels(h.point)
      if h.kind != .radius { dl.polyline([main, (x, y)], width: 1 * s, guide.fading(0.5)) }
      dl.fillCircle(cx: x, cy: y, r: 7 * s, RGBA(255, 255, 255))
      dl.strokeCircle(cx: x, cy: y, r: 7 * s, width: 2 * s, RGBA(0x0A, 0x84, 0xFF))
      // why: outward along the radius, clear of the items resting on the arc
      let (dx, dy) = (x - main.0, y - main.1)
      let len = max(1e-9, (dx * dx + dy * dy).squareRoot())
      let out = (h.kind == .radius ? 44 : 22) * s
      dl.text(
        h.readout, x: x + dx / len * out, y: y + dy / len * out - 7 * s, size: 11 * s,
        color: RGBA(0x0A, 0x84, 0xFF), align: dx < 0 ? .right : .left)
    }
    dl.text(
      "angles snap to \(Int(CanvasEdit.angleSnap))° · Shift drags free", x: main.0,
      y: main.1 + 34 * s, size: 10 * s, color: RGBA(0x8E, 0x8E, 0x93), align: .right)
  }
}
