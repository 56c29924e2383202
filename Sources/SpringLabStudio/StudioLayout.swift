import SpringLabCore
import SpringLabUI

/// Where everything sits for a state: one pure function of the state used
/// by the view to draw and by `reduce` to hit-test, so input never reads
/// what the last drawing happened to leave behind.
public struct StudioLayout: Sendable, Equatable {
  public var frame: FrameLayout
  /// Where the device is fitted: the canvas under the caption strip, beside
  /// or above the graph when it shows.
  public var canvas: PixelRect
  /// Captions, hints and toasts (the canvas's top band; never the device's).
  public var strip: PixelRect
  public var graph: PixelRect?
  /// Where the A/B difference goes when the graph stands beside the device:
  /// the top of the graph's column (the graph moves down under it).
  public var diffArea: PixelRect?
  /// The A/B difference box's tallest size, points (a title, eight fields, "+ n more").
  static let diffHeight = 10 * 18.0 + 30
  /// B's device on screen.
  public var view: ViewTransform
  /// A's device when side by side.
  public var ghostView: ViewTransform?
  /// Side by side: A's half and B's half.
  public var halves: (left: PixelRect, right: PixelRect)?
  /// Side by side: where "A · …" and "B (tuning)" go, just above each phone
  /// (pixels, `abLabelHeight` tall, as wide as the phone's half); under the
  /// caption strip, so a toast never hides them.
  public var abLabels: (a: PixelRect, b: PixelRect)?
  /// The band above the phones kept for their labels, points.
  static let abLabelHeight = 18.0

  public static func == (a: StudioLayout, b: StudioLayout) -> Bool {
    a.frame == b.frame && a.canvas == b.canvas && a.graph == b.graph && a.view == b.view
      && a.ghostView == b.ghostView && a.strip == b.strip && a.diffArea == b.diffArea
      && a.abLabels?.a == b.abLabels?.a && a.abLabels?.b == b.abLabels?.b
  }

  /// The graph's narrowest width beside the device, points (its chips wrap
  /// to a second row below about 540).
  static let graphMinWidth = 340.0
  /// The device's margin in its area, points (as `render` fits it).
  static let margin = 24.0

