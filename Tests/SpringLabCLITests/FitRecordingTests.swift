import Foundation
import SpringLabCore
import SpringLabPlatform
import Testing

/// Recordings as phones make them, made from SpringLab's own renders (the
/// true spring is the preset's): a 120 fps fan, an H.264 re-encode at CRF 35,
/// a variable frame rate, a ticking clock and another moving element, a clip
/// that starts mid-motion. Each fits within 2 % or its printed uncertainty
/// says it cannot; the truth always lies within 3σ of what is printed.
/// Every case prints a `fit-case` row (case, truth, fitted, error) for the
/// issue's table: `swift test --skip-build --filter FitRecording | grep fit-case`.
extension FitVideos {
  static let fan120: Result<Video, Error> = Result {
    try render(
      "fan120", preset: "seed-000-fan.json", script: fanScript, size: "360x780", regionAt: 1.2,
      extent: 54, fps: 120
    ) { line in
      let items = (line["fan"] as! [String: Any])["items"] as! [[String: Any]]
      return (items[0]["x"] as! Double, items[0]["y"] as! Double)
    }
  }

  /// The bubble at 60 fps marked at rest on its target (1.5 s), so a clip
  /// cut after the release still holds the marked frame.
  static let bubbleAtRest: Result<Video, Error> = Result {
    try render(
      "bubble-rest", preset: "seed-002-bubble.json", script: bubbleScript, size: "200x432",
      regionAt: 1.5, extent: 56
    ) { line in
      let b = line["bubble"] as! [String: Any]
      return (b["x"] as! Double, b["y"] as! Double)
    }
  }

  /// `v` run through ffmpeg with `args` between input and output (made once).
  static func variant(_ v: Video, _ tag: String, input: [String] = [], _ args: [String]) throws
    -> Video
  {
    let out = v.path.replacingOccurrences(of: ".mp4", with: "-\(tag).mp4")
    if !FileManager.default.fileExists(atPath: out) {
      let c = try Spawned.start(
        ExecutableSearch.find("ffmpeg")!,
        ["-v", "error", "-y"] + input + ["-i", v.path] + args + [out],
        env: ProcessInfo.processInfo.environment)
      guard c.wait() == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: ["why": c.err]) }
      c.cleanUp()
    }
    var d = v
    d.path = out
    return d
  }
}

@Suite("springlab fit on recordings as phones make them")
struct FitRecordingTests {
  func fit(_ v: FitVideos.Video, at: Double? = nil, _ extra: [String] = []) throws -> [String: Any]
  {
    let (code, o, err) = try FitVideos.fit(
      [v.path, "--region", v.region, "--region-at", "\(at ?? v.regionAt)"] + extra)
    #expect(code == 0, "\(err)")
    return o
  }

  /// The fan item's bloom from a 120 fps clip: both within the goal, 1 %
  /// (measured ζ −0.10 %, response −0.36 %; the response was +0.85 %
  /// before the tracker's sub-pixel refinement).
  @Test(.enabled(if: FitVideos.hasFFmpeg, "needs ffmpeg"))
  func fanItemBloomAt120fps() throws {
    let o = try fit(FitVideos.fan120.get())
    checkHonest("fan item bloom 120 fps", o, truth: FitVideos.fanSpring)
    checkWithin(o, truth: FitVideos.fanSpring, 0.01)
    // why: the start comes from the pixels a frame or more late; the velocity
    // hangs on it and is printed as undetermined rather than a confident +11
    let u = o["uncertainty"] as? [String: Any] ?? [:]
    #expect(u["velocity"] is NSNull, "velocity ± \(u["velocity"] ?? "-")")
  }

  @Test(.enabled(if: FitVideos.hasFFmpeg, "needs ffmpeg"))
  func reencodedAtCRF35() throws {
    let crf = ["-c:v", "libx264", "-crf", "35"]
    let b = try FitVideos.variant(FitVideos.bubble.get(), "crf35", crf)
    checkHonest(
      "bubble snap CRF 35", try fit(b, ["--from", "0.45"]), truth: FitVideos.bubbleSpring)
    let f = try FitVideos.variant(FitVideos.fan.get(), "crf35", crf)
    checkHonest("fan item bloom CRF 35", try fit(f), truth: FitVideos.fanSpring)
    // the text says when the recording cannot pin the spring within 2 %
    let o = try fit(b, ["--from", "0.45"])
    let u = o["uncertainty"] as? [String: Any] ?? [:]
    let loose = [("dampingRatio", u["dampingRatio"]), ("response", u["response"])].contains {
      3 * ($0.1 as? Double ?? .infinity) / (o[$0.0] as? Double ?? 1) > 0.02
    }
    let text = try CLIHarness.run([
      "fit", b.path, "--from", "0.45", "--region", b.region, "--region-at", "\(b.regionAt)",
    ])
    // why: the spring's precision is `precision:` when the spring is
    // reported, `spring precision:` beside a tween as likely as it
    let spring = o["model"] as? String == "spring"
    #expect(spring || o["evidence"] as? String == "indistinguishable", "\(o["evidence"] ?? "-")")
    let label = spring ? "\nprecision:  " : "\nspring precision:  "
    #expect(text.out.contains(label) == loose, "\(text.out)")
  }

