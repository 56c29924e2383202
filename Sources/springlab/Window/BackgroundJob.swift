import Foundation
import SpringLabStudio

/// An effect run off the window's thread (decoding a video, a fit): the loop
/// keeps waiting for events, reducing and presenting, and picks the answer
/// up once it is there.
final class BackgroundJob: @unchecked Sendable {
  // why: the answer crosses threads; the lock guards it (unchecked Sendable)
  private let lock = NSLock()
  private var answer: StudioAction?

  init(_ work: @escaping @Sendable () -> StudioAction) {
    Thread.detachNewThread { [self] in
      let a = work()
      lock.lock()
      answer = a
      lock.unlock()
    }
  }

  /// The answer once the work is done (then only once), else nil.
  func take() -> StudioAction? {
    lock.lock()
    defer { lock.unlock() }
    let a = answer
    answer = nil
    return a
  }
}