  public init(_ state: StudioState) {
    let s = state.window.scale
    frame = FrameLayout(
      width: state.window.width, height: state.window.height, scale: s,
      panel: state.overlays.panel)
    strip = frame.strip
    var c = frame.stage
    let sideBySide = state.compare?.mode == .sideBySide
    if state.overlays.graph {
      // why: a portrait phone leaves the canvas's sides empty; the graph goes
      // there when that gives the device more room than the graph below it
      let below = Self.graphBelow(c, s)
      var best = below
      if !sideBySide, let beside = Self.graphBeside(c, state.scene.device, s),
        Self.fitScale(state.scene.device, beside.area, s)
          > Self.fitScale(state.scene.device, below.area, s)
      {
        best = beside
      }
      graph = best.graph
      c = best.area
      let g = best.graph
      if state.compare != nil, g.x > c.x + c.w - 1 {
        // why: beside the phone, the diff goes above the graph, never on either
        let top = frame.strip.y + frame.strip.h + 8 * s
        let d = PixelRect(x: g.x, y: top, w: g.w, h: Self.diffHeight * s)
        let gy = max(g.y, d.y + d.h + 8 * s)
        let bottom = c.y + c.h - 20 * s
        if bottom - gy >= 200 * s {
          diffArea = d
          graph = PixelRect(x: g.x, y: gy, w: g.w, h: min(g.h, bottom - gy))
        }
      }
    }
    canvas = c
    if let cmp = state.compare, sideBySide {
      // why: both phones at one scale, as large as the canvas allows, side by
      // side with a small gap in the middle (not each centred in its half)
      let gap = 24 * s
      let margin = 24 * s
      let da = cmp.ghost.scene.device
      let db = state.scene.device
      let bezel = 14.0
      let wa = da.width + 2 * bezel
      let wb = db.width + 2 * bezel
      // why: each phone's label sits over it, under the strip (where toasts
      // go): the phones start below a band kept for the labels
      let labelH = Self.abLabelHeight * s
      let top = max(c.y + margin, frame.strip.y + frame.strip.h + labelH + 4 * s)
      let bottom = c.y + c.h - margin
      let k = max(
        0.05,
        min(
          (c.w - 2 * margin - gap) / (wa + wb),
          (bottom - top) / (max(da.height, db.height) + 2 * bezel)))
      let total = (wa + wb) * k + gap
      let x0 = c.x + (c.w - total) / 2
      let split = (x0 + wa * k + gap / 2).rounded()
      let left = PixelRect(x: c.x, y: c.y, w: split - c.x, h: c.h)
      let right = PixelRect(x: split, y: c.y, w: c.x + c.w - split, h: c.h)
      halves = (left, right)
      let middle = (top + bottom) / 2
      let yA = (middle - da.height * k / 2).rounded()
      let yB = (middle - db.height * k / 2).rounded()
      ghostView = ViewTransform(x: (x0 + bezel * k).rounded(), y: yA, scale: k)
      view = ViewTransform(x: (split + gap / 2 + bezel * k).rounded(), y: yB, scale: k)
      let la = PixelRect(
        x: left.x, y: yA - bezel * k - labelH - 2 * s, w: left.w, h: labelH)
      let lb = PixelRect(
        x: right.x, y: yB - bezel * k - labelH - 2 * s, w: right.w, h: labelH)
      abLabels = (la, lb)
    } else {
      view = SceneDrawer.fit(device: state.scene.device, in: c, margin: Self.margin * s)
    }
  }

  /// The device's scale fitted in `area`.
  static func fitScale(_ d: Device, _ area: PixelRect, _ s: Double) -> Double {
    SceneDrawer.fit(device: d, in: area, margin: margin * s).scale
  }

  /// The graph as a band under the device, at most 240 pt tall.
  static func graphBelow(_ c: PixelRect, _ s: Double) -> (area: PixelRect, graph: PixelRect) {
    let gh = min(240 * s, c.h * 0.36)
    let g = PixelRect(x: c.x + 16 * s, y: c.y + c.h - gh - 12 * s, w: c.w - 32 * s, h: gh)
    var area = c
    area.h -= gh + 16 * s
    return (area, g)
  }

  /// The graph right of the device: the device as tall as the stage allows
  /// (narrowed when the graph would be under `graphMinWidth`), the graph in
  /// the rest, centred on the device's height; nil when the canvas is too
  /// narrow for both.
  static func graphBeside(_ c: PixelRect, _ d: Device, _ s: Double) -> (
    area: PixelRect, graph: PixelRect
  )? {
    let minGraph = graphMinWidth * s
    let gap = 16 * s
    guard c.w > minGraph + gap + 120 * s else { return nil }
    let k = fitScale(d, c, s)
    let natural = ((d.width + 28) * k + 2 * margin * s).rounded(.up)
    let areaW = min(natural, c.w - minGraph - gap)
    let area = PixelRect(x: c.x, y: c.y, w: areaW, h: c.h)
    let gw = c.w - areaW - gap
    // why: the stage starts 16 pt inside the strip; 20 pt keeps the graph 4 pt under it
    let gh = min(c.h - 40 * s, max(240 * s, gw * 0.9))
    let g = PixelRect(x: c.x + areaW, y: (c.y + (c.h - gh) / 2).rounded(), w: gw, h: gh)
    return (area, g)
  }

  /// The device point under a pixel: A's half maps through A's view.
  public func devicePoint(_ x: Double, _ y: Double) -> Point {
    if let gv = ghostView, let h = halves, x < h.right.x { return gv.toPoints(x, y) }
    return view.toPoints(x, y)
  }
}
