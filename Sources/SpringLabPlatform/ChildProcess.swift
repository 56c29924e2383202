import Foundation
import SpringLabCore

#if canImport(Glibc)
  import Glibc
#endif

/// The program's one way to start another program (ffmpeg, fc-match, a take's
/// render, test tools): posix_spawn with an argument list (never a shell
/// string); stdin from /dev/null or a pipe the caller writes, stdout and
/// stderr to temporary files when captured (so no pipe can fill and block
/// it) or to /dev/null. Safe from any thread: no run loop, no Foundation
/// `Process`.
///
/// Once it has been reaped (by `wait` or `poll`) it is never signalled again:
/// its pid may already belong to another process.
public final class ChildProcess: @unchecked Sendable {
  public let pid: pid_t
  public let outPath: String?
  public let errPath: String?
  private let lock = NSLock()
  private var status: Int32?
  /// The write end of the child's stdin when launched with `inputPipe`, else -1.
  public private(set) var inputFD: Int32

  init(pid: pid_t, outPath: String?, errPath: String?, inputFD: Int32 = -1) {
    self.pid = pid
    self.outPath = outPath
    self.errPath = errPath
    self.inputFD = inputFD
  }

  // why: a signal's clean exit must end and reap every child still running,
  // wherever it was started (a render's ffmpeg, a window's decoder)
  private static let liveLock = NSLock()
  nonisolated(unsafe) private static var live: [pid_t: ChildProcess] = [:]

  /// SIGTERM to every child not yet reaped, SIGKILL to those still there
  /// after `grace` seconds, and every one reaped.
  public static func stopAll(grace: Double) {
    liveLock.lock()
    let children = Array(live.values)
    liveLock.unlock()
    for c in children { c.terminate() }
    let deadline = Date().addingTimeInterval(grace)
    while Date() < deadline, children.contains(where: { $0.poll() == nil }) { usleep(5_000) }
    for c in children where c.poll() == nil {
      kill(c.pid, SIGKILL)
      c.wait()
    }
  }

  deinit { closeInput() }

  /// The exit status once reaped, else nil.
  public var exitStatus: Int32? {
    lock.lock()
    defer { lock.unlock() }
    return status
  }

