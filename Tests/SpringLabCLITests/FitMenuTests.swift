import Foundation
import SpringLabCore
import SpringLabPlatform
import Testing

/// `springlab fit VIDEO --menu` on golden clips rendered in the test from a
/// fan preset (seed 000's, and variants with another stagger, order, arc and
/// spring): the whole menu fitted back. Every case prints `menu-case` rows
/// (case, field, truth, fitted, error) for the issue's table:
/// `swift test --skip-build --filter FitMenu | grep menu-case`.
enum MenuVideos {
  struct Clip {
    var path: String
    /// Pixels per device point of the render (the trace's view scale).
    var scale: Double
    var truth: Preset
  }

  /// The fan opened at 0.3 s by a tap on the main button.
  static let script = """
    {"duration": 1.5, "events": [{"at": 0.3, "tap": "fan.main"}]}
    """

  /// Renders `preset` (JSON text) opening its fan at `fps`, once per name;
  /// `screenScale`: the screen alone at that many pixels per point
  /// (`--frame screen --scale K`, as a phone records its screen) instead of
  /// the canvas at `size`.
  static func render(
    _ name: String, preset text: String, fps: Int, size: String = "360x780",
    screenScale: Int? = nil
  ) throws -> Clip {
    let size = screenScale.map { "screen\($0)x" } ?? size
    let dir = FitVideos.dir
    let presetPath = dir.appendingPathComponent("menu-\(name).json").path
    try text.write(toFile: presetPath, atomically: true, encoding: .utf8)
    let scriptPath = dir.appendingPathComponent("menu-open.json").path
    try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("menu-\(name)-\(fps)-\(size).mp4").path
    let trace = dir.appendingPathComponent("menu-\(name)-\(fps)-\(size).jsonl").path
    if !FileManager.default.fileExists(atPath: out) {
      let r = try CLIHarness.run(
        [
          "render", "--preset", presetPath, "--script", scriptPath, "--out", out,
          "--fps", "\(fps)", "--no-touches", "--trace", trace,
        ] + (screenScale.map { ["--frame", "screen", "--scale", "\($0)"] } ?? ["--size", size]))
      guard r.code == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: ["why": r.err]) }
    }
    let line = try CLIHarness.lines(trace)[0]
    let view = line["view"] as! [String: Any]
    let truth = try PresetReader.decode(Data(text.utf8), file: presetPath)
    return Clip(path: out, scale: view["scale"] as! Double, truth: truth)
  }

  static func seedFan() throws -> String {
    try String(contentsOfFile: CLIHarness.preset("seed-000-fan.json"), encoding: .utf8)
  }

  /// A fan of `count` items on `start`…`end`° at `radius` pt, expanding
  /// with a UIKit spring and the stagger and order given.
  static func variant(
    count: Int, radius: Double, start: Double, end: Double, duration: Double, damping: Double,
    velocity: Double, stagger: Double, order: String
  ) -> String {
    """
    {"schema": 2, "name": "menu fit variant",
     "device": {"model": "iphone15", "orientation": "portrait"},
     "fan": {"count": \(count), "layout": "arc", "radius": \(radius), "startAngle": \(start),
       "endAngle": \(end), "spacing": "inclusive",
       "expand": {"variant": "stagger", "curve": "spring", "duration": \(duration),
         "damping": \(damping), "velocity": \(velocity), "stagger": \(stagger), "order": "\(order)"}}}
    """
  }
}

@Suite("springlab fit --menu")
struct FitMenuTests {
  /// Fits `clip` and prints one row per field; returns the JSON object.
  func fitMenu(_ name: String, _ clip: MenuVideos.Clip, extra: [String] = []) throws
    -> [String: Any]
  {
    let (code, o, err) = try FitVideos.fit(
      [clip.path, "--menu", "--px-per-pt", "\(clip.scale)"] + extra)
    #expect(code == 0, "\(name): \(err)")
    return o
  }

  struct Errors {
    var stagger = 0.0
    var radius = 0.0
    var angle = 0.0
    var damping = 0.0
    var response = 0.0
  }

