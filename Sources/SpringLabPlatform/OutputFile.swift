import Foundation
import SpringLabCore

#if canImport(Glibc)
  import Glibc
#endif

/// The single output writer for every file the program writes besides
/// presets: traces, PNGs, videos, frame folders, screenshots, takes. Built on
/// Core's `StagedFile` (the program's one atomic-write algorithm): a
/// temporary file beside the target, every write checked, fsync, rename only
/// on success, so on any failure the old output survives and nothing partial
/// or zero-byte is left.
public final class OutputFile {
  /// Where the result lands (a symbolic link's target, so the link survives).
  public let path: String
  private let staged: StagedFile

  /// Starts writing `path`.
  /// - Throws: `OutputError` when `path` is a folder or not a regular file,
  ///   its folder is missing or unwritable.
  public init(path: String) throws(OutputError) {
    let target = OutputFile.resolve(path)
    if let id = FileIdentity(path: target), id.kind != .regular {
      throw OutputError(path: path, reason: "is \(id.kind.phrase); give a regular file's path")
    }
    let dir = URL(fileURLWithPath: target).deletingLastPathComponent().path
    if let id = FileIdentity(path: dir), id.kind != .folder {
      throw OutputError(path: path, reason: "\(TerminalText.escape(dir)) is not a folder")
    } else if FileIdentity(path: dir) == nil {
      throw OutputError(path: path, reason: "the folder \(TerminalText.escape(dir)) does not exist")
    }
    do { staged = try StagedFile(target: target) } catch {
      throw OutputError(path: path, reason: (error as? SaveError)?.reason ?? "\(error)")
    }
    self.path = target
  }

  /// The temporary file another program may write by name (a PNG encoder,
  /// ffmpeg); call `handOver()` first.
  public var temporaryPath: String { staged.temporaryPath }

  /// Lets another program write the temporary file by name.
  public func handOver() { staged.handOver() }

  /// Appends bytes; on failure the temporary file is gone.
  public func write(_ raw: UnsafeRawBufferPointer) throws(OutputError) {
    do { try staged.write(raw) } catch { throw mapped(error) }
  }

  public func write(_ text: String) throws(OutputError) {
    let bytes = Array(text.utf8)
    do { try bytes.withUnsafeBytes { try staged.write($0) } } catch { throw mapped(error) }
  }

  /// Checks the finished temporary file with `verify` (a reason when it is
  /// not a complete file of its kind), then fsyncs and renames it over
  /// `path`. On failure the old file at `path` is unchanged.
  public func commit(verify: ((String) -> String?)? = nil) throws(OutputError) {
    if let verify, let reason = verify(staged.temporaryPath) {
      let why = OutputCheck.explain(reason, writing: staged.temporaryPath)
      staged.discard()
      throw OutputError(path: path, reason: why)
    }
    do { try staged.commit() } catch { throw mapped(error) }
  }

  /// Removes the temporary file; the old file at `path` stays. Idempotent.
  public func discard() { staged.discard() }

  private func mapped(_ error: any Error) -> OutputError {
    OutputError(path: path, reason: (error as? SaveError)?.reason ?? "\(error)")
  }

  /// A file written by `produce` (given the temporary path), checked by
  /// `verify`, then renamed over `path`.
  public static func produce(
    _ path: String, verify: @escaping (String) -> String?,
    _ produce: (String) throws -> Void
  ) throws(OutputError) {
    let out = try OutputFile(path: path)
    out.handOver()
    do { try produce(out.temporaryPath) } catch {
      out.discard()
      throw OutputError(path: path, reason: (error as? OutputError)?.reason ?? "\(error)")
    }
    try out.commit(verify: verify)
  }

  /// `path` with a symbolic link in its last component followed, so writing
  /// through a link replaces the file it points to, not the link.
  static func resolve(_ path: String) -> String {
    var st = stat()
    guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFLNK,
      let real = realpath(path, nil)
    else { return path }
    defer { free(real) }
    return String(cString: real)
  }
}

/// Checks that a finished file is complete, since some encoders report
/// success after a failed write (a PNG writer may miss a failed flush; ffmpeg may
/// exit 0 without the index). Each returns nil when complete, else a reason.
public enum OutputCheck {
  /// A PNG ends with its IEND chunk.
  public static func png(_ path: String) -> String? {
    let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
    guard let tail = tail(path, 12), tail.count == 12 else { return "the PNG is empty" }
    return tail == iend ? nil : "the PNG is incomplete (no IEND chunk)"
  }

  /// A GIF ends with its trailer byte 0x3B.
  public static func gif(_ path: String) -> String? {
    guard let tail = tail(path, 1), tail.count == 1 else { return "the GIF is empty" }
    return tail == [0x3B] ? nil : "the GIF is incomplete (no trailer)"
  }

  /// An MP4's top-level boxes span the file exactly and include `moov` (the
  /// index) and a non-empty `mdat` (the frames).
  public static func mp4(_ path: String) -> String? { isoBoxes(path, kind: "MP4") }

  /// A QuickTime `.mov` (ProRes) is checked as an MP4 is: the same box
  /// structure, `moov` and a non-empty `mdat`.
  public static func mov(_ path: String) -> String? { isoBoxes(path, kind: "MOV") }

