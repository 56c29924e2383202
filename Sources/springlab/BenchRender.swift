import Foundation
import SpringLabCore
import SpringLabSDL
import SpringLabUI

/// Headless rendering and export figures: the `springlab render` path
/// (scene → draw list → SoftwareCanvas → ffmpeg), timed in this process.
enum BenchRender {
  /// Frame sizes measured, pixels.
  static let sizes = [(1280, 720), (1920, 1080)]

  static func all(_ o: BenchOptions) -> [BenchResult] {
    guard let font = FontLocator.locate() else {
      let why = "skipped: no font (install fonts-dejavu-core or set SPRINGLAB_FONT)"
      return sizes.map { .skipped("render.\($0.0)x\($0.1).panel.fps", unit: "frames/s", why) }
        + exportNames.map {
          .skipped($0.0, unit: $0.1, why)
        }
    }
    var out: [BenchResult] = []
    for (w, h) in sizes {
      out.append(fps(width: w, height: h, font: font, o))
    }
    out += export(font: font, o)
    return out
  }

  /// Frames per second drawing the demo with the panel at `width`×`height`
  /// pixels, including reading the pixels back (what an encoder receives).
  static func fps(width: Int, height: Int, font: String, _ o: BenchOptions) -> BenchResult {
    let name = "render.\(width)x\(height).panel.fps"
    guard let canvas = try? SoftwareCanvas(width: width, height: height, fontPath: font) else {
      return .skipped(name, unit: "frames/s", "skipped: cannot create a \(width)x\(height) canvas")
    }
    let frames = o.quick ? 3 : 60
    var sink = 0
    // why: the first frames fill the text cache; a designer's render does too, but
    // a median of warm runs is the steady rate
    _ = renderFrames(canvas, width: width, height: height, frames: 5, fps: 30) { sink += $0.count }
    let secondsPerFrame =
      Bench.median(runs: o.slowRuns, per: frames) {
        _ = renderFrames(canvas, width: width, height: height, frames: frames, fps: 30) {
          sink += $0.count
        }
      } / 1e9
    if sink == 42 { print("") }
    return BenchResult(name: name, value: 1 / secondsPerFrame, unit: "frames/s")
  }

  /// Draws `frames` frames of the built-in demo with the panel, as
  /// `RenderJob` does, handing each frame's BGRA pixels to `each`.
  @discardableResult
  static func renderFrames(
    _ canvas: SoftwareCanvas, width: Int, height: Int, frames: Int, fps: Double,
    _ each: ([UInt8]) -> Void
  ) -> Int {
    let icons = IconSet.locate()
    var scene = Scene(preset: .seedDefault)
    var player = ScriptPlayer(RenderCommand.demo)
    let layout = FrameLayout(width: Double(width), height: Double(height), scale: 1, panel: true)
    for k in 0..<frames {
      let t = Double(k) / fps
      player.run(&scene, until: t)
      var dl = DrawList()
      _ = FrameComposer.canvas(
        scene, layout: layout, scale: 1, icons: icons, options: SceneDrawOptions(), into: &dl)
      if let p = layout.panel { ReadoutPanel.draw(scene, in: p, scale: 1, t: t, into: &dl) }
      canvas.draw(dl)
      each(canvas.pixels())
    }
    return frames
  }

  static let exportNames: [(String, String)] = [
    ("export.mp4.seconds", "s"), ("export.mp4.ffmpegAlone.seconds", "s"),
    ("export.mp4.ratio", "× ffmpeg alone"),
    ("export.gif.seconds", "s"), ("export.gif.ffmpegAlone.seconds", "s"),
    ("export.gif.ratio", "× ffmpeg alone"),
  ]

  /// A 2 s clip at 1280×720 with the panel, exported through `RenderJob`
  /// (render + encode, overlapped), against ffmpeg encoding the same frames
  /// already rendered in memory. Ratio near 1: the encoder is the only limit.
  static func export(font: String, _ o: BenchOptions) -> [BenchResult] {
    let (w, h) = (1280, 720)
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "springlab-bench-\(getpid())")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let probe = dir.appendingPathComponent("probe.mp4").path
    guard let enc = try? VideoEncoder(outputPath: probe, width: 2, height: 2, fps: 25) else {
      return exportNames.map {
        .skipped($0.0, unit: $0.1, "skipped: no ffmpeg (install the ffmpeg package)")
      }
    }
    enc.cancel()
    var out: [BenchResult] = []
    for (ext, fps) in [("mp4", 30.0), ("gif", 25.0)] {
      let seconds = o.quick ? 0.2 : 2.0
      let frames = Int((seconds * fps).rounded())
      guard let canvas = try? SoftwareCanvas(width: w, height: h, fontPath: font) else { continue }
      var raw: [[UInt8]] = []
      renderFrames(canvas, width: w, height: h, frames: frames, fps: fps) { raw.append($0) }
      let path = dir.appendingPathComponent("clip.\(ext)").path
      let script = InputScript(
        duration: seconds, events: RenderCommand.demo.events.filter { $0.at <= seconds })
      var full: [Double] = []
      var alone: [Double] = []
      var failed: String?
      for _ in 0..<o.slowRuns {
        let job = RenderJob(
          preset: .seedDefault, script: script, width: w, height: h, scale: 1, fps: fps,
          frames: frames, at: nil,
          panel: true, touches: true)
        let t0 = Bench.seconds()
        do { _ = try job.run(out: path, kind: ext == "mp4" ? .mp4 : .gif, trace: nil) } catch {
          failed = error.message
          break
        }
        full.append(Bench.seconds() - t0)
        unlink(path)
        let t1 = Bench.seconds()
        do {
          let e = try VideoEncoder(outputPath: path, width: w, height: h, fps: Int(fps))
          for f in raw { try e.write(frame: f) }
          try e.finish()
        } catch {
          failed = "\(error)"
          break
        }
        alone.append(Bench.seconds() - t1)
        unlink(path)
      }
      if let f = failed {
        out += exportNames.filter { $0.0.hasPrefix("export.\(ext).") }.map {
          .skipped($0.0, unit: $0.1, "failed: \(f)")
        }
        continue
      }
      let a = Bench.middle(full)
      let b = Bench.middle(alone)
      out.append(
        BenchResult(
          name: "export.\(ext).seconds", value: a, unit: "s", note: "\(frames) frames \(w)x\(h)"))
      out.append(BenchResult(name: "export.\(ext).ffmpegAlone.seconds", value: b, unit: "s"))
      out.append(BenchResult(name: "export.\(ext).ratio", value: a / b, unit: "× ffmpeg alone"))
    }
    return out
  }
}
