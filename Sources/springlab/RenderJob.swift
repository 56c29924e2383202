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

  func run(out: String, kind: RenderCommand.Output, trace tracePath: String?) throws(CLIError)
    -> Exit
  {
    guard let font = FontLocator.locate() else {
      throw CLIError(
        .environment,
        "no font found: install fonts-dejavu-core or set SPRINGLAB_FONT to a .ttf file")
    }
    let canvas: SoftwareCanvas
    do { canvas = try SoftwareCanvas(width: width, height: height, fontPath: font) } catch {
      throw CLIError(.environment, "cannot create the drawing surface: \(error)")
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
        encoder = try VideoEncoder(outputPath: out, width: width, height: height, fps: Int(fps))
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
    for k in 0..<frames {
      let t = at ?? Double(k) / fps
      player.run(&scene, until: t)
      var dl = DrawList()
      let view = FrameComposer.canvas(
        scene, layout: layout, scale: scale, icons: icons,
        options: SceneDrawOptions(touches: touches), into: &dl)
      if let p = layout.panel { ReadoutPanel.draw(scene, in: p, scale: scale, t: t, into: &dl) }
      canvas.draw(dl)
      traceWriter?.write(scene.trace(frame: k, view: view))
      do {
        switch kind {
        case .png: try canvas.savePNG(to: out)
        case .folder:
          try canvas.savePNG(
            to: outURL.appendingPathComponent(String(format: "frame-%06d.png", k)).path)
        default: try canvas.pixels().withUnsafeBytes { try encoder!.write(frame: $0) }
        }
      } catch {
        if let e = encoder { _ = e.cancel() }
        throw CLIError(.environment, "cannot write \(out): \(error)")
      }
    }
    if let e = encoder {
      do { _ = try e.finish() } catch {
        throw CLIError(.environment, "encoding \(out) failed: \(error)")
      }
    }
    return .ok
  }
}
