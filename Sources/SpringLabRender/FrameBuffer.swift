import CCairo
import Foundation
import SpringLabCore
import SpringLabPlatform
import SpringLabUI

/// Pixels one frame is drawn into: a Cairo ARGB32 image (premultiplied B, G,
/// R, A bytes in memory on little-endian machines; an opaque frame's bytes
/// are plain BGRA, a transparent one's (`render --transparent`) need
/// `StraightAlphaConverter` before an encoder takes them; `encodePNG`
/// un-premultiplies by itself). Either owns its memory (`init(width:height:)`,
/// rows tightly packed so an encoder can take the buffer as is) or draws
/// straight into memory someone else owns, such as a window surface.
///
/// Remembers the draw list its pixels show, so the next frame redraws only
/// what changed. Use from one thread at a time.
public final class FrameBuffer: @unchecked Sendable {
  /// Largest accepted width and height, pixels (8K UHD).
  public static let maxWidth = 7680
  public static let maxHeight = 4320

  public let width: Int
  public let height: Int
  /// Bytes from one row to the next.
  public let stride: Int
  /// The first byte of the top row.
  public let bytes: UnsafeMutableRawPointer
  /// The draw list these pixels show; nil when unknown (then the next draw
  /// is a full redraw).
  public var shown: DrawList?
  /// Pixel boxes outside which these pixels equal the previous frame's of
  /// the same sequence (set by whoever renders a sequence, such as an
  /// export); nil when unknown, which means everything may have changed.
  public var changedSincePreviousFrame: [PixelBox]?

  package let surface: OpaquePointer
  package let cairo: OpaquePointer

  /// A buffer owning `width` × `height` pixels, rows tightly packed.
  /// - Throws: `SDLBackendError.invalidSize` (checked before allocating),
  ///   `.cairo` when Cairo cannot allocate.
  public convenience init(width: Int, height: Int) throws {
    try Self.checkSize(width: width, height: height)
    let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
    try self.init(surface: s, width: width, height: height)
  }

  /// A buffer drawing into `pixels` (`stride` bytes per row, 32-bit pixels
  /// laid out as B, G, R, X/A), which must outlive it.
  public convenience init(
    wrapping pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int
  ) throws {
    try Self.checkSize(width: width, height: height)
    let s = cairo_image_surface_create_for_data(
      pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width),
      Int32(height), Int32(stride))
    try self.init(surface: s, width: width, height: height)
  }

  private init(surface s: OpaquePointer?, width: Int, height: Int) throws {
    guard let s, cairo_surface_status(s) == CAIRO_STATUS_SUCCESS,
      let data = cairo_image_surface_get_data(s)
    else {
      let why =
        s.map { String(cString: cairo_status_to_string(cairo_surface_status($0))) } ?? "no surface"
      if let s { cairo_surface_destroy(s) }
      throw SDLBackendError.cairo(call: "cairo_image_surface_create", message: why)
    }
    self.surface = s
    self.cairo = cairo_create(s)
    self.width = width
    self.height = height
    self.stride = Int(cairo_image_surface_get_stride(s))
    self.bytes = UnsafeMutableRawPointer(data)
  }

  deinit {
    cairo_destroy(cairo)
    cairo_surface_destroy(surface)
  }

  /// Throws `.invalidSize` unless 1…7680 × 1…4320.
  public static func checkSize(width: Int, height: Int) throws {
    guard (1...maxWidth).contains(width), (1...maxHeight).contains(height) else {
      throw SDLBackendError.invalidSize(
        width: width, height: height, reason: "must be within 1...\(maxWidth) x 1...\(maxHeight)")
    }
  }

  /// Bytes the frame spans (`stride * height`).
  public var byteCount: Int { stride * height }

  /// The frame's bytes, valid during `body` (no copy).
  public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    cairo_surface_flush(surface)
    return try body(UnsafeRawBufferPointer(start: bytes, count: byteCount))
  }

  /// The pixel at (`x`, `y`) as RGBA.
  public func pixel(x: Int, y: Int) -> RGBA {
    precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of range")
    cairo_surface_flush(surface)
    let p = (bytes + y * stride + x * 4).assumingMemoryBound(to: UInt8.self)
    return RGBA(p[2], p[1], p[0], p[3])
  }

  /// The frame as tightly packed BGRA bytes (`width * height * 4`), rows top
  /// to bottom (a copy, for tests and probes).
  public func copyPixels() -> [UInt8] {
    cairo_surface_flush(surface)
    let rowBytes = width * 4
    var out = [UInt8](repeating: 0, count: rowBytes * height)
    out.withUnsafeMutableBytes { dst in
      for row in 0..<height {
        memcpy(dst.baseAddress! + row * rowBytes, bytes + row * stride, rowBytes)
      }
    }
    return out
  }

  /// Writes the frame as a PNG at `path` through the output writer: a
  /// temporary file beside it, checked complete (IEND), fsynced and renamed.
  /// - Throws: `OutputError`; the old file survives, nothing partial is left.
  public func savePNG(to path: String) throws {
    try OutputFile.produce(path, verify: OutputCheck.png) { tmp in try encodePNG(to: tmp) }
  }

  /// Encodes the frame as a PNG at exactly `path` (no atomicity; the output
  /// writer calls this with its temporary file or a frame folder's staged
  /// frame). Safe on a writer thread while no one draws into this buffer.
  /// - Throws: `OutputError` naming `path` with the system's reason ("No
  ///   space left on device"); a partial file may remain (the writer removes it).
  public func encodePNG(to path: String) throws {
    cairo_surface_flush(surface)
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw OutputError(path: path, reason: String(cString: strerror(errno))) }
    // why: Cairo's own file writer reports only "error while writing to
    // output stream"; writing through our descriptor keeps the errno.
    let stream = PNGStream(fd: fd)
    let status = cairo_surface_write_to_png_stream(
      surface,
      { closure, data, length in
        let stream = Unmanaged<PNGStream>.fromOpaque(closure!).takeUnretainedValue()
        stream.failure = FileIO.posix.writeAll(
          stream.fd, UnsafeRawBufferPointer(start: data, count: Int(length)))
        return stream.failure == nil ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
      }, Unmanaged.passUnretained(stream).toOpaque())
    let closed = close(fd) == 0 ? nil : String(cString: strerror(errno))
    guard status == CAIRO_STATUS_SUCCESS else {
      throw OutputError(
        path: path,
        reason: stream.failure ?? String(cString: cairo_status_to_string(status)))
    }
    if let closed { throw OutputError(path: path, reason: closed) }
  }
}

/// Where `encodePNG` sends Cairo's bytes, and the first write failure.
private final class PNGStream {
  let fd: Int32
  var failure: String?
  init(fd: Int32) { self.fd = fd }
}
