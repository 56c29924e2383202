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
    let app = try Spawned.start(
      CLIHarness.binary, [preset, "--fresh", "--exit-after", "12"], env: env)
    defer {
      app.stop()
      app.cleanUp()
    }
    let wid = try #require(x.springLabWindow())
    try tool("/usr/bin/xdotool", ["windowfocus", "--sync", wid], display: x.display)
    try tool("/usr/bin/xdotool", ["key", "--window", wid, "Tab"], display: x.display)
    // why: the frame after Tab is drawn within a frame interval; leave ample time
    usleep(1_000_000)
    let shot = dir.appendingPathComponent("window.png").path
    try tool("/usr/bin/import", ["-window", wid, shot], display: x.display)
    let window = try #require(ImageProbe.rgba(atPath: shot), "no screenshot")
    let rendered = dir.appendingPathComponent("render.png").path
    let r = try CLIHarness.run([
      "render", "--preset", preset, "--out", rendered, "--size", "\(window.width)x\(window.height)",
      "--no-panel", "--at", "0",
    ])
    #expect(r.code == 0, "\(r.err)")
    let headless = try #require(ImageProbe.rgba(atPath: rendered))
    #expect(headless.width == window.width && headless.height == window.height)
    let share = Self.sameShare(window.bytes, headless.bytes)
    #expect(share >= 0.999, "only \(share * 100) % of pixels equal")
  }
}
