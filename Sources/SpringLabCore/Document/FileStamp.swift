/// Identity of a file's content on disk (device, inode, size, modification
/// time), to notice edits — including editors and git replacing the file by
/// rename, and another window saving it. A plain value: reading it from the
/// file system is the platform module's job (`FileStamp(path:)` there), so the
/// Studio can compare stamps without touching files.
public struct FileStamp: Equatable, Sendable {
  public var device: UInt64
  public var inode: UInt64
  /// Bytes.
  public var size: Int64
  /// Seconds since 1970, with nanoseconds.
  public var mtime: Double

  public init(device: UInt64, inode: UInt64, size: Int64, mtime: Double) {
    self.device = device
    self.inode = inode
    self.size = size
    self.mtime = mtime
  }
}
