import SpringLabCore

/// Lays out one frame: the device canvas on the left and, when shown, the
/// panel column on the right. Pixel sizes; `scale` = pixels per point (HiDPI).
public struct FrameLayout: Sendable, Equatable {
  public var canvas: PixelRect
  public var panel: PixelRect?
  /// The band across the canvas's top where captions, hints and toasts go,
  /// so none of them ever covers the device.
  public var strip: PixelRect
  /// Where the device is fitted (with a 24 pt margin): the canvas under the
  /// strip, starting `stageOverlap` into it.
  public var stage: PixelRect
  /// Panel width at scale 1, pixels.
  public static let panelWidth = 380.0
  /// The strip's height in points: two caption lines, or a toast.
  public static let stripHeight = 40.0
  /// How far the stage reaches into the strip, points (less than the margin).
  public static let stageOverlap = 16.0

  /// `strip`: false for a frame fitted to the device alone (`render --frame
  /// device`), whose canvas is all stage.
  public init(width: Double, height: Double, scale: Double, panel: Bool, strip: Bool = true) {
    // why: the panel (and its slider tracks) grow with a large window, up to 560 px at scale 1
    let grown = min(max(FrameLayout.panelWidth * scale, width * 0.24), 560 * scale)
    let pw = panel ? min(grown, width * 0.55) : 0
    canvas = PixelRect(x: 0, y: 0, w: width - pw, h: height)
    self.panel = panel ? PixelRect(x: width - pw, y: 0, w: pw, h: height) : nil
    // why: the window and `render` share it, so a window without its panel
    // shows the device exactly where `render` puts it
    let sh = strip ? min(FrameLayout.stripHeight * scale, height / 4) : 0
    self.strip = PixelRect(x: 0, y: 0, w: canvas.w, h: sh)
    // why: the device's 24 pt fitting margin overlaps the strip by 16 pt, so
    // the device starts 8 pt under it and the strip costs 24 pt of height
    let overlap = min(sh, FrameLayout.stageOverlap * scale)
    stage = PixelRect(x: 0, y: sh - overlap, w: canvas.w, h: height - sh + overlap)
  }
}

/// Draws the canvas part of a frame (shared by the window and `render`).
public enum FrameComposer {
  public static func canvas(
    _ scene: Scene, layout: FrameLayout, scale: Double, icons: IconSet, options: SceneDrawOptions,
    into dl: inout DrawList
  ) -> ViewTransform {
    let view = SceneDrawer.fit(device: scene.device, in: layout.stage, margin: 24 * scale)
    dl.clearColor = Palette.canvas
    SceneDrawer.draw(scene, view: view, into: &dl, icons: icons, options: options)
    return view
  }

  /// The screen alone from the frame's origin, `scale` pixels per point,
  /// with square corners: what a phone's screen recording holds (`render
  /// --frame screen`), so a fit reads its pixels per point as the frame's
  /// width over the device's.
  public static func screen(
    _ scene: Scene, scale: Double, icons: IconSet, options: SceneDrawOptions,
    into dl: inout DrawList
  ) -> ViewTransform {
    let view = ViewTransform(x: 0, y: 0, scale: scale)
    var o = options
    o.squareCorners = true
    dl.clearColor = Palette.canvas
    SceneDrawer.draw(scene, view: view, into: &dl, icons: icons, options: o)
    return view
  }
}
