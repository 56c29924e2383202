import SpringLabCore
import SpringLabUI

/// Where everything sits for a state: one pure function of the state used
/// by the view to draw and by `reduce` to hit-test, so input never reads
/// what the last drawing happened to leave behind.
public struct StudioLayout: Sendable, Equatable {
  public var frame: FrameLayout
  /// The device canvas (above the graph when it shows).
  public var canvas: PixelRect
  public var graph: PixelRect?
  /// B's device on screen.
  public var view: ViewTransform
  /// A's device when side by side.
  public var ghostView: ViewTransform?
  /// Side by side: A's half and B's half.
  public var halves: (left: PixelRect, right: PixelRect)?

  public static func == (a: StudioLayout, b: StudioLayout) -> Bool {
    a.frame == b.frame && a.canvas == b.canvas && a.graph == b.graph && a.view == b.view
      && a.ghostView == b.ghostView
  }

  public init(_ state: StudioState) {
    let s = state.window.scale
    frame = FrameLayout(
      width: state.window.width, height: state.window.height, scale: s,
      panel: state.overlays.panel)
    var c = frame.canvas
    if state.overlays.graph {
      let gh = min(240 * s, c.h * 0.36)
      graph = PixelRect(x: c.x + 16 * s, y: c.y + c.h - gh - 12 * s, w: c.w - 32 * s, h: gh)
      c.h -= gh + 16 * s
    }
    canvas = c
    if let cmp = state.compare, cmp.mode == .sideBySide {
      // why: both phones at one scale, as large as the canvas allows, side by
      // side with a small gap in the middle (not each centred in its half)
      let gap = 24 * s
      let margin = 24 * s
      let da = cmp.ghost.scene.device
      let db = state.scene.device
      let bezel = 14.0
      let wa = da.width + 2 * bezel
      let wb = db.width + 2 * bezel
      let k = max(
        0.05,
        min(
          (c.w - 2 * margin - gap) / (wa + wb),
          (c.h - 2 * margin) / (max(da.height, db.height) + 2 * bezel)))
      let total = (wa + wb) * k + gap
      let x0 = c.x + (c.w - total) / 2
      let split = (x0 + wa * k + gap / 2).rounded()
      let left = PixelRect(x: c.x, y: c.y, w: split - c.x, h: c.h)
      let right = PixelRect(x: split, y: c.y, w: c.x + c.w - split, h: c.h)
      halves = (left, right)
      ghostView = ViewTransform(
        x: (x0 + bezel * k).rounded(), y: (c.y + (c.h - da.height * k) / 2).rounded(), scale: k)
      view = ViewTransform(
        x: (split + gap / 2 + bezel * k).rounded(), y: (c.y + (c.h - db.height * k) / 2).rounded(),
        scale: k)
    } else {
      view = SceneDrawer.fit(device: state.scene.device, in: c, margin: 24 * s)
    }
  }

  /// The device point under a pixel: A's half maps through A's view.
  public func devicePoint(_ x: Double, _ y: Double) -> Point {
    if let gv = ghostView, let h = halves, x < h.right.x { return gv.toPoints(x, y) }
    return view.toPoints(x, y)
  }
}
