import Foundation

/// Identity of a file's content on disk (device, inode, size, modification
/// time), to notice edits — including editors and git replacing the file by
/// rename, and another window saving it.
public struct FileStamp: Equatable, Sendable {
  public var device: UInt64
  public var inode: UInt64
  public var size: Int64
  public var mtime: Double

  public init(device: UInt64, inode: UInt64, size: Int64, mtime: Double) {
    self.device = device
    self.inode = inode
    self.size = size
    self.mtime = mtime
  }

  /// The stamp of `path` now, or nil when it does not exist.
  public init?(path: String) {
    var st = stat()
    guard stat(path, &st) == 0 else { return nil }
    device = UInt64(st.st_dev)
    inode = UInt64(st.st_ino)
    size = Int64(st.st_size)
    mtime = Double(st.st_mtim.tv_sec) + Double(st.st_mtim.tv_nsec) / 1e9
  }
}

/// Watches the loaded preset by path (not by open file, since editors and git
/// replace files by rename). `poll()` says what changed since the last call.
public struct PresetWatcher: Sendable {
  public enum Change: Equatable, Sendable {
    /// The file changed and reads as this preset.
    case reloaded(Preset)
    /// The file changed but is not a valid preset: keep the last good state.
    case invalid(String)
    case deleted
  }

  public let path: String
  private var stamp: FileStamp?

  public init(path: String) {
    self.path = path
    stamp = FileStamp(path: path)
  }

  /// Call after saving the file ourselves, so our own write is not a change.
  public mutating func acknowledge() { stamp = FileStamp(path: path) }

  /// Nil when nothing changed on disk since the last poll.
  public mutating func poll() -> Change? {
    let now = FileStamp(path: path)
    guard now != stamp else { return nil }
    stamp = now
    guard now != nil else { return .deleted }
    do {
      return .reloaded(try PresetReader.load(path: path))
    } catch {
      return .invalid(error.description)
    }
  }
}

/// What a file dropped on the window is.
public enum DroppedFile: Equatable, Sendable {
  case preset, image, unsupported

  public init(path: String) {
    switch URL(fileURLWithPath: path).pathExtension.lowercased() {
    case "json": self = .preset
    case "png", "jpg", "jpeg": self = .image
    default: self = .unsupported
    }
  }
}
