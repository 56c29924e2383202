import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What a path names on disk, following symbolic links: which file (device
/// and inode) and of what kind. Two paths with the same identity are the same
/// file however they are spelled (`a.json`, `./x/../a.json`, a link).
public struct FileIdentity: Equatable, Sendable {
  public enum Kind: Equatable, Sendable {
    case regular, folder, fifo, characterDevice, blockDevice, socket, other

    /// How a message names it: "a FIFO", "a device", …
    public var phrase: String {
      switch self {
      case .regular: return "a regular file"
      case .folder: return "a folder"
      case .fifo: return "a FIFO (named pipe)"
      case .characterDevice, .blockDevice: return "a device"
      case .socket: return "a socket"
      case .other: return "not a regular file"
      }
    }
  }

  public var device: UInt64
  public var inode: UInt64
  public var kind: Kind

  /// The identity of what `path` names now, or nil when nothing is there.
  public init?(path: String) {
    var st = stat()
    guard stat(path, &st) == 0 else { return nil }
    self.init(st)
  }

  /// The identity of an open descriptor.
  public init?(fd: Int32) {
    var st = stat()
    guard fstat(fd, &st) == 0 else { return nil }
    self.init(st)
  }

  init(_ st: stat) {
    device = UInt64(st.st_dev)
    inode = UInt64(st.st_ino)
    switch st.st_mode & S_IFMT {
    case S_IFREG: kind = .regular
    case S_IFDIR: kind = .folder
    case S_IFIFO: kind = .fifo
    case S_IFCHR: kind = .characterDevice
    case S_IFBLK: kind = .blockDevice
    case S_IFSOCK: kind = .socket
    default: kind = .other
    }
  }

  /// True when both name the very same file (device and inode).
  public func isSameFile(as other: FileIdentity) -> Bool {
    device == other.device && inode == other.inode
  }
}
