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

  /// Largest image file read, bytes: the whole file is checked before a
  /// decoder sees it.
  public static let maxFileBytes = 256 << 20

  /// Why PNG or JPEG `bytes` are not a whole, intact file, or nil when their
  /// structure holds. PNG: every chunk lies inside the file, its CRC matches,
  /// IHDR comes first and IEND ends it. JPEG: the markers up to the first
  /// scan are whole and an end-of-image marker follows.
  // why: SDL's image loader (its PNG reader) ignores short reads, so libpng
  // at the end of a truncated file re-reads stale bytes as chunks forever ("cHRM: CRC error",
  // 100 % CPU, gigabytes of warnings); no decoder may see bytes that fail this
  public static func structureProblem(_ bytes: [UInt8]) -> String? {
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    if bytes.count >= 8, Array(bytes[0..<8]) == png { return pngProblem(bytes) }
    if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 { return jpegProblem(bytes) }
    return "not a PNG or JPEG image"
  }

  static func be32(_ b: [UInt8], _ i: Int) -> Int {
    Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
  }

  static func pngProblem(_ b: [UInt8]) -> String? {
    var i = 8
    var first = true
    while true {
      guard i + 8 <= b.count else {
        return "truncated PNG: the file ends at byte \(b.count), before its IEND chunk"
      }
      let length = be32(b, i)
      let typeBytes = b[(i + 4)..<(i + 8)]
      let type = String(decoding: typeBytes.map { $0 & 0x7F }, as: UTF8.self)
      guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0 & 0xDF) }) else {
        return "corrupt PNG: a chunk at byte \(i) has no valid type"
      }
      if first && type != "IHDR" { return "corrupt PNG: it does not start with IHDR" }
      first = false
      guard length <= 0x7FFF_FFFF, i + 12 + length <= b.count else {
        return "truncated PNG: the file ends at byte \(b.count), inside its \(type) chunk"
      }
      let stored = UInt32(be32(b, i + 8 + length))
      if CRC32.of(b[(i + 4)..<(i + 8 + length)]) != stored {
        return "corrupt PNG: the \(type) chunk at byte \(i) fails its CRC check"
      }
      i += 12 + length
      if type == "IEND" { return nil }
    }
  }

  static func jpegProblem(_ b: [UInt8]) -> String? {
    var i = 2
    while true {
      guard i + 4 <= b.count else {
        return "truncated JPEG: the file ends at byte \(b.count), before its image data"
      }
      guard b[i] == 0xFF else { return "corrupt JPEG: no marker at byte \(i)" }
      let marker = b[i + 1]
      if marker == 0xFF {
        i += 1
        continue
      }
      // why: markers without a length (restart, TEM) carry no segment
      if marker == 0x01 || (0xD0...0xD7).contains(marker) {
        i += 2
        continue
      }
      if marker == 0xD9 { return "corrupt JPEG: it ends before its image data" }
      let len = Int(b[i + 2]) << 8 | Int(b[i + 3])
      guard len >= 2 else { return "corrupt JPEG: a segment at byte \(i) has length \(len)" }
      guard i + 2 + len <= b.count else {
        return "truncated JPEG: the file ends at byte \(b.count), inside a segment"
      }
      i += 2 + len
      if marker == 0xDA { break }
    }
    // why: the entropy-coded data escapes 0xFF as FF 00, so FF D9 only ends the image
    var j = i
    while j + 1 < b.count {
      if b[j] == 0xFF && b[j + 1] == 0xD9 { return nil }
      j += 1
    }
    return "truncated JPEG: the file ends at byte \(b.count), before its end-of-image marker"
  }

  /// Whether the file at `path` starts with the PNG signature.
  public static func isPNG(path: String) -> Bool {
    guard let h = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? h.close() }
    let head = (try? h.read(upToCount: 8)) ?? Data()
    return [UInt8](head) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  }

  /// Why the image at `path` cannot be a backdrop, or nil when it can. Reads
  /// the whole file (at most `maxFileBytes`), checks its structure, and never
  /// waits on a pipe or device.
  public static func problem(path: String) -> String? {
    if case .failure(let p) = contents(path: path) { return p.message }
    return nil
  }

  /// The whole file at `path` once it passes `problem`'s checks (a regular
  /// file of at most `maxFileBytes` whose declared size and structure hold),
  /// or why not: one sentence naming the file. Decoders take these bytes, so
  /// what they decode is what was checked (a file swapped for another, or
  /// for a pipe, in between is never read). Never waits on a pipe or device.
  public static func contents(path: String) -> Result<Data, ImageProblem> {
    let name = URL(fileURLWithPath: path).lastPathComponent
    func refuse(_ message: String) -> Result<Data, ImageProblem> {
      .failure(ImageProblem(message: message))
    }
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else {
      return refuse("Cannot read the image \(name): \(String(cString: strerror(errno)))")
    }
    let h = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    defer { try? h.close() }
    var st = stat()
    guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
      return refuse("Cannot use \(name): not a regular file")
    }
    if Int(st.st_size) > maxFileBytes {
      return refuse("Cannot use \(name): larger than \(maxFileBytes >> 20) MiB")
    }
    let head = (try? h.read(upToCount: maxFileBytes + 1)) ?? Data()
    // why: the file may have grown since fstat
    if head.count > maxFileBytes {
      return refuse("Cannot use \(name): larger than \(maxFileBytes >> 20) MiB")
    }
    guard let (w, h) = dimensions(head) else {
      return refuse("Cannot use \(name): not a PNG or JPEG image")
    }
    if w <= 0 || h <= 0 || w > maxSide || h > maxSide || w * h > maxPixels {
      return refuse(
        "Cannot use \(name): it declares \(w) × \(h) pixels; backdrops are limited to \(maxSide) × \(maxSide)"
      )
    }
    if let why = structureProblem([UInt8](head)) { return refuse("Cannot use \(name): \(why)") }
    return .success(head)
  }
}

/// Why an image file cannot be used: one sentence naming the file.
public struct ImageProblem: Error, Equatable, Sendable {
  public let message: String
  public init(message: String) { self.message = message }
}

/// The CRC-32 of PNG chunks (ISO 3309, the polynomial zlib uses).
public enum CRC32 {
  static let table: [UInt32] = (0..<256).map { n -> UInt32 in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
  }

  /// The CRC of `bytes`.
  public static func of(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
    return c ^ 0xFFFF_FFFF
  }
}
