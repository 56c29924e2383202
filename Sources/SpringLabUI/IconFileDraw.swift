import Foundation
import SpringLabCore

/// One icon file drawn (`DrawCommand.iconFile`): an SVG or PNG named by a
/// preset (`IconRef.file`), fitted into a square of `side` pixels centred
/// at (`cx`, `cy`), keeping its aspect ratio.
///
/// Back ends rasterise the file once per (file, `restSide`) and scale that
/// for `side`: an item blooming from 0 to full size reuses one raster, and
/// at rest (`side == restSide`) it is drawn 1:1, crisp at any pixel scale.
public struct IconFileDraw: Sendable, Hashable {
  /// The preset's folder; `path` is relative to it and must stay inside it.
  public var folder: String
  /// The path as the preset writes it (`icons/home.svg`).
  public var path: String
  public var cx: Double
  public var cy: Double
  /// The side of the square drawn now, pixels.
  public var side: Double
  /// The side at rest (full size), pixels: what the raster is made at.
  public var restSide: Double
  /// Rotation about the centre, degrees clockwise.
  public var degrees: Double
  /// The icon as a mask filled with this colour (its alpha is ignored:
  /// `alpha` is the opacity); nil: the file's own colours.
  public var tint: RGBA?
  /// Opacity, 0…1.
  public var alpha: Double

  public init(
    folder: String, path: String, cx: Double, cy: Double, side: Double, restSide: Double,
    degrees: Double = 0, tint: RGBA?, alpha: Double = 1
  ) {
    self.folder = folder
    self.path = path
    self.cx = cx
    self.cy = cy
    self.side = side
    self.restSide = restSide
    self.degrees = degrees
    self.tint = tint
    self.alpha = alpha
  }

  /// The pixels it may touch (the square's rotated bounds).
  public var bounds: PixelRect {
    let h = side / 2 * 2.0.squareRoot()
    return PixelRect(x: cx - h, y: cy - h, w: 2 * h, h: 2 * h)
  }

  /// The same icon with its opacity multiplied by `k` (0…1).
  public func faded(_ k: Double) -> IconFileDraw {
    var d = self
    d.alpha = alpha * max(0, min(1, k))
    return d
  }
}

extension DrawList {
  /// Draws `ref`: a built-in icon stroked from `set`, or an icon file from
  /// `folder` (drawn as a mask in `color` when `tintFile`, else in its own
  /// colours, at `color`'s alpha). A file with no folder (a preset not read
  /// from a file) draws nothing; so does an unknown built-in name.
  ///
  /// - Parameters:
  ///   - side: the icon box now, pixels.
  ///   - restSide: the icon box at full size, pixels (what files are rasterised at).
  ///   - width: a built-in icon's stroke width, pixels.
  public mutating func icon(
    _ ref: IconRef, _ set: IconSet, folder: String?, cx: Double, cy: Double, side: Double,
    restSide: Double, degrees: Double = 0, width: Double, _ color: RGBA, tintFile: Bool = true
  ) {
    switch ref {
    case .builtin(let name):
      icon(set, name, cx: cx, cy: cy, side: side, degrees: degrees, width: width, color)
    case .file(let path):
      guard let folder, side > 0.5, color.a > 0 else { return }
      add(
        .iconFile(
          IconFileDraw(
            folder: folder, path: path, cx: cx, cy: cy, side: side, restSide: restSide,
            degrees: degrees, tint: tintFile ? color : nil, alpha: Double(color.a) / 255)))
    }
  }
}
