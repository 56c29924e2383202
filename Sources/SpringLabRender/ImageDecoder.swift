import CCairo
import CJPEGDecode
import Foundation
import SpringLabPlatform

/// The two image formats the app accepts (`ImageHeader`), each with its own
/// decoder: PNG through Cairo's reader, JPEG through libjpeg (`CJPEGDecode`).
enum ImageFormat {
  case png
  case jpeg

  /// The format `bytes` start with, or nil for anything else.
  static func of(_ bytes: Data) -> ImageFormat? {
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    if bytes.starts(with: [0xFF, 0xD8]) { return .jpeg }
    return nil
  }
}

/// Decodes checked image files into premultiplied Cairo ARGB32 surfaces.
/// Every file is read once, by `ImageHeader.contents` (a regular file of at
/// most 256 MiB whose declared size is within 8192 × 8192 and whose chunk or
/// marker structure is whole), and the decoders take those very bytes, so no
/// decoder sees a file that could make it allocate gigabytes or loop.
/// Prints nothing; safe on any thread.
enum ImageDecoder {
  /// A Cairo image surface (the caller owns one reference), or why the file
  /// cannot be drawn: one sentence naming the file.
  static func surface(_ path: String) -> Result<OpaquePointer, ImageFailure> {
    let name = URL(fileURLWithPath: path).lastPathComponent
    let data: Data
    switch ImageHeader.contents(path: path) {
    case .success(let d): data = d
    case .failure(let p): return .failure(ImageFailure(message: p.message))
    }
    switch ImageFormat.of(data) {
    case .png:
      return png(data).mapError { ImageFailure(message: "Cannot use \(name): \($0)") }
    case .jpeg:
      return jpeg(data).mapError { ImageFailure(message: "Cannot use \(name): \($0)") }
    case nil:
      return .failure(ImageFailure(message: "Cannot use \(name): not a PNG or JPEG image"))
    }
  }

  /// Why a decoder failed, for `ImageFailure`'s sentence.
  struct Reason: Error, CustomStringConvertible {
    let description: String
  }

  /// Decodes PNG bytes with Cairo's reader, which fails on a short read and
  /// records libpng's warnings instead of printing them.
  static func png(_ data: Data) -> Result<OpaquePointer, Reason> {
    let surface = data.withUnsafeBytes { raw -> OpaquePointer? in
      var cursor = ByteCursor(bytes: raw)
      return cairo_image_surface_create_from_png_stream(
        { closure, out, length in
          guard let cursor = closure?.assumingMemoryBound(to: ByteCursor.self), let out else {
            return CAIRO_STATUS_READ_ERROR
          }
          return cursor.pointee.read(into: out, count: Int(length))
            ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
        }, &cursor)
    }
    guard let s = surface else {
      return .failure(Reason(description: "the PNG does not decode"))
    }
    let status = cairo_surface_status(s)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(s)
      let why = String(cString: cairo_status_to_string(status))
      return .failure(Reason(description: "the PNG does not decode (\(why))"))
    }
    return .success(s)
  }

  /// Decodes JPEG bytes; a file that ends early decodes with its missing
  /// part grey (libjpeg's behaviour), anything libjpeg cannot read fails.
  /// An image wider or taller than `maxSide` or larger than `maxPixels`
  /// pixels is refused after its header is read, before any pixel is decoded.
  static func jpeg(
    _ data: Data, maxSide: Int = ImageHeader.maxSide, maxPixels: Int = ImageHeader.maxPixels
  ) -> Result<OpaquePointer, Reason> {
    var image = springlab_jpeg_image()
    let errorSize = 200
    var error = [CChar](repeating: 0, count: errorSize)
    let status = data.withUnsafeBytes { raw in
      springlab_jpeg_decode(
        raw.bindMemory(to: UInt8.self).baseAddress, raw.count, Int32(clamping: maxSide), maxPixels,
        &image, &error, errorSize)
    }
    defer { springlab_jpeg_free(&image) }
    guard status == 0, let pixels = image.pixels else {
      let why = String(
        decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      return .failure(Reason(description: "the JPEG does not decode (libjpeg: \(why))"))
    }
    let (w, h) = (Int(image.width), Int(image.height))
    guard let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)) else {
      return .failure(Reason(description: "no memory for \(w) × \(h) pixels"))
    }
    guard cairo_surface_status(s) == CAIRO_STATUS_SUCCESS, let dst = cairo_image_surface_get_data(s)
    else {
      cairo_surface_destroy(s)
      return .failure(Reason(description: "no memory for \(w) × \(h) pixels"))
    }
    cairo_surface_flush(s)
    let stride = Int(cairo_image_surface_get_stride(s))
    // why: the decoder's words are Cairo's ARGB32 already, opaque, so
    // premultiplying changes nothing and each row is one copy
    for y in 0..<h {
      (dst + y * stride).withMemoryRebound(to: UInt32.self, capacity: w) {
        $0.update(from: pixels + y * w, count: w)
      }
    }
    cairo_surface_mark_dirty(s)
    return .success(s)
  }
}

/// Bytes handed to Cairo's PNG reader a piece at a time.
private struct ByteCursor {
  let bytes: UnsafeRawBufferPointer
  var offset = 0

  /// Copies the next `count` bytes to `out`; false (nothing copied) when
  /// fewer are left, which Cairo reports as a read error.
  mutating func read(into out: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
    guard count >= 0, count <= bytes.count - offset, let base = bytes.baseAddress else {
      return false
    }
    UnsafeMutableRawPointer(out).copyMemory(from: base + offset, byteCount: count)
    offset += count
    return true
  }
}
