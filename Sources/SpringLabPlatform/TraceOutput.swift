import Foundation
import SpringLabCore

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a trace: JSON Lines, one object per drawn frame, each line written
/// whole with one checked `write` so a reader never sees half a line.
///
/// A non-regular target (a pipe, `/dev/stdout`, a FIFO, a device) is streamed
/// into and never replaced. A regular file is either replaced whole on
/// success (`.whole`, for `render`: a failed render keeps the old trace) or
/// written live (`.live`, for the window: others read it while it runs).
public final class TraceOutput {
  public enum Mode: Sendable {
    /// Through `OutputFile`: the trace appears only when `finish` succeeds.
    case whole
    /// Truncated at the start and written through as frames are drawn.
    case live
  }

  public let path: String
  public private(set) var lines = 0
  private var staged: OutputFile?
  private var fd: Int32 = -1
  private var finished = false

  /// Opens the trace. Opening a FIFO waits for its reader, as any writer does.
  /// - Throws: `OutputError` (a folder, a missing folder, no permission).
  public init(path: String, mode: Mode) throws(OutputError) {
    self.path = path
    let target = OutputFile.resolve(path)
    let id = FileIdentity(path: target)
    if id?.kind == .folder {
      throw OutputError(path: path, reason: "is a folder; give a file's path")
    }
    // why: /dev/stdout redirected to a file is a regular file, but replacing it
    // by rename would detach it from the shell's redirection
    let streamed = (id != nil && id!.kind != .regular) || TraceOutput.isSpecialPath(path)
    if streamed {
      fd = open(target, O_WRONLY | O_APPEND | O_CLOEXEC)
    } else if mode == .live {
      fd = open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    } else {
      staged = try OutputFile(path: path)
      return
    }
    guard fd >= 0 else { throw OutputError(path: path, reason: String(cString: strerror(errno))) }
  }

  deinit { discard() }

  /// Paths the system provides for streams (`/dev/…`, `/proc/…`).
  static func isSpecialPath(_ path: String) -> Bool {
    path.hasPrefix("/dev/") || path.hasPrefix("/proc/")
  }

  /// Appends one frame. On failure nothing more is written (a `.whole` trace
  /// is discarded) and the error names the file.
  public func write(_ frame: JSONValue) throws(OutputError) {
    guard !finished else { throw OutputError(path: path, reason: "the trace is closed") }
    var line = JSONWriter.compact(frame) + "\n"
    if let staged {
      do { try staged.write(line) } catch {
        finished = true
        throw error
      }
    } else {
      let reason = line.withUTF8 { FileIO.posix.writeAll(fd, UnsafeRawBufferPointer($0)) }
      if let reason {
        discard()
        throw OutputError(path: path, reason: reason)
      }
    }
    lines += 1
  }

  /// Completes the trace: a `.whole` one replaces the old file; a live one
  /// is fsynced (when it is a regular file) and closed.
  public func finish() throws(OutputError) {
    guard !finished else { return }
    finished = true
    if let staged {
      try staged.commit()
      return
    }
    defer {
      close(fd)
      fd = -1
    }
    if FileIdentity(fd: fd)?.kind == .regular, fsync(fd) != 0 {
      throw OutputError(path: path, reason: String(cString: strerror(errno)))
    }
  }

  /// Stops writing: a `.whole` trace leaves the old file as it was.
  public func discard() {
    if let staged { staged.discard() }
    if fd >= 0 {
      close(fd)
      fd = -1
    }
    finished = true
  }
}
