import Foundation
import SpringLabCore

#if canImport(Glibc)
  import Glibc
#endif

/// SIGTERM, SIGINT and SIGHUP end the program within a second at any moment,
/// with exit status 128 + the signal: children (ffmpeg, a take's render) are
/// stopped and reaped, and the temporary files of unfinished saves removed.
///
/// The signals are blocked in every thread and taken by one watcher thread
/// (`sigwait`), so the clean-up runs as ordinary code, whatever the other
/// threads are doing — even a main thread stuck in a decoder.
public enum TerminationSignals {
  /// The signals that end the program.
  public static let handled: [Int32] = [SIGTERM, SIGINT, SIGHUP]
  /// Longest wait for a child to end after SIGTERM before SIGKILL, seconds.
  public static let childGrace = 0.3

  private static let state = State()

  final class State: @unchecked Sendable {
    let lock = NSLock()
    var received: Int32 = 0
    var request: (@Sendable (Int32) -> Void)?
    var grace = 0.0
  }

  /// The signal that asked the program to end, or nil.
  public static var received: Int32? {
    state.lock.lock()
    defer { state.lock.unlock() }
    return state.received == 0 ? nil : state.received
  }

  /// Blocks the signals and starts the watcher. Call first, before any other
  /// thread starts (threads inherit the blocked set).
  public static func install() {
    var set = sigset_t()
    sigemptyset(&set)
    for s in handled { sigaddset(&set, s) }
    pthread_sigmask(SIG_BLOCK, &set, nil)
    let watched = set
    Thread.detachNewThread {
      var mask = watched
      while true {
        var sig: Int32 = 0
        guard sigwait(&mask, &sig) == 0 else { continue }
        handle(sig)
      }
    }
  }

  /// Lets the program end on its own first: on a signal, `request` runs (on
  /// the watcher thread; set a flag the main loop reads) and the program has
  /// `grace` seconds to exit by itself before the hard exit. The window uses
  /// this to keep a recovery copy.
  public static func askFirst(grace: Double, _ request: @escaping @Sendable (Int32) -> Void) {
    state.lock.lock()
    defer { state.lock.unlock() }
    state.request = request
    state.grace = grace
  }

  static func handle(_ sig: Int32) {
    state.lock.lock()
    let first = state.received == 0
    if first { state.received = sig }
    let request = state.request
    let grace = state.grace
    state.lock.unlock()
    if first, let request {
      request(sig)
      let deadline = Date().addingTimeInterval(grace)
      // why: the program normally exits during this wait, ending this thread too
      while Date() < deadline { usleep(10_000) }
    }
    exitNow(128 + sig)
  }

  /// Stops and reaps every child, removes every unfinished temporary file,
  /// and ends the process with `code`. `flush` writes out buffered stdout
  /// first (only from the thread that printed: the watcher never waits on a
  /// stream another thread may hold).
  public static func exitNow(_ code: Int32, flush: Bool = false) -> Never {
    // why: the watcher and the main thread can both end the program at once;
    // the second must not `_exit` while the first is half-way through the
    // clean-up, so the lock is never released: the first one's `_exit` ends both
    exitLock.lock()
    if flush { fflush(nil) }
    ChildProcess.stopAll(grace: childGrace)
    for path in InProgressFiles.shared.closeForExit() {
      var st = stat()
      if lstat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR {
        // why: the render may still be writing frames into a staging folder
        // (the signal comes on another thread), so removing it in place races
        // with files that keep appearing; renamed away, no new file can be
        // made in it by its path, and the writer's next frame fails instead
        let doomed = renamedAside(path)
        let target = doomed.flatMap { rename(path, $0) == 0 ? $0 : nil } ?? path
        for _ in 0..<100 {
          try? FileManager.default.removeItem(atPath: target)
          if lstat(target, &st) != 0 { break }
          usleep(2_000)
        }
      } else {
        unlink(path)
      }
    }
    _exit(code)
  }

  /// Ends the program normally with `code`, unless a signal's clean exit is
  /// already under way on another thread (then that one ends it, with its
  /// own status, once its clean-up is done).
  public static func exit(_ code: Int32) -> Never {
    exitLock.lock()
    Glibc.exit(code)
  }

  /// `.NAME.tmp-PID-OTHER` beside a `.NAME.tmp-PID-RANDOM` staging folder:
  /// the same shape, so a stale sweep still recognises whatever is left of it
  /// after a SIGKILL; nil for a path of another shape.
  static func renamedAside(_ path: String) -> String? {
    guard let dash = path.lastIndex(of: "-"), UInt32(path[path.index(after: dash)...]) != nil
    else { return nil }
    return path[..<dash] + "-" + String(UInt32.random(in: 0...UInt32.max))
  }

  // why: held from the first exit on and never released (see `exitNow`)
  private static let exitLock = NSLock()
}
