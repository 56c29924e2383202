import Foundation
import SpringLabCore
import SpringLabPlatform
import Testing

/// Long runs are opt-in: `SPRINGLAB_LONG_TESTS=1 swift test …` (see docs/TESTING.md, "Reliability").
private let longTests = ProcessInfo.processInfo.environment["SPRINGLAB_LONG_TESTS"] == "1"

/// Monotonic seconds.
private func monoSeconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

/// Resident set size of a process in KiB (from /proc/PID/statm), or nil when it is gone.
private func rssKiB(_ pid: pid_t) -> Int? {
  guard let s = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8) else {
    return nil
  }
  let f = s.split(separator: " ")
  guard f.count > 1, let pages = Int(f[1]) else { return nil }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
}

/// A tmpfs mounted for one test (root only); nil when mounting is not allowed here.
private final class TinyFS {
  let path: String
  init?(options: String) {
    path = CLIHarness.tempDir().path
    guard
      let mount = ["/usr/bin/mount", "/bin/mount"].first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      }),
      let c = try? Spawned.start(mount, ["-t", "tmpfs", "-o", options, "tmpfs", path], env: [:])
    else { return nil }
    defer { c.cleanUp() }
    guard c.wait() == 0 else { return nil }
  }
  func remountReadOnly() -> Bool {
    guard let c = try? Spawned.start("/usr/bin/mount", ["-o", "remount,ro", path], env: [:]) else {
      return false
    }
    defer { c.cleanUp() }
    return c.wait() == 0
  }
  deinit {
    if let c = try? Spawned.start("/usr/bin/umount", [path], env: [:]) {
      _ = c.wait()
      c.cleanUp()
    }
    try? FileManager.default.removeItem(atPath: path)
  }
}

// why: not serialized: the bench asserts no timing, the soak and the kill
// loop have their own folders and displays; one after another they were the
// test run's longest chain (50 s)
@Suite("Hardening: bench, kill during save, faults, window soak")
struct HardeningCLITests {
  static let benchKeys = [
    "spring.closedForm.nsPerFrame", "spring.rk4_1ms.nsPerFrame",
    "spring.closedForm.maxErrorPercent",
    "spring.rk4_1ms.maxErrorPercent", "scene.seed-000-fan.stepMicros",
    "scene.seed-002-bubble.stepMicros",
    "scene.seed-003-sequential.stepMicros", "scene.seed-004-ring.stepMicros",
    "floating.100.stepMicros",
    "floating.1000.stepMicros", "floating.10000.stepMicros", "floating.growth.100to1000",
    "floating.growth.1000to10000", "render.1280x720.panel.fps", "render.1920x1080.panel.fps",
    "export.mp4.seconds",
    "export.mp4.ffmpegAlone.seconds", "export.mp4.ratio", "export.gif.seconds",
    "export.gif.ffmpegAlone.seconds",
    "export.gif.ratio", "window.launchToFirstFrame.ms", "window.idle.cpuPercent",
    "window.toggle.cpuPercent",
    "window.toggle.frameIntervalP50.ms", "window.toggle.frameIntervalP99.ms",
    "fit.1080p60.3s.seconds", "fit.1080p60.3s.ratio", "fit.1080p60.3s.decodeSeconds",
    "fit.backdrop.1080p60.3s.decodeSeconds", "fit.backdrop.1080p60.3s.MiB",
    "fit.backdrop.1080p60.3s.fitSeconds", "fit.menu.1080p60.3s.seconds",
    "fit.menu.1080p60.3s.ratio", "fit.menu.phone60.2s.seconds", "fit.menu.phone60.2s.ratio",
    "fit.rotation.1080p60.3s.seconds", "fit.rotation.1080p60.3s.ratio",
  ]

