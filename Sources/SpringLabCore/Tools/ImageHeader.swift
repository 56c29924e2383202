import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The size an image file declares, read from its header without decoding
/// it, so a backdrop that would need gigabytes is refused before it is
/// loaded (a 3.5 MB PNG may declare 30000 × 30000 pixels).
public enum ImageHeader {
  /// Largest backdrop side accepted, pixels.
  public static let maxSide = 8192
  /// Largest backdrop area accepted, pixels (8192 × 8192 = 256 MiB decoded).
  public static let maxPixels = 8192 * 8192

  /// Width and height declared by PNG or JPEG bytes; nil when neither.
  public static func dimensions(_ d: Data) -> (width: Int, height: Int)? {
    let b = [UInt8](d.prefix(1 << 16))
    func be16(_ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
    func be32(_ i: Int) -> Int { be16(i) << 16 | be16(i + 2) }
    // PNG: signature, then the IHDR chunk: length, "IHDR", width, height
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    if b.count >= 24, Array(b[0..<8]) == png, Array(b[12..<16]) == Array("IHDR".utf8) {
      return (be32(16), be32(20))
    }
    // JPEG: walk the markers to the first start-of-frame
    guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
    var i = 2
    while i + 9 < b.count {
      guard b[i] == 0xFF else { return nil }
      let marker = b[i + 1]
      if marker == 0xFF {
        i += 1
        continue
      }
      let len = be16(i + 2)
      let sof: Set<UInt8> = [
        0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF,
      ]
      if sof.contains(marker) { return (be16(i + 7), be16(i + 5)) }
      guard len >= 2 else { return nil }
      i += 2 + len
    }
    return nil
  }

  /// Why the image at `path` cannot be a backdrop, or nil when it can. Reads
  /// at most 64 KiB and never waits on a pipe or device.
  public static func problem(path: String) -> String? {
    let name = URL(fileURLWithPath: path).lastPathComponent
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else {
      return "Cannot read the image \(name): \(String(cString: strerror(errno)))"
    }
    let h = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    defer { try? h.close() }
    var st = stat()
    guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
      return "Cannot use \(name): not a regular file"
    }
    let head = (try? h.read(upToCount: 1 << 16)) ?? Data()
    guard let (w, h) = dimensions(head) else {
      return "Cannot use \(name): not a PNG or JPEG image"
    }
    if w <= 0 || h <= 0 || w > maxSide || h > maxSide || w * h > maxPixels {
      return
        "Cannot use \(name): it declares \(w) × \(h) pixels; backdrops are limited to \(maxSide) × \(maxSide)"
    }
    return nil
  }
}
