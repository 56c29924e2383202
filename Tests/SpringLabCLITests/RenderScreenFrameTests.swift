import Foundation
import SpringLabPlatform
import SpringLabRender
import Testing

/// `springlab render --frame screen`: the device's screen alone, edge to
/// edge with square corners, as a phone's screen recording holds it.
@Suite("render --frame screen")
struct RenderScreenFrameTests {
  /// The frame is the screen at `--scale` pixels per point (rounded up to
  /// even pixels), the trace's view is that scale from the frame's origin,
  /// and the corners show the app, not the bezel or the canvas behind it.
  @Test(arguments: [(1, 394, 852), (2, 786, 1704)])
  func theFrameIsTheScreenAlone(scale: Int, width: Int, height: Int) throws {
    let dir = CLIHarness.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("screen.png").path
    let trace = dir.appendingPathComponent("screen.jsonl").path
    let r = try CLIHarness.run([
      "render", "--preset", CLIHarness.preset("seed-000-fan.json"), "--frame", "screen",
      "--scale", "\(scale)", "--at", "0.5", "--out", out, "--trace", trace,
    ])
    #expect(r.code == 0, "\(r.err)")
    #expect(r.err == "wrote \(out): 1 frame, \(width)×\(height) px\n")
    let view = try #require(CLIHarness.lines(trace).first?["view"] as? [String: Any])
    #expect(view["x"] as? Double == 0 && view["y"] as? Double == 0)
    #expect(view["scale"] as? Double == Double(scale))
    let img = try #require(ImageProbe.rgba(atPath: out))
    #expect(img.width == width && img.height == height)
    func grey(_ x: Int, _ y: Int) -> Int {
      let k = (y * img.width + x) * 4
      return (Int(img.bytes[k]) + Int(img.bytes[k + 1]) + Int(img.bytes[k + 2])) / 3
    }
    // why: the sample app is light; the bezel and the canvas are dark
    for (x, y) in [(0, 0), (0, height - 1), (width - 2, 0), (width - 2, height - 1)] {
      #expect(grey(x, y) > 200, "corner (\(x), \(y)) is \(grey(x, y))")
    }
  }

  /// What a screen recording cannot hold is refused with the reason (exit 2).
  @Test(arguments: [
    (["--size", "100x100"], "--frame screen sets the frame's size"),
    (["--panel"], "--frame screen is the screen alone"),
    (["--caption"], "--frame screen is the screen alone"),
    (["--ui"], "--ui draws the whole window; drop --frame screen"),
  ])
  func whatAScreenRecordingCannotHoldIsRefused(extra: [String], says: String) throws {
    let r = try CLIHarness.run(
      ["render", "--frame", "screen", "--out", "/tmp/springlab-never.png"] + extra)
    #expect(r.code == 2)
    #expect(r.err.contains(says), "\(r.err)")
    #expect(!FileManager.default.fileExists(atPath: "/tmp/springlab-never.png"))
  }
}
