import Foundation
import SpringLabCore

#if canImport(Glibc)
  import Glibc
#endif

/// A folder of numbered frames (`frame-000000.png` …) written as one output:
/// the frames are made in a hidden staging folder beside the target and move
/// in only when every one is complete, so a failure leaves the old frames as
/// they were. Only `frame-NNNNNN.png` files are ever replaced or removed; a
/// folder holding anything else is refused. After `commit` the folder holds
/// exactly the new frames.
///
/// `writeFrame` may be called from several threads at once (frames
/// compressed on every core); `commit` and `discard` once they have returned.
public final class FrameFolder: @unchecked Sendable {
  public let path: String
  private let staging: String
  // why: guards count, failure, inFlight and finished across writer threads
  private let lock = NSLock()
  private var count = 0
  private var finished = false
  /// The first frame's failure; later frames are refused with it.
  private var failure: OutputError?
  private var inFlight = 0

  /// `frame-NNNNNN.png` for frame `k` (six digits, more past 999,999).
  public static func frameName(_ k: Int) -> String {
    let digits = String(k)
    return "frame-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".png"
  }

  /// True for the names this writer owns.
  public static func isFrameName(_ name: String) -> Bool {
    guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return false }
    let digits = name.dropFirst(6).dropLast(4)
    return digits.count >= 6 && digits.utf8.allSatisfy { (0x30...0x39).contains($0) }
  }

  /// Checks the target and creates the staging folder.
  /// - Throws: `OutputError` when `path` is a file, its parent is missing, or
  ///   it holds anything but frames (naming the first such entry).
  public init(path: String) throws(OutputError) {
    let target = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    self.path = target
    if let id = FileIdentity(path: target) {
      guard id.kind == .folder else {
        throw OutputError(path: path, reason: "is \(id.kind.phrase), not a folder")
      }
      let names: [String]
      do { names = try FileManager.default.contentsOfDirectory(atPath: target) } catch {
        throw OutputError(path: path, reason: "cannot list the folder")
      }
      if let foreign = names.sorted().first(where: { !FrameFolder.isFrameName($0) }) {
        throw OutputError(
          path: path,
          reason:
            "holds \(TerminalText.escape(foreign)), which is not a frame; only frame-NNNNNN.png files are replaced, so give an empty or frames-only folder"
        )
      }
    }
    let parent = URL(fileURLWithPath: target).deletingLastPathComponent().path
    guard FileIdentity(path: parent)?.kind == .folder else {
      throw OutputError(
        path: path, reason: "the folder \(TerminalText.escape(parent)) does not exist")
    }
    staging = AtomicFile.temporaryPath(for: target)
    let dir = staging
    let made = InProgressFiles.shared.creating(dir) { (mkdir(dir, 0o755), errno) }
    guard let made, made.0 == 0 else {
      InProgressFiles.shared.remove(staging)
      // why: nil when the program is ending (a signal's clean-up has begun)
      throw OutputError(path: path, reason: String(cString: strerror(made?.1 ?? EINTR)))
    }
  }

  deinit { discard() }

  /// Writes frame `k` (0 ..< n, in any order, from any thread): `produce`
  /// writes the given path, `verify` checks it. On failure every staged
  /// frame is removed (once no other frame is being written) and later
  /// frames are refused.
  public func writeFrame(
    _ k: Int, verify: (String) -> String?, _ produce: (String) throws -> Void
  ) throws(OutputError) {
    let name = FrameFolder.frameName(k)
    let file = staging + "/" + name
    lock.lock()
    if let earlier = failure {
      lock.unlock()
      throw earlier
    }
    guard !finished else {
      lock.unlock()
      throw OutputError(path: path + "/" + name, reason: "the frames were abandoned")
    }
    inFlight += 1
    lock.unlock()
    var mine: OutputError?
    do { try produce(file) } catch {
      mine = OutputError(
        path: path + "/" + name, reason: (error as? OutputError)?.reason ?? "\(error)")
    }
    if mine == nil, let found = verify(file) ?? FrameFolder.sync(file) {
      mine = OutputError(
        path: path + "/" + name, reason: OutputCheck.explain(found, writing: file))
    }
    lock.lock()
    inFlight -= 1
    if let mine, failure == nil { failure = mine }
    if mine == nil { count = max(count, k + 1) }
    // why: removing the staging folder while another thread writes into it
    // could leave that frame behind; the last writer out cleans up
    let cleanUp = failure != nil && inFlight == 0
    let first = failure
    lock.unlock()
    if cleanUp { discard() }
    if mine != nil, let first { throw first }
  }

  /// Moves the staged frames in and removes old frames beyond them.
  public func commit() throws(OutputError) {
    lock.lock()
    let done = finished
    let broken = failure
    lock.unlock()
    guard !done else { return }
    if let broken {
      discard()
      throw broken
    }
    if FileIdentity(path: path) == nil {
      // a new folder appears whole, in one rename
      guard rename(staging, path) == 0 else {
        let reason = String(cString: strerror(errno))
        discard()
        throw OutputError(path: path, reason: reason)
      }
    } else {
      for k in 0..<count {
        let name = FrameFolder.frameName(k)
        guard rename(staging + "/" + name, path + "/" + name) == 0 else {
          let reason = String(cString: strerror(errno))
          discard()
          throw OutputError(path: path + "/" + name, reason: reason)
        }
      }
      let fresh = Set((0..<count).map(FrameFolder.frameName))
      let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
      for name in names where FrameFolder.isFrameName(name) && !fresh.contains(name) {
        unlink(path + "/" + name)
      }
      rmdir(staging)
      AtomicFile.syncFolder(path)
    }
    lock.lock()
    finished = true
    lock.unlock()
    InProgressFiles.shared.remove(staging)
    AtomicFile.syncFolder(URL(fileURLWithPath: path).deletingLastPathComponent().path)
    AtomicFile.removeStaleTemporaries(of: path)
  }

  /// Removes the staging folder; the target is untouched. Idempotent.
  public func discard() {
    lock.lock()
    defer { lock.unlock() }
    guard !finished else { return }
    finished = true
    try? FileManager.default.removeItem(atPath: staging)
    InProgressFiles.shared.remove(staging)
  }

  /// fsyncs a finished frame; nil when its data is on disk, else the reason.
  static func sync(_ file: String) -> String? {
    let fd = open(file, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return String(cString: strerror(errno)) }
    defer { close(fd) }
    return fsync(fd) == 0 ? nil : String(cString: strerror(errno))
  }
}