  /// Starts `path` with `args` and exactly `env`. Throws when it cannot start.
  /// - Parameter inputPipe: the child's stdin is a pipe whose write end is
  ///   `inputFD` (write with `writeInput`, end with `closeInput`); a write
  ///   after the child has gone fails with EPIPE as long as SIGPIPE is ignored.
  /// - Parameter outputFD: an open descriptor to become the child's stdout
  ///   (a pipe, a device); overrides `captureOutput`.
  public static func launch(
    _ path: String, _ args: [String], env: [String: String], captureOutput: Bool = false,
    captureErrors: Bool = false, inputPipe: Bool = false, outputFD: Int32? = nil
  ) throws -> ChildProcess {
    let base =
      NSTemporaryDirectory() + "springlab-child-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let outPath = captureOutput ? base + ".out" : nil
    let errPath = captureErrors ? base + ".err" : nil
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var pipeFDs: [Int32] = [-1, -1]
    if inputPipe {
      // why: close-on-exec, so no other child (a second encode, Xvfb) inherits
      // the write end and keeps this child's stdin open after we close ours
      guard pipe(&pipeFDs) == 0, fcntl(pipeFDs[1], F_SETFD, FD_CLOEXEC) == 0,
        fcntl(pipeFDs[0], F_SETFD, FD_CLOEXEC) == 0
      else {
        throw SaveError(path: path, reason: "cannot start: \(String(cString: strerror(errno)))")
      }
      // why: video frames are megabytes; a 1 MiB pipe (Linux's default maximum)
      // instead of 64 KiB cuts the wake-ups per frame ~16×. Best effort: F_SETPIPE_SZ
      // (1031) is Linux's and Glibc's headers do not export it to Swift
      _ = fcntl(pipeFDs[1], 1031, Int32(1 << 20))
      // dup2 onto 0 clears close-on-exec for the child's copy only
      posix_spawn_file_actions_adddup2(&actions, pipeFDs[0], 0)
    } else {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    }
    if let fd = outputFD {
      posix_spawn_file_actions_adddup2(&actions, fd, 1)
    } else {
      posix_spawn_file_actions_addopen(
        &actions, 1, outPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    }
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
    if inputPipe { close(pipeFDs[0]) }
    guard rc == 0 else {
      if inputPipe { close(pipeFDs[1]) }
      throw SaveError(path: path, reason: "cannot start: \(String(cString: strerror(rc)))")
    }
    let child = ChildProcess(pid: pid, outPath: outPath, errPath: errPath, inputFD: pipeFDs[1])
    for p in [outPath, errPath].compactMap({ $0 }) { InProgressFiles.shared.add(p) }
    liveLock.lock()
    live[pid] = child
    liveLock.unlock()
    return child
  }

  /// Writes every byte to the child's stdin pipe (blocking while it is full).
  /// Returns nil on success, else the reason ("Broken pipe" once it has gone).
  public func writeInput(_ raw: UnsafeRawBufferPointer) -> String? {
    guard inputFD >= 0 else { return "the child's input is closed" }
    return FileIO.posix.writeAll(inputFD, raw)
  }

  /// Bytes the child's stdin pipe holds before a writer blocks (Linux's
  /// F_GETPIPE_SZ), or nil when there is no pipe or the system cannot say.
  public var inputPipeCapacity: Int? {
    guard inputFD >= 0 else { return nil }
    // why: F_GETPIPE_SZ (1032) is Linux's; Glibc's headers do not export it to Swift
    let size = fcntl(inputFD, 1032)
    return size > 0 ? Int(size) : nil
  }

  /// Whether `spliceInput` can hand pages to the pipe on this system.
  public static var canSpliceInput: Bool { PipeSplice.isAvailable }

  /// Like `writeInput`, but hands the pages of `raw` to the pipe instead of
  /// copying them (vmsplice): the child reads straight from the caller's
  /// memory. The caller must not change those bytes until the child has
  /// read them — which is certain once more than `inputPipeCapacity` bytes
  /// have been passed after them, the pipe never holding more.
  /// Returns nil on success, else the reason.
  public func spliceInput(_ raw: UnsafeRawBufferPointer) -> String? {
    guard inputFD >= 0 else { return "the child's input is closed" }
    return PipeSplice.spliceAll(inputFD, raw)
  }

  /// Closes our end of the stdin pipe (the child sees end of input). Idempotent.
  public func closeInput() {
    if inputFD >= 0 {
      close(inputFD)
      inputFD = -1
    }
  }

  static func decode(_ raw: Int32) -> Int32 {
    raw & 0x7F == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
  }

  private func record(_ code: Int32) -> Int32 {
    lock.lock()
    status = code
    lock.unlock()
    ChildProcess.liveLock.lock()
    ChildProcess.live[pid] = nil
    ChildProcess.liveLock.unlock()
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

  /// The last `bytes` of captured stderr, trimmed ("" when not captured).
  public func errorTail(bytes: Int = 2048) -> String {
    guard let p = errPath, let data = FileManager.default.contents(atPath: p), !data.isEmpty
    else { return "" }
    return String(decoding: data.suffix(bytes), as: UTF8.self).trimmingCharacters(
      in: .whitespacesAndNewlines)
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
    for p in [outPath, errPath].compactMap({ $0 }) {
      unlink(p)
      InProgressFiles.shared.remove(p)
    }
  }

  /// Captured stdout, then the capture files are removed.
  public func takeOutput() -> String {
    defer { cleanUp() }
    return output
  }

  /// Runs a tool to completion and returns its stdout ("" if it cannot start).
  @discardableResult
  public static func run(_ path: String, _ args: [String], env: [String: String]) -> String {
    guard let c = try? launch(path, args, env: env, captureOutput: true) else { return "" }
    c.wait()
    return c.takeOutput()
  }

  /// Runs a tool to completion: its exit status (nil if it cannot start) and stdout.
  public static func runChecked(_ path: String, _ args: [String], env: [String: String]) -> (
    status: Int32?, output: String
  ) {
    guard let c = try? launch(path, args, env: env, captureOutput: true) else { return (nil, "") }
    let status = c.wait()
    return (status, c.takeOutput())
  }
}
