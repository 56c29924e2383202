import Foundation
import SpringLabCore
import Testing

/// The motions of issue #25's list the other fit tests leave out, each
/// rendered by `springlab render` at 30, 60 and 120 fps (the true spring is
/// the preset's): the bubble's snap after a fling, the bubble menu opening
/// (it scales about its anchor and fades in) and a fan item's collapse when
/// the collapse is a spring. Every case prints a `fit-case` row:
/// `swift test --skip-build --filter FitMoreMotions | grep fit-case`.
extension FitVideos {
  /// Cadences every case is rendered at.
  static let cadences = [30, 60, 120]

  /// `name` of the shipped presets, changed by `change` and written to the
  /// test directory; returns its path.
  static func derivedPreset(
    _ name: String, from shipped: String, _ change: (inout [String: Any]) -> Void
  ) throws -> String {
    let data = try Data(contentsOf: URL(fileURLWithPath: CLIHarness.preset(shipped)))
    var p = try JSONSerialization.jsonObject(with: data) as! [String: Any]
    change(&p)
    let path = dir.appendingPathComponent(name).path
    try JSONSerialization.data(withJSONObject: p).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The shipped preset `name`, read as the app reads it.
  static func shippedPreset(_ name: String) throws -> Preset {
    try PresetReader.load(path: CLIHarness.preset(name))
  }

  // MARK: the bubble flung

  /// Seed 002's bubble with `bubble.snap.mode` `fling`, grabbed right of the
  /// screen's middle (x 260 of 393 pt) and flung left: six moves in 100 ms
  /// (540 pt/s over the last 100 ms, the velocity the release reads) and
  /// released on a frame of every cadence, 0.6 s, at x 204. The fling's
  /// projection (−270 pt) sends it to the left side, which the release point
  /// alone would not (it is nearer the right); it snaps there, on screen,
  /// with the snap spring.
  /// The release velocity chooses the target only: the spring starts with
  /// the preset's UIKit velocity (0.4 travels/s), while the bubble was
  /// moving about 600 pt/s (6.4 travels/s) with the finger just before.
  static let flingScript = """
    {"duration": 1.6, "start": {"bubble": [260, 400]}, "events": [
      {"at": 0.2, "down": [260, 400]}, {"at": 0.5, "move": [258, 400]},
      {"at": 0.52, "move": [250, 400]}, {"at": 0.54, "move": [240, 400]},
      {"at": 0.56, "move": [228, 400]}, {"at": 0.58, "move": [216, 400]},
      {"at": 0.6, "up": [204, 400]}]}
    """
  static let flingRelease = 0.6

  static let flingPreset: Result<String, Error> = Result {
    try derivedPreset("seed-002-fling.json", from: "seed-002-bubble.json") { p in
      var b = p["bubble"] as! [String: Any]
      var snap = b["snap"] as! [String: Any]
      snap["mode"] = "fling"
      b["snap"] = snap
      p["bubble"] = b
    }
  }

  /// The fling at `fps`, the bubble marked at rest on its target (1.4 s).
  static func renderFling(fps: Int) throws -> Video {
    try render(
      "fling\(fps)", preset: flingPreset.get(), script: flingScript, size: "200x432",
      regionAt: 1.4, extent: 56, fps: fps
    ) { line in
      let b = line["bubble"] as! [String: Any]
      return (b["x"] as! Double, b["y"] as! Double)
    }
  }
  static let flings: [Int: Result<Video, Error>] = Dictionary(
    uniqueKeysWithValues: cadences.map { fps in (fps, Result { try renderFling(fps: fps) }) })

  // MARK: the bubble menu

  /// Seed 002's bubble tapped at 0.3 s: its menu opens beside it (the clip
  /// runs on to 1.5 s, so even at 30 fps the fit has 20 samples besides the
  /// frames the fading panel cannot be matched on).
  static let menuScript = """
    {"duration": 1.5, "events": [{"at": 0.3, "tap": "bubble"}]}
    """
  static let menuStart = 0.3

  /// The menu's opening spring, as seed 002 sets it (`bubble.menu`).
  static let menuSpring: Result<UIKitSpring, Error> = Result {
    let m = try shippedPreset("seed-002-bubble.json").bubble.menu
    return UIKitSpring(duration: m.duration, dampingRatio: m.damping, velocity: m.velocity)
  }

  /// The menu panel at `fps`, marked on the last frame: its full-size
  /// rectangle from the menu's layout beside the resting bubble. Rendered
  /// at 786×1704 (2 px per point; a phone records at its screen's 3): the
  /// 200 × 56 pt panel spans 351 × 98 px. At 360×780 (148 × 41 px) the
  /// 30 fps clip was +1.24 % / +1.02 % (ζ / response) with a ± of 23 % and
  /// 37 %: its size was read to a pixel of a 59 px growth.
  static func renderMenu(fps: Int) throws -> Video {
    let p = try shippedPreset("seed-002-bubble.json")
    let device = Device.of(p)
    let bubble = Bubble(config: p.bubble, device: device)
    let m = bubble.menuLayout(at: 0, device: device)
    return try render(
      "menu\(fps)", preset: "seed-002-bubble.json", script: menuScript, size: "786x1704",
      regionAt: 1.5, extent: m.w, height: m.h, fps: fps
    ) { _ in (m.x + m.w / 2, m.y + m.h / 2) }
  }
  static let menus: [Int: Result<Video, Error>] = Dictionary(
    uniqueKeysWithValues: cadences.map { fps in (fps, Result { try renderMenu(fps: fps) }) })

  // MARK: the fan's collapse as a spring

  /// Seed 000 with its collapse made a UIKit spring of the same duration
  /// (0.25 s) with the collapse fields' defaults (damping 0.75, velocity 1).
  static let collapseSpring = UIKitSpring(duration: 0.25, dampingRatio: 0.75, velocity: 1)
  static let collapseSpringPreset: Result<String, Error> = Result {
    try derivedPreset("seed-000-collapse-spring.json", from: "seed-000-fan.json") { p in
      var f = p["fan"] as! [String: Any]
      var c = f["collapse"] as! [String: Any]
      c["curve"] = "spring"
      c["duration"] = collapseSpring.duration
      c["damping"] = collapseSpring.dampingRatio
      c["velocity"] = collapseSpring.velocity
      f["collapse"] = c
      p["fan"] = f
    }
  }

  /// The fan opened at 0.3 s and closed at 1.5 s: item 0 collapses last
  /// (reverse order, 4 × 0.03 s after the first), from 1.62 s.
  static let collapseSpringScript = """
    {"duration": 2.2, "events": [{"at": 0.3, "tap": "fan.main"}, {"at": 1.5, "tap": "fan.main"}]}
    """
  static let collapseSpringStart = 1.62

  /// `collapseSpringScript` at `fps`, item 0 marked at 1.4 s, open.
  static func renderCollapseSpring(fps: Int) throws -> Video {
    try render(
      "collapse-spring\(fps)", preset: collapseSpringPreset.get(), script: collapseSpringScript,
      size: "360x780", regionAt: 1.4, extent: 54, fps: fps
    ) { line in
      let items = (line["fan"] as! [String: Any])["items"] as! [[String: Any]]
      return (items[0]["x"] as! Double, items[0]["y"] as! Double)
    }
  }
  static let collapseSprings: [Int: Result<Video, Error>] = Dictionary(
    uniqueKeysWithValues: cadences.map { fps in
      (fps, Result { try renderCollapseSpring(fps: fps) })
    })

  /// The trace `render` wrote beside `v`.
  static func trace(of v: Video) throws -> [[String: Any]] {
    try CLIHarness.lines(v.path.replacingOccurrences(of: ".mp4", with: ".jsonl"))
  }
}

@Suite("springlab fit on every motion kind")
struct FitMoreMotionsTests {
  func fit(_ v: FitVideos.Video, _ extra: [String] = []) throws -> [String: Any] {
    let (code, o, err) = try FitVideos.fit(
      [v.path, "--region", v.region, "--region-at", "\(v.regionAt)"] + extra)
    #expect(code == 0, "\(err)")
    return o
  }

