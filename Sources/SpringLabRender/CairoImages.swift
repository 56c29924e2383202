import CCairo
import Foundation

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
    ImageDecoder.surface(path).map(DecodedImage.init)
  }

  /// Loads a PNG with Cairo's reader or a JPEG with libjpeg into a
  /// premultiplied Cairo surface; nil when `ImageHeader.problem` refuses the
  /// file or the decoder fails.
  static func loadImage(_ path: String) -> OpaquePointer? {
    try? ImageDecoder.surface(path).get()
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
