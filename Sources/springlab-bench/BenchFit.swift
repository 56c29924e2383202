import Foundation
import SpringLabCommands
import SpringLabCore
import SpringLabPlatform
import SpringLabRender
import SpringLabStudio

/// `bench` figures for `springlab fit`: decoding, tracking and fitting a
/// 3 s 1080p 60 fps clip of a striped block springing across static colour bars
/// (made by ffmpeg, untimed), as a ratio of the clip's length (goal ≤ 2×).
enum BenchFit {
  static let names: [(String, String)] = [
    ("fit.1080p60.3s.seconds", "s"), ("fit.1080p60.3s.ratio", "× clip length"),
    ("fit.1080p60.3s.decodeSeconds", "s"),
    ("fit.backdrop.1080p60.3s.decodeSeconds", "s"), ("fit.backdrop.1080p60.3s.MiB", "MiB"),
    ("fit.backdrop.1080p60.3s.fitSeconds", "s"),
  ]

  static let menuNames: [(String, String)] = [
    ("fit.menu.1080p60.3s.seconds", "s"), ("fit.menu.1080p60.3s.ratio", "× clip length"),
  ]

  static let phoneMenuNames: [(String, String)] = [
    ("fit.menu.phone60.2s.seconds", "s"), ("fit.menu.phone60.2s.ratio", "× clip length"),
  ]

  /// The whole-menu fit (`fit --menu`): seed 000's fan opening (a tap on the
  /// main button at 0.3 s), rendered untimed at 1920 × 1080, 60 fps (the
  /// iPhone 15 upright in the middle, 1.15 px per point), then timed:
  /// decoding, finding the items, tracking each and the joint fit. Goal ≤ 2×
  /// the clip's length.
  static func menu(_ o: BenchOptions) -> [BenchResult] {
    menu(o, names: menuNames, size: o.quick ? (360, 780) : (1920, 1080), seconds: o.quick ? 1.2 : 3)
  }

  /// The same fit on a phone's own screen recording: 1080 × 2340 (2.5 M
  /// pixels a frame, 2.8 px per point), 2 s at 60 fps.
  /// why: the finder and the tracker's whole-frame passes grow with the
  /// frame, and a recording straight off a phone is the usual input
  static func phoneMenu(_ o: BenchOptions) -> [BenchResult] {
    menu(
      o, names: phoneMenuNames, size: o.quick ? (360, 780) : (1080, 2340),
      seconds: o.quick ? 1.2 : 2)
  }