  /// The bubble's snap after a fling, fitted from the release on: the damping
  /// ratio and the response within 1 %. The clip shows the bubble moving
  /// with the finger up to the release, so the fit sees no rest before the
  /// snap: its start and initial velocity are not seen and must be printed
  /// as undetermined (not the drag's speed, nor a made-up launch). The fit
  /// may put the start before the release (a spring already under way draws
  /// the same samples), which is why it is undetermined.
  @Test(.enabled(if: FitVideos.hasFFmpeg, "needs ffmpeg"), arguments: FitVideos.cadences)
  func bubbleSnapFromAFling(fps: Int) throws {
    let v = try FitVideos.flings[fps]!.get()
    // the fling took the bubble to the far (left) side, in frame all along
    let trace = try FitVideos.trace(of: v)
    let xs = trace.map { ($0["bubble"] as! [String: Any])["x"] as! Double }
    #expect(xs.first == 260 && xs.last == 36, "from \(xs.first ?? -1) to \(xs.last ?? -1)")
    #expect(xs.allSatisfy { $0 >= 28 && $0 <= 393 - 28 }, "left the screen")
    let o = try fit(v, ["--from", "\(FitVideos.flingRelease)"])
    // why: its size never changes; its contrast does, a little, as it
    // crosses the list behind it, smoothly enough with its progress at
    // 120 fps to be kept as an opacity channel (harmless: it follows the
    // same progress)
    let channels = o["channels"] as? [String] ?? []
    #expect(channels.first == "position" && !channels.contains("scale"), "\(channels)")
    checkHonest(
      "bubble snap from a fling \(fps) fps", o, truth: FitVideos.bubbleSpring, tolerance: 0.01)
    checkWithin(o, truth: FitVideos.bubbleSpring, 0.01)
    let u = o["uncertainty"] as? [String: Any] ?? [:]
    #expect(u["velocity"] is NSNull, "velocity \(o["velocity"] ?? "-") ± \(u["velocity"] ?? "-")")
    #expect(u["start"] is NSNull, "start \(o["start"] ?? "-") ± \(u["start"] ?? "-")")
  }

