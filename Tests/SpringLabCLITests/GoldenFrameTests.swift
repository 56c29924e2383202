import Foundation
import SpringLabRender
import Testing

/// Golden frames from the headless renderer, compared with a tolerance.
/// To update them on purpose after a deliberate visual change:
/// `SPRINGLAB_UPDATE_GOLDEN=1 swift test --filter GoldenFrameTests` (or `make golden`),
/// then look at the PNGs in Tests/SpringLabCLITests/Golden before committing.
@Suite("Golden frames")
struct GoldenFrameTests {
  static let golden = CLIHarness.root.appendingPathComponent("Tests/SpringLabCLITests/Golden")
  static let script = """
    {"duration": 4.0, "events": [
      {"at": 0.1, "tap": "fan.main"},
      {"at": 1.0, "tap": "fan.main"},
      {"at": 1.6, "drag": "bubble", "to": [300, 520], "over": 0.4},
      {"at": 3.0, "tap": "bubble"}]}
    """
  /// name → time and scale: mid-bloom, open, bubble snapped, bubble menu,
  /// and the open fan at 3× (HiDPI: true curves, crisp text).
  static let frames: [(String, Double, Double)] = [
    ("mid-bloom", 0.25, 1), ("open", 0.8, 1), ("bubble-snapped", 2.8, 1), ("bubble-menu", 3.6, 1),
    ("open-3x", 0.8, 3),
  ]

  /// Mean absolute difference per channel (0…255) and the share of pixels
  /// differing by more than 32 in any channel.
  static func compare(_ a: [UInt8], _ b: [UInt8]) -> (mean: Double, changed: Double) {
    var sum = 0
    var changed = 0
    var i = 0
    while i < a.count {
      var big = false
      for c in 0..<4 {
        let d = abs(Int(a[i + c]) - Int(b[i + c]))
        sum += d
        if d > 32 { big = true }
      }
      if big { changed += 1 }
      i += 4
    }
    return (Double(sum) / Double(a.count), Double(changed) / Double(a.count / 4))
  }

  /// Themed presets (issue 26: their own colours, sizes and labels), open,
  /// on a taller canvas so the whole device shows: name → preset and time.
  static let themedFrames: [(String, String, Double)] = [
    ("themed-speed-dial-open", "themed-speed-dial.json", 0.8),
    ("themed-quick-actions-open", "themed-quick-actions.json", 0.8),
  ]

  /// Themed presets with icon files (SVG through librsvg) at 3×: drawn from
  /// their curves at the pixel scale, not scaled up from a 1× raster.
  static let themedFrames3x: [(String, String, Double)] = [
    ("themed-quick-actions-open-3x", "themed-quick-actions.json", 0.8)
  ]

  @Test(arguments: frames.map(\.0))
  func frameMatchesGolden(_ name: String) throws {
    let (_, at, scale) = Self.frames.first { $0.0 == name }!
    try check(name, preset: "seed-000-fan.json", at: at, scale: scale, size: "360x300")
  }

  @Test(arguments: themedFrames.map(\.0))
  func themedFrameMatchesGolden(_ name: String) throws {
    let (_, preset, at) = Self.themedFrames.first { $0.0 == name }!
    try check(name, preset: preset, at: at, scale: 1, size: "360x640")
  }

  @Test(arguments: themedFrames3x.map(\.0))
  func themedFrameAt3xMatchesGolden(_ name: String) throws {
    let (_, preset, at) = Self.themedFrames3x.first { $0.0 == name }!
    try check(name, preset: preset, at: at, scale: 3, size: "360x640")
  }

  func check(_ name: String, preset: String, at: Double, scale: Double, size: String) throws {
    let dir = CLIHarness.tempDir()
    let scriptPath = dir.appendingPathComponent("s.json").path
    try Self.script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("\(name).png").path
    let r = try CLIHarness.run([
      "render", "--preset", CLIHarness.preset(preset), "--script", scriptPath, "--out",
      out, "--size",
      size, "--at", "\(at)", "--scale", "\(scale)",
    ])
    #expect(r.code == 0, "\(r.err)")
    let goldenPath = Self.golden.appendingPathComponent("\(name).png").path
    if ProcessInfo.processInfo.environment["SPRINGLAB_UPDATE_GOLDEN"] == "1" {
      try? FileManager.default.removeItem(atPath: goldenPath)
      try FileManager.default.copyItem(atPath: out, toPath: goldenPath)
      return
    }
    let got = try #require(ImageProbe.rgba(atPath: out))
    let want = try #require(
      ImageProbe.rgba(atPath: goldenPath),
      "missing golden \(goldenPath); create it with SPRINGLAB_UPDATE_GOLDEN=1")
    #expect(got.width == want.width && got.height == want.height)
    let d = Self.compare(got.bytes, want.bytes)
    #expect(d.mean < 1.0, "\(name): mean difference \(d.mean)")
    #expect(d.changed < 0.002, "\(name): \(d.changed * 100) % of pixels changed")
  }

  @Test func theComparisonNoticesAMovedItem() throws {
    // the open frame against the mid-bloom golden must differ clearly
    let a = try #require(
      ImageProbe.rgba(atPath: Self.golden.appendingPathComponent("open.png").path))
    let b = try #require(
      ImageProbe.rgba(atPath: Self.golden.appendingPathComponent("mid-bloom.png").path))
    #expect(Self.compare(a.bytes, b.bytes).changed > 0.002)
  }
}
