import SpringLabCore

/// Lays out one frame: the device canvas on the left and, when shown, the
/// panel column on the right. Pixel sizes; `scale` = pixels per point (HiDPI).
public struct FrameLayout: Sendable, Equatable {
  public var canvas: PixelRect
  public var panel: PixelRect?
  /// Panel width at scale 1, pixels.
  public static let panelWidth = 380.0

  public init(width: Double, height: Double, scale: Double, panel: Bool) {
    // why: the panel (and its slider tracks) grow with a large window, up to 560 px at scale 1
    let grown = min(max(FrameLayout.panelWidth * scale, width * 0.24), 560 * scale)
    let pw = panel ? min(grown, width * 0.55) : 0
    canvas = PixelRect(x: 0, y: 0, w: width - pw, h: height)
    self.panel = panel ? PixelRect(x: width - pw, y: 0, w: pw, h: height) : nil
  }
}

/// Draws the canvas part of a frame (shared by the window and `render`).
public enum FrameComposer {
  public static func canvas(
    _ scene: Scene, layout: FrameLayout, scale: Double, icons: IconSet, options: SceneDrawOptions,
    into dl: inout DrawList
  ) -> ViewTransform {
    let view = SceneDrawer.fit(device: scene.device, in: layout.canvas, margin: 24 * scale)
    dl.clearColor = Palette.canvas
    SceneDrawer.draw(scene, view: view, into: &dl, icons: icons, options: options)
    return view
  }
}
