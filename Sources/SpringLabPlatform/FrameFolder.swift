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
public final class FrameFolder {
  public let path: String
  private let staging: String
  private var count = 0
  private var finished = false

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
    guard mkdir(staging, 0o755) == 0 else {
      throw OutputError(path: path, reason: String(cString: strerror(errno)))
    }
  }

  deinit { discard() }

  /// Writes frame `k` (in order from 0): `produce` writes the given path,
  /// `verify` checks it. On failure every staged frame is removed.
  public func writeFrame(
    _ k: Int, verify: (String) -> String?, _ produce: (String) throws -> Void
  ) throws(OutputError) {
    let name = FrameFolder.frameName(k)
    let file = staging + "/" + name
    do { try produce(file) } catch {
      discard()
      throw OutputError(path: path + "/" + name, reason: "\(error)")
    }
    if let found = verify(file) ?? FrameFolder.sync(file) {
      let reason = OutputCheck.explain(found, writing: file)
      discard()
      throw OutputError(path: path + "/" + name, reason: reason)
    }
    count = max(count, k + 1)
  }

  /// Moves the staged frames in and removes old frames beyond them.
  public func commit() throws(OutputError) {
    guard !finished else { return }
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
    finished = true
    AtomicFile.syncFolder(URL(fileURLWithPath: path).deletingLastPathComponent().path)
    AtomicFile.removeStaleTemporaries(of: path)
  }

  /// Removes the staging folder; the target is untouched. Idempotent.
  public func discard() {
    guard !finished else { return }
    finished = true
    try? FileManager.default.removeItem(atPath: staging)
  }

  /// fsyncs a finished frame; nil when its data is on disk, else the reason.
  static func sync(_ file: String) -> String? {
    let fd = open(file, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return String(cString: strerror(errno)) }
    defer { close(fd) }
    return fsync(fd) == 0 ? nil : String(cString: strerror(errno))
  }
}
