import Foundation

/// A private X server for end-to-end window tests, started and stopped by the test.
final class XvfbServer {
  let display: String
  private let process: Spawned

  /// Starts Xvfb on a free display number; throws if Xvfb is missing or never comes up.
  // why: tests in parallel suites start servers at the same moment; numbers are
  // handed out under a lock, and a server that dies (display taken by another
  // process) is retried on the next number
  init(width: Int = 1600, height: Int = 1000) throws {
    var attempt = 0
    while true {
      let n = XvfbServer.nextDisplayNumber()
      let display = ":\(n)"
      let process = try Spawned.start(
        "/usr/bin/Xvfb", [display, "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"],
        env: ProcessInfo.processInfo.environment)
      var up = false
      for _ in 0..<200 where !up && process.poll() == nil {
        up = FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)")
        if !up { usleep(50_000) }
      }
      if up && process.poll() == nil {
        self.display = display
        self.process = process
        return
      }
      process.stop()
      process.cleanUp()
      attempt += 1
      if attempt >= 5 { throw CLIError("Xvfb did not start (last tried \(display))") }
    }
  }

  private static let lock = NSLock()
  nonisolated(unsafe) private static var offset = 0

  /// A display number no lock file or socket claims, never the same twice in this process.
  static func nextDisplayNumber() -> Int {
    lock.lock()
    defer { lock.unlock() }
    var n = 90 + Int(getpid() % 400) + offset
    while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)")
      || FileManager.default.fileExists(atPath: "/tmp/.X\(n)-lock")
    {
      n += 1
    }
    offset = n - (90 + Int(getpid() % 400)) + 1
    return n
  }

  deinit {
    process.terminate()
    _ = process.wait()
    process.cleanUp()
  }
}

extension XvfbServer {
  /// The id of the first SpringLab window on this display, waiting up to `seconds`.
  func springLabWindow(waiting seconds: Double = 30) -> String? {
    waitFor(seconds) { () -> String? in
      let s =
        (try? tool("/usr/bin/xdotool", ["search", "--name", "SpringLab"], display: display)) ?? ""
      return s.split(separator: "\n").first.map(String.init)
    }
  }
}

struct CLIError: Error, CustomStringConvertible {
  var description: String
  init(_ s: String) { description = s }
}

/// Runs a tool (xdotool, import) with an argument list, returning stdout.
@discardableResult
func tool(_ path: String, _ args: [String], display: String) throws -> String {
  var env = ProcessInfo.processInfo.environment
  env["DISPLAY"] = display
  let child = try Spawned.start(path, args, env: env)
  _ = child.wait()
  defer { child.cleanUp() }
  return child.out
}

/// Polls `body` every 50 ms until it returns a value or `seconds` pass.
func waitFor<T>(_ seconds: Double, _ body: () throws -> T?) rethrows -> T? {
  let deadline = Date().addingTimeInterval(seconds)
  while Date() < deadline {
    if let v = try body() { return v }
    usleep(50_000)
  }
  return try body()
}
