import CSpawn
import Foundation
import SpringLabCore

#if canImport(Glibc)
  import Glibc
#endif

/// The program's one way to start another program (ffmpeg, fc-match, a take's
/// render, test tools): fork and exec with an argument list (never a shell
/// string), the child dying with SpringLab (Linux's parent-death signal); stdin from /dev/null or a pipe the caller writes, stdout and
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

  /// Attempts at starting an executable that is busy being written (10 ms
  /// apart: half a second in all) before "Text file busy" is reported.
  static let busyRetries = 50
  /// One launch at a time (see `launch`).
  private static let spawnLock = NSLock()

  /// Starts `path` with `args` and exactly `env`. Throws when it cannot start.
  /// - Parameter inputPipe: the child's stdin is a pipe whose write end is
  ///   `inputFD` (write with `writeInput`, end with `closeInput`); a write
  ///   after the child has gone fails with EPIPE as long as SIGPIPE is ignored.
  /// - Parameter outputFD: an open descriptor to become the child's stdout
  ///   (a pipe, a device); overrides `captureOutput`.
  /// - Parameter errorFD: an open descriptor to become the child's stderr
  ///   (ours, for a child whose messages are the user's); overrides `captureErrors`.
  public static func launch(
    _ path: String, _ args: [String], env: [String: String], captureOutput: Bool = false,
    captureErrors: Bool = false, inputPipe: Bool = false, outputFD: Int32? = nil,
    errorFD: Int32? = nil
  ) throws -> ChildProcess {
    let base =
      NSTemporaryDirectory() + "springlab-child-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let outPath = captureOutput ? base + ".out" : nil
    let errPath = captureErrors ? base + ".err" : nil
    var pipeFDs: [Int32] = [-1, -1]
    // why: every descriptor opened here is close-on-exec, so no other child
    // (a second encode, Xvfb) inherits one; the spawner dup2s each onto 0-2,
    // which clears the flag for this child's copy only
    var opened: [Int32] = []
    var started = false
    let captures = [outPath, errPath].compactMap { $0 }
    // why: held from the first descriptor made for the child until the
    // parent's copies are closed, so no other launch forks while they are
    // open: a child forked in between kept a copy (close-on-exec only acts at
    // its exec), and a 1 MiB write to a child that had gone then succeeded
    // into the pipe instead of failing with EPIPE (seen as a flaky test)
    spawnLock.lock()
    defer { spawnLock.unlock() }
    defer {
      opened.forEach { close($0) }
      if !started {
        if pipeFDs[1] >= 0 { close(pipeFDs[1]) }
        for p in captures {
          unlink(p)
          InProgressFiles.shared.remove(p)
        }
      }
    }
    func fail(_ code: Int32) -> SaveError {
      SaveError(path: path, reason: "cannot start: \(String(cString: strerror(code)))")
    }
    func open(_ file: String, _ flags: Int32) throws -> Int32 {
      // why: a capture file is made as it is listed, so an exit's clean-up
      // never runs between the two (nil: the program is ending)
      let made: (Int32, Int32)? =
        captures.contains(file)
        ? InProgressFiles.shared.creating(file) {
          (Glibc.open(file, flags | O_CLOEXEC, 0o644), errno)
        }
        : (Glibc.open(file, flags | O_CLOEXEC, 0o644), errno)
      guard let made, made.0 >= 0 else { throw fail(made?.1 ?? EINTR) }
      opened.append(made.0)
      return made.0
    }
    let input: Int32
    if inputPipe {
      guard pipe(&pipeFDs) == 0, fcntl(pipeFDs[1], F_SETFD, FD_CLOEXEC) == 0,
        fcntl(pipeFDs[0], F_SETFD, FD_CLOEXEC) == 0
      else { throw fail(errno) }
      opened.append(pipeFDs[0])
      // why: video frames are megabytes; a 1 MiB pipe (Linux's default maximum)
      // instead of 64 KiB cuts the wake-ups per frame ~16×. Best effort: F_SETPIPE_SZ
      // (1031) is Linux's and Glibc's headers do not export it to Swift
      _ = fcntl(pipeFDs[1], 1031, Int32(1 << 20))
      input = pipeFDs[0]
    } else {
      input = try open("/dev/null", O_RDONLY)
    }
    let output = try outputFD ?? open(outPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC)
    let errors = try errorFD ?? open(errPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC)
    let argv: [UnsafeMutablePointer<CChar>?] = ([path] + args).map { strdup($0) } + [nil]
    let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    // why: not posix_spawn: the child must get SIGKILL as its parent-death
    // signal (set between fork and exec), so it never outlives SpringLab even
    // when SpringLab itself is killed by SIGKILL
    var rc = springlab_spawn(path, argv, envp, input, output, errors, &pid)
    // why: an executable that was just written (a copied binary, a script)
    // can still be open for writing in a child another thread forked but has
    // not yet exec'd; exec then fails with ETXTBSY for that moment only
    var tries = 1
    while rc == ETXTBSY && tries < ChildProcess.busyRetries {
      usleep(10_000)
      tries += 1
      rc = springlab_spawn(path, argv, envp, input, output, errors, &pid)
    }
    guard rc == 0 else { throw fail(rc) }
    started = true
    let child = ChildProcess(pid: pid, outPath: outPath, errPath: errPath, inputFD: pipeFDs[1])
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
