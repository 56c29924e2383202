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

extension ImageProbe {
  /// The image's pixels as tightly packed RGBA bytes, or nil if it cannot be
  /// loaded. Needs no display.
  public static func rgba(atPath path: String) -> (width: Int, height: Int, bytes: [UInt8])? {
    guard let loaded = IMG_Load(path) else { return nil }
    defer { SDL_FreeSurface(loaded) }
    guard let s = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ABGR8888.rawValue, 0) else {
      return nil
    }
    defer { SDL_FreeSurface(s) }
    let w = Int(s.pointee.w)
    let h = Int(s.pointee.h)
    let pitch = Int(s.pointee.pitch)
    guard let base = s.pointee.pixels?.assumingMemoryBound(to: UInt8.self) else { return nil }
    var out = [UInt8](repeating: 0, count: w * h * 4)
    for y in 0..<h {
      for x in 0..<(w * 4) { out[y * w * 4 + x] = base[y * pitch + x] }
    }
    return (w, h, out)
  }
}