  /// Every third frame dropped from the fan's 60 and 120 fps clips, the rest
  /// keeping their own timestamps; position, size and opacity all used.
  @Test(.enabled(if: FitVideos.hasFFmpeg, "needs ffmpeg"), arguments: [60, 120])
  func fanAtAVariableFrameRate(fps: Int) throws {
    let v = try FitVideos.variant(
      fps == 60 ? FitVideos.fan.get() : FitVideos.fan120.get(), "vfr",
      [
        "-vf", "select='not(eq(mod(n\\,3)\\,2))'", "-fps_mode", "passthrough", "-c:v", "libx264",
        "-crf", "18",
      ])
    let csv = FitVideos.dir.appendingPathComponent("fan\(fps)-vfr.csv").path
    let o = try fit(v, ["--samples", csv])
    checkHonest("fan item bloom VFR from \(fps) fps", o, truth: FitVideos.fanSpring)
    #expect(
      o["channels"] as? [String] == ["position", "scale", "alpha"], "\(o["channels"] ?? "-")")
    // measured: from 60 fps ζ +0.17 %, response −0.70 %; from 120 fps
    // ζ +0.13 %, response −0.11 % (+1.18 % before the tracker's sub-pixel
    // refinement)
    checkWithin(o, truth: FitVideos.fanSpring, 0.01)
    let times = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n")
      .dropFirst().compactMap { Double($0.split(separator: ",")[0]) }
    let steps = Set(zip(times, times.dropFirst()).map { Int((($1 - $0) * Double(fps)).rounded()) })
    #expect(steps == [1, 2], "frame steps \(steps)")
  }

  /// A status-bar clock ticking every frame (top left) and a square swinging
  /// along the bottom: marked, the element fits as before; unmarked, the fit
  /// refuses to guess an element rather than fit the clock or the square.
  @Test(.enabled(if: FitVideos.hasFFmpeg, "needs ffmpeg"), arguments: ["bubble", "fan"])
  func aTickingClockAndAnotherMovingElement(clip: String) throws {
    let base = try clip == "bubble" ? FitVideos.bubble.get() : FitVideos.fan.get()
    let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    let v = try FitVideos.variant(
      base, "clock", input: [],
      [
        "-f", "lavfi", "-i", "color=c=red:s=16x16:r=60", "-filter_complex",
        "[0][1]overlay=x='10+60*abs(sin(5*t))':y=H-40:shortest=1,drawtext=fontfile=\(font):text='%{pts\\:hms}':x=8:y=4:fontsize=14:fontcolor=white:box=1:boxcolor=black",
        "-c:v", "libx264", "-crf", "18",
      ])
    let range = clip == "bubble" ? ["--from", "0.45"] : []
    let truth = clip == "bubble" ? FitVideos.bubbleSpring : FitVideos.fanSpring
    checkHonest("\(clip) with a clock and a moving square", try fit(v, range), truth: truth)
    let r = try CLIHarness.run(["fit", v.path] + range)
    if r.code == 0 {
      let (_, o, _) = try FitVideos.fit([v.path] + range)
      checkHonest("\(clip) with a clock and a moving square, unmarked", o, truth: truth)
    } else {
      #expect(r.code == 3, "\(r.err)")
      #expect(r.err.contains("no motion found"), "\(r.err)")
    }
  }

  /// Clips cut after the motion began (the bubble 50 ms into its snap, the
  /// fan item 50 ms into its bloom at 60 and 120 fps): the spring within 2 %
  /// or a ± that says so, and the start and initial velocity, which the clip
  /// does not show, printed as undetermined.
  @Test(
    .enabled(if: FitVideos.hasFFmpeg, "needs ffmpeg"), arguments: ["bubble", "fan", "fan120"])
  func aClipThatStartsMidMotion(clip: String) throws {
    let cut = clip == "bubble" ? 0.65 : 0.35
    let base = try
      (clip == "bubble"
      ? FitVideos.bubbleAtRest : clip == "fan" ? FitVideos.fan : FitVideos.fan120).get()
    let v = try FitVideos.variant(
      base, "mid", input: ["-ss", "\(cut)"], ["-c:v", "libx264", "-crf", "18"])
    let o = try fit(v, at: base.regionAt - cut)
    let truth = clip == "bubble" ? FitVideos.bubbleSpring : FitVideos.fanSpring
    checkHonest("\(clip) starting mid-motion", o, truth: truth)
    // measured: fan ζ −0.02 % response −0.36 %, fan120 ζ +0.11 % response
    // +0.32 % (+1.48 % before the sub-pixel refinement); the bubble's
    // response (+1.95 %) is left to its printed ±
    if clip != "bubble" { checkWithin(o, truth: truth, 0.02) }
    #expect((o["start"] as? Double ?? 1) < 1.5 / 60, "start \(o["start"] ?? "-")")
    let u = o["uncertainty"] as? [String: Any] ?? [:]
    #expect(u["start"] is NSNull, "start ± \(u["start"] ?? "-")")
    #expect(u["velocity"] is NSNull, "velocity ± \(u["velocity"] ?? "-")")
    let text = try CLIHarness.run([
      "fit", v.path, "--region", v.region, "--region-at", "\(base.regionAt - cut)",
    ])
    #expect(text.out.contains("the motion was under way by the first samples"), "\(text.out)")
  }

  /// Seeded recordings: a CRF of 23…35, the frame cropped by up to 16 px
  /// on the left and top (the region follows), and one frame in eight
  /// dropped at seeded places (the rest keep their timestamps).
  @Test(.enabled(if: FitVideos.hasFFmpeg, "needs ffmpeg"), arguments: [2511, 2512, 2513])
  func seededCropsCompressionAndDrops(seed: Int) throws {
    print("FitRecordingTests.seededCropsCompressionAndDrops seed \(seed)")
    for clip in ["bubble", "fan"] {
      var rng = SplitMix(seed: UInt64(seed))
      let base = try clip == "bubble" ? FitVideos.bubble.get() : FitVideos.fan.get()
      let crf = Int.random(in: 23...35, using: &rng)
      // why: even offsets keep the 4:2:0 chroma aligned
      let dx = 2 * Int.random(in: 0...8, using: &rng)
      let dy = 2 * Int.random(in: 0...8, using: &rng)
      let frames = clip == "bubble" ? 96 : 72
      let drops = Array(1..<(frames - 1)).shuffled(using: &rng).prefix(frames / 8).sorted()
      let select = drops.map { "eq(n\\,\($0))" }.joined(separator: "+")
      let tag = "seed\(seed)"
      var v = try FitVideos.variant(
        base, tag,
        [
          "-vf", "select='not(\(select))',crop=iw-\(dx):ih-\(dy):\(dx):\(dy)", "-fps_mode",
          "passthrough", "-c:v", "libx264", "-crf", "\(crf)",
        ])
      let r = base.region.split(separator: ",").compactMap { Double($0) }
      v.region = [r[0] - Double(dx), r[1] - Double(dy), r[2], r[3]].map {
        String(format: "%.1f", $0)
      }.joined(separator: ",")
      let range = clip == "bubble" ? ["--from", "0.45"] : []
      checkHonest(
        "\(clip) seed \(seed): CRF \(crf), crop \(dx),\(dy), \(drops.count) frames dropped",
        try fit(v, range), truth: clip == "bubble" ? FitVideos.bubbleSpring : FitVideos.fanSpring)
    }
  }

  /// The fan item's bloom at 30, 60 and 120 fps: its position, size and
  /// opacity fitted as one spring progress (all three carry the motion), the
  /// damping ratio and the response within 1 %.
  @Test(.enabled(if: FitVideos.hasFFmpeg, "needs ffmpeg"), arguments: [30, 60, 120])
  func fanItemBloomFromPositionScaleAndAlpha(fps: Int) throws {
    let v = try fps == 120 ? FitVideos.fan120.get() : FitVideos.fan(fps: fps)
    let o = try fit(v)
    #expect(
      o["channels"] as? [String] == ["position", "scale", "alpha"], "\(o["channels"] ?? "-")")
    checkHonest(
      "fan item bloom \(fps) fps, position+scale+alpha", o, truth: FitVideos.fanSpring,
      tolerance: 0.01)
    checkWithin(o, truth: FitVideos.fanSpring, 0.01)
    let text = try CLIHarness.run([
      "fit", v.path, "--region", v.region, "--region-at", "\(v.regionAt)",
    ])
    #expect(
      text.out.contains(
        "\nchannels:                position, scale, alpha (one spring progress; scale "),
      "\(text.out)")
  }

  /// The bubble keeps its size and opacity as it snaps: only its position
  /// carries the motion, and only the position is used.
  @Test(.enabled(if: FitVideos.hasFFmpeg, "needs ffmpeg"))
  func theBubbleSnapUsesItsPositionOnly() throws {
    let o = try fit(FitVideos.bubble.get(), ["--from", "0.45"])
    #expect(o["channels"] as? [String] == ["position"], "\(o["channels"] ?? "-")")
  }

  /// The rows of the golden clips the other fit tests assert, printed for
  /// the issue's table (their tolerances are asserted there).
  @Test(.enabled(if: FitVideos.hasFFmpeg, "needs ffmpeg"))
  func goldenClipsTable() throws {
    for fps in [30, 60, 120] {
      let b = try FitVideos.bubble(fps: fps)
      checkHonest(
        "bubble snap \(fps) fps", try fit(b, ["--from", "0.45"]), truth: FitVideos.bubbleSpring,
        tolerance: 0.01)
    }
    for fps in [30, 60] {
      checkHonest(
        "fan item bloom \(fps) fps", try fit(FitVideos.fan(fps: fps)), truth: FitVideos.fanSpring,
        tolerance: 0.01)
    }
  }
}
