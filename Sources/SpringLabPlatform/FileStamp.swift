import Foundation

/// Identity of a file's content on disk (inode, size, modification time), to
/// notice edits — including editors and git replacing the file by rename.
public struct FileStamp: Equatable, Sendable {
  public var inode: UInt64
  public var size: Int64
  public var mtime: Double

  /// The stamp of `path` now, or nil when it does not exist.
  public init?(path: String) {
    var st = stat()
    guard stat(path, &st) == 0 else { return nil }
    inode = UInt64(st.st_ino)
    size = Int64(st.st_size)
    mtime = Double(st.st_mtim.tv_sec) + Double(st.st_mtim.tv_nsec) / 1e9
  }
}
