import Foundation
import SpringLabSDL
import Testing

/// The window shows the pixels `render` writes: one rasteriser, one frame
/// buffer presented as is. (With the panel visible this needs `render --ui`,
/// which comes with the Studio; here the panel is hidden with Tab.)
@Suite("Window pixels = render pixels", .serialized)
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
}
