import Foundation

/// A private X server for end-to-end window tests, started and stopped by the test.
final class XvfbServer {
  let display: String
  private let process: Spawned

  /// Starts Xvfb on a display number it picks itself; throws if Xvfb is
  /// missing or never comes up within 20 s.
  // why: choosing a number here and then starting Xvfb on it races with every
  // other server started at the same moment (CI once lost a window that way);
  // `-displayfd 1` lets Xvfb take the first free number under its own lock file
  // and write it to stdout only once it accepts connections
  // why: -noreset: by default Xvfb resets when its last client leaves and
  // drops a client that connected meanwhile (the app, while xdotool polls
  // for its window), whose XOpenDisplay then fails
  init(width: Int = 1600, height: Int = 1000) throws {
    let process = try Spawned.start(
      "/usr/bin/Xvfb",
      ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset"],
      env: ProcessInfo.processInfo.environment)
    let number = waitFor(20) { () -> Int? in
      if process.poll() != nil { return -1 }
      let out = process.out
      guard out.hasSuffix("\n"), let n = Int(out.trimmingCharacters(in: .whitespacesAndNewlines))
      else { return nil }
      return n
    }
    guard let n = number, n >= 0 else {
      process.stop()
      defer { process.cleanUp() }
      throw CLIError("Xvfb did not start: \(process.err)")
    }
    display = ":\(n)"
    self.process = process
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