  @Test func benchJSONNamesEveryFigure() throws {
    // no timing is asserted: only that every named figure is there, measured or skipped with a reason
    let r = try CLIHarness.run(["bench", "--json", "--quick"])
    #expect(r.code == 0, "\(r.err)")
    let obj = try #require(
      try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    for k in Self.benchKeys {
      let fig = obj[k] as? [String: Any]
      #expect(fig != nil, "missing \(k)")
      #expect(fig?["unit"] is String, "\(k) has no unit")
      if fig?["value"] is NSNull {
        let note = fig?["note"] as? String ?? ""
        #expect(
          note.hasPrefix("skipped") || note.hasPrefix("failed"), "\(k): null without a reason")
      } else {
        #expect(fig?["value"] is NSNumber, "\(k): \(String(describing: fig?["value"]))")
      }
    }
    let table = try CLIHarness.run(["bench", "--quick"])
    #expect(table.code == 0)
    #expect(table.out.contains("floating.growth.1000to10000"))
  }

  /// The two versions `springlab-test-support save-loop` writes alternately.
  static func loopVersions() -> [Preset] {
    var a = Preset.seedDefault
    a.name = "Loop A"
    a.fan.radius = 100
    var b = Preset.seedDefault
    b.name = "Loop B"
    b.fan.radius = 140
    return [a, b]
  }

  @Test func killedDuringSaveTheFileIsAlwaysTheOldOrTheNewVersion() throws {
    let n = longTests ? 1_000 : 100
    let dir = CLIHarness.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let f = dir.appendingPathComponent("p.json").path
    let versions = Self.loopVersions()
    try PresetWriter.save(versions[0], to: f)
    var rng = SystemRandomNumberGenerator()
    var seen = [0, 0]
    for k in 0..<n {
      let child = try Spawned.start(
        CLIHarness.testSupport, ["save-loop", f], env: ProcessInfo.processInfo.environment)
      defer { child.cleanUp() }
      let ready = waitFor(10) { child.out.contains("ready") ? true : nil }
      #expect(ready == true, "kill \(k): the save loop never started: \(child.err)")
      // why: a random moment inside the loop: mid-write, mid-fsync, mid-rename or between saves
      usleep(UInt32.random(in: 0...20_000, using: &rng))
      kill(child.pid, SIGKILL)
      #expect(child.wait() == 128 + SIGKILL)
      do {
        let p = try PresetReader.load(path: f)
        if let i = versions.firstIndex(of: p) {
          seen[i] += 1
        } else {
          Issue.record("kill \(k): a third version: \(p.name)")
        }
      } catch {
        Issue.record("kill \(k): the file does not load: \(error)")
      }
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
    let strays = names.filter { $0.contains(".tmp-") }
    print(
      "kill during save: \(n) SIGKILLs; old/new seen \(seen[0])/\(seen[1]); \(strays.count) stray temp files left"
    )
    // why: the window lists presets/*.json; a stray temp file must never look like a preset
    #expect(names.filter { $0.hasSuffix(".json") } == ["p.json"])
    #expect(strays.allSatisfy { $0.hasPrefix(".p.json.tmp-") }, "\(strays)")
    #expect(seen[0] > 0 && seen[1] > 0, "kills landed on both versions")
    // the next successful save sweeps away what the killed ones left
    let r = try CLIHarness.runTestSupport(["save-loop", f, "--count", "1"])
    #expect(r.code == 0, "\(r.err)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["p.json"])
  }

  // MARK: faults

  @Test func noFontIsExit4NamingTheFix() throws {
    let dir = CLIHarness.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let png = dir.appendingPathComponent("x.png").path
    let r = try CLIHarness.run(["render", "--out", png], env: ["SPRINGLAB_FONT": "/nonexistent"])
    #expect(r.code == 4, "\(r.err)")
    #expect(
      r.err.contains("no font") && r.err.contains("SPRINGLAB_FONT")
        && r.err.contains("fonts-dejavu-core"))
    #expect(!FileManager.default.fileExists(atPath: png))
    let w = try CLIHarness.run(
      ["--fresh", "--exit-after", "1"],
      env: ["SPRINGLAB_FONT": "/nonexistent", "XDG_CONFIG_HOME": dir.path])
    #expect(w.code == 4, "\(w.err)")
    #expect(w.err.contains("no font"))
  }

  @Test func noFFmpegIsExit4NamingThePackageAndLeavesNoFile() throws {
    let dir = CLIHarness.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    for ext in ["mp4", "gif"] {
      let out = dir.appendingPathComponent("demo.\(ext)").path
      let r = try CLIHarness.run(["render", "--out", out], env: ["PATH": "/nonexistent-bin"])
      #expect(r.code == 4, "\(ext): \(r.err)")
      #expect(r.err.contains("ffmpeg") && r.err.contains("package"), "\(r.err)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
  }

  @Test(
    .enabled(
      if: getuid() != 0 || canMountTmpfs,
      "as root only a read-only mount is read-only, and mounting a tmpfs is not permitted here"))
  func aReadOnlyPresetsFolderFailsTheSaveClearlyAndKeepsTheOriginal() throws {
    // why: root ignores permission bits, so as root the folder is a read-only mount
    let fs = getuid() == 0 ? TinyFS(options: "size=1m") : nil
    let dirPath = fs?.path ?? CLIHarness.tempDir().path
    let f = dirPath + "/p.json"
    try PresetWriter.save(Self.loopVersions()[1], to: f)
    let before = try Data(contentsOf: URL(fileURLWithPath: f))
    if let fs {
      try #require(fs.remountReadOnly(), "cannot remount read-only")
    } else {
      chmod(dirPath, 0o555)
    }
    defer { chmod(dirPath, 0o755) }
    let r = try CLIHarness.runTestSupport(["save-loop", f, "--count", "1"])
    #expect(r.code == 4, "\(r.err)")
    #expect(r.err.contains("\(f): cannot save:"), "\(r.err)")
    #expect(
      r.err.contains("Read-only file system") || r.err.contains("Permission denied"), "\(r.err)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: f)) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dirPath) == ["p.json"])
  }

  @Test(.enabled(if: canMountTmpfs, "needs root and permission to mount a small tmpfs"))
  func aFullDiskFailsTheSaveAndKeepsTheOriginal() throws {
    // a real, tiny filesystem (ENOSPC through FileIO is covered in PresetTests)
    let fs = try #require(TinyFS(options: "size=64k"))
    let f = fs.path + "/p.json"
    try PresetWriter.save(Self.loopVersions()[0], to: f)
    let before = try Data(contentsOf: URL(fileURLWithPath: f))
    // fill every remaining block
    let filler = FileHandle(
      forWritingAtPath: {
        _ = FileManager.default.createFile(atPath: fs.path + "/filler", contents: nil)
        return fs.path + "/filler"
      }())!
    let chunk = Data(repeating: 0x41, count: 1024)
    while (try? filler.write(contentsOf: chunk)) != nil {}
    _ = fs
    try? filler.close()
    let r = try CLIHarness.runTestSupport(["save-loop", f, "--count", "1"])
    #expect(r.code == 4, "\(r.err)")
    #expect(r.err.contains("No space left on device"), "\(r.err)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: f)) == before)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: fs.path).sorted() == ["filler", "p.json"])
    #expect(try PresetReader.load(path: f) == Self.loopVersions()[0])
  }

  @Test func oneGigabyteAndMissingPresetsAreExit3() throws {
    let dir = CLIHarness.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let huge = dir.appendingPathComponent("huge.json").path
    let fd = open(huge, O_WRONLY | O_CREAT, 0o644)
    ftruncate(fd, 1 << 30)
    close(fd)
    let t0 = monoSeconds()
    let r = try CLIHarness.run(["validate", huge])
    print(
      "validate of a 1 GiB sparse file: exit \(r.code) in \(String(format: "%.0f", (monoSeconds() - t0) * 1000)) ms"
    )
    #expect(r.code == 3, "\(r.err)")
    #expect((r.out + r.err).contains("the limit is 1048576 bytes"), "\(r.out)\(r.err)")
    let gone = dir.appendingPathComponent("deleted.json").path
    let v = try CLIHarness.run(["validate", gone])
    #expect(v.code == 3)
    #expect((v.out + v.err).contains("no such file"))
  }

  // MARK: the window under Xvfb

  /// The soak's random input is seeded (docs/TESTING.md: seeds are fixed); set
  /// SPRINGLAB_SEED to replay another run. The seed is printed.
  static let soakSeed: UInt64 =
    ProcessInfo.processInfo.environment["SPRINGLAB_SEED"].flatMap { UInt64($0) } ?? 16

  static let canSoak =
    FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb")
    && FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool")

  /// Random clicks, drags, keys and rotations into the real window; the preset
  /// it was opened with is deleted a second in. Fails when the window exits on
  /// its own, and on memory: RSS above `maxMiB` at any sample, or (when
  /// `growthFrom` is given) growth above 8 MiB from that second to the end.
  func soakWindow(seconds: Double, maxMiB: Int, growthFrom: Double?) throws {
    let x = try XvfbServer()
    let dir = CLIHarness.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let preset = dir.appendingPathComponent("mine.json").path
    try FileManager.default.copyItem(
      atPath: CLIHarness.preset("floating-party.json"), toPath: preset)
    let trace = dir.appendingPathComponent("trace.jsonl").path
    var env = ProcessInfo.processInfo.environment
    env["DISPLAY"] = x.display
    env["XDG_CONFIG_HOME"] = dir.appendingPathComponent("config").path
    env["XDG_DATA_HOME"] = dir.appendingPathComponent("data").path
    // why: random clicks can reach Save as…; run in a scratch folder with its own
    // copy of presets/ so nothing in the repository is ever written
    try FileManager.default.copyItem(
      atPath: CLIHarness.root.appendingPathComponent("presets").path,
      toPath: dir.appendingPathComponent("presets").path)
    let app = try Spawned.start(
      "/usr/bin/env",
      [
        "-C", dir.path, CLIHarness.binary, preset, "--fresh", "--trace", trace, "--exit-after",
        "\(Int(seconds) + 60)",
      ],
      env: env)
    // why: a no-op once the test has reaped it (ChildProcess never signals a reaped pid)
    defer {
      app.stop()
      app.cleanUp()
    }
    // why: a debug build launching while every other suite runs can take long;
    // when no window comes, say what the app printed instead of only "nil"
    guard let wid = x.springLabWindow(waiting: 60) else {
      Issue.record(
        "no SpringLab window on \(x.display) after 60 s; exit \(app.poll().map(String.init) ?? "none yet"); the app said: \(app.errorTail())"
      )
      return
    }
    usleep(1_000_000)
    // the preset file disappears while loaded: the window must not care
    try FileManager.default.removeItem(atPath: preset)
    let rss0 = try #require(rssKiB(app.pid))
    var rng = SplitMix(seed: Self.soakSeed)
    print("window soak: seed \(Self.soakSeed) (SPRINGLAB_SEED=\(Self.soakSeed) replays the input)")
    let keys = ["space", "b", "k", "o", "o", "Escape", "d", "Tab", "question", "1", "2", "5"]
    var actions = 0
    let start = monoSeconds()
    let end = start + seconds
    var rssPeak = rss0
    var rssAtGrowthStart: Int?
    var exitCode: Int32?
    while monoSeconds() < end {
      if let rss = rssKiB(app.pid) {
        rssPeak = max(rssPeak, rss)
        if let g = growthFrom, rssAtGrowthStart == nil, monoSeconds() > start + g {
          rssAtGrowthStart = rss
        }
      }
      let px = Int.random(in: 0..<1280, using: &rng)
      let py = Int.random(in: 0..<800, using: &rng)
      var args: [String]
      switch Int.random(in: 0..<10, using: &rng) {
      case 0..<4: args = ["mousemove", "--window", wid, "\(px)", "\(py)", "click", "1"]
      case 4..<7:
        args = [
          "mousemove", "--window", wid, "\(px)", "\(py)", "mousedown", "1", "mousemove", "--window",
          wid,
          "\(Int.random(in: 0..<1280, using: &rng))", "\(Int.random(in: 0..<800, using: &rng))",
          "mouseup", "1",
        ]
      default: args = ["key", "--window", wid, keys[Int.random(in: 0..<keys.count, using: &rng)]]
      }
      try tool("/usr/bin/xdotool", args, display: x.display)
      actions += 1
      // why: poll() reaps the child; remember the status, a second poll would say nil
      if let code = app.poll() {
        exitCode = code
        break
      }
      usleep(UInt32.random(in: 0...60_000, using: &rng))
    }
    let rss1 = rssKiB(app.pid) ?? 0
    rssPeak = max(rssPeak, rss1)
    let frames =
      (try? String(contentsOfFile: trace, encoding: .utf8))?.split(separator: "\n").count ?? 0
    let growth = rssAtGrowthStart.map { rss1 - $0 }
    print(
      "window soak: \(Int(monoSeconds() - start)) s, \(actions) xdotool actions, \(frames) frames drawn; RSS \(rss0) KiB at start, peak \(rssPeak) KiB, \(rss1) KiB at the end"
        + (growth.map {
          "; \(String(format: "%+.1f", Double($0) / 1024)) MiB from \(Int(growthFrom!)) s to the end"
        } ?? "")
    )
    if let code = exitCode {
      // why: the input never asks to quit (no q, no Ctrl+Q, no window close), so any exit is a failure
      Issue.record(
        "the window exited by itself (status \(code)) after \(actions) actions, seed \(Self.soakSeed): \(app.err)"
      )
    } else {
      app.terminate()
      let code = app.wait()
      // a signal's clean exit is 128 + N (issue 22)
      #expect(code == 128 + SIGTERM, "exit \(code): \(app.err)")
    }
    #expect(!app.err.contains("Fatal error"), "\(app.err)")
    #expect(rssPeak <= maxMiB * 1024, "RSS peaked at \(rssPeak / 1024) MiB (bound \(maxMiB) MiB)")
    if let g = growth {
      #expect(
        g <= 8 * 1024, "RSS grew \(g) KiB from \(Int(growthFrom!)) s to the end (bound 8 MiB)")
    } else if growthFrom != nil {
      Issue.record("no RSS sample at \(Int(growthFrom!)) s: the soak ended early")
    }
    #expect(frames > 0, "no frame traced")
    // the remembered preset no longer exists: the next launch still opens
    let again = try Spawned.start(CLIHarness.binary, ["--exit-after", "1.5"], env: env)
    defer { again.cleanUp() }
    #expect(again.wait() == 0, "\(again.err)")
  }

  @Test(.enabled(if: canSoak, "needs Xvfb and xdotool (make test installs them)"))
  func theWindowSurvivesRandomInput() throws {
    // normal run: 20 s under 300 MiB; long run: 300 s, and at most 8 MiB of growth after 120 s
    if longTests {
      try soakWindow(seconds: 300, maxMiB: 300, growthFrom: 120)
    } else {
      try soakWindow(seconds: 20, maxMiB: 300, growthFrom: nil)
    }
  }
}
