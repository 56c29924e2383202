import Foundation
import SpringLabCommands
import SpringLabCore
import SpringLabPlatform

#if canImport(Glibc)
  import Glibc
#endif

/// The bench's children (Xvfb, the window, xdotool).
typealias BenchChild = ChildProcess

extension ChildProcess {
  static func start(_ path: String, _ args: [String], env: [String: String], capture: Bool = false)
    -> ChildProcess?
  {
    try? launch(path, args, env: env, captureOutput: capture)
  }
}

/// Reads a process's CPU time and memory from /proc (Linux).
enum ProcStat {
  /// User + system CPU seconds used so far by `pid`, or nil.
  static func cpuSeconds(_ pid: pid_t) -> Double? {
    guard let s = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = s.lastIndex(of: ")")
    else { return nil }
    // why: the command name (field 2) may contain spaces; fields after ")" start at 3
    let f = s[s.index(after: close)...].split(separator: " ")
    guard f.count > 12, let u = Double(f[11]), let k = Double(f[12]) else { return nil }
    return (u + k) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  /// Resident set size of `pid` ("self" for this process) in bytes, from statm.
  static func rssBytes(_ pid: String = "self") -> Int? {
    guard let s = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8) else {
      return nil
    }
    let f = s.split(separator: " ")
    guard f.count > 1, let pages = Int(f[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}

/// The real window under Xvfb: idle CPU, CPU and frame intervals while the
/// fan toggles, launch to first frame.
enum BenchWindow {
  static let names: [(String, String)] =
    [
      ("window.launchToFirstFrame.ms", "ms"), ("window.idle.cpuPercent", "% of one core"),
      ("window.toggle.cpuPercent", "% of one core"), ("window.toggle.frameIntervalP50.ms", "ms"),
      ("window.toggle.frameIntervalP99.ms", "ms"), ("window.toggle.frames", "frames"),
      ("window.toggle.cpuPerFrameP50.ms", "ms"), ("window.toggle.cpuPerFrameP99.ms", "ms"),
      ("window.toggle.xvfbCpuPerFrame.ms", "ms"),
    ] + BenchLatency.names

  static func skippedAll(_ why: String) -> [BenchResult] {
    names.map { .skipped($0.0, unit: $0.1, why) }
  }

  /// An executable named `tool` in PATH (or /usr/bin), or nil.
  static func which(_ tool: String) -> String? {
    let dirs =
      (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + [
        "/usr/bin"
      ]
    return dirs.map { $0 + "/" + tool }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Starts a private Xvfb; returns it with its display name.
  static func startXvfb(_ path: String) -> (BenchChild, String)? {
    var n = 200 + Int(getpid() % 300)
    while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)")
      || FileManager.default.fileExists(atPath: "/tmp/.X\(n)-lock")
    {
      n += 1
    }
    guard
      let x = BenchChild.start(
        path, [":\(n)", "-screen", "0", "1600x1000x24", "-nolisten", "tcp", "-noreset"],
        env: ProcessInfo.processInfo.environment)
    else { return nil }
    for _ in 0..<200 {
      if FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)") { return (x, ":\(n)") }
      usleep(25_000)
    }
    x.stop()
    return nil
  }

  static func all(_ o: BenchOptions) -> [BenchResult] {
    var env = ProcessInfo.processInfo.environment
    var xvfb: BenchChild?
    if (env["DISPLAY"] ?? "").isEmpty {
      guard let path = which("Xvfb") else { return skippedAll("skipped: no Xvfb") }
      guard let (x, display) = startXvfb(path) else {
        return skippedAll("skipped: Xvfb did not start")
      }
      xvfb = x
      env["DISPLAY"] = display
    }
    defer { xvfb?.stop() }
    env["WAYLAND_DISPLAY"] = nil
    return measure(o, env: env)
  }

  /// The lines of a trace file written so far.
  static func traceLines(_ path: String) -> [[String: Any]] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  static func measure(_ o: BenchOptions, env baseEnv: [String: String]) -> [BenchResult] {
    // why: the bench runs as `springlab-bench`; the window it measures is the `springlab` beside it
    let exe = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent().appendingPathComponent("springlab").path
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "springlab-benchwin-\(getpid())")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    var env = baseEnv
    // why: a private config folder so remembered state neither helps nor leaks
    env["XDG_CONFIG_HOME"] = dir.appendingPathComponent("config").path
    let preset = Bench.presetsFolder().map { [$0 + "/seed-000-fan.json"] } ?? []
    var out: [BenchResult] = []
    // launch to first frame: the wall time from posix_spawn until the trace has a line
    var launches: [Double] = []
    for k in 0..<o.slowRuns {
      let trace = dir.appendingPathComponent("launch-\(k).jsonl").path
      let t0 = Bench.seconds()
      guard
        let app = BenchChild.start(
          exe, preset + ["--fresh", "--trace", trace, "--exit-after", "20"], env: env)
      else { return skippedAll("skipped: cannot start \(exe)") }
      var first: Double?
      while Bench.seconds() - t0 < 15 {
        var st = stat()
        if stat(trace, &st) == 0, st.st_size > 0 {
          first = Bench.seconds() - t0
          break
        }
        var status: Int32 = 0
        if waitpid(app.pid, &status, WNOHANG) == app.pid { break }
        usleep(1_000)
      }
      app.stop()
      guard let f = first else {
        return skippedAll("skipped: the window drew no frame (no display?)")
      }
      launches.append(f * 1000)
    }
    out.append(
      BenchResult(
        name: "window.launchToFirstFrame.ms", value: Bench.middle(launches), unit: "ms",
        note: "±1 ms polling, the window process"))
    // one session: settle, idle, then toggle the fan with Space
    let idle = o.quick ? 1.0 : 10.0
    let toggleSeconds = o.quick ? 1.5 : 10.0
    let trace = dir.appendingPathComponent("session.jsonl").path
    let cpuLog = dir.appendingPathComponent("cpu.log").path
    let inputLog = dir.appendingPathComponent("input.log").path
    var sessionEnv = env
    sessionEnv["SPRINGLAB_FRAME_CPU_LOG"] = cpuLog
    sessionEnv["SPRINGLAB_INPUT_LOG"] = inputLog
    guard
      let app = BenchChild.start(
        exe, preset + ["--fresh", "--trace", trace, "--exit-after", "120"], env: sessionEnv)
    else {
      return out + skippedAll("skipped: cannot start \(exe)").dropFirst()
    }
    defer { app.stop() }
    // why: let start-up work (font loading, first frames) finish before measuring idle
    usleep(UInt32(o.quick ? 500_000 : 1_500_000))
    guard let c0 = ProcStat.cpuSeconds(app.pid) else {
      return out + skippedAll("skipped: the window exited early").dropFirst()
    }
    usleep(UInt32(idle * 1e6))
    guard let c1 = ProcStat.cpuSeconds(app.pid) else {
      return out + skippedAll("skipped: the window exited early").dropFirst()
    }
    out.append(
      BenchResult(
        name: "window.idle.cpuPercent", value: (c1 - c0) / idle * 100, unit: "% of one core",
        note: "\(Int(idle)) s, the window process, all threads"))
    guard let xdotool = which("xdotool") else {
      return out + names.dropFirst(2).map { .skipped($0.0, unit: $0.1, "skipped: no xdotool") }
    }
    let wid =
      BenchChild.run(xdotool, ["search", "--name", "SpringLab"], env: env).split(separator: "\n")
      .first.map(String.init)
    guard let w = wid else {
      return out
        + names.dropFirst(2).map { .skipped($0.0, unit: $0.1, "skipped: window not found") }
    }
    _ = BenchChild.run(xdotool, ["windowfocus", "--sync", w], env: env)
    let before = traceLines(trace).count
    let xvfbPid = Self.xvfbPid(display: env["DISPLAY"] ?? "")
    let x0 = xvfbPid.flatMap { ProcStat.cpuSeconds($0) }
    // why: 0.7 s apart, each expand (0.58 s) or collapse (0.37 s) ends before the next press
    let presses = max(2, Int(toggleSeconds / 0.7))
    let k0 = ProcStat.cpuSeconds(app.pid) ?? 0
    let t0 = Bench.seconds()
    _ = BenchChild.run(
      xdotool, ["key", "--delay", "700"] + Array(repeating: "space", count: presses), env: env)
    usleep(700_000)
    let elapsed = Bench.seconds() - t0
    let k1 = ProcStat.cpuSeconds(app.pid) ?? k0
    let x1 = xvfbPid.flatMap { ProcStat.cpuSeconds($0) }
    out.append(
      BenchResult(
        name: "window.toggle.cpuPercent", value: (k1 - k0) / elapsed * 100, unit: "% of one core",
        note:
          "\(presses) toggles over \(String(format: "%.1f", elapsed)) s, the window process, all threads"
      ))
    let lines = Array(traceLines(trace).dropFirst(before))
    var intervals: [Double] = []
    for (a, b) in zip(lines, lines.dropFirst()) {
      let phase = (a["fan"] as? [String: Any])?["phase"] as? String
      // why: the window sleeps when nothing moves; only gaps after a moving frame are frame times
      guard phase == "expanding" || phase == "collapsing", let ta = a["t"] as? Double,
        let tb = b["t"] as? Double
      else { continue }
      intervals.append((tb - ta) * 1000)
    }
    if intervals.isEmpty {
      // why: only the interval figures; the ones after are measured (or skipped) below
      out += names.dropFirst(3).prefix(3).map {
        .skipped($0.0, unit: $0.1, "skipped: no animated frames (Space did not reach the window)")
      }
    } else {
      out.append(
        BenchResult(
          name: "window.toggle.frameIntervalP50.ms", value: Bench.quantile(intervals, 0.5),
          unit: "ms", note: "the window's main thread paces frames"))
      out.append(
        BenchResult(
          name: "window.toggle.frameIntervalP99.ms", value: Bench.quantile(intervals, 0.99),
          unit: "ms", note: "the window's main thread paces frames"))
      out.append(
        BenchResult(name: "window.toggle.frames", value: Double(intervals.count), unit: "frames"))
    }
    out += cpuPerFrame(trace: trace, cpuLog: cpuLog, from: before)
    if let x0, let x1, !intervals.isEmpty {
      out.append(
        BenchResult(
          name: "window.toggle.xvfbCpuPerFrame.ms",
          value: (x1 - x0) * 1000 / Double(lines.count), unit: "ms",
          note: "the X server's CPU while toggling / frames drawn (10 ms ticks)"))
    } else {
      out.append(
        .skipped(
          "window.toggle.xvfbCpuPerFrame.ms", unit: "ms",
          "skipped: the X server is not ours (DISPLAY was set)"))
    }
    // why: after the toggles' figures are read, so these clicks are not counted as toggles
    let shown = (try? preset.first.map { try PresetReader.load(path: $0) }) ?? nil
    out += BenchLatency.measure(
      o, xdotool: xdotool, wid: w, env: env, preset: shown ?? .seedDefault,
      first: traceLines(trace).first, log: inputLog)
    return out
  }

  /// Process CPU per animated frame (p50, p99), from the window's own
  /// per-present CPU log matched line by line with its trace: frame k's cost
  /// is the process CPU time between present k−1 and present k, everything
  /// the loop did for it (events, panel, scene, rasterising, presenting),
  /// except what it did while idle in between (waiting for the key that
  /// starts a motion, seconds of housekeeping; `window.idle.cpuPercent`).
  static func cpuPerFrame(trace: String, cpuLog: String, from start: Int) -> [BenchResult] {
    let lines = traceLines(trace)
    let costs = frameCosts(
      cpuLog: (try? String(contentsOfFile: cpuLog, encoding: .utf8)) ?? "",
      count: lines.count
    ) { k in
      let phase = (lines[k]["fan"] as? [String: Any])?["phase"] as? String
      return k >= start && (phase == "expanding" || phase == "collapsing")
    }
    guard let p50 = Bench.quantile(costs, 0.5), let p99 = Bench.quantile(costs, 0.99) else {
      return [
        .skipped("window.toggle.cpuPerFrameP50.ms", unit: "ms", "skipped: no animated frames"),
        .skipped("window.toggle.cpuPerFrameP99.ms", unit: "ms", "skipped: no animated frames"),
      ]
    }
    let note = "process CPU time per animated frame, \(costs.count) frames, all threads"
    return [
      BenchResult(name: "window.toggle.cpuPerFrameP50.ms", value: p50, unit: "ms", note: note),
      BenchResult(name: "window.toggle.cpuPerFrameP99.ms", value: p99, unit: "ms", note: note),
    ]
  }

  /// Each counted frame's CPU cost in ms from the window's CPU log (lines
  /// "CPU-seconds pixels idle-CPU-seconds"; an older two-column log counts
  /// from the previous present): frame k's cost starts at present k−1 or at
  /// the window's last idle moment before frame k, whichever is later.
  static func frameCosts(cpuLog: String, count: Int, counted: (Int) -> Bool) -> [Double] {
    let rows = cpuLog.split(separator: "\n").compactMap { line -> (cpu: Double, idle: Double)? in
      let f = line.split(separator: " ")
      guard let c = f.first.flatMap({ Double($0) }) else { return nil }
      return (c, f.count > 2 ? Double(f[2]) ?? 0 : 0)
    }
    var costs: [Double] = []
    for k in 1..<max(1, min(count, rows.count)) where counted(k) {
      costs.append((rows[k].cpu - max(rows[k - 1].cpu, rows[k].idle)) * 1000)
    }
    return costs
  }

  /// The pid of the Xvfb serving `display` (":N"), from /proc, or nil.
  static func xvfbPid(display: String) -> pid_t? {
    guard let procs = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else {
      return nil
    }
    for p in procs {
      guard let pid = pid_t(p),
        let cmd = try? String(contentsOfFile: "/proc/\(p)/cmdline", encoding: .utf8)
      else { continue }
      let args = cmd.split(separator: "\0").map(String.init)
      if args.first?.hasSuffix("Xvfb") == true, args.dropFirst().first == display { return pid }
    }
    return nil
  }
}
