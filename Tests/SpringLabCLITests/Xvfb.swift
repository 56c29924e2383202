import Foundation

/// A private X server for end-to-end window tests, started and stopped by the test.
final class XvfbServer {
  let display: String
  private let process: Spawned

  // why: two suites starting at once picked the same free-looking display, and
  // one test's keys reached the other's window; each server takes its own number
  private static let lock = NSLock()
  nonisolated(unsafe) private static var taken = Set<Int>()

  /// Starts Xvfb on a free display number; throws if Xvfb is missing or never comes up.
  init(width: Int = 1600, height: Int = 1000) throws {
    XvfbServer.lock.lock()
    var n = 90 + Int(getpid() % 400)
    while XvfbServer.taken.contains(n)
      || FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)")
      || FileManager.default.fileExists(atPath: "/tmp/.X\(n)-lock")
    {
      n += 1
    }
    XvfbServer.taken.insert(n)
    XvfbServer.lock.unlock()
    display = ":\(n)"
    process = try Spawned.start(
      "/usr/bin/Xvfb", [display, "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"],
      env: ProcessInfo.processInfo.environment)
    for _ in 0..<100 {
      if FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)") { return }
      usleep(50_000)
    }
    process.terminate()
    _ = process.wait()
    throw CLIError("Xvfb did not start on \(display)")
  }

  deinit {
    process.terminate()
    _ = process.wait()
    process.cleanUp()
  }
}

extension XvfbServer {
  /// The id of the first SpringLab window on this display, waiting up to `seconds`.
  func springLabWindow(waiting seconds: Double = 10) -> String? {
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
