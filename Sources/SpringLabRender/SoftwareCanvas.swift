import Foundation
import SpringLabPlatform
import SpringLabUI

/// Headless drawing into memory with the Cairo rasteriser. Needs no display
/// and no SDL (text comes from FreeType through Cairo).
///
/// Pixels are B, G, R, A bytes in memory (little-endian ARGB32), rows tightly
/// packed. Successive draws redraw only what changed (see `DrawDamage`);
/// set `incremental` to false to redraw every frame in full. Not thread-safe.
public final class SoftwareCanvas {
  /// Largest accepted width and height, pixels (8K UHD).
  public static let maxWidth = FrameBuffer.maxWidth
  public static let maxHeight = FrameBuffer.maxHeight

  /// Canvas size, pixels.
  public let width: Int
  public let height: Int
  /// Text cache for the rasteriser; nil when created without a font.
  public let textCache: TextCache?
  /// The rasteriser drawing into `buffer`.
  public let rasterizer: CairoRasterizer
  /// The pixels.
  public let buffer: FrameBuffer
  /// Redraw only the regions that changed since the last draw (default true).
  public var incremental = true

  /// Creates a `width` × `height` pixel canvas.
  /// - Parameters:
  ///   - fontPath: TTF used for text; nil skips text commands.
  ///   - textCacheCapacity: most rasterised runs kept (LRU).
  /// - Throws: `SDLBackendError.invalidSize` (checked before allocating),
  ///   `.cairo` on allocation failure, `.fontUnavailable`.
  public init(width: Int, height: Int, fontPath: String? = nil, textCacheCapacity: Int = 512) throws
  {
    buffer = try FrameBuffer(width: width, height: height)
    textCache = try fontPath.map { try TextCache(fontPath: $0, capacity: textCacheCapacity) }
    rasterizer = CairoRasterizer(textCache: textCache)
    self.width = width
    self.height = height
  }

  /// Throws `.invalidSize` unless 1…7680 × 1…4320.
  public static func checkSize(width: Int, height: Int) throws {
    try FrameBuffer.checkSize(width: width, height: height)
  }

  /// Shows `list`: clears to its clear colour and draws it (only the changed
  /// regions when `incremental`). Returns the redrawn boxes.
  @discardableResult
  public func draw(_ list: DrawList) -> [PixelBox] {
    rasterizer.render(list, into: buffer, incremental: incremental)
  }

  /// The canvas as tightly packed BGRA bytes (`width * height * 4`), rows top
  /// to bottom (a copy).
  public func pixels() -> [UInt8] { buffer.copyPixels() }

  /// The pixel at (`x`, `y`) as RGBA (for tests and probes).
  public func pixel(x: Int, y: Int) -> RGBA { buffer.pixel(x: x, y: y) }

  /// Writes the canvas as a PNG at `path` through the output writer: a
  /// temporary file beside it, checked complete (IEND), fsynced and renamed.
  /// - Throws: `OutputError`; the old file survives, nothing partial is left.
  public func savePNG(to path: String) throws { try buffer.savePNG(to: path) }

  /// Encodes the canvas as a PNG at exactly `path` (no atomicity; the output
  /// writer calls this with its temporary file).
  /// - Throws: `SDLBackendError.io` when Cairo cannot write it.
  public func encodePNG(to path: String) throws { try buffer.encodePNG(to: path) }
}
