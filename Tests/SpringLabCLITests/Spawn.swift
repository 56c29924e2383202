import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Child processes for tests via posix_spawn + waitpid: no run loop, no
/// pipes to drain (output goes to files), safe from any thread.
struct Spawned {
  let pid: pid_t
  let outPath: String
  let errPath: String

  /// Starts `path` with `args`; stdout and stderr go to temporary files.
  static func start(_ path: String, _ args: [String], env: [String: String]) throws -> Spawned {
    let tmp = FileManager.default.temporaryDirectory.appendingPathComponent(
      "spawn-\(UUID().uuidString)"
    ).path
    let outPath = tmp + ".out"
    let errPath = tmp + ".err"
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let argv: [UnsafeMutablePointer<CChar>?] = ([path] + args).map { strdup($0) } + [nil]
    let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    // why: test threads block signals and a child inherits the mask; without a
    // reset, Xvfb would ignore SIGTERM and outlive the test
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
    var pid: pid_t = 0
    let rc = posix_spawn(&pid, path, &actions, &attr, argv, envp)
    guard rc == 0 else { throw CLIError("cannot start \(path): \(String(cString: strerror(rc)))") }
    return Spawned(pid: pid, outPath: outPath, errPath: errPath)
  }

  /// Waits for exit; returns the exit status (128 + signal when killed).
  func wait() -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    if status & 0x7F == 0 { return (status >> 8) & 0xFF }
    return 128 + (status & 0x7F)
  }

  /// Exit status if it has exited, else nil.
  func poll() -> Int32? {
    var status: Int32 = 0
    let r = waitpid(pid, &status, WNOHANG)
    guard r == pid else { return nil }
    if status & 0x7F == 0 { return (status >> 8) & 0xFF }
    return 128 + (status & 0x7F)
  }

  func terminate() { kill(pid, SIGTERM) }

  var out: String { (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "" }
  var err: String { (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "" }

  func cleanUp() {
    unlink(outPath)
    unlink(errPath)
  }
}
