import Foundation
import SpringLabCommands
import SpringLabCore
import SpringLabPlatform
import SpringLabRender
import SpringLabStudio

// why: the main button's turn is a fit of its own (the angle tracker), timed
// beside the moving block and the whole menu
extension BenchFit {
  static let rotationNames: [(String, String)] = [
    ("fit.rotation.1080p60.3s.seconds", "s"), ("fit.rotation.1080p60.3s.ratio", "× clip length"),
  ]

  /// The main button's turn (`fit --axis auto` on a region around it): seed
  /// 000's fan opening (a tap at 0.3 s), rendered untimed at 1920 × 1080,
  /// 60 fps, then timed: decoding, tracking the centre and the angle, and
  /// the fit. Goal ≤ 1× the clip's length.
  static func rotation(_ o: BenchOptions) -> [BenchResult] {
    guard ExecutableSearch.find("ffmpeg") != nil else {
      return rotationNames.map { .skipped($0.0, unit: $0.1, "skipped: no ffmpeg") }
    }
    let (w, h) = o.quick ? (360, 780) : (1920, 1080)
    let seconds = o.quick ? 1.2 : 3.0
    let dir = NSTemporaryDirectory() + "springlab-bench-fit-rotation-\(getpid())"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let clip = dir + "/turn.mp4"
    let text = #"{"duration": \#(seconds), "events": [{"at": 0.3, "tap": "fan.main"}]}"#
    guard let script = try? InputScript.decode(Data(text.utf8), file: "bench") else {
      return rotationNames.map { .skipped($0.0, unit: $0.1, "failed: the bench's script") }
    }
    let preset = Preset.seedDefault
    let job = RenderJob(
      preset: preset, script: script, width: w, height: h, scale: 1, fps: 60,
      frames: Int((seconds * 60).rounded()), at: nil, panel: false, touches: false)
    let trace = dir + "/turn.jsonl"
    guard (try? job.render(out: clip, kind: .mp4, trace: trace)) != nil,
      let first = try? String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").first,
      let line = try? JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any],
      let view = line["view"] as? [String: Any], let s = view["scale"] as? Double,
      let vx = view["x"] as? Double, let vy = view["y"] as? Double,
      let main = (line["fan"] as? [String: Any])?["main"] as? [String: Any],
      let mx = main["x"] as? Double, let my = main["y"] as? Double
    else {
      return rotationNames.map {
        .skipped($0.0, unit: $0.1, "failed: cannot render the rotation clip")
      }
    }
    let side = preset.fan.mainSize * s
    let region = FrameRegion(
      x: vx + s * mx - side / 2, y: vy + s * my - side / 2, width: side, height: side)
    var total: [Double] = []
    var frameCount = 0
    var channel = "-"
    for _ in 0..<o.slowRuns {
      let t0 = Bench.seconds()
      guard let frames = try? VideoDecoder.decode(clip, range: nil) else {
        return rotationNames.map {
          .skipped($0.0, unit: $0.1, "failed: cannot decode the rotation clip")
        }
      }
      frameCount = frames.count
      guard
        let fit = try? VideoFit.fit(frames: frames, region: region, regionAt: nil, axis: .auto)
      else {
        return rotationNames.map { .skipped($0.0, unit: $0.1, "failed: the turn did not fit") }
      }
      channel = fit.fit.axis.rawValue
      total.append(Bench.seconds() - t0)
    }
    let med = Bench.middle(total)
    let note =
      (o.quick ? "quick: " : "")
      + "\(frameCount) frames \(w)x\(h), axis \(channel), decode + track + fit"
    return [
      BenchResult(name: rotationNames[0].0, value: med, unit: rotationNames[0].1, note: note),
      BenchResult(
        name: rotationNames[1].0, value: med / seconds, unit: rotationNames[1].1, note: note),
    ]
  }
}
