import CCairo
import CSDL2
import Foundation
import SpringLabCore
import SpringLabPlatform

// why: decoding outside images (checked, bounded, on any thread) is a
// concern of its own; the rasteriser only adopts and draws the result
extension CairoRasterizer {
  /// Why `path` cannot be drawn as an image (one sentence naming the file),
  /// or nil when it decodes. Never hangs and prints nothing: the file's
  /// structure is checked whole before a decoder sees it.
  public static func imageProblem(_ path: String) -> String? {
    if case .failure(let f) = decodeImage(path) { return f.message }
    return nil
  }

  /// Decodes `path` into a surface a rasteriser can `adopt`, or says why it
  /// cannot be drawn (one sentence naming the file). Touches no rasteriser's
  /// state, so it runs on any thread; bounded like `loadImage` (the header's
  /// declared size is checked before any pixel is decoded).
  public static func decodeImage(_ path: String) -> Result<DecodedImage, ImageFailure> {
    if let p = ImageHeader.problem(path: path) { return .failure(ImageFailure(message: p)) }
    guard let s = loadImage(path) else {
      return .failure(
        ImageFailure(
          message:
            "Cannot use \(URL(fileURLWithPath: path).lastPathComponent): the image does not decode")
      )
    }
    return .success(DecodedImage(s))
  }

  /// Loads a PNG with Cairo's reader, anything else through SDL_image, into
  /// a premultiplied Cairo surface; nil when `ImageHeader.problem` refuses
  /// the file or the decoder fails.
  static func loadImage(_ path: String) -> OpaquePointer? {
    // why: a header declaring 30000 × 30000 would decode to gigabytes, and a
    // truncated PNG sends SDL_image's libpng into an endless loop; refuse both unread
    guard ImageHeader.problem(path: path) == nil else { return nil }
    if ImageHeader.isPNG(path: path) {
      // why: Cairo's PNG reader fails on a short read and records libpng's
      // warnings instead of printing them
      guard let s = cairo_image_surface_create_from_png(path) else { return nil }
      guard cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else {
        cairo_surface_destroy(s)
        return nil
      }
      return s
    }
    guard let loaded = IMG_Load(path) else { return nil }
    defer { SDL_FreeSurface(loaded) }
    guard
      let argb = SDL_ConvertSurfaceFormat(loaded, UInt32(SDL_PIXELFORMAT_ARGB8888.rawValue), 0)
    else { return nil }
    defer { SDL_FreeSurface(argb) }
    let w = Int(argb.pointee.w)
    let h = Int(argb.pointee.h)
    guard w > 0, h > 0, let src = argb.pointee.pixels,
      let img = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)),
      cairo_surface_status(img) == CAIRO_STATUS_SUCCESS,
      let dst = cairo_image_surface_get_data(img)
    else { return nil }
    cairo_surface_flush(img)
    let stride = Int(cairo_image_surface_get_stride(img))
    let pitch = Int(argb.pointee.pitch)
    let s8 = src.assumingMemoryBound(to: UInt8.self)
    for y in 0..<h {
      let s = s8 + y * pitch
      let d = dst + y * stride
      for x in 0..<(w * 4) where x % 4 == 0 {
        // why: Cairo wants premultiplied colour; SDL gives straight alpha.
        let a = UInt16(s[x + 3])
        d[x] = UInt8((UInt16(s[x]) * a + 127) / 255)
        d[x + 1] = UInt8((UInt16(s[x + 1]) * a + 127) / 255)
        d[x + 2] = UInt8((UInt16(s[x + 2]) * a + 127) / 255)
        d[x + 3] = UInt8(a)
      }
    }
    cairo_surface_mark_dirty(img)
    return img
  }
}

/// An image decoded off the rasteriser's thread, on its way to `adopt`.
/// Owns its Cairo surface until adopted (or freed with it).
public final class DecodedImage: @unchecked Sendable {
  // why: the surface crosses from the decoding thread to the window's once;
  // the lock makes that hand-over (and a late deinit) safe
  private let lock = NSLock()
  private var surface: OpaquePointer?

  init(_ surface: OpaquePointer) { self.surface = surface }

  /// Pixel size of the decoded image (0 × 0 once adopted).
  public var size: (width: Int, height: Int) {
    lock.lock()
    defer { lock.unlock() }
    guard let s = surface else { return (0, 0) }
    return (Int(cairo_image_surface_get_width(s)), Int(cairo_image_surface_get_height(s)))
  }

  func take() -> OpaquePointer? {
    lock.lock()
    defer { lock.unlock() }
    let s = surface
    surface = nil
    return s
  }

  deinit { if let s = surface { cairo_surface_destroy(s) } }
}

/// Why an image cannot be drawn: one sentence naming the file.
public struct ImageFailure: Error, Sendable, Equatable {
  public let message: String
  public init(message: String) { self.message = message }
}