  /// The bubble menu opening, its panel marked on the last frame: it grows
  /// 0.6 → 1 about its anchor (so its centre moves) and fades in, all three
  /// following the menu spring (0.25 s), fitted as one spring progress.
  /// The panel fades in over the list's text, and below ~70 % opacity the
  /// text behind it outweighs it (correlation under 0.6 at the true place
  /// and size); those frames are found by the background model
  /// (`ElementTracker.recoverFaded`: the frame as the panel composited over
  /// the clip's first frame). Within 1 % at every cadence (2 px per point,
  /// `renderMenu`): at 30 fps one frame shows the panel rising (at 45 %)
  /// and the next is at 90 %, so the spring is read from the panel's
  /// settling size, which the larger render resolves (measured ζ +0.27 %,
  /// response +0.12 %; at 360×780 +1.24 % and +1.02 %).
  @Test(.enabled(if: FitVideos.hasFFmpeg, "needs ffmpeg"), arguments: FitVideos.cadences)
  func bubbleMenuScale(fps: Int) throws {
    let v = try FitVideos.menus[fps]!.get()
    let truth = try FitVideos.menuSpring.get()
    let o = try fit(v)
    // why: at 30 fps the centre's travel seen is too short for `auto`, which
    // then fits the size with the opacity
    let channels = Set(o["channels"] as? [String] ?? [])
    #expect(channels.isSuperset(of: ["scale", "alpha"]), "\(channels)")
    if fps > 30 { #expect(channels.contains("position"), "\(channels)") }
    checkHonest("bubble menu scale \(fps) fps", o, truth: truth, tolerance: 0.01)
    checkWithin(o, truth: truth, 0.01)
    #expect(o["seenTooBriefly"] as? Bool == false, "\(o["motionSamples"] ?? "-") in motion")
    #expect(
      abs((o["start"] as? Double ?? 0) - FitVideos.menuStart) < 1.5 / Double(fps),
      "start \(o["start"] ?? "-")")
  }

