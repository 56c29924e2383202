import Foundation
import SpringLabCore
import SpringLabStudio

/// An effect run off the window's thread (decoding a video or an image, a
/// fit): the loop keeps waiting for events, reducing and presenting, and
/// picks the answer up once it is there.
final class BackgroundJob<Answer: Sendable>: @unchecked Sendable {
  // why: the answer crosses threads; the lock guards it (unchecked Sendable)
  private let lock = NSLock()
  private var answer: Answer?

  init(_ work: @escaping @Sendable () -> Answer) {
    Thread.detachNewThread { [self] in
      let a = work()
      lock.lock()
      answer = a
      lock.unlock()
    }
  }

  /// The answer once the work is done (then only once), else nil.
  func take() -> Answer? {
    lock.lock()
    defer { lock.unlock() }
    let a = answer
    answer = nil
    return a
  }
}

/// Writes and removes recovery copies in order on a thread of their own: a
/// copy is written with fsync (file and folder), which on a busy disk takes
/// long enough to hold a frame back when done on the window's thread.
final class RecoveryWriter: @unchecked Sendable {
  // why: only the serial queue touches the closures after init (unchecked Sendable)
  private let queue = DispatchQueue(label: "springlab.recovery")
  private let writeCopy: (String, Preset) -> Void
  private let removeCopy: (String) -> Void

  init(write: @escaping (String, Preset) -> Void, remove: @escaping (String) -> Void) {
    writeCopy = write
    removeCopy = remove
  }

  /// Queues writing the copy `name` of `p`.
  func write(_ name: String, _ p: Preset) { queue.async { [self] in writeCopy(name, p) } }

  /// Queues removing the copy `name` (after every write queued before it).
  func remove(_ name: String) { queue.async { [self] in removeCopy(name) } }

  /// Waits until every queued write and removal is done (before reading a
  /// copy back, and before the session ends).
  func drain() { queue.sync {} }
}
