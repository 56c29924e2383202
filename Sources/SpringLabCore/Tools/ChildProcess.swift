import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A child process started with posix_spawn and an argument list (never a
/// shell string): stdin from /dev/null, stdout and stderr to temporary files
/// when captured (so no pipe can fill and block it) or to /dev/null. Safe
/// from any thread: no run loop, no Foundation `Process`.
///
/// Once it has been reaped (by `wait` or `poll`) it is never signalled again:
/// its pid may already belong to another process.
public final class ChildProcess: @unchecked Sendable {
  public let pid: pid_t
  public let outPath: String?
  public let errPath: String?
  private let lock = NSLock()
  private var status: Int32?

  init(pid: pid_t, outPath: String?, errPath: String?) {
    self.pid = pid
    self.outPath = outPath
    self.errPath = errPath
  }

  /// The exit status once reaped, else nil.
  public var exitStatus: Int32? {
    lock.lock()
    defer { lock.unlock() }
    return status
  }

  /// Starts `path` with `args` and exactly `env`. Throws when it cannot start.
  public static func launch(
    _ path: String, _ args: [String], env: [String: String], captureOutput: Bool = false,
    captureErrors: Bool = false
  ) throws -> ChildProcess {
    let base =
      NSTemporaryDirectory() + "springlab-child-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let outPath = captureOutput ? base + ".out" : nil
    let errPath = captureErrors ? base + ".err" : nil
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(
      &actions, 1, outPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(
      &actions, 2, errPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    // why: a parent's blocked signals (test threads) and ignored SIGPIPE (our
    // CLI) would be inherited; a child such as Xvfb must still die on SIGTERM
    var attr = posix_spawnattr_t()
    posix_spawnattr_init(&attr)
    defer { posix_spawnattr_destroy(&attr) }
    var empty = sigset_t()
    sigemptyset(&empty)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attr, &empty)
    posix_spawnattr_setsigdefault(&attr, &all)
    posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let argv: [UnsafeMutablePointer<CChar>?] = ([path] + args).map { strdup($0) } + [nil]
    let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let rc = posix_spawn(&pid, path, &actions, &attr, argv, envp)
    guard rc == 0 else {
      throw SaveError(path: path, reason: "cannot start: \(String(cString: strerror(rc)))")
    }
    return ChildProcess(pid: pid, outPath: outPath, errPath: errPath)
  }

  static func decode(_ raw: Int32) -> Int32 { raw & 0x7F == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F) }

  private func record(_ code: Int32) -> Int32 {
    lock.lock()
    defer { lock.unlock() }
    status = code
    return code
  }

  /// Waits for exit; returns the exit status (128 + signal when killed).
  @discardableResult
  public func wait() -> Int32 {
    if let s = exitStatus { return s }
    var raw: Int32 = 0
    while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
    return record(ChildProcess.decode(raw))
  }

  /// The exit status if it has exited (and reaps it), else nil. Asking again
  /// after it was reaped gives the same status.
  public func poll() -> Int32? {
    if let s = exitStatus { return s }
    var raw: Int32 = 0
    guard waitpid(pid, &raw, WNOHANG) == pid else { return nil }
    return record(ChildProcess.decode(raw))
  }

  /// SIGTERM, unless it was already reaped.
  public func terminate() {
    if exitStatus == nil { kill(pid, SIGTERM) }
  }

  /// SIGTERM, then SIGKILL if it has not gone within `grace` seconds.
  public func stop(grace: Double = 3) {
    terminate()
    let deadline = Date().addingTimeInterval(grace)
    while Date() < deadline {
      if poll() != nil { return }
      usleep(10_000)
    }
    if exitStatus == nil { kill(pid, SIGKILL) }
    wait()
  }

  /// Captured stdout / stderr so far ("" when not captured).
  public var output: String {
    outPath.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) } ?? ""
  }
  public var errors: String {
    errPath.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) } ?? ""
  }

  /// Removes the capture files.
  public func cleanUp() {
    if let p = outPath { unlink(p) }
    if let p = errPath { unlink(p) }
  }

  /// Captured stdout, then the capture files are removed.
  public func takeOutput() -> String {
    defer { cleanUp() }
    return output
  }

  /// Runs a tool to completion and returns its stdout ("" if it cannot start).
  public static func run(_ path: String, _ args: [String], env: [String: String]) -> String {
    guard let c = try? launch(path, args, env: env, captureOutput: true) else { return "" }
    c.wait()
    return c.takeOutput()
  }
}
