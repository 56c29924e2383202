import Foundation
import SpringLabPlatform

#if canImport(Glibc)
  import Glibc
#endif

/// `springlab-test-support spawn-child [--from-thread] PROGRAM ARGS...`:
/// starts PROGRAM through the product's one spawning wrapper, prints its pid
/// on a line of its own, and waits to be killed, so a test can SIGKILL this
/// parent and check that the child does not outlive it. With
/// `--from-thread` the start is made on a thread that ends at once (Linux
/// ties the parent-death signal to the thread that forked).
enum SpawnChild {
  static func run(_ args: [String]) -> Int32 {
    var rest = args
    let fromThread = rest.first == "--from-thread"
    if fromThread { rest.removeFirst() }
    guard let program = rest.first else {
      SaveLoop.fail("usage: springlab-test-support spawn-child [--from-thread] PROGRAM ARGS...")
      return 2
    }
    let env = ProcessInfo.processInfo.environment
    let outcome = Outcome()
    let childArgs = Array(rest.dropFirst())
    let launch: @Sendable () -> Void = {
      outcome.started = Result { try ChildProcess.launch(program, childArgs, env: env) }
    }
    if fromThread {
      let done = DispatchSemaphore(value: 0)
      let t = Thread {
        launch()
        done.signal()
      }
      t.start()
      done.wait()
      // why: let the thread actually end before the pid is reported
      while !t.isFinished { usleep(1_000) }
    } else {
      launch()
    }
    switch outcome.started {
    case .success(let child):
      let line = "\(child.pid)\n"
      _ = line.withCString { write(1, $0, strlen($0)) }
      while true { pause() }
    case .failure(let error):
      SaveLoop.fail("spawn-child: \(error)")
      return 1
    case nil:
      return 1
    }
  }
}

// why: written by the starting thread, read after it has ended
private final class Outcome: @unchecked Sendable {
  var started: Result<ChildProcess, Error>?
}
