import Foundation
import Testing

/// The real window under Xvfb, driven by xdotool, checked through its trace.
@Suite("Window end to end", .serialized)
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
        record, "--exit-after", "8",
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
    // leave it alone until --exit-after ends the session
    #expect(app.wait() == 0, "\(app.err)")
    let live = try #require(Self.lastLine(trace))
    // the recording replays headless to the same resting state
    let replayTrace = dir.appendingPathComponent("replay.jsonl").path
    let r = try CLIHarness.run([
      "render", "--preset", CLIHarness.preset("seed-000-fan.json"), "--script", record, "--out",
      dir.appendingPathComponent("end.png").path, "--at", "7.9", "--trace", replayTrace,
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

  /// The seed's "dizzy" settings fixed by keyboard in the real window (L
  /// selects the next lint warning's field, Enter types a value), saved, then
  /// undone step by step back to the byte-identical file.
  @Test func designerStoryByKeyboard() throws {
    let x = try XvfbServer()
    let dir = CLIHarness.tempDir()
    let partial = dir.appendingPathComponent("partial.json").path
    try
      #"{"name": "Dizzy", "fan": {"expand": {"damping": 0.55, "stagger": 0.06, "duration": 0.5}}}"#
      .write(toFile: partial, atomically: true, encoding: .utf8)
    let canonical = try CLIHarness.run(["export", "--format", "json", "--preset", partial]).out
    let file = dir.appendingPathComponent("dizzy.json").path
    try canonical.write(toFile: file, atomically: true, encoding: .utf8)
    let original = try Data(contentsOf: URL(fileURLWithPath: file))
    let lint = try CLIHarness.run(["lint", file])
    #expect(lint.code == 1)
    for field in ["fan.expand.damping", "fan.expand.stagger", "fan.expand.duration"] {
      #expect(lint.out.contains(field), "lint should name \(field)")
    }
    var env = ProcessInfo.processInfo.environment
    env["DISPLAY"] = x.display
    env["XDG_CONFIG_HOME"] = dir.appendingPathComponent("config").path
    let trace = dir.appendingPathComponent("t.jsonl").path
    let app = try Spawned.start(
      CLIHarness.binary, [file, "--fresh", "--trace", trace, "--exit-after", "40"], env: env)
    defer {
      app.stop()
      app.cleanUp()
    }
    _ = try #require(waitFor(10) { Self.lastLine(trace) })
    let wid = try #require(x.springLabWindow())
    try tool("/usr/bin/xdotool", ["windowfocus", "--sync", wid], display: x.display)
    func keys(_ k: [String]) throws {
      try tool("/usr/bin/xdotool", ["key", "--delay", "60"] + k, display: x.display)
      usleep(250_000)
    }
    func type(_ text: String) throws {
      try tool("/usr/bin/xdotool", ["type", "--delay", "60", text], display: x.display)
      usleep(250_000)
    }
    for value in ["0.72", "0.045", "0.4"] {
      try keys(["l"])
      try keys(["Return"])
      try type(value)
      try keys(["Return"])
    }
    try keys(["ctrl+s"])
    let fixed = waitFor(5) { () -> Bool? in
      (try? CLIHarness.run(["lint", file]))?.code == 0 ? true : nil
    }
    #expect(fixed == true, "after typing 0.72 / 0.045 / 0.4 and saving, lint is clean")
    let saved =
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file)))
      as! [String: Any]
    let expand = (saved["fan"] as! [String: Any])["expand"] as! [String: Any]
    #expect(expand["damping"] as? Double == 0.72)
    #expect(expand["stagger"] as? Double == 0.045)
    #expect(expand["duration"] as? Double == 0.4)
    try keys(["ctrl+z", "ctrl+z", "ctrl+z"])
    try keys(["ctrl+s"])
    let back = waitFor(5) { () -> Bool? in
      (try? Data(contentsOf: URL(fileURLWithPath: file))) == original ? true : nil
    }
    #expect(back == true, "undoing every step returns the byte-identical preset")
    try keys(["q"])
    #expect(app.wait() == 0)
  }

  @Test func noDisplayIsExit4WithAHint() throws {
    let r = try CLIHarness.run(
      ["--fresh", "--exit-after", "1"], env: ["XDG_CONFIG_HOME": CLIHarness.tempDir().path])
    #expect(r.code == 4)
    #expect(r.err.contains("springlab render"))
  }
}
