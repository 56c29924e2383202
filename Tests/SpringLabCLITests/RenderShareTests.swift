import Foundation
import SpringLabCore
import SpringLabPlatform
import SpringLabRender
import Testing

/// `springlab render` for sharing: a summary line on success and touch dots
/// for instantaneous scripted taps.
@Suite("Render for sharing")
struct RenderShareTests {
  @Test func aSuccessfulRenderSaysWhatItWrote() throws {
    let dir = CLIHarness.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("still.png").path
    let r = try CLIHarness.run(["render", "--out", out, "--size", "200x120", "--at", "0.5"])
    #expect(r.code == 0, "\(r.err)")
    #expect(r.err == "wrote \(out): 1 frame, 200×120 px\n")
    #expect(r.out.isEmpty)
  }

  @Test func aScriptedTapShowsADotThatFades() throws {
    let dir = CLIHarness.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let script = dir.appendingPathComponent("tap.json").path
    try #"{"duration": 1.0, "events": [{"at": 0.5, "tap": [200, 600]}]}"#.write(
      toFile: script, atomically: true, encoding: .utf8)
    func png(_ at: String, touches: Bool) throws -> Data {
      let out = dir.appendingPathComponent("f-\(at)-\(touches).png").path
      let r = try CLIHarness.run(
        ["render", "--script", script, "--out", out, "--size", "240x400", "--at", at]
          + [touches ? "--touches" : "--no-touches"])
      #expect(r.code == 0, "\(r.err)")
      return try Data(contentsOf: URL(fileURLWithPath: out))
    }
    #expect(
      try png("0.6", touches: true) != png("0.6", touches: false), "the dot shows 0.1 s after")
    #expect(try png("0.8", touches: true) == png("0.8", touches: false), "and is gone after 0.25 s")
  }

  /// `--frame device`: a portrait crop of the device with its margin, even
  /// pixel sizes; compared with a golden frame that shows a fading touch dot
  /// (update: SPRINGLAB_UPDATE_GOLDEN=1, then look at the PNG).
  @Test func deviceFrameWithATouchDotMatchesItsGolden() throws {
    let dir = CLIHarness.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let script = dir.appendingPathComponent("s.json").path
    try
      #"{"duration": 1.0, "events": [{"at": 0.1, "tap": "fan.main"}, {"at": 0.5, "tap": [120, 300]}]}"#
      .write(toFile: script, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("device.png").path
    let r = try CLIHarness.run([
      "render", "--preset", CLIHarness.preset("seed-000-fan.json"), "--script", script,
      "--frame", "device", "--at", "0.6", "--out", out,
    ])
    #expect(r.code == 0, "\(r.err)")
    // iPhone 15 portrait: (393 + 2×14 + 2×24) × (852 + 76) → 470 × 928 (469 rounded up to even)
    #expect(r.err == "wrote \(out): 1 frame, 470×928 px\n")
    let golden = GoldenFrameTests.golden.appendingPathComponent("device-touch.png").path
    if ProcessInfo.processInfo.environment["SPRINGLAB_UPDATE_GOLDEN"] == "1" {
      try? FileManager.default.removeItem(atPath: golden)
      try FileManager.default.copyItem(atPath: out, toPath: golden)
      return
    }
    let got = try #require(ImageProbe.rgba(atPath: out))
    let want = try #require(ImageProbe.rgba(atPath: golden), "missing golden \(golden)")
    #expect(got.width == 470 && got.height == 928)
    #expect(got.width == want.width && got.height == want.height)
    let d = GoldenFrameTests.compare(got.bytes, want.bytes)
    #expect(d.mean < 1.0 && d.changed < 0.002, "mean \(d.mean), changed \(d.changed)")
  }

  @Test func frameDeviceRefusesASize() throws {
    let r = try CLIHarness.run([
      "render", "--frame", "device", "--size", "100x100", "--out", "/tmp/x.png",
    ])
    #expect(r.code == 2)
    #expect(r.err.contains("--frame device sets the frame's size"))
  }

  /// `--caption` adds a strip under the device (the frame grows; the device
  /// keeps its size) with the preset's name and key numbers.
  @Test func aCaptionGetsItsOwnStrip() throws {
    let dir = CLIHarness.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let plain = dir.appendingPathComponent("a.png").path
    let captioned = dir.appendingPathComponent("b.png").path
    let base = ["render", "--preset", CLIHarness.preset("seed-000-fan.json"), "--frame", "device"]
    #expect(try CLIHarness.run(base + ["--out", plain]).code == 0)
    let r = try CLIHarness.run(base + ["--caption", "--out", captioned])
    #expect(r.code == 0, "\(r.err)")
    #expect(r.err.contains("470×964 px"), "36 pt more: \(r.err)")
    let a = try #require(ImageProbe.rgba(atPath: plain))
    let b = try #require(ImageProbe.rgba(atPath: captioned))
    // the device part is the same pixels; the strip below has text
    let row = a.width * 4
    #expect(Array(a.bytes[0..<(a.height * row)]) == Array(b.bytes[0..<(a.height * row)]))
    let strip = b.bytes[(a.height * row)...]
    #expect(Set(strip).count > 2, "the caption draws text in the strip")
  }

  /// A long caption shrinks (or shortens the name) to keep clear of the
  /// frame's edges instead of running off both sides.
  @Test func aLongCaptionStaysInsideTheFrame() throws {
    let dir = CLIHarness.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    var p = try PresetReader.load(path: CLIHarness.preset("example-offscreen.json"))
    p.name = "WWW Wide Wonderful Wobbly Wavering Wheel Menu With Many Words"
    let preset = dir.appendingPathComponent("long.json").path
    try PresetWriter.save(p, to: preset)
    for name in [preset, CLIHarness.preset("example-offscreen.json")] {
      let out = dir.appendingPathComponent("c.png").path
      let r = try CLIHarness.run([
        "render", "--preset", name, "--frame", "device", "--caption", "--out", out,
      ])
      #expect(r.code == 0, "\(r.err)")
      let img = try #require(ImageProbe.rgba(atPath: out))
      let top = img.height - 36
      let background = Array(img.bytes[(top * img.width * 4)..<(top * img.width * 4 + 4)])
      var inkAtEdges = 0
      var ink = 0
      for y in top..<img.height {
        for x in 0..<img.width {
          let o = (y * img.width + x) * 4
          guard Array(img.bytes[o..<(o + 4)]) != background else { continue }
          ink += 1
          if x < 8 || x >= img.width - 8 { inkAtEdges += 1 }
        }
      }
      #expect(ink > 100, "the caption is drawn")
      #expect(inkAtEdges == 0, "\(inkAtEdges) caption pixels within 8 px of the edges")
    }
  }
}
