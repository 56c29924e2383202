import Foundation

/// Identity of a file's content on disk (inode, size, modification time), to
/// notice edits — including editors and git replacing the file by rename.
struct FileStamp: Equatable {
  var inode: UInt64
  var size: Int64
  var mtime: Double

  init?(path: String) {
    var st = stat()
    guard stat(path, &st) == 0 else { return nil }
    inode = UInt64(st.st_ino)
    size = Int64(st.st_size)
    mtime = Double(st.st_mtim.tv_sec) + Double(st.st_mtim.tv_nsec) / 1e9
  }
}
