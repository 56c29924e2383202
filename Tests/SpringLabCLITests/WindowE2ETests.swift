import Foundation
import Testing

/// The real window under Xvfb, driven by xdotool, checked through its trace.
// why: not serialized: every test starts its own X server (or Chromium with its own
// profile); serialized, the suite's tests queued behind every other test and ended the run
@Suite("Window end to end")
struct WindowE2ETests {
  static func lastLine(_ path: String) -> [String: Any]? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    guard let line = text.split(separator: "\n").last else { return nil }
    return try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
  }

  static func phase(_ line: [String: Any]?) -> String? {
    (line?["fan"] as? [String: Any])?["phase"] as? String
  }

  @Test func clickBloomsEscapeCollapsesAndTheRecordingReplays() throws {
    let x = try XvfbServer()
    let dir = CLIHarness.tempDir()
    let trace = dir.appendingPathComponent("live.jsonl").path
    let record = dir.appendingPathComponent("input.json").path
    var env = ProcessInfo.processInfo.environment
    env["DISPLAY"] = x.display
    env["XDG_CONFIG_HOME"] = dir.appendingPathComponent("config").path
    let app = try Spawned.start(
      CLIHarness.binary,
      [
        CLIHarness.preset("seed-000-fan.json"), "--fresh", "--trace", trace, "--record-input",
        record, "--exit-after", "20",
      ],
      env: env)
    // why: a no-op once the test has reaped it (ChildProcess never signals a reaped pid)
    defer {
      app.stop()
      app.cleanUp()
    }
    let first = try #require(waitFor(10) { Self.lastLine(trace) })
    let wid = try #require(x.springLabWindow())
    let view = first["view"] as! [String: Any]
    let main = (first["fan"] as! [String: Any])["main"] as! [String: Any]
    let scale = view["scale"] as! Double
    let px = Int(((view["x"] as! Double) + (main["x"] as! Double) * scale).rounded())
    let py = Int(((view["y"] as! Double) + (main["y"] as! Double) * scale).rounded())
    try tool(
      "/usr/bin/xdotool", ["mousemove", "--window", wid, "\(px)", "\(py)", "click", "1"],
      display: x.display)
    let opened = waitFor(5) { Self.phase(Self.lastLine(trace)) == "expanded" ? true : nil }
    #expect(opened == true, "fan did not expand; last: \(String(describing: Self.lastLine(trace)))")
    try tool("/usr/bin/xdotool", ["windowfocus", "--sync", wid], display: x.display)
    try tool("/usr/bin/xdotool", ["key", "--window", wid, "Escape"], display: x.display)
    let closed = waitFor(5) { Self.phase(Self.lastLine(trace)) == "collapsed" ? true : nil }
    #expect(closed == true, "Escape did not collapse")
    // why: Q quits at once (nothing to save); no waiting for --exit-after
    try tool("/usr/bin/xdotool", ["key", "--window", wid, "q"], display: x.display)
    #expect(app.wait() == 0, "\(app.err)")
    let live = try #require(Self.lastLine(trace))
    let end = try #require(live["t"] as? Double)
    // the recording replays headless to the same resting state
    let replayTrace = dir.appendingPathComponent("replay.jsonl").path
    let r = try CLIHarness.run([
      "render", "--preset", CLIHarness.preset("seed-000-fan.json"), "--script", record, "--out",
      dir.appendingPathComponent("end.png").path, "--at", "\(end)", "--trace", replayTrace,
    ])
    #expect(r.code == 0, "\(r.err)")
    let replay = try #require(Self.lastLine(replayTrace))
    let script = try String(contentsOfFile: record, encoding: .utf8)
    #expect(script.contains("\"down\""))
    #expect(script.contains("\"key\": \"escape\"") || script.contains("\"key\":\"escape\""))
    #expect(Self.phase(replay) == Self.phase(live))
    let liveItems = (live["fan"] as! [String: Any])["items"] as! [[String: Any]]
    let replayItems = (replay["fan"] as! [String: Any])["items"] as! [[String: Any]]
    #expect(liveItems.count == replayItems.count)
    for (a, b) in zip(liveItems, replayItems) {
      #expect(abs((a["x"] as! Double) - (b["x"] as! Double)) < 0.01)
      #expect(abs((a["y"] as! Double) - (b["y"] as! Double)) < 0.01)
      #expect(a["alpha"] as? Double == b["alpha"] as? Double)
    }
    let lb = live["bubble"] as! [String: Any]
    let rb = replay["bubble"] as! [String: Any]
    #expect(lb["x"] as? Double == rb["x"] as? Double)
    #expect(lb["y"] as? Double == rb["y"] as? Double)
  }

  /// F12's screenshot and `--record-input` go through the single output
  /// writer: a complete PNG, a recording written through a symlink into the
  /// file it names (keeping its permission bits), no temporary file left.
  @Test func screenshotsAndRecordingsGoThroughTheOutputWriter() throws {
    let x = try XvfbServer()
    let dir = CLIHarness.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let trace = dir.appendingPathComponent("live.jsonl").path
    let real = dir.appendingPathComponent("real-input.json").path
    try Data("old\n".utf8).write(to: URL(fileURLWithPath: real))
    #expect(chmod(real, 0o600) == 0)
    let link = dir.appendingPathComponent("input.json").path
    #expect(symlink("real-input.json", link) == 0)
    var env = ProcessInfo.processInfo.environment
    env["DISPLAY"] = x.display
    env["XDG_CONFIG_HOME"] = dir.appendingPathComponent("config").path
    env["XDG_DATA_HOME"] = dir.appendingPathComponent("data").path
    let app = try Spawned.start(
      CLIHarness.binary,
      [
        CLIHarness.preset("seed-000-fan.json"), "--fresh", "--trace", trace, "--record-input",
        link, "--exit-after", "20",
      ],
      env: env)
    defer {
      app.stop()
      app.cleanUp()
    }
    _ = try #require(waitFor(10) { Self.lastLine(trace) })
    let wid = try #require(x.springLabWindow())
    try tool("/usr/bin/xdotool", ["windowfocus", "--sync", wid], display: x.display)
    try tool("/usr/bin/xdotool", ["key", "--window", wid, "F12"], display: x.display)
    let shots = dir.appendingPathComponent("data/springlab/screenshots").path
    let png = waitFor(10) { () -> String? in
      let names = (try? FileManager.default.contentsOfDirectory(atPath: shots)) ?? []
      return names.first { $0.hasSuffix(".png") }
    }
    let name = try #require(png, "no screenshot in \(shots)")
    try tool("/usr/bin/xdotool", ["key", "--window", wid, "q"], display: x.display)
    #expect(app.wait() == 0, "\(app.err)")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: shots + "/" + name))
    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    #expect(
      bytes.suffix(8) == Data([0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]),
      "the PNG ends with its IEND chunk")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: shots).filter {
      $0.contains(".tmp-")
    }
    #expect(leftovers.isEmpty, "\(leftovers)")
    let attrs = try FileManager.default.attributesOfItem(atPath: link)
    #expect(attrs[.type] as? FileAttributeType == .typeSymbolicLink, "the link stays a link")
    let script = try String(contentsOfFile: real, encoding: .utf8)
    #expect(script.contains("\"events\""), "the recording landed in the linked file: \(script)")
    var st = stat()
    #expect(stat(real, &st) == 0 && st.st_mode & 0o7777 == 0o600)
    let stray = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter {
      $0.contains(".tmp-")
    }
    #expect(stray.isEmpty, "\(stray)")
  }

  /// `--play SCRIPT --pause-at T` puts the real window into an exact state:
  /// its last traced frame is the headless render's frame at T. (The
  /// keyboard story that used to run here with sleeps is now in-process:
  /// StudioKeyboardStoryTests.)
  @Test func playPausesTheWindowInAnExactState() throws {
    let x = try XvfbServer()
    let dir = CLIHarness.tempDir()
    let script = dir.appendingPathComponent("play.json").path
    try #"{"duration": 2, "events": [{"at": 0.2, "key": "space"}, {"at": 0.9, "tap": "bubble"}]}"#
      .write(toFile: script, atomically: true, encoding: .utf8)
    var env = ProcessInfo.processInfo.environment
    env["DISPLAY"] = x.display
    env["XDG_CONFIG_HOME"] = dir.appendingPathComponent("config").path
    env["XDG_DATA_HOME"] = dir.appendingPathComponent("data").path
    let trace = dir.appendingPathComponent("live.jsonl").path
    let preset = CLIHarness.preset("seed-000-fan.json")
    let app = try Spawned.start(
      CLIHarness.binary,
      [
        preset, "--fresh", "--play", script, "--pause-at", "0.35", "--trace", trace, "--exit-after",
        "2",
      ],
      env: env)
    defer {
      app.stop()
      app.cleanUp()
    }
    #expect(app.wait() == 0, "\(app.err)")
    let live = try #require(Self.lastLine(trace))
    let replayTrace = dir.appendingPathComponent("replay.jsonl").path
    let r = try CLIHarness.run([
      "render", "--preset", preset, "--script", script, "--out",
      dir.appendingPathComponent("at.png").path, "--at", "0.35", "--trace", replayTrace,
    ])
    #expect(r.code == 0, "\(r.err)")
    let replay = try #require(Self.lastLine(replayTrace))
    #expect(
      Self.phase(live) == "expanding", "paused mid-bloom: \(String(describing: Self.phase(live)))")
    #expect(Self.phase(live) == Self.phase(replay))
    let liveItems = (live["fan"] as! [String: Any])["items"] as! [[String: Any]]
    let replayItems = (replay["fan"] as! [String: Any])["items"] as! [[String: Any]]
    #expect(liveItems.count == replayItems.count)
    for (a, b) in zip(liveItems, replayItems) {
      #expect(abs((a["x"] as! Double) - (b["x"] as! Double)) < 0.01)
      #expect(abs((a["y"] as! Double) - (b["y"] as! Double)) < 0.01)
    }
  }

  /// SIGTERM (a logout, `kill`) ends the session at once without asking, and
  /// unsaved changes survive as the preset's recovery copy.
  @Test func aSignalEndsTheSessionKeepingARecoveryCopy() throws {
    let x = try XvfbServer()
    let dir = CLIHarness.tempDir()
    let preset = dir.appendingPathComponent("mine.json").path
    try FileManager.default.copyItem(atPath: CLIHarness.preset("seed-000-fan.json"), toPath: preset)
    let original = try Data(contentsOf: URL(fileURLWithPath: preset))
    let script = dir.appendingPathComponent("edit.json").path
    try #"{"duration": 30, "events": [{"at": 0.05, "set": {"fan.radius": 150}}]}"#
      .write(toFile: script, atomically: true, encoding: .utf8)
    var env = ProcessInfo.processInfo.environment
    env["DISPLAY"] = x.display
    let config = dir.appendingPathComponent("config")
    env["XDG_CONFIG_HOME"] = config.path
    env["XDG_DATA_HOME"] = dir.appendingPathComponent("data").path
    let trace = dir.appendingPathComponent("t.jsonl").path
    let app = try Spawned.start(
      CLIHarness.binary, [preset, "--play", script, "--trace", trace, "--exit-after", "30"],
      env: env)
    defer {
      app.stop()
      app.cleanUp()
    }
    _ = try #require(waitFor(10) { Self.lastLine(trace) })
    usleep(300_000)
    kill(app.pid, SIGTERM)
    let ended = waitFor(5) { app.poll() }
    #expect(
      ended == 128 + SIGTERM,
      "SIGTERM ends the window cleanly within seconds, as 143: \(String(describing: ended))")
    let folder = config.appendingPathComponent("springlab/recovery").path
    let copies = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    #expect(copies.count == 1 && copies.first?.hasPrefix("mine-") == true, "\(copies)")
    if let c = copies.first {
      let text = try String(contentsOfFile: folder + "/" + c, encoding: .utf8)
      #expect(text.contains("\"radius\": 150"), "the copy holds the unsaved change")
    }
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: preset)) == original,
      "the preset itself is untouched")
  }

  /// A remembered preset path that became a FIFO is skipped at once.
  @Test func aRememberedPresetThatIsAFIFONeverFreezesTheLaunch() throws {
    let x = try XvfbServer()
    let dir = CLIHarness.tempDir()
    let fifo = dir.appendingPathComponent("gone.json").path
    #expect(mkfifo(fifo, 0o644) == 0)
    let config = dir.appendingPathComponent("config/springlab")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    try #"{"panelVisible": true, "presetPath": "\#(fifo)"}"#
      .write(to: config.appendingPathComponent("state.json"), atomically: true, encoding: .utf8)
    var env = ProcessInfo.processInfo.environment
    env["DISPLAY"] = x.display
    env["XDG_CONFIG_HOME"] = dir.appendingPathComponent("config").path
    env["XDG_DATA_HOME"] = dir.appendingPathComponent("data").path
    let app = try Spawned.start(CLIHarness.binary, ["--exit-after", "1"], env: env)
    defer {
      app.stop()
      app.cleanUp()
    }
    let code = waitFor(15) { app.poll() }
    #expect(
      code == 0, "the window opened and closed on its own: \(String(describing: code)) \(app.err)")
  }

  @Test func playNeedsAReadableScriptAndPauseAtNeedsPlay() throws {
    let dir = CLIHarness.tempDir()
    let env = ["XDG_CONFIG_HOME": dir.path]
    let missing = try CLIHarness.run(
      ["--play", dir.appendingPathComponent("none.json").path], env: env)
    #expect(missing.code == 3, "\(missing.err)")
    #expect(missing.err.contains("none.json"))
    let alone = try CLIHarness.run(["--pause-at", "1"], env: env)
    #expect(alone.code == 2)
    #expect(alone.err.contains("--pause-at needs --play"))
  }

  @Test func keysPrintsTheTableInTheGuide() throws {
    let r = try CLIHarness.run(["keys"])
    #expect(r.code == 0)
    let guide = try String(
      contentsOf: CLIHarness.root.appendingPathComponent("docs/GUIDE.md"), encoding: .utf8)
    #expect(r.out.hasPrefix("| Key | Action |"))
    #expect(guide.contains(r.out), "docs/GUIDE.md's key table is `springlab keys`' output")
  }

  @Test func noDisplayIsExit4WithAHint() throws {
    let r = try CLIHarness.run(
      ["--fresh", "--exit-after", "1"], env: ["XDG_CONFIG_HOME": CLIHarness.tempDir().path])
    #expect(r.code == 4)
    #expect(r.err.contains("springlab render"))
  }
}
