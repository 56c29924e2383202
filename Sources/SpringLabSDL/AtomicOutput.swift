import Foundation

/// Helpers for writing an output file atomically: write a temporary file in
/// the destination's folder (same file system), then `rename(2)` it.
enum AtomicOutput {
  /// A fresh hidden temporary path beside `path`, keeping its extension
  /// (tools such as ffmpeg and IMG_SavePNG look at it).
  static func temporaryPath(for path: String) -> String {
    let url = URL(fileURLWithPath: path)
    let dir = url.deletingLastPathComponent().path
    let ext = url.pathExtension
    let stem = url.deletingPathExtension().lastPathComponent
    let token = UUID().uuidString.prefix(8)
    let name = ".\(stem).tmp-\(getpid())-\(token)" + (ext.isEmpty ? "" : ".\(ext)")
    return (dir as NSString).appendingPathComponent(name)
  }

  /// Renames `temporary` to `path`; removes `temporary` and throws on failure.
  static func commit(temporary: String, to path: String) throws {
    if rename(temporary, path) != 0 {
      let message = String(cString: strerror(errno))
      unlink(temporary)
      throw SDLBackendError.io(path: path, message: message)
    }
  }
}
