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
      let left = PixelRect(x: c.x, y: c.y, w: c.w / 2, h: c.h)
      let right = PixelRect(x: c.x + c.w / 2, y: c.y, w: c.w / 2, h: c.h)
      halves = (left, right)
      ghostView = SceneDrawer.fit(device: cmp.ghost.scene.device, in: left, margin: 24 * s)
      view = SceneDrawer.fit(device: state.scene.device, in: right, margin: 24 * s)
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
