import Foundation
import SpringLabPlatform

#if canImport(Glibc)
  import Glibc
#endif

/// The display the window tests use: the session's own when DISPLAY is set,
/// else a private Xvfb started for the test and stopped after it (so the
/// window tests run under `make test` instead of skipping).
enum PrivateDisplay {
  static var sessionHasDisplay: Bool {
    ProcessInfo.processInfo.environment["DISPLAY"] != nil
      || ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] != nil
  }

  static let xvfb = "/usr/bin/Xvfb"

  /// True when a window test can run: a display, or Xvfb to start one.
  static var available: Bool {
    sessionHasDisplay || FileManager.default.isExecutableFile(atPath: xvfb)
  }

  struct StartFailed: Error, CustomStringConvertible {
    var description: String
  }

  /// Runs `body` with DISPLAY naming a usable X server.
  // why: SDL reads DISPLAY when its video subsystem starts; the SDL suite is
  // serialized, and no other suite reads DISPLAY from this process's environment
  static func run(_ body: () throws -> Void) throws {
    if sessionHasDisplay {
      try body()
      return
    }
    // why: `-displayfd 1` lets Xvfb take the first free display number under
    // its own lock and print it once it accepts connections, so servers
    // started at the same moment by other test processes cannot collide
    // -noreset: by default Xvfb resets when its last client leaves and drops
    // a client that connected meanwhile, whose XOpenDisplay then fails
    let server = try ChildProcess.launch(
      xvfb, ["-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp", "-noreset"],
      env: ProcessInfo.processInfo.environment, captureOutput: true, captureErrors: true)
    defer {
      server.stop()
      server.cleanUp()
    }
    var n: Int?
    for _ in 0..<400 where n == nil && server.poll() == nil {
      let out = server.output
      if out.hasSuffix("\n") { n = Int(out.trimmingCharacters(in: .whitespacesAndNewlines)) }
      if n == nil { usleep(50_000) }
    }
    guard let n else { throw StartFailed(description: "Xvfb did not start: \(server.errors)") }
    setenv("DISPLAY", ":\(n)", 1)
    defer { unsetenv("DISPLAY") }
    try body()
  }
}
