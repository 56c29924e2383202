import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system calls a save uses, replaceable so tests can inject faults
/// (ENOSPC, EIO) without a full disk.
public struct FileIO: Sendable {
  /// Writes bytes to an open descriptor; returns bytes written or -1 with errno set.
  public var write: @Sendable (Int32, UnsafeRawPointer, Int) -> Int
  public var fsync: @Sendable (Int32) -> Int32

  public init(
    write: @escaping @Sendable (Int32, UnsafeRawPointer, Int) -> Int,
    fsync: @escaping @Sendable (Int32) -> Int32
  ) {
    self.write = write
    self.fsync = fsync
  }

  public static let posix = FileIO(
    write: { fd, buf, n in
      #if canImport(Glibc)
        Glibc.write(fd, buf, n)
      #else
        Darwin.write(fd, buf, n)
      #endif
    },
    fsync: { fd in
      #if canImport(Glibc)
        Glibc.fsync(fd)
      #else
        Darwin.fsync(fd)
      #endif
    })
}

/// A save failed; the original file (if any) is unchanged.
public struct SaveError: Error, CustomStringConvertible {
  public var path: String
  public var reason: String
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }
  public var description: String { "\(path): cannot save: \(reason)" }
}

public enum AtomicFile {
  /// Writes `data` to `path` so that a crash or error at any point leaves
  /// either the old file or the new one, never a mix. A symlink is followed
  /// (the link stays a link; the file it names is replaced, its temporary
  /// file beside it); the file keeps its permission bits. A file with other
  /// hard links is rewritten in place so the links keep sharing it: its new
  /// content is first written and synced to a temporary file beside it,
  /// which stays there if the rewrite is interrupted.
  public static func write(_ data: Data, to requested: String, io: FileIO = .posix) throws {
    let path = resolvingLinks(requested)
    var st = stat()
    let exists = stat(path, &st) == 0
    if exists && st.st_mode & S_IFMT != S_IFREG {
      throw SaveError(path: requested, reason: "not a regular file")
    }
    let mode = exists ? st.st_mode & 0o7777 : 0o644
    let url = URL(fileURLWithPath: path)
    let dir = url.deletingLastPathComponent().path
    let tmp =
      dir + "/." + url.lastPathComponent + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard fd >= 0 else { throw SaveError(path: path, reason: String(cString: strerror(errno))) }
    // why: open's mode is filtered by the umask; the saved file keeps the original's bits
    _ = fchmod(fd, mode)
    var ok = false
    defer {
      if !ok { unlink(tmp) }
    }
    var failure: String?
    data.withUnsafeBytes { raw in
      var off = 0
      while off < raw.count {
        let n = io.write(fd, raw.baseAddress! + off, raw.count - off)
        if n < 0 {
          if errno == EINTR { continue }
          failure = String(cString: strerror(errno))
          return
        }
        if n == 0 {
          failure = "short write"
          return
        }
        off += n
      }
    }
    if failure == nil, io.fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
    close(fd)
    if let f = failure { throw SaveError(path: path, reason: f) }
    if exists && st.st_nlink > 1 {
      // why: from here on the temporary file is the safe copy of the new content; keep it on failure
      ok = true
      try rewriteInPlace(data, path: path, io: io)
      unlink(tmp)
      return
    }
    guard rename(tmp, path) == 0 else {
      throw SaveError(path: path, reason: String(cString: strerror(errno)))
    }
    ok = true
    let dfd = open(dir.isEmpty ? "." : dir, O_RDONLY)
    if dfd >= 0 {
      _ = io.fsync(dfd)
      close(dfd)
    }
    removeStaleTemporaries(of: path)
  }

  /// The file a path names after following symlinks (up to 40), also when the
  /// last link dangles (the save creates its target).
  public static func resolvingLinks(_ path: String) -> String {
    var current = path
    for _ in 0..<40 {
      var buf = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let n = readlink(current, &buf, buf.count - 1)
      guard n > 0 else { return current }
      let target = String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current =
        target.hasPrefix("/")
        ? target : URL(fileURLWithPath: current).deletingLastPathComponent().path + "/" + target
    }
    return current
  }

  /// Overwrites a hard-linked file's content where it is.
  static func rewriteInPlace(_ data: Data, path: String, io: FileIO) throws {
    let fd = open(path, O_WRONLY | O_TRUNC)
    guard fd >= 0 else { throw SaveError(path: path, reason: String(cString: strerror(errno))) }
    defer { close(fd) }
    var failure: String?
    data.withUnsafeBytes { raw in
      var off = 0
      while off < raw.count {
        let n = io.write(fd, raw.baseAddress! + off, raw.count - off)
        if n < 0 {
          if errno == EINTR { continue }
          failure = String(cString: strerror(errno))
          return
        }
        if n == 0 {
          failure = "short write"
          return
        }
        off += n
      }
    }
    if failure == nil, io.fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
    if let f = failure { throw SaveError(path: path, reason: f) }
  }

  /// Deletes the temporary files that earlier saves of `path` left behind
  /// when they were killed mid-save (`.NAME.tmp-PID-RANDOM` where no process
  /// PID exists any more). Never touches this process's or a live one's.
  // why: the kill-during-save test found one stray hidden file per ~3 SIGKILLs,
  // piling up in the presets folder forever; they never broke loading
  static func removeStaleTemporaries(of path: String) {
    let url = URL(fileURLWithPath: path)
    let dir = url.deletingLastPathComponent().path
    let prefix = "." + url.lastPathComponent + ".tmp-"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
    for name in names where name.hasPrefix(prefix) {
      let parts = name.dropFirst(prefix.count).split(separator: "-")
      guard parts.count == 2, let pid = Int32(parts[0]), pid > 0, UInt32(parts[1]) != nil,
        pid != getpid()
      else {
        continue
      }
      // why: kill(pid, 0) fails with ESRCH only when no such process exists
      if kill(pid, 0) != 0 && errno == ESRCH { unlink(dir + "/" + name) }
    }
  }
}
