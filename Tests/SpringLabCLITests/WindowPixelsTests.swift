import Foundation
import SpringLabRender
import Testing

/// The window shows the pixels `render` writes: one rasteriser, one frame
/// buffer presented as is; `render --ui` draws the whole window (canvas,
/// editing panel, overlays) for the same preset, script and scene time.
///
/// What may differ and why it does not here: the title and the cursor are
/// not in `import -window`'s pixels; the pointer never moves, so nothing is
/// hovered; no field has focus, so no caret blinks; a fresh session shows no
/// toast, and the scripts here raise none of the Studio's own toasts (they
/// expire by the session's clock, which runs on while the timeline is
/// paused; the scene's toasts are scene time and would match). The panel's time readout is scene time, taken from the window's
/// last traced frame (the panel, kept while unchanged, may show a time up to
/// 0.1 s older: a few digits' pixels, inside the 0.1 % allowed).
// why: not serialized: every test starts its own X server (or Chromium with its own
// profile); serialized, the suite's tests queued behind every other test and ended the run
@Suite("Window pixels = render pixels")
struct WindowPixelsTests {
  /// Share of pixels whose channels all differ by at most `tolerance`.
  static func sameShare(_ a: [UInt8], _ b: [UInt8], tolerance: Int = 2) -> Double {
    var same = 0
    var i = 0
    while i + 3 < min(a.count, b.count) {
      if abs(Int(a[i]) - Int(b[i])) <= tolerance && abs(Int(a[i + 1]) - Int(b[i + 1])) <= tolerance
        && abs(Int(a[i + 2]) - Int(b[i + 2])) <= tolerance
      {
        same += 1
      }
      i += 4
    }
    return Double(same) / Double(max(a.count, b.count) / 4)
  }

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/import"),
      "needs Xvfb, xdotool and ImageMagick's import"))
  func anIdleWindowWithoutThePanelEqualsRenderAtTheSameSize() throws {
    let x = try XvfbServer()
    let dir = CLIHarness.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    var env = ProcessInfo.processInfo.environment
    env["DISPLAY"] = x.display
    env["WAYLAND_DISPLAY"] = nil
    env["XDG_CONFIG_HOME"] = dir.appendingPathComponent("config").path
    let preset = CLIHarness.preset("seed-000-fan.json")
    let trace = dir.appendingPathComponent("trace.jsonl").path
    let app = try Spawned.start(
      CLIHarness.binary, [preset, "--fresh", "--trace", trace, "--exit-after", "15"], env: env)
    defer {
      app.stop()
      app.cleanUp()
    }
    guard let wid = x.springLabWindow() else {
      app.stop()
      Issue.record("no SpringLab window on \(x.display); the app said: \(app.err)")
      return
    }
    // why: keys sent before the first frame could be lost on a busy machine
    _ = waitFor(10) {
      (try? String(contentsOfFile: trace, encoding: .utf8))?.isEmpty == false ? true : nil
    }
    try tool("/usr/bin/xdotool", ["windowfocus", "--sync", wid], display: x.display)
    try tool("/usr/bin/xdotool", ["key", "--window", wid, "Tab"], display: x.display)
    let shot = dir.appendingPathComponent("window.png").path
    let rendered = dir.appendingPathComponent("render.png").path
    var headless: (width: Int, height: Int, bytes: [UInt8])?
    var share = 0.0
    // why: the frame after Tab comes within a frame interval when the machine
    // is idle; on a busy one, look again for a few seconds
    _ = try waitFor(8) { () -> Bool? in
      try tool("/usr/bin/import", ["-window", wid, shot], display: x.display)
      guard let window = ImageProbe.rgba(atPath: shot) else { return nil }
      if headless == nil {
        let r = try CLIHarness.run([
          "render", "--preset", preset, "--out", rendered, "--size",
          "\(window.width)x\(window.height)", "--no-panel", "--at", "0",
        ])
        #expect(r.code == 0, "\(r.err)")
        headless = ImageProbe.rgba(atPath: rendered)
      }
      guard let h = headless, h.width == window.width, h.height == window.height else { return nil }
      share = Self.sameShare(window.bytes, h.bytes)
      return share >= 0.999 ? true : nil
    }
    #expect(headless != nil, "render wrote no frame")
    #expect(share >= 0.999, "only \(share * 100) % of pixels equal")
  }

  static var canRun: Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb")
      && FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool")
      && FileManager.default.isExecutableFile(atPath: "/usr/bin/import")
  }

  /// Opens the window with `args` (after the preset), then compares its
  /// screenshot with `render --ui` at the same size and at the scene time
  /// `time` reads from the window's trace (nil: not there yet); looks again
  /// for a few seconds on a busy machine. Returns the share of equal pixels.
  static func windowAgainstRenderUI(
    _ args: [String], render: [String], scale: Int = 1, time: ([String: Any]) -> Double?
  ) throws -> Double {
    let x = try XvfbServer()
    let dir = CLIHarness.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    var env = ProcessInfo.processInfo.environment
    env["DISPLAY"] = x.display
    env["WAYLAND_DISPLAY"] = nil
    env["XDG_CONFIG_HOME"] = dir.appendingPathComponent("config").path
    env["XDG_DATA_HOME"] = dir.appendingPathComponent("data").path
    let preset = CLIHarness.preset("seed-000-fan.json")
    let trace = dir.appendingPathComponent("trace.jsonl").path
    let app = try Spawned.start(
      CLIHarness.binary, [preset, "--fresh", "--trace", trace, "--exit-after", "20"] + args,
      env: env)
    defer {
      app.stop()
      app.cleanUp()
    }
    guard let wid = x.springLabWindow() else {
      app.stop()
      Issue.record("no SpringLab window on \(x.display); the app said: \(app.err)")
      return 0
    }
    let shot = dir.appendingPathComponent("window.png").path
    let rendered = dir.appendingPathComponent("render.png").path
    // why: Xvfb's pointer starts at the screen's centre, which a larger
    // (scaled) window puts over a panel row; a hovered row is not in `render`
    try tool("/usr/bin/xdotool", ["mousemove", "--window", wid, "4", "4"], display: x.display)
    var last: (t: Double, width: Int, height: Int, bytes: [UInt8])?
    var share = 0.0
    _ = try waitFor(12) { () -> Bool? in
      guard let line = WindowE2ETests.lastLine(trace), let t = time(line) else { return nil }
      try tool("/usr/bin/import", ["-window", wid, shot], display: x.display)
      // why: a frame drawn between the trace read and the screenshot shows a later time
      guard let after = WindowE2ETests.lastLine(trace), time(after) == t,
        let window = ImageProbe.rgba(atPath: shot)
      else { return nil }
      if last == nil || last!.t != t || last!.width != window.width {
        let r = try CLIHarness.run(
          [
            "render", "--preset", preset, "--ui", "--out", rendered, "--at", "\(t)", "--size",
            "\(window.width / scale)x\(window.height / scale)", "--scale", "\(scale)",
          ] + render)
        #expect(r.code == 0, "\(r.err)")
        guard let h = ImageProbe.rgba(atPath: rendered) else { return nil }
        last = (t, h.width, h.height, h.bytes)
      }
      guard let h = last, h.width == window.width, h.height == window.height else { return nil }
      share = Self.sameShare(window.bytes, h.bytes)
      return share >= 0.999 ? true : nil
    }
    #expect(last != nil, "render --ui wrote no frame")
    return share
  }

  @Test(.enabled(if: canRun, "needs Xvfb, xdotool and ImageMagick's import"))
  func anIdleWindowWithItsPanelEqualsRenderUIAtTheSameTime() throws {
    let share = try Self.windowAgainstRenderUI([], render: []) { $0["t"] as? Double }
    #expect(share >= 0.999, "only \(share * 100) % of pixels equal")
  }

  /// `--ui-scale 2` (X11 HiDPI): the panel, text and canvas twice as large,
  /// the same pixels as `render --ui --scale 2` at the window's size in points.
  @Test(.enabled(if: canRun, "needs Xvfb, xdotool and ImageMagick's import"))
  func aWindowAtUIScale2EqualsRenderUIAtScale2() throws {
    let share = try Self.windowAgainstRenderUI(["--ui-scale", "2"], render: [], scale: 2) {
      $0["t"] as? Double
    }
    #expect(share >= 0.999, "only \(share * 100) % of pixels equal")
  }

  @Test(.enabled(if: canRun, "needs Xvfb, xdotool and ImageMagick's import"))
  func aWindowPausedInAScriptEqualsRenderUIOfTheScriptAtThatTime() throws {
    let dir = CLIHarness.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let script = dir.appendingPathComponent("play.json").path
    // why: paused mid-bloom with the bubble's menu open, so the frame shows
    // motion, the paused overlay and the panel's paused readout
    try #"{"duration": 2, "events": [{"at": 0.2, "key": "space"}, {"at": 0.5, "tap": "bubble"}]}"#
      .write(toFile: script, atomically: true, encoding: .utf8)
    let share = try Self.windowAgainstRenderUI(
      ["--play", script, "--pause-at", "0.6"], render: ["--script", script]
    ) { line in
      // why: only the paused frame is compared, not the motion on the way there
      guard let t = line["t"] as? Double, abs(t - 0.6) < 1e-9 else { return nil }
      return 0.6
    }
    #expect(share >= 0.999, "only \(share * 100) % of pixels equal")
  }
}
