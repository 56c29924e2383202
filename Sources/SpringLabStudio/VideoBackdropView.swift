import SpringLabCore
import SpringLabUI

/// What the backdrop video adds on the canvas and the graph: the element's
/// rectangle, a hint line, and the tracked samples as dots over the curve.
enum VideoBackdropView {
  static let regionColor = RGBA(0xFF, 0xD6, 0x0A)
  static let sampleColor = RGBA(0xFF, 0x9F, 0x0A)

  /// The marked rectangle on the screen (video pixels mapped to it).
  static func drawRegion(_ state: StudioState, into dl: inout DrawList) {
    guard let v = state.videoBackdrop, let r = v.region else { return }
    let s = state.window.scale
    let screen = state.screenRect
    let kx = screen.w / Double(max(1, v.video.sourceWidth))
    let ky = screen.h / Double(max(1, v.video.sourceHeight))
    let rect = PixelRect(
      x: screen.x + r.x * kx, y: screen.y + r.y * ky, w: r.width * kx, h: r.height * ky)
    dl.add(.stroke(.roundedRect(rect, radius: 0), width: 2 * s, regionColor))
  }

  /// The hint at the canvas's foot.
  static func hint(_ state: StudioState) -> String? {
    guard let v = state.videoBackdrop else { return nil }
    if v.fitting { return "Video backdrop · tracking and fitting…" }
    let mark = v.marking ? "M: drags reach the scene" : "M to mark the element"
    let what =
      v.region == nil
      ? (v.marking ? "drag a rectangle around the element" : "no element marked")
      : "F fits the marked element onto \(state.graphSettings.target.title)"
    return "Video backdrop · \(what) · \(mark)"
  }

  /// The last fit's samples over the curve of the motion they were fitted to.
  static func drawSamples(
    _ state: StudioState, _ g: MotionGraph, _ p: PixelRect, into dl: inout DrawList
  ) {
    guard let o = state.videoBackdrop?.overlay, o.target == g.target else { return }
    let s = state.window.scale
    // why: at most ~300 dots; more only blot the curve they are compared with
    let every = max(1, o.points.count / 300)
    for (i, pt) in o.points.enumerated() where i % every == 0 && pt.x >= -0.05 && pt.x <= g.tMax {
      let (x, y) = GraphView.toPx(pt.x, pt.y, p, g)
      dl.fillCircle(cx: x, cy: y, r: 2.5 * s, sampleColor)
    }
  }
}
