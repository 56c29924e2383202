import Foundation

/// Pixels held in memory (a decoded video frame), drawn by `.pixels`:
/// packed 8-bit RGB, row-major, `width × height × 3` bytes. Immutable;
/// compared and hashed by identity, so a draw list that shows the same frame
/// twice costs nothing to compare and a new frame always counts as changed.
public final class RasterImage: Sendable, Hashable {
  public let width: Int
  public let height: Int
  public let rgb: [UInt8]

  public init(width: Int, height: Int, rgb: [UInt8]) {
    precondition(
      rgb.count == width * height * 3, "RasterImage: rgb must be width × height × 3 bytes")
    self.width = width
    self.height = height
    self.rgb = rgb
  }

  /// Bytes held.
  public var byteCount: Int { rgb.count }

  public static func == (a: RasterImage, b: RasterImage) -> Bool { a === b }
  public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}
