import Foundation
import SpringLabCore

extension FileStamp {
  /// The stamp of `path` now (following symbolic links), or nil when it does
  /// not exist.
  public init?(path: String) {
    var st = stat()
    guard stat(path, &st) == 0 else { return nil }
    self.init(
      device: UInt64(st.st_dev), inode: UInt64(st.st_ino), size: Int64(st.st_size),
      mtime: Double(st.st_mtim.tv_sec) + Double(st.st_mtim.tv_nsec) / 1e9)
  }
}
