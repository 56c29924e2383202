import Foundation
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