  /// An ISO base media / QuickTime file: top-level boxes that span the file
  /// exactly, with `moov` and a non-empty `mdat`; `kind` names it in reasons.
  static func isoBoxes(_ path: String, kind: String) -> String? {
    reading(path) { fd, size in isoBoxes(fd, size: size, kind: kind) }
  }

  /// Runs `check` on `path` opened for reading, with its size in bytes; the
  /// system's reason when it cannot be opened or measured.
  static func reading(_ path: String, _ check: (Int32, Int64) -> String?) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return String(cString: strerror(errno)) }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0 else { return String(cString: strerror(errno)) }
    return check(fd, Int64(st.st_size))
  }

  static func isoBoxes(_ fd: Int32, size: Int64, kind: String) -> String? {
    var offset: Int64 = 0
    var moov = false
    var mdat = false
    while offset < size {
      var header = [UInt8](repeating: 0, count: 16)
      guard pread(fd, &header, 16, off_t(offset)) >= 8 else { break }
      var boxSize = header[0..<4].reduce(Int64(0)) { $0 << 8 | Int64($1) }
      let type = String(decoding: header[4..<8], as: UTF8.self)
      var headerSize: Int64 = 8
      if boxSize == 1 {
        boxSize = header[8..<16].reduce(Int64(0)) { $0 << 8 | Int64($1) }
        headerSize = 16
      } else if boxSize == 0 {
        boxSize = size - offset
      }
      guard boxSize >= headerSize, offset + boxSize <= size else {
        return "the \(kind) is truncated (box \(type) runs past the end)"
      }
      if type == "moov" { moov = true }
      if type == "mdat" && boxSize > headerSize { mdat = true }
      offset += boxSize
    }
    if !moov { return "the \(kind) has no index (moov box)" }
    if !mdat { return "the \(kind) holds no frames" }
    return nil
  }

  /// A WebM (Matroska) starts with its EBML header, then one Segment whose
  /// size is known and ends exactly at the end of the file (the muxer writes
  /// the size last, so a cut file keeps the "unknown" placeholder); the
  /// Segment's elements span it exactly and include a non-empty Cluster (the
  /// frames).
  public static func webm(_ path: String) -> String? {
    reading(path) { fd, size in webm(fd, size: size) }
  }

  static func webm(_ fd: Int32, size: Int64) -> String? {
    guard size > 0 else { return "the WebM is empty" }
    /// The element at `offset`: its ID, the offset of its data and the data's
    /// size (nil: "unknown", all value bits set), or nil when unreadable.
    func element(at offset: Int64) -> (id: UInt32, data: Int64, size: Int64?)? {
      var b = [UInt8](repeating: 0, count: 12)
      let got = pread(fd, &b, 12, off_t(offset))
      guard got > 0 else { return nil }
      func vint(_ i: Int, keepMarker: Bool) -> (value: UInt64, length: Int, unknown: Bool)? {
        guard i < got, b[i] != 0 else { return nil }
        let length = b[i].leadingZeroBitCount + 1
        guard length <= 8, i + length <= got else { return nil }
        let marker = UInt8(0x80) >> (length - 1)
        var v = UInt64(keepMarker ? b[i] : b[i] & (marker &- 1))
        var allOnes = b[i] & (marker &- 1) == marker &- 1
        for k in 1..<length {
          v = v << 8 | UInt64(b[i + k])
          allOnes = allOnes && b[i + k] == 0xFF
        }
        return (v, length, allOnes)
      }
      guard let id = vint(0, keepMarker: true), id.length <= 4,
        let n = vint(id.length, keepMarker: false)
      else { return nil }
      let data = offset + Int64(id.length + n.length)
      return (UInt32(id.value), data, n.unknown ? nil : Int64(n.value))
    }
    let ebmlHeader: UInt32 = 0x1A45_DFA3
    let segment: UInt32 = 0x1853_8067
    let cluster: UInt32 = 0x1F43_B675
    guard let header = element(at: 0), header.id == ebmlHeader, let hs = header.size else {
      return "the WebM has no EBML header"
    }
    guard let seg = element(at: header.data + hs), seg.id == segment else {
      return "the WebM is truncated (no Segment)"
    }
    guard let segSize = seg.size else { return "the WebM is incomplete (Segment never closed)" }
    guard seg.data + segSize == size else {
      return "the WebM is truncated (the Segment runs past the end)"
    }
    var offset = seg.data
    var frames = false
    while offset < size {
      guard let e = element(at: offset), let n = e.size, e.data + n <= size else {
        return "the WebM is truncated (an element runs past the end)"
      }
      if e.id == cluster && n > 0 { frames = true }
      offset = e.data + n
    }
    return frames ? nil : "the WebM holds no frames (no Cluster)"
  }

  /// `reason`, led by "No space left on device" when the file system of
  /// `path` is full: the usual cause of an incomplete file whose encoder
  /// reported success.
  public static func explain(_ reason: String, writing path: String) -> String {
    var fs = statvfs()
    if statvfs(path, &fs) == 0, fs.f_bavail == 0 {
      return "No space left on device (\(reason))"
    }
    return reason
  }

  static func tail(_ path: String, _ n: Int) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0, st.st_size >= n else { return [] }
    var buf = [UInt8](repeating: 0, count: n)
    guard pread(fd, &buf, n, off_t(st.st_size) - off_t(n)) == n else { return nil }
    return buf
  }
}