  /// Prints the rows and returns the errors (stagger s, radius pt, angles °,
  /// damping ratio and response as fractions).
  /// The issue's goals for the menu (stagger 2 ms, radius 1 pt, angles 1°)
  /// and the spring's bounds as fractions of the truth.
  func expectGoals(
    _ e: Errors, damping: Double, response: Double,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      abs(e.stagger) <= 0.002, "stagger off by \(e.stagger * 1000) ms",
      sourceLocation: sourceLocation)
    #expect(abs(e.radius) <= 1, "radius off by \(e.radius) pt", sourceLocation: sourceLocation)
    #expect(e.angle <= 1, "angle off by \(e.angle)°", sourceLocation: sourceLocation)
    #expect(
      abs(e.damping) <= damping, "damping ratio off by \(e.damping * 100) %",
      sourceLocation: sourceLocation)
    #expect(
      abs(e.response) <= response, "response off by \(e.response * 100) %",
      sourceLocation: sourceLocation)
  }

  func compare(_ name: String, _ o: [String: Any], truth p: Preset) -> Errors {
    let e = p.fan.expand
    let s = UIKitSpring(duration: e.duration, dampingRatio: e.damping, velocity: e.velocity).spring
    let response = 2 * .pi / s.naturalFrequency
    func num(_ k: String) -> Double { o[k] as? Double ?? .nan }
    func row(_ field: String, _ truth: Double, _ fitted: Double, _ err: String) {
      print(
        "menu-case \(name) · \(field) truth \(String(format: "%.4f", truth)) fitted \(String(format: "%.4f", fitted)) error \(err)"
      )
    }
    var out = Errors()
    out.stagger = num("fan.expand.stagger") - e.stagger
    row(
      "fan.expand.stagger (ms)", e.stagger * 1000, num("fan.expand.stagger") * 1000,
      String(format: "%+.2f ms", out.stagger * 1000))
    out.radius = num("fan.radius") - p.fan.radius
    row("fan.radius (pt)", p.fan.radius, num("fan.radius"), String(format: "%+.2f pt", out.radius))
    let da = num("fan.startAngle") - p.fan.startAngle
    let db = num("fan.endAngle") - p.fan.endAngle
    row("fan.startAngle (°)", p.fan.startAngle, num("fan.startAngle"), String(format: "%+.2f°", da))
    row("fan.endAngle (°)", p.fan.endAngle, num("fan.endAngle"), String(format: "%+.2f°", db))
    out.angle = max(abs(da), abs(db))
    out.damping = num("fan.expand.damping") / s.dampingRatio - 1
    row(
      "damping ratio", s.dampingRatio, num("fan.expand.damping"),
      String(format: "%+.2f %%", out.damping * 100))
    out.response = num("response") / response - 1
    row("response (s)", response, num("response"), String(format: "%+.2f %%", out.response * 100))
    print(
      "menu-case \(name) · fan.expand.order truth \(e.order.rawValue) fitted \(o["fan.expand.order"] ?? "-") · velocity truth \(e.velocity) fitted \(String(format: "%.3f", num("fan.expand.velocity")))"
    )
    #expect(o["fan.expand.order"] as? String == e.order.rawValue, "\(name): order")
    #expect(o["fan.count"] as? Double == Double(p.fan.count), "\(name): count")
    return out
  }

  /// Seed 000's fan (5 items, 170…280°, 120 pt, stagger 45 ms forward,
  /// spring 0.4 s 0.72 +0.6) at 30, 60 and 120 fps.
  @Test(.enabled(if: FitVideos.hasFFmpeg, "needs ffmpeg"), arguments: [30, 60, 120])
  func seedFanMenu(fps: Int) throws {
    let clip = try MenuVideos.render("seed000", preset: MenuVideos.seedFan(), fps: fps)
    let o = try fitMenu("seed 000 \(fps) fps", clip)
    let e = compare("seed 000 \(fps) fps", o, truth: clip.truth)
    // measured: 30 fps −0.69 %, 60 fps +0.10 %, 120 fps −0.13 % (30 fps was
    // −1.04 % before the tracker's sub-pixel refinement)
    expectGoals(e, damping: 0.01, response: 0.01)
  }

  /// A recording the size a phone makes (1080 × 2340, about 2.7 px/pt):
  /// the items' gaps and shadows scale with it, so they are split by a
  /// deeper wearing-away (a 12 px cap found one merged area).
  @Test(.enabled(if: FitVideos.hasFFmpeg, "needs ffmpeg"))
  func aPhoneSizedRecording() throws {
    let clip = try MenuVideos.render(
      "seed000", preset: MenuVideos.seedFan(), fps: 60, size: "1080x2340")
    let o = try fitMenu("seed 000 60 fps 1080x2340", clip)
    let e = compare("seed 000 60 fps 1080x2340", o, truth: clip.truth)
    expectGoals(e, damping: 0.01, response: 0.01)
  }

  /// A phone's own screen recording: the screen alone, edge to edge, at 2
  /// and 3 px/pt (786 × 1704 and 1180 × 2556), fitted with the default
  /// pixels per point (the frame's width over the device's). Before the
  /// wearing-away's depth grew with the frame as w / 20 (it was w / 40),
  /// three of the five items stayed joined by their shadows and the menu
  /// came back as fan.count 2.
  @Test(.enabled(if: FitVideos.hasFFmpeg, "needs ffmpeg"), arguments: [2, 3])
  func aPhoneScreenRecording(scale: Int) throws {
    let clip = try MenuVideos.render(
      "seed000", preset: MenuVideos.seedFan(), fps: 60, screenScale: scale)
    #expect(clip.scale == Double(scale))
    let (code, o, err) = try FitVideos.fit([clip.path, "--menu"])
    #expect(code == 0, "\(err)")
    #expect(abs((o["pixelsPerPoint"] as? Double ?? 0) - Double(scale)) < 0.01)
    let e = compare("seed 000 60 fps screen at \(scale)x", o, truth: clip.truth)
    expectGoals(e, damping: 0.01, response: 0.01)
  }

  /// One item of a phone's 3× screen recording fitted alone (seed 000's
  /// item 2, marked at rest at 1 s): where the items leave the main button
  /// together the tracker follows a neighbour, and a spring through those
  /// samples ran from −36221 px (119× the 308 px the clip shows) with a
  /// residual of 0.016 % of that travel, "strong", exit 0. Now it is no
  /// finding (exit 1, the reason and what to try); fitted from 0.45 s, when
  /// the items are apart, it is the menu's spring.
  @Test(.enabled(if: FitVideos.hasFFmpeg, "needs ffmpeg"))
  func anItemFollowedOntoANeighbourIsNoFinding() throws {
    let clip = try MenuVideos.render(
      "seed000", preset: MenuVideos.seedFan(), fps: 60, screenScale: 3)
    let trace = try CLIHarness.lines(clip.path.replacingOccurrences(of: ".mp4", with: ".jsonl"))
    let line = try #require(trace.first { abs(($0["t"] as! Double) - 1) < 1e-6 })
    let item = ((line["fan"] as! [String: Any])["items"] as! [[String: Any]])[2]
    let (x, y) = (item["x"] as! Double * 3, item["y"] as! Double * 3)
    let region = "\(x - 75),\(y - 75),150,150"
    let r = try CLIHarness.run(["fit", clip.path, "--region", region, "--region-at", "1"])
    #expect(r.code == 1, "\(r.err)")
    #expect(
      r.err.contains("not one element's motion: the fitted travel")
        && r.err.contains("--from"), "\(r.err)")
    let (code, o, err) = try FitVideos.fit([
      clip.path, "--region", region, "--region-at", "1", "--from", "0.45",
    ])
    #expect(code == 0, "\(err)")
    let e = clip.truth.fan.expand
    let truth = UIKitSpring(duration: e.duration, dampingRatio: e.damping, velocity: e.velocity)
    #expect(
      abs((o["dampingRatio"] as? Double ?? 0) / truth.dampingRatio - 1) < 0.01,
      "ζ \(o["dampingRatio"] ?? "-")")
  }

  /// A clip `springlab render` made with a margin round the device (the
  /// default frame): its note says where the screen is, so `--menu` needs
  /// no `--px-per-pt` (the frame's width over the device's read seed 000's
  /// radius as 105 pt, and a designer's 393×852 @2 render as 98 pt). The
  /// same clip with its tags stripped falls back to the frame's width.
  @Test(.enabled(if: FitVideos.hasFFmpeg, "needs ffmpeg"))
  func aRenderSaysWhereItsScreenIs() throws {
    let clip = try MenuVideos.render("seed000", preset: MenuVideos.seedFan(), fps: 60)
    let (code, o, err) = try FitVideos.fit([clip.path, "--menu"])
    #expect(code == 0, "\(err)")
    #expect(o["pixelsPerPointFrom"] as? String == "noted in the clip by springlab render")
    #expect(abs((o["pixelsPerPoint"] as? Double ?? 0) - clip.scale) < 1e-6)
    let e = compare("seed 000 60 fps, scale from the render's note", o, truth: clip.truth)
    expectGoals(e, damping: 0.01, response: 0.01)
    let bare = FitVideos.dir.appendingPathComponent("menu-seed000-bare.mp4").path
    let ff = try #require(ExecutableSearch.find("ffmpeg"))
    let p = try Spawned.start(
      ff, ["-v", "error", "-y", "-i", clip.path, "-map_metadata", "-1", "-c", "copy", bare],
      env: ProcessInfo.processInfo.environment)
    #expect(p.wait() == 0)
    p.cleanUp()
    let (code2, o2, err2) = try FitVideos.fit([bare, "--menu"])
    #expect(code2 == 0, "\(err2)")
    #expect(o2["pixelsPerPointFrom"] as? String == "the frame's width over the device's")
    // and the text says when that is right
    let t = try CLIHarness.run(["fit", bare, "--menu"])
    #expect(t.out.contains("a clip with a margin or bezel needs --px-per-pt"), "\(t.out)")
    #expect(abs((o2["pixelsPerPoint"] as? Double ?? 0) - 360.0 / 393) < 1e-6)
  }

  /// Another stagger, order, arc and spring: reverse, 4 items, and the
  /// centre order with 5.
  @Test(.enabled(if: FitVideos.hasFFmpeg, "needs ffmpeg"), arguments: ["reverse", "center"])
  func variantMenu(order: String) throws {
    let text =
      order == "reverse"
      ? MenuVideos.variant(
        count: 4, radius: 110, start: 180, end: 270, duration: 0.5, damping: 0.6, velocity: 0,
        stagger: 0.06, order: "reverse")
      : MenuVideos.variant(
        count: 5, radius: 140, start: 175, end: 275, duration: 0.35, damping: 0.85,
        velocity: 1, stagger: 0.03, order: "center")
    let clip = try MenuVideos.render(order, preset: text, fps: 60)
    let o = try fitMenu("\(order) 60 fps", clip)
    let e = compare("\(order) 60 fps", o, truth: clip.truth)
    expectGoals(e, damping: 0.01, response: 0.01)
  }

  /// Seed 000's 60 fps clip re-encoded at CRF 35, and with every third
  /// frame dropped (each frame keeping its own timestamp): the issue's
  /// bound for recordings as phones make them is 2 % on the spring.
  @Test(.enabled(if: FitVideos.hasFFmpeg, "needs ffmpeg"), arguments: ["crf35", "vfr"])
  func seedFanMenuAsPhonesRecordIt(variant: String) throws {
    let clip = try MenuVideos.render("seed000", preset: MenuVideos.seedFan(), fps: 60)
    let args =
      variant == "crf35"
      ? ["-c:v", "libx264", "-crf", "35"]
      : [
        "-vf", "select='not(eq(mod(n\\,3)\\,2))'", "-fps_mode", "passthrough", "-c:v",
        "libx264", "-crf", "18",
      ]
    let v = try FitVideos.variant(
      FitVideos.Video(path: clip.path, region: "", regionAt: 0), "menu-\(variant)", args)
    var c = clip
    c.path = v.path
    let o = try fitMenu("seed 000 60 fps \(variant)", c)
    let e = compare("seed 000 60 fps \(variant)", o, truth: clip.truth)
    expectGoals(e, damping: 0.02, response: 0.02)
  }

  /// `--out` writes a preset that validates and holds the fitted fields;
  /// the text names each field with its ±.
  @Test(.enabled(if: FitVideos.hasFFmpeg, "needs ffmpeg"))
  func writesAPresetThatValidates() throws {
    let clip = try MenuVideos.render("seed000", preset: MenuVideos.seedFan(), fps: 60)
    let out = FitVideos.dir.appendingPathComponent("menu-fitted.json").path
    let r = try CLIHarness.run([
      "fit", clip.path, "--menu", "--px-per-pt", "\(clip.scale)", "--out", out,
    ])
    #expect(r.code == 0, "\(r.err)")
    for field in ["fan.radius", "fan.startAngle", "fan.endAngle", "fan.expand.stagger"] {
      #expect(r.out.contains("  \(field) "), "\(field) missing in\n\(r.out)")
    }
    #expect(r.out.contains(" ± "))
    let v = try CLIHarness.run(["validate", out])
    #expect(v.code == 0, "\(v.out)\(v.err)")
    let p = try PresetReader.load(path: out)
    #expect(p.fan.count == 5)
    #expect(p.fan.expand.order == .forward)
    #expect(abs(p.fan.expand.stagger - 0.045) <= 0.002)
    #expect(abs(p.fan.radius - 120) <= 1)
    #expect(abs(p.fan.expand.duration - 0.4) <= 0.01)
  }

  /// A clip with one moving element (seed 002's bubble) is no menu: one line
  /// naming the file and why, exit 3.
  @Test(.enabled(if: FitVideos.hasFFmpeg, "needs ffmpeg"))
  func oneElementIsNoMenuExit3() throws {
    let v = try FitVideos.bubble.get()
    let r = try CLIHarness.run(["fit", v.path, "--menu"])
    #expect(r.code == 3, "\(r.out)\(r.err)")
    #expect(r.err.contains(v.path) && r.err.contains("no fan menu found"), "\(r.err)")
    #expect(r.err.split(separator: "\n").count == 1, "\(r.err)")
  }

  /// A 30 fps clip ending 0.9 s after the tap shows the last items on their
  /// way out in 17–19 frames, fewer than a fit needs: the menu is refused
  /// with the reason (exit 3), never written with the items left out (it
  /// wrote fan.count 2 for 5 items).
  @Test(.enabled(if: FitVideos.hasFFmpeg, "needs ffmpeg"))
  func itemsSeenTooBrieflyAreSaidNotDropped() throws {
    let clip = try MenuVideos.render("seed000", preset: MenuVideos.seedFan(), fps: 30)
    let v = try FitVideos.variant(
      FitVideos.Video(path: clip.path, region: "", regionAt: 0), "menu-short",
      ["-t", "1.2", "-c:v", "libx264", "-crf", "18"])
    let out = FitVideos.dir.appendingPathComponent("menu-short.json").path
    let r = try CLIHarness.run([
      "fit", v.path, "--menu", "--px-per-pt", "\(clip.scale)", "--out", out,
    ])
    #expect(r.code == 3, "\(r.out)\(r.err)")
    #expect(r.err.contains("in too few frames to fit"), "\(r.err)")
    #expect(r.err.split(separator: "\n").count == 1, "\(r.err)")
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  /// A clip cut 0.1 s after the tap starts with the first item already at
  /// rest on the arc: refused (it wrote fan.count 4 for 5 items), and no
  /// preset written.
  @Test(.enabled(if: FitVideos.hasFFmpeg, "needs ffmpeg"))
  func aClipCutAfterTheTapIsRefused() throws {
    let clip = try MenuVideos.render("seed000", preset: MenuVideos.seedFan(), fps: 60)
    let v = try FitVideos.variant(
      FitVideos.Video(path: clip.path, region: "", regionAt: 0), "menu-cut", input: ["-ss", "0.4"],
      ["-c:v", "libx264", "-crf", "18"])
    let out = FitVideos.dir.appendingPathComponent("menu-cut.json").path
    let r = try CLIHarness.run([
      "fit", v.path, "--menu", "--px-per-pt", "\(clip.scale)", "--out", out,
    ])
    #expect(r.code == 3 || r.code == 1, "\(r.out)\(r.err)")
    #expect(
      r.err.contains("at rest on the arc from the first frame") || r.err.contains("poor fit"),
      "\(r.err)")
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func menuUsageErrors() throws {
    let r = try CLIHarness.run(["fit", "x.mp4", "--menu", "--region", "1,2,3,4"])
    #expect(r.code == 2, "\(r.err)")
    let s = try CLIHarness.run(["fit", "x.csv", "--menu"])
    #expect(s.code == 2, "\(s.err)")
    let o = try CLIHarness.run(["fit", "x.mp4", "--out", "y.json"])
    #expect(o.code == 2, "\(o.err)")
  }
}
