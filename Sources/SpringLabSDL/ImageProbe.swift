import CSDL2
import Foundation

/// Reads image files back (for checks on exported snapshots).
public enum ImageProbe {
  /// `(width, height)` in pixels of the image at `path` (any format SDL_image
  /// reads), or nil if it cannot be loaded. Needs no display.
  public static func size(atPath path: String) -> (width: Int, height: Int)? {
    guard let surface = IMG_Load(path) else { return nil }
    defer { SDL_FreeSurface(surface) }
    return (Int(surface.pointee.w), Int(surface.pointee.h))
  }
}
