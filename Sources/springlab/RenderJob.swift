import Foundation
import SpringLabCore
import SpringLabPlatform
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
    // Open every output before rendering anything, so a bad path fails at once.
    let sink = try FrameSink(out: out, kind: kind, width: width, height: height, fps: fps)
    var traceOutput: TraceOutput?
    if let tp = tracePath {
      do { traceOutput = try TraceOutput(path: tp, mode: .whole) } catch {
        sink.discard()
        throw CLIError(.environment, error.description)
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
      do { try traceOutput?.write(scene.trace(frame: k, view: view)) } catch {
        sink.discard()
        throw CLIError(.environment, error.description)
      }
      do { try sink.add(frame: k, canvas) } catch {
        sink.discard()
        traceOutput?.discard()
        throw error
      }
    }
    do { try sink.finish(canvas) } catch {
      traceOutput?.discard()
      throw error
    }
    do { try traceOutput?.finish() } catch { throw CLIError(.environment, error.description) }
    return .ok
  }
}

/// Where rendered frames go: one PNG, a frame folder, or ffmpeg; all through
/// the output writer, so a failure leaves the previous output as it was.
final class FrameSink {
  private let out: String
  private let kind: RenderCommand.Output
  private var png: OutputFile?
  private var folder: FrameFolder?
  private var encoder: VideoEncoder?

  init(out: String, kind: RenderCommand.Output, width: Int, height: Int, fps: Double)
    throws(CLIError)
  {
    self.out = out
    self.kind = kind
    do {
      switch kind {
      case .png: png = try OutputFile(path: out)
      case .folder:
        let parent = URL(fileURLWithPath: out.hasSuffix("/") ? String(out.dropLast()) : out)
          .deletingLastPathComponent().path
        do { try AtomicFile.makeFolders(parent) } catch let e as SaveError {
          throw CLIError(
            .environment,
            "\(TerminalText.escape(out)): cannot write: \(TerminalText.escape(e.path)): \(e.reason)"
          )
        } catch {
          throw CLIError(.environment, "\(TerminalText.escape(out)): cannot write: \(error)")
        }
        folder = try FrameFolder(path: out)
      case .mp4, .gif:
        do {
          encoder = try VideoEncoder(outputPath: out, width: width, height: height, fps: Int(fps))
        } catch let e as SDLBackendError {
          throw CLIError(.environment, FrameSink.message(e, out: out))
        } catch {
          throw CLIError(.environment, "\(TerminalText.escape(out)): cannot write: \(error)")
        }
      }
    } catch let e as OutputError {
      throw CLIError(.environment, e.description)
    } catch let e as CLIError {
      throw e
    } catch {
      throw CLIError(.environment, "\(TerminalText.escape(out)): cannot write: \(error)")
    }
  }

  /// One line for an encoder failure: `OUT: cannot write: why`.
  static func message(_ e: SDLBackendError, out: String) -> String {
    let name = TerminalText.escape(out)
    switch e {
    case .toolMissing: return "\(name): cannot write: \(e)"
    case .encoderFailed(let status, let log):
      let last =
        log.split(separator: "\n").last.map { ": " + TerminalText.escape(String($0)) } ?? ""
      return "\(name): cannot write: ffmpeg exited with status \(status)\(last)"
    case .encoderWriteFailed(let s):
      let first = s.split(separator: "\n").first.map(String.init) ?? s
      return "\(name): cannot write: ffmpeg stopped reading frames (\(TerminalText.escape(first)))"
    case .io(_, let message):
      let first = message.split(separator: "\n").first.map(String.init) ?? message
      return "\(name): \(TerminalText.escape(first))"
    default: return "\(name): cannot write: \(e)"
    }
  }

  func add(frame k: Int, _ canvas: SoftwareCanvas) throws(CLIError) {
    do {
      switch kind {
      case .png: return
      case .folder:
        try folder!.writeFrame(k, verify: OutputCheck.png) { try canvas.encodePNG(to: $0) }
      case .mp4, .gif: try canvas.pixels().withUnsafeBytes { try encoder!.write(frame: $0) }
      }
    } catch let e as OutputError {
      throw CLIError(.environment, e.description)
    } catch let e as SDLBackendError {
      throw CLIError(.environment, FrameSink.message(e, out: out))
    } catch {
      throw CLIError(.environment, "\(TerminalText.escape(out)): cannot write: \(error)")
    }
  }

  /// Completes the output (the single PNG is the last frame drawn).
  func finish(_ canvas: SoftwareCanvas) throws(CLIError) {
    do {
      switch kind {
      case .png:
        do { try canvas.encodePNG(to: png!.temporaryPath) } catch {
          png!.discard()
          throw OutputError(path: out, reason: "\(error)")
        }
        try png!.commit(verify: OutputCheck.png)
      case .folder: try folder!.commit()
      case .mp4, .gif: try encoder!.finish()
      }
    } catch let e as OutputError {
      throw CLIError(.environment, e.description)
    } catch let e as SDLBackendError {
      throw CLIError(.environment, FrameSink.message(e, out: out))
    } catch {
      throw CLIError(.environment, "\(TerminalText.escape(out)): cannot write: \(error)")
    }
  }

  /// Abandons the output; whatever was at `out` before stays.
  func discard() {
    png?.discard()
    folder?.discard()
    _ = encoder?.cancel()
  }
}
