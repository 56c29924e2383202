import Foundation
import SpringLabRender
import Testing

@Suite("springlab render")
struct RenderTests {
  static let twoSecondScript = """
    {"duration": 2.0, "events": [
      {"at": 0.2, "tap": "fan.main"},
      {"at": 1.0, "tap": "fan.item", "index": 2},
      {"at": 1.4, "drag": "bubble", "to": [300, 500], "over": 0.3}]}
    """

  @Test func twoSecondsAtThirtyFpsIsSixtyFramesAtKOver30() throws {
    let dir = CLIHarness.tempDir()
    let script = dir.appendingPathComponent("s.json").path
    try Self.twoSecondScript.write(toFile: script, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("frames/").path + "/"
    let trace = dir.appendingPathComponent("trace.jsonl").path
    let r = try CLIHarness.run([
      "render", "--preset", CLIHarness.preset("seed-000-fan.json"), "--script", script, "--out",
      out, "--size",
      "320x240", "--fps", "30", "--trace", trace,
    ])
    #expect(r.code == 0, "\(r.err)")
    let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
    #expect(files.count == 60)
    #expect(files.first == "frame-000000.png")
    #expect(files.last == "frame-000059.png")
    let lines = try CLIHarness.lines(trace)
    #expect(lines.count == 60)
    for (k, l) in lines.enumerated() {
      #expect(l["frame"] as? Int == k)
      #expect(abs((l["t"] as! Double) - Double(k) / 30) < 1e-9)
    }
    // the tap at 0.2 s starts the bloom exactly then: frame 6 (t = 0.2) is expanding
    let fan6 = lines[6]["fan"] as! [String: Any]
    #expect(fan6["phase"] as? String == "expanding")
    let fan5 = lines[5]["fan"] as! [String: Any]
    #expect(fan5["phase"] as? String == "collapsed")
    // item 2 tapped at 1.0 → toast at 1.3 s ("Photo tapped")
    #expect(lines[38]["toast"] is NSNull)
    #expect(lines[39]["toast"] as? String == "Photo tapped")
  }

  /// `--ui` plays the script in the Studio: the same motion as the demo
  /// frames (the traces agree), drawn with the window's editing panel.
  @Test func uiFramesShowTheWindowOverTheSameMotion() throws {
    let dir = CLIHarness.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let script = dir.appendingPathComponent("s.json").path
    try Self.twoSecondScript.write(toFile: script, atomically: true, encoding: .utf8)
    let preset = CLIHarness.preset("seed-000-fan.json")
    var traces: [[[String: Any]]] = []
    var last: [(width: Int, height: Int, bytes: [UInt8])] = []
    for mode in ["--ui", "--no-panel"] {
      let out = dir.appendingPathComponent("frames\(mode)/").path + "/"
      let trace = dir.appendingPathComponent("trace\(mode).jsonl").path
      let r = try CLIHarness.run([
        "render", "--preset", preset, "--script", script, "--out", out, "--size", "900x600",
        "--fps", "10", "--trace", trace, mode,
      ])
      #expect(r.code == 0, "\(r.err)")
      let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
      #expect(files.count == 20)
      traces.append(try CLIHarness.lines(trace))
      last.append(try #require(ImageProbe.rgba(atPath: out + "frame-000019.png")))
    }
    #expect(traces[0].count == traces[1].count)
    for (a, b) in zip(traces[0], traces[1]) {
      #expect(abs((a["t"] as! Double) - (b["t"] as! Double)) < 1e-9)
      let fa = a["fan"] as! [String: Any]
      let fb = b["fan"] as! [String: Any]
      #expect(fa["phase"] as? String == fb["phase"] as? String)
      #expect(
        NSArray(array: fa["items"] as! [Any]).isEqual(to: fb["items"] as! [Any]),
        "t = \(a["t"]!)")
    }
    #expect(last[0].width == 900 && last[0].height == 600)
    #expect(WindowPixelsTests.sameShare(last[0].bytes, last[1].bytes) < 0.9, "no panel drawn")
    let both = try CLIHarness.run([
      "render", "--preset", preset, "--out", dir.appendingPathComponent("x.png").path, "--ui",
      "--panel",
    ])
    #expect(both.code == 2)
    #expect(both.err.contains("--ui"))
  }

  @Test func renderingTwiceGivesIdenticalFrames() throws {
    let dir = CLIHarness.tempDir()
    var digests: [[Data]] = []
    for run in 0..<2 {
      let out = dir.appendingPathComponent("run\(run)/").path + "/"
      let r = try CLIHarness.run([
        "render", "--preset", CLIHarness.preset("seed-000-fan.json"), "--out", out, "--size",
        "200x150", "--fps", "10",
      ])
      #expect(r.code == 0, "\(r.err)")
      let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
      #expect(files.count == 50)
      digests.append(try files.map { try Data(contentsOf: URL(fileURLWithPath: out + $0)) })
    }
    #expect(digests[0] == digests[1])
  }

  @Test func badInputsGiveClearErrorsAndNoFiles() throws {
    let dir = CLIHarness.tempDir()
    let png = dir.appendingPathComponent("x.png").path
    let cases: [([String], Int32, String)] = [
      (["render", "--out", png, "--size", "0x0"], 2, "must be at least 1x1"),
      (["render", "--out", png, "--size", "100000x100000"], 2, "at most 7680x4320"),
      (["render", "--out", png, "--fps", "0"], 2, "--fps 0"),
      (["render", "--out", dir.appendingPathComponent("x.avi").path], 2, "unknown extension .avi"),
      (["render", "--out", png, "--preset", "/nope.json"], 3, "no such file"),
      (["render", "--out", png, "--script", "/nope.json"], 3, "no such file"),
      (["render", "--out", "/proc/forbidden/x.png"], 4, "cannot write"),
      (
        ["render", "--out", dir.appendingPathComponent("odd.mp4").path, "--size", "321x240"], 2,
        "even sizes"
      ),
      (["render"], 2, "needs --out"),
    ]
    for (args, code, text) in cases {
      let r = try CLIHarness.run(args)
      #expect(r.code == code, "\(args): \(r.err)")
      #expect(r.err.contains(text), "\(args): \(r.err)")
    }
    let badScript = dir.appendingPathComponent("bad.json").path
    try #"{"duration": 1, "events": [{"at": 0.5, "tap": "fan.mian"}]}"#.write(
      toFile: badScript, atomically: true, encoding: .utf8)
    let r = try CLIHarness.run(["render", "--out", png, "--script", badScript])
    #expect(r.code == 3)
    #expect(r.err.contains("events[0].tap = \"fan.mian\": unknown target"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["bad.json"])
  }
}

