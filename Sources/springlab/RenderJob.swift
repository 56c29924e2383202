import Foundation
import SpringLabCore
import SpringLabSDL
import SpringLabUI

/// One headless render: scene + script → frames → PNG(s) or ffmpeg.
struct RenderJob {
  var preset: Preset
  var script: InputScript
  var width: Int
  var height: Int
  var scale: Double
  var fps: Double
  var frames: Int
  /// For a single PNG: the time to show.
  var at: Double?
  var panel: Bool
  var touches: Bool

  /// How frames reach ffmpeg for mp4 (see the README's Performance notes).
  var pixelFormat: EncoderPixelFormat = RenderJob.defaultPixelFormat
  /// Redraw only what changed between frames (false: every frame in full).
  var incremental = true

  /// The cheaper pipe format as measured by `springlab bench` (export.mp4.*).
  static let defaultPixelFormat = EncoderPixelFormat.yuv420p

  func run(out: String, kind: RenderCommand.Output, trace tracePath: String?) throws(CLIError)
    -> Exit
  {
    try render(out: out, kind: kind, trace: tracePath).exit
  }

  /// Renders every frame and writes `out`; for videos and folders also
  /// returns where the time went (rendering overlaps writing).
  func render(out: String, kind: RenderCommand.Output, trace tracePath: String?) throws(CLIError)
    -> (exit: Exit, stats: FramePipeline.Stats?)
  {
    guard let font = FontLocator.locate() else {
      throw CLIError(
        .environment,
        "no font found: install fonts-dejavu-core or set SPRINGLAB_FONT to a .ttf file")
    }
    let rasterizer: CairoRasterizer
    do { rasterizer = CairoRasterizer(textCache: try TextCache(fontPath: font)) } catch {
      throw CLIError(.environment, "cannot open the font \(font): \(error)")
    }
    // Make sure the output location is usable before rendering anything.
    let outURL = URL(fileURLWithPath: out)
    if kind == .folder {
      do {
        try FileManager.default.createDirectory(at: outURL, withIntermediateDirectories: true)
      } catch {
        throw CLIError(
          .environment, "cannot create the output folder \(out): \(error.localizedDescription)")
      }
    } else {
      let dir = outURL.deletingLastPathComponent().path
      var isDir: ObjCBool = false
      guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue,
        FileManager.default.isWritableFile(atPath: dir)
      else {
        throw CLIError(
          .environment, "cannot write \(out): the folder \(dir) does not exist or is not writable")
      }
    }
    var traceWriter: TraceWriter?
    if let tp = tracePath {
      do { traceWriter = try TraceWriter(path: tp) } catch {
        throw CLIError(.environment, "cannot write the trace \(tp): \(error)")
      }
    }
    var encoder: VideoEncoder?
    if kind == .mp4 || kind == .gif {
      do {
        encoder = try VideoEncoder(
          outputPath: out, width: width, height: height, fps: Int(fps), input: pixelFormat)
      } catch {
        throw CLIError(.environment, "\(error)")
      }
    }
    let icons = IconSet.locate()
    var scene = Scene(preset: preset)
    scene.apply(start: script.start)
    var player = ScriptPlayer(script)
    let layout = FrameLayout(
      width: Double(width), height: Double(height), scale: scale, panel: panel)
    func frame(_ k: Int) -> DrawList {
      let t = at ?? Double(k) / fps
      player.run(&scene, until: t)
      var dl = DrawList()
      let view = FrameComposer.canvas(
        scene, layout: layout, scale: scale, icons: icons,
        options: SceneDrawOptions(touches: touches), into: &dl)
      if let p = layout.panel { ReadoutPanel.draw(scene, in: p, scale: scale, t: t, into: &dl) }
      traceWriter?.write(scene.trace(frame: k, view: view))
      return dl
    }
    if kind == .png {
      do {
        let buffer = try FrameBuffer(width: width, height: height)
        rasterizer.render(frame(0), into: buffer, incremental: false)
        try buffer.savePNG(to: out)
      } catch {
        throw CLIError(.environment, "cannot write \(out): \(error)")
      }
      return (.ok, nil)
    }
    // why: PNG compression is the slow part of a folder, so every core
    // compresses; an encoder needs its frames in order, so one writer feeds it.
    let writers = kind == .folder ? max(1, min(4, ProcessInfo.processInfo.activeProcessorCount)) : 1
    let pipeline: FramePipeline
    do {
      pipeline = try FramePipeline(
        width: width, height: height, depth: writers + 2, writers: writers
      ) { [encoder] buffer, k in
        if let encoder {
          try buffer.withBytes { try encoder.write(frame: $0) }
        } else {
          try buffer.savePNG(
            to: outURL.appendingPathComponent(String(format: "frame-%06d.png", k)).path)
        }
      }
    } catch {
      encoder?.cancel()
      throw CLIError(.environment, "cannot create the drawing surface: \(error)")
    }
    let stats: FramePipeline.Stats
    do {
      for k in 0..<frames {
        let dl = frame(k)
        try pipeline.submit { rasterizer.render(dl, into: $0, incremental: incremental) }
      }
      stats = try pipeline.finish()
    } catch {
      pipeline.cancel()
      encoder?.cancel()
      throw CLIError(.environment, "cannot write \(out): \(error)")
    }
    if let e = encoder {
      do { _ = try e.finish() } catch {
        throw CLIError(.environment, "encoding \(out) failed: \(error)")
      }
    }
    return (.ok, stats)
  }
}
