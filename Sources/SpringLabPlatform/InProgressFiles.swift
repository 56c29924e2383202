import Foundation

/// The temporary files and staging folders this process is writing right
/// now (saves, renders, frame folders): what a signal's clean exit removes so
/// no hidden `.NAME.tmp-PID-N` outlives the program. Safe from any thread.
public final class InProgressFiles: @unchecked Sendable {
  /// The process's one list.
  public static let shared = InProgressFiles()

  private let lock = NSLock()
  private var paths: Set<String> = []

  /// Lists `path` (before it is created, so no moment leaves it unlisted).
  public func add(_ path: String) {
    lock.lock()
    defer { lock.unlock() }
    paths.insert(path)
  }

  /// Unlists `path` once it was renamed into place, removed or deliberately kept.
  public func remove(_ path: String) {
    lock.lock()
    defer { lock.unlock() }
    paths.remove(path)
  }

  /// Every listed path, sorted.
  public var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return paths.sorted()
  }
}