@Suite("springlab render video")
struct RenderVideoTests {
  static func ffprobeFrames(_ path: String) throws -> String {
    let child = try Spawned.start(
      "/usr/bin/ffprobe",
      [
        "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
        "stream=nb_read_frames,pix_fmt,codec_name,width,height", "-of", "csv=p=0", path,
      ],
      env: ProcessInfo.processInfo.environment)
    _ = child.wait()
    defer { child.cleanUp() }
    return child.out.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test func twoSecondScriptAt30FpsIsSixtyMP4Frames() throws {
    let dir = CLIHarness.tempDir()
    let script = dir.appendingPathComponent("s.json").path
    try RenderTests.twoSecondScript.write(toFile: script, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("demo.mp4").path
    let r = try CLIHarness.run([
      "render", "--script", script, "--out", out, "--size", "320x240", "--fps", "30",
    ])
    #expect(r.code == 0, "\(r.err)")
    #expect(try Self.ffprobeFrames(out) == "h264,320,240,yuv420p,60")
    // no temporary files left beside it
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [
        "demo.mp4", "s.json",
      ])
  }

  @Test func gifAndScale2() throws {
    let dir = CLIHarness.tempDir()
    let gif = dir.appendingPathComponent("demo.gif").path
    let r = try CLIHarness.run(["render", "--out", gif, "--size", "200x150"])
    #expect(r.code == 0, "\(r.err)")
    #expect(try Self.ffprobeFrames(gif).hasSuffix(",125"))  // 5 s demo at the GIF default of 25 fps
    let png = dir.appendingPathComponent("x2.png").path
    let r2 = try CLIHarness.run([
      "render", "--out", png, "--size", "320x240", "--scale", "2", "--at", "1",
    ])
    #expect(r2.code == 0)
    let size = ImageProbe.size(atPath: png)
    #expect(size?.width == 640 && size?.height == 480)
  }

  @Test func noFFmpegIsExit4NamingThePackageWithNoPartialFile() throws {
    let dir = CLIHarness.tempDir()
    let out = dir.appendingPathComponent("demo.mp4").path
    let r = try CLIHarness.run(
      ["render", "--out", out, "--size", "320x240"], env: ["PATH": dir.path])
    #expect(r.code == 4)
    #expect(r.err.contains("ffmpeg"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
  }
}

/// A Bézier y may be any finite number: the motion it gives is rendered (an
/// item flung far off the frame is simply not drawn) and traced.
@Suite("Render with unbounded Bézier points")
struct RenderBezierRangeTests {
  @Test func anItemFlungFarOffTheFrameRendersAndTraces() throws {
    let dir = CLIHarness.tempDir()
    let preset = dir.appendingPathComponent("far.json").path
    try #"""
    {"schema": 2, "name": "Far", "fan": {"expand": {"curve": "custom", "bezier": {"y1": 1e300, "y2": -1e300}}}}
    """#.write(toFile: preset, atomically: true, encoding: .utf8)
    let script = dir.appendingPathComponent("s.json").path
    try #"{"duration": 1, "events": [{"at": 0.1, "tap": "fan.main"}]}"#.write(
      toFile: script, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("far.png").path
    let trace = dir.appendingPathComponent("far.jsonl").path
    let r = try CLIHarness.run([
      "render", "--preset", preset, "--script", script, "--out", out, "--at", "0.3", "--size",
      "320x240", "--trace", trace,
    ])
    #expect(r.code == 0, "\(r.err)")
    let line = try #require(try CLIHarness.lines(trace).first)
    let items = try #require((line["fan"] as? [String: Any])?["items"] as? [[String: Any]])
    let xs = items.compactMap { $0["x"] as? Double }
    #expect(xs.count == items.count && xs.allSatisfy(\.isFinite))
    #expect(xs.contains { abs($0) > 1e6 }, "an item is far off the frame: \(xs)")
  }
}
