import CSDL2
import Foundation
import SpringLabPlatform
import SpringLabUI

/// Headless drawing into memory with SDL's software renderer. Needs no display
/// and never initialises SDL video (only SDL_ttf, for text).
///
/// Pixels are ARGB8888, which is B, G, R, A bytes in memory on little-endian
/// machines. Not thread-safe.
public final class SoftwareCanvas {
  /// Largest accepted width and height, pixels (8K UHD).
  public static let maxWidth = 7680
  public static let maxHeight = 4320

  /// Canvas size, pixels.
  public let width: Int
  public let height: Int
  /// Text cache for the canvas renderer; nil when created without a font.
  public let textCache: TextCache?
  /// The draw-list renderer bound to the software renderer.
  public let drawer: DrawListRenderer

  private let surface: UnsafeMutablePointer<SDL_Surface>
  private let renderer: OpaquePointer

  /// Creates a `width` × `height` pixel canvas.
  /// - Parameters:
  ///   - fontPath: TTF used for text; nil skips text commands.
  ///   - textCacheCapacity: most rasterised runs kept (LRU).
  /// - Throws: `SDLBackendError.invalidSize` (checked before allocating),
  ///   `.sdl` on allocation failure, `.fontUnavailable`.
  public init(width: Int, height: Int, fontPath: String? = nil, textCacheCapacity: Int = 512) throws
  {
    try Self.checkSize(width: width, height: height)
    guard
      let s = SDL_CreateRGBSurfaceWithFormat(
        0, Int32(width), Int32(height), 32, UInt32(SDL_PIXELFORMAT_ARGB8888.rawValue))
    else { throw SDLBackendError.lastSDL("SDL_CreateRGBSurfaceWithFormat") }
    guard let r = SDL_CreateSoftwareRenderer(s) else {
      let e = SDLBackendError.lastSDL("SDL_CreateSoftwareRenderer")
      SDL_FreeSurface(s)
      throw e
    }
    var cache: TextCache? = nil
    if let fontPath {
      do {
        cache = try TextCache(renderer: r, fontPath: fontPath, capacity: textCacheCapacity)
      } catch {
        SDL_DestroyRenderer(r)
        SDL_FreeSurface(s)
        throw error
      }
    }
    self.width = width
    self.height = height
    self.surface = s
    self.renderer = r
    self.textCache = cache
    self.drawer = DrawListRenderer(renderer: r, textCache: cache)
  }

  deinit {
    // why: textures belong to the renderer, so they go before it.
    textCache?.purgeTextures()
    SDL_DestroyRenderer(renderer)
    SDL_FreeSurface(surface)
  }

  /// Throws `.invalidSize` unless 1…7680 × 1…4320.
  public static func checkSize(width: Int, height: Int) throws {
    guard (1...maxWidth).contains(width), (1...maxHeight).contains(height) else {
      throw SDLBackendError.invalidSize(
        width: width, height: height, reason: "must be within 1...\(maxWidth) x 1...\(maxHeight)")
    }
  }

  /// Clears to the list's clear colour and draws it.
  public func draw(_ list: DrawList) {
    drawer.draw(list)
    // why: SDL batches render commands; flush so the surface memory is current.
    SDL_RenderFlush(renderer)
  }

  /// The canvas as tightly packed BGRA bytes (`width * height * 4`), rows top
  /// to bottom, surface pitch removed.
  public func pixels() -> [UInt8] {
    SDL_RenderFlush(renderer)
    let rowBytes = width * 4
    var out = [UInt8](repeating: 0, count: rowBytes * height)
    let mustLock = (surface.pointee.flags & UInt32(SDL_RLEACCEL)) != 0
    if mustLock { SDL_LockSurface(surface) }
    defer { if mustLock { SDL_UnlockSurface(surface) } }
    let pitch = Int(surface.pointee.pitch)
    guard let base = surface.pointee.pixels else { return out }
    out.withUnsafeMutableBytes { dst in
      for row in 0..<height {
        memcpy(dst.baseAddress! + row * rowBytes, base + row * pitch, rowBytes)
      }
    }
    return out
  }

  /// The pixel at (`x`, `y`) as RGBA (for tests and probes).
  public func pixel(x: Int, y: Int) -> RGBA {
    precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of range")
    SDL_RenderFlush(renderer)
    let p = surface.pointee.pixels!.advanced(by: y * Int(surface.pointee.pitch) + x * 4)
      .assumingMemoryBound(to: UInt8.self)
    return RGBA(p[2], p[1], p[0], p[3])
  }

  /// Writes the canvas as a PNG at `path` through the output writer: a
  /// temporary file beside it, checked complete (IEND), fsynced and renamed.
  /// - Throws: `OutputError`; the old file survives, nothing partial is left.
  public func savePNG(to path: String) throws {
    try OutputFile.produce(path, verify: OutputCheck.png) { tmp in try encodePNG(to: tmp) }
  }

  /// Encodes the canvas as a PNG at exactly `path` (no atomicity; the output
  /// writer calls this with its temporary file).
  public func encodePNG(to path: String) throws {
    SDL_RenderFlush(renderer)
    guard IMG_SavePNG(surface, path) == 0 else { throw SDLBackendError.lastSDL("IMG_SavePNG") }
  }
}