  static func menu(
    _ o: BenchOptions, names menuNames: [(String, String)], size: (Int, Int), seconds: Double
  ) -> [BenchResult] {
    guard ExecutableSearch.find("ffmpeg") != nil else {
      return menuNames.map { .skipped($0.0, unit: $0.1, "skipped: no ffmpeg") }
    }
    let (w, h) = size
    let dir = NSTemporaryDirectory() + "springlab-bench-fit-menu-\(getpid())"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let clip = dir + "/menu.mp4"
    let text = #"{"duration": \#(seconds), "events": [{"at": 0.3, "tap": "fan.main"}]}"#
    guard let script = try? InputScript.decode(Data(text.utf8), file: "bench") else {
      return menuNames.map { .skipped($0.0, unit: $0.1, "failed: the bench's script") }
    }
    let job = RenderJob(
      preset: .seedDefault, script: script, width: w, height: h, scale: 1, fps: 60,
      frames: Int((seconds * 60).rounded()), at: nil, panel: false, touches: false)
    let trace = dir + "/menu.jsonl"
    guard (try? job.render(out: clip, kind: .mp4, trace: trace)) != nil,
      let first = try? String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").first,
      let line = try? JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any],
      let ppp = (line["view"] as? [String: Any])?["scale"] as? Double
    else {
      return menuNames.map { .skipped($0.0, unit: $0.1, "failed: cannot render the menu clip") }
    }
    var total: [Double] = []
    var items = 0
    var frameCount = 0
    for _ in 0..<o.slowRuns {
      let t0 = Bench.seconds()
      guard let frames = try? VideoDecoder.decode(clip, range: nil) else {
        return menuNames.map { .skipped($0.0, unit: $0.1, "failed: cannot decode the menu clip") }
      }
      frameCount = frames.count
      guard let fit = try? MenuFit.fit(frames: frames, pixelsPerPoint: ppp) else {
        return menuNames.map { .skipped($0.0, unit: $0.1, "failed: the menu did not fit") }
      }
      items = fit.items.count
      total.append(Bench.seconds() - t0)
    }
    let med = Bench.middle(total)
    let note =
      (o.quick ? "quick: " : "")
      + "\(frameCount) frames \(w)x\(h), \(items) items, decode + find + fit"
    return [
      BenchResult(name: menuNames[0].0, value: med, unit: menuNames[0].1, note: note),
      BenchResult(name: menuNames[1].0, value: med / seconds, unit: menuNames[1].1, note: note),
    ]
  }

  static func all(_ o: BenchOptions) -> [BenchResult] {
    single(o) + menu(o) + phoneMenu(o) + rotation(o)
  }

  static func single(_ o: BenchOptions) -> [BenchResult] {
    guard let ffmpeg = ExecutableSearch.find("ffmpeg") else {
      return names.map { .skipped($0.0, unit: $0.1, "skipped: no ffmpeg") }
    }
    // why: --quick only proves the figures are produced, on a tiny clip
    let (w, h, side) = o.quick ? (320, 180, 24) : (1920, 1080, 140)
    let seconds = o.quick ? 1.0 : 3.0
    let dir = NSTemporaryDirectory() + "springlab-bench-fit-\(getpid())"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let clip = dir + "/clip.mp4"
    let x0 = Double(w) * 0.15
    let x1 = Double(w) * 0.7
    let y = Double(h - side) / 2
    // a UIKit-like spring from x0 to x1 starting at 0.5 s (ζ ≈ 0.6, ω0 = 20)
    let expr =
      "if(lt(t,0.5),\(x0),\(x1)-\(x1 - x0)*exp(-12*(t-0.5))*(cos(16*(t-0.5))+0.75*sin(16*(t-0.5))))"
    let c = try? ChildProcess.launch(
      ffmpeg,
      [
        "-v", "error", "-y", "-f", "lavfi", "-i", "smptehdbars=s=\(w)x\(h):r=60:d=\(seconds)",
        "-f", "lavfi", "-i", "rgbtestsrc=s=\(side)x\(side):r=60:d=\(seconds)",
        "-filter_complex", "[0][1]overlay=x='\(expr)':y=\(y)", "-c:v", "libx264",
        "-pix_fmt", "yuv420p", "-t", "\(seconds)", clip,
      ], env: ProcessInfo.processInfo.environment)
    guard let c, c.wait() == 0 else {
      return names.map { .skipped($0.0, unit: $0.1, "failed: ffmpeg could not make the clip") }
    }
    let region = FrameRegion(x: x0, y: y, width: Double(side), height: Double(side))
    var total: [Double] = []
    var decode: [Double] = []
    var frameCount = 0
    for _ in 0..<o.slowRuns {
      let t0 = Bench.seconds()
      guard let frames = try? VideoDecoder.decode(clip, range: nil) else {
        return names.map { .skipped($0.0, unit: $0.1, "failed: cannot decode the clip") }
      }
      let t1 = Bench.seconds()
      frameCount = frames.count
      guard (try? VideoFit.fit(frames: frames, region: region, regionAt: nil, axis: .auto)) != nil
      else {
        return names.map { .skipped($0.0, unit: $0.1, "failed: the clip did not fit") }
      }
      total.append(Bench.seconds() - t0)
      decode.append(t1 - t0)
    }
    // the window's path: the same clip decoded to RGB at a display size (a
    // third of each side), tracked and fitted on those frames off the window's thread
    let (dw, dh) = (w / 3, h / 3)
    var backdropDecode: [Double] = []
    var backdropFit: [Double] = []
    var held = 0
    for _ in 0..<o.slowRuns {
      let t0 = Bench.seconds()
      guard
        case .success(let v) = BackdropVideoServices.decode(
          VideoDecodeRequest(
            path: clip, width: dw, height: dh, maxBytes: VideoBackdrop.memoryCap))
      else {
        return names.map {
          .skipped($0.0, unit: $0.1, "failed: cannot decode the clip as a backdrop")
        }
      }
      let t1 = Bench.seconds()
      held = v.byteCount
      let r = FrameRegion(x: x0 / 3, y: y / 3, width: Double(side) / 3, height: Double(side) / 3)
      guard
        case .success = BackdropVideoServices.fit(
          VideoFitRequest(
            frames: v.frames, times: v.times, region: r, regionAt: v.times[0], target: .fanExpand))
      else {
        return names.map { .skipped($0.0, unit: $0.1, "failed: the backdrop did not fit") }
      }
      backdropDecode.append(t1 - t0)
      backdropFit.append(Bench.seconds() - t1)
    }
    let med = Bench.middle(total)
    let note = o.quick ? "quick: a 320x180 1 s clip" : "\(frameCount) frames \(w)x\(h)"
    let shown = "\(frameCount) frames at \(dw)x\(dh) RGB"
    return [
      BenchResult(name: names[0].0, value: med, unit: names[0].1, note: note),
      BenchResult(name: names[1].0, value: med / seconds, unit: names[1].1, note: note),
      BenchResult(name: names[2].0, value: Bench.middle(decode), unit: names[2].1, note: note),
      BenchResult(
        name: names[3].0, value: Bench.middle(backdropDecode), unit: names[3].1, note: shown),
      BenchResult(
        name: names[4].0, value: Double(held) / Double(1 << 20), unit: names[4].1,
        note: "\(shown), limit \(VideoBackdrop.memoryCap >> 20) MiB"),
      BenchResult(
        name: names[5].0, value: Bench.middle(backdropFit), unit: names[5].1,
        note: "\(shown): grey, track, fit"),
    ]
  }
}