  /// A fan item's collapse as a spring, marked while open, the range ending
  /// on the last frame it is still half shown. The item shrinks to 0.4 and
  /// fades out as it returns under the main button, and is half faded
  /// 40 ms in (a third of the way), so its spring is seen in 1 sample after
  /// the start at 30 fps, 2 at 60 fps and 5 at 120 fps: fewer than the fit
  /// needs (`SpringFit.minimumSamplesInMotion`), and past half faded the
  /// tracker loses it. The background model (`ElementTracker.recoverFaded`,
  /// the range run on to the first frame it is gone, as the background)
  /// does not bring it back: the item fades out as it slides under the main
  /// button, which turns back at the same time (45° → 0 over 1.5…1.7 s),
  /// so those frames are not the item over a still background (nor is the
  /// item on top there); measured, it keeps 1 more frame at
  /// 30 fps and none at 60 and 120 fps (lost at 1.683 s and 1.675 s), so
  /// the range still ends half shown. The 1 % is out of reach; what is asserted is that
  /// the fit says so (the models indistinguishable, the damping ratio and
  /// response undetermined), never a confident wrong spring. Before, the
  /// 120 fps clip printed ζ 0.53 ± 0.007 (truth 0.75) and the 30 fps one a
  /// decisive tween.
  @Test(.enabled(if: FitVideos.hasFFmpeg, "needs ffmpeg"), arguments: FitVideos.cadences)
  func fanItemCollapseAsASpring(fps: Int) throws {
    let v = try FitVideos.collapseSprings[fps]!.get()
    let trace = try FitVideos.trace(of: v)
    // why: the element must leave the range before the tracker loses it
    // (`--to`, as the help says); half shown is where it still matches
    let shown = trace.filter {
      let items = ($0["fan"] as! [String: Any])["items"] as! [[String: Any]]
      return ($0["t"] as! Double) > 1.5 && (items[0]["alpha"] as! Double) >= 0.5
    }
    // half a frame on, so the last half-shown frame is inside the range
    let to = (shown.last!["t"] as! Double) + 0.5 / Double(fps)
    // from 0.8 s, when item 0 has long come to rest after the bloom (0.7 s)
    let (code, o, err) = try FitVideos.fit([
      v.path, "--region", v.region, "--region-at", "\(v.regionAt)", "--from", "0.8", "--to",
      "\(to)",
    ])
    #expect(code == 0, "\(err)")
    checkHonest(
      "fan item collapse as a spring \(fps) fps", o, truth: FitVideos.collapseSpring,
      tolerance: 0.01)
    // the few samples after its start leave the model and the spring open
    #expect(o["evidence"] as? String == "indistinguishable", "\(o["evidence"] ?? "-")")
    let u = o["uncertainty"] as? [String: Any] ?? [:]
    #expect(u["dampingRatio"] is NSNull, "ζ ± \(u["dampingRatio"] ?? "-")")
    #expect(u["response"] is NSNull, "response ± \(u["response"] ?? "-")")
    // and says why, in the words a designer reads: how few frames show it
    let moving = o["motionSamples"] as? Double ?? .infinity
    #expect(moving < Double(SpringFit.minimumSamplesInMotion), "\(moving) samples in motion")
    #expect(o["seenTooBriefly"] as? Bool == true)
    let text = try CLIHarness.run([
      "fit", v.path, "--region", v.region, "--region-at", "\(v.regionAt)", "--from", "0.8",
      "--to", "\(to)",
    ])
    let line = text.out.split(separator: "\n").first { $0.hasPrefix("seen moving:") }
    #expect(
      line?.contains("seen moving in \(Int(moving)) sample") == true
        && line?.contains("higher frame rate") == true, "\(line ?? "no seen moving: line")")
  }
}
