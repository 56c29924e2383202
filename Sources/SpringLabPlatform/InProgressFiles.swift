import Foundation

/// The temporary files and staging folders this process is writing right
/// now (saves, renders, frame folders): what a signal's clean exit removes so
/// no hidden `.NAME.tmp-PID-N` outlives the program. Safe from any thread.
public final class InProgressFiles: @unchecked Sendable {
  /// The process's one list.
  public static let shared = InProgressFiles()

  private let lock = NSLock()
  private var paths: Set<String> = []
  /// Set once the program is ending: nothing new is created after the
  /// clean-up list was taken.
  private var closing = false

  /// Lists `path` (before it is created, so no moment leaves it unlisted).
  /// Prefer `creating`, which also keeps the exit's clean-up from running
  /// between the listing and the creation.
  public func add(_ path: String) {
    lock.lock()
    defer { lock.unlock() }
    paths.insert(path)
  }

  /// Lists `path` and runs `create` (which makes it, e.g. `mkdir` or
  /// `open(O_CREAT)`) as one step. Returns nil without running `create` once
  /// the program is ending (`closeForExit`), so no file appears after the
  /// clean-up: a signal's clean-up found a path listed but not yet made, and
  /// the render thread made it a moment later, leaving it behind.
  public func creating<T>(_ path: String, _ create: () -> T) -> T? {
    lock.lock()
    defer { lock.unlock() }
    guard !closing else { return nil }
    paths.insert(path)
    return create()
  }

  /// Stops all further `creating` and returns every listed path, sorted:
  /// what the exit's clean-up removes.
  public func closeForExit() -> [String] {
    lock.lock()
    defer { lock.unlock() }
    closing = true
    return paths.sorted()
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
