import Foundation
import SpringLabCore

#if canImport(Glibc)
  import Glibc
#endif

/// Linux's vmsplice(2): hands a buffer's pages to a pipe instead of copying
/// the bytes into the pipe's own pages. The reader then copies straight from
/// the caller's memory, so the caller must leave those bytes alone until they
/// have been read (see `ChildProcess.spliceInput`).
enum PipeSplice {
  private typealias Function =
    @convention(c) (
      Int32, UnsafePointer<iovec>?, Int, UInt32
    ) -> Int

  // why: Glibc declares vmsplice only under _GNU_SOURCE, which the Glibc
  // module Swift imports is built without; the symbol is in every glibc
  // since 2.5, so it is looked up at run time (nil elsewhere).
  private static let function: Function? = {
    #if os(Linux)
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "vmsplice") else {
        return nil
      }
      return unsafeBitCast(symbol, to: Function.self)
    #else
      return nil
    #endif
  }()

  /// Whether vmsplice can be called at all on this system.
  static var isAvailable: Bool { function != nil }

  /// Splices every byte of `raw` into the pipe `fd`, blocking while it is
  /// full. Returns nil on success, else the reason ("Broken pipe" once the
  /// reader has gone, as long as SIGPIPE is ignored).
  static func spliceAll(_ fd: Int32, _ raw: UnsafeRawBufferPointer) -> String? {
    guard let vmsplice = function else { return "vmsplice is not available" }
    var offset = 0
    while offset < raw.count {
      var piece = iovec(
        iov_base: UnsafeMutableRawPointer(mutating: raw.baseAddress! + offset),
        iov_len: raw.count - offset)
      let n = vmsplice(fd, &piece, 1, 0)
      if n < 0 {
        if errno == EINTR { continue }
        // why: a kernel or sandbox without vmsplice for this descriptor;
        // copying the rest keeps every guarantee (a copy is never reused)
        if [ENOSYS, EINVAL, EPERM, EOPNOTSUPP].contains(errno) {
          return FileIO.posix.writeAll(fd, UnsafeRawBufferPointer(rebasing: raw[offset...]))
        }
        return String(cString: strerror(errno))
      }
      offset += n
    }
    return nil
  }
}
