import Foundation
import SpringLabCore
import SpringLabPlatform
import SpringLabRender
import SpringLabUI

/// One headless render: scene + script → frames → PNG(s) or ffmpeg.
package struct RenderJob {
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
  /// `--ui`: the window's frames (canvas, editing panel, overlays) instead of
  /// the canvas and the read-out panel; nil: the demo frames.
  var ui: UIFrames?

  /// What `--ui` drives the Studio with, as the window would be started.
  struct UIFrames {
    /// The preset's file (`--preset`); nil: untitled.
    var presetPath: String?
    /// Played live as `--play`; nil: the window left untouched (a `.png` without `--script`).
    var script: InputScript?
  }

  /// `--caption`: a line under the canvas (the preset's name and key numbers).
  var caption: String? = nil
  /// The caption strip across the canvas's top, as the window has it (false
  /// for `--frame device`, sized to the device alone).
  var strip = true

  /// `--frame screen`: the screen alone at the frame's origin, one point
  /// `scale` pixels, square corners (a phone's screen recording).
  var screenOnly = false

  /// Where the device's screen lies in the frames at the start (the demo
  /// frames; nil for `--ui`, whose layout is the window's), noted in the
  /// video so `springlab fit` reads its pixels per point.
  var renderNote: RenderNote? {
    guard ui == nil else { return nil }
    let view: ViewTransform
    if screenOnly {
      view = ViewTransform(x: 0, y: 0, scale: scale)
    } else {
      var scene = Scene(preset: preset)
      scene.apply(start: script.start)
      view = SceneDrawer.fit(device: scene.device, in: frameLayout.stage, margin: 24 * scale)
    }
    return RenderNote(
      x: view.x, y: view.y, scale: view.scale, frameWidth: width, frameHeight: height)
  }

  /// The frame's layout: the canvas above the caption's strip (pixels).
  var frameLayout: FrameLayout {
    let strip = caption == nil ? 0 : RenderJob.captionHeight * scale
    return FrameLayout(
      width: Double(width), height: Double(height) - strip, scale: scale, panel: panel,
      strip: self.strip)
  }

  /// `--transparent`: no backdrop (fully transparent pixels around the
  /// device and under the caption), kept as alpha by the output.
  var transparent = false

  /// The folder the preset's icon files are relative to (`--preset`'s
  /// folder); nil: icon files are not drawn (no preset file).
  var assetFolder: String? = nil

  /// The caption strip's height in points.
  static let captionHeight = 36.0
  /// Space kept clear at each end of the caption, points.
  static let captionMargin = 12.0

  /// The caption as drawn in `width` points: at 14 pt when it fits, else at
  /// the largest size down to 10 pt that fits, else at 10 pt with the
  /// preset's name (the part before the first " · ") shortened with "…".
  /// `measure(text, size)` gives the width in points.
  static func fit(caption: String, width: Double, measure: (String, Double) -> Double)
    -> (text: String, size: Double)
  {
    for size in stride(from: 14.0, through: 10, by: -0.5) where measure(caption, size) <= width {
      return (caption, size)
    }
    var name = Substring(caption.components(separatedBy: " · ").first ?? caption)
    let rest = caption.dropFirst(name.count)
    while !name.isEmpty && measure(name + "…" + rest, 10) > width { name = name.dropLast() }
    while name.last == " " { name = name.dropLast() }
    return (name.isEmpty ? String(rest.drop { $0 == " " || $0 == "·" }) : name + "…" + rest, 10)
  }

  /// How frames reach ffmpeg for mp4 (see docs/PERFORMANCE.md, "How to read it").
  package var pixelFormat: EncoderPixelFormat = RenderJob.defaultPixelFormat
  /// Redraw only what changed between frames (false: every frame in full).
  var incremental = true

  /// The cheaper pipe format as measured by `springlab bench` (export.mp4.*).
  package static let defaultPixelFormat = EncoderPixelFormat.yuv420p

  func run(out: String, kind: RenderCommand.Output, trace tracePath: String?) throws(CLIError)
    -> Exit
  {
    let progress =
      kind == .png ? nil : ProgressLine.onTerminal("render", total: frames, unit: "frames")
    return try render(out: out, kind: kind, trace: tracePath, progress: progress).exit
  }

  /// Renders every frame and writes `out` through the output writer; for
  /// videos and folders also returns where the time went (rendering overlaps
  /// writing). On any failure the previous `out` and trace stay as they were.
  /// `progress` counts the frames submitted and is cleared at the end.
  package func render(
    out: String, kind: RenderCommand.Output, trace tracePath: String?,
    progress: ProgressLine? = nil
  ) throws(CLIError)
    -> (exit: Exit, stats: FramePipeline.Stats?)
  {
    // Open every output before rendering anything, so a bad path fails at once.
    // why: first of all, so ffmpeg's start-up (~60 ms) overlaps finding and
    // loading the font instead of adding to every export
    let sink = try FrameSink(
      out: out, kind: kind, width: width, height: height, fps: fps, pixelFormat: pixelFormat,
      alpha: transparent, comment: renderNote?.text)
    guard let font = FontLocator.locate() else {
      sink.discard()
      throw CLIError(
        .environment,
        "no font found: install fonts-dejavu-core or set SPRINGLAB_FONT to a .ttf file")
    }
    let rasterizer: CairoRasterizer
    let textCache: TextCache
    do {
      textCache = try TextCache(fontPath: font)
      rasterizer = CairoRasterizer(textCache: textCache)
    } catch {
      sink.discard()
      throw CLIError(
        .environment, "\(TerminalText.escape(font)): cannot open the font: \(error)")
    }
    var traceOutput: TraceOutput?
    if let tp = tracePath {
      do { traceOutput = try TraceOutput(path: tp, mode: .whole) } catch {
        sink.discard()
        throw CLIError(.environment, error.description)
      }
    }
    let icons = IconSet.builtin
    var drawOptions = SceneDrawOptions(touches: touches)
    drawOptions.assetFolder = assetFolder
    var scene = Scene(preset: preset)
    scene.apply(start: script.start)
    var player = ScriptPlayer(script)
    let strip = caption == nil ? 0 : RenderJob.captionHeight * scale
    let layout = frameLayout
    // why: a single frame with a script is the window paused there (`--play S --pause-at T`)
    let studio = ui.map {
      StudioFrames(
        preset: preset, presetPath: $0.presetPath, script: $0.script,
        pauseAt: $0.script == nil ? nil : at, width: width, height: height, scale: scale,
        icons: icons, measure: textCache.measurer)
    }
    let fittedCaption = caption.map {
      RenderJob.fit(caption: $0, width: Double(width) / scale - 2 * RenderJob.captionMargin) {
        textCache.measurer($0, $1 * scale).0 / scale
      }
    }
    func frame(_ k: Int) throws(CLIError) -> DrawList {
      let t = at ?? Double(k) / fps
      if let studio {
        let f = studio.frame(at: t)
        do { try traceOutput?.write(studio.state.scene.trace(frame: k, view: f.layout.view)) } catch
        {
          throw CLIError(writing: error)
        }
        return f.drawList
      }
      player.run(&scene, until: t)
      var dl = DrawList()
      let view =
        screenOnly
        ? FrameComposer.screen(scene, scale: scale, icons: icons, options: drawOptions, into: &dl)
        : FrameComposer.canvas(
          scene, layout: layout, scale: scale, icons: icons, options: drawOptions, into: &dl)
      if let p = layout.panel { ReadoutPanel.draw(scene, in: p, scale: scale, t: t, into: &dl) }
      if transparent {
        // why: the canvas is only the backdrop: the device, its bezel and
        // everything on it are opaque shapes drawn over it
        dl.clearColor = RGBA(0, 0, 0, 0)
      }
      if let c = fittedCaption {
        // why: in its own strip below the canvas, so it never covers the device
        dl.text(
          c.text, x: layout.canvas.w / 2, y: Double(height) - strip + (36 - c.size) / 2 * scale,
          size: c.size * scale, color: RGBA(0xE5, 0xE5, 0xEA), align: .center)
      }
      do { try traceOutput?.write(scene.trace(frame: k, view: view)) } catch {
        throw CLIError(writing: error)
      }
      return dl
    }
    if kind == .png {
      do throws(CLIError) {
        let buffer: FrameBuffer
        do { buffer = try FrameBuffer(width: width, height: height) } catch {
          throw CLIError(.environment, "cannot create the drawing surface: \(error)")
        }
        rasterizer.render(try frame(0), into: buffer, incremental: false)
        try sink.finish(png: buffer)
      } catch {
        sink.discard()
        traceOutput?.discard()
        throw error
      }
      do { try traceOutput?.finish() } catch { throw CLIError(writing: error) }
      return (.ok, nil)
    }
    // why: PNG compression is the slow part of a folder, so every core
    // compresses (FrameFolder takes frames from several threads); an encoder
    // needs its frames in order, so one writer feeds it. Either way the
    // writer hands the pool's buffer to the sink as is, no per-frame copy.
    let writers = kind == .folder ? max(1, min(4, ProcessInfo.processInfo.activeProcessorCount)) : 1
    let pipeline: FramePipeline
    do {
      pipeline = try FramePipeline(
        width: width, height: height, depth: writers + 2, writers: writers
      ) { buffer, k in try sink.deliver(buffer, frame: k) }
    } catch {
      sink.discard()
      traceOutput?.discard()
      throw CLIError(.environment, "cannot create the drawing surface: \(error)")
    }
    let stats: FramePipeline.Stats
    do {
      // why: erased before any error message or the summary is printed
      defer { progress?.clear() }
      // why: an encoder converting to yuv420p itself converts only what
      // changed since the previous frame; the boxes come from the draw lists
      let tracksChanges = kind == .mp4 && pixelFormat == .yuv420p && incremental
      var previous: DrawList?
      for k in 0..<frames {
        let dl = try frame(k)
        let changed =
          tracksChanges
          ? previous.map { rasterizer.damage(from: $0, to: dl, width: width, height: height) } : nil
        previous = dl
        try pipeline.submit {
          rasterizer.render(dl, into: $0, incremental: incremental)
          $0.changedSincePreviousFrame = changed
        }
        progress?.update(k + 1)
      }
      stats = try pipeline.finish()
      try sink.finish(png: nil)
    } catch {
      // why: the writers stop before the sink is abandoned, so no writer is
      // still feeding ffmpeg or a staged frame while it goes away.
      pipeline.cancel()
      sink.discard()
      traceOutput?.discard()
      throw error as? CLIError ?? FrameSink.cliError(error, out: out)
    }
    do { try traceOutput?.finish() } catch { throw CLIError(writing: error) }
    return (.ok, stats)
  }
}

/// Where rendered frames go: one PNG, a frame folder, or ffmpeg; all through
/// the output writer, so a failure leaves the previous output as it was.
/// `deliver` runs on the pipeline's writer threads: one at a time for a video
/// (frames in order), several at once for a folder (`FrameFolder` is
/// thread-safe); the other calls come from the rendering thread.
final class FrameSink: @unchecked Sendable {
  private let out: String
  private let kind: RenderCommand.Output
  private var png: OutputFile?
  private var folder: FrameFolder?
  private var encoder: VideoEncoder?

  init(
    out: String, kind: RenderCommand.Output, width: Int, height: Int, fps: Double,
    pixelFormat: EncoderPixelFormat, alpha: Bool = false, comment: String? = nil
  ) throws(CLIError) {
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
      case .mp4, .gif, .mov, .webm:
        encoder = try VideoEncoder(
          outputPath: out, width: width, height: height, fps: Int(fps), input: pixelFormat,
          alpha: alpha, comment: comment)
      }
    } catch {
      throw FrameSink.cliError(error, out: out)
    }
  }

  /// One line for a failure writing `out`: `OUT: cannot write: why`.
  static func cliError(_ error: any Error, out: String) -> CLIError {
    switch error {
    case let e as CLIError: return e
    case let e as OutputError: return CLIError(writing: e)
    case let e as SDLBackendError: return CLIError(.environment, message(e, out: out))
    default: return CLIError(.environment, "\(TerminalText.escape(out)): cannot write: \(error)")
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
      return
        "\(name): cannot write: ffmpeg stopped reading frames (\(TerminalText.escape(oneLine(s))))"
    case .io(_, let message):
      return "\(name): \(TerminalText.escape(oneLine(message)))"
    default: return "\(name): cannot write: \(e)"
    }
  }

  /// The first line of an encoder's message; when it ends announcing what
  /// ffmpeg said (the lines after it), ffmpeg's last line joins it, so the
  /// one line still says why ("…; ffmpeg said: No space left on device").
  static func oneLine(_ message: String) -> String {
    let lines = message.split(separator: "\n").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard let first = lines.first else { return message }
    let said = "; ffmpeg said:"
    guard first.hasSuffix(said), let last = lines.dropFirst().last(where: { !$0.isEmpty })
    else { return first.hasSuffix(said) ? String(first.dropLast(said.count)) : first }
    return first + " " + last
  }

  /// Writes frame `k` straight from `buffer` (no copy). Called on a writer
  /// thread; throws `OutputError` or `SDLBackendError` (see `cliError`).
  func deliver(_ buffer: FrameBuffer, frame k: Int) throws {
    switch kind {
    case .png: return
    case .folder:
      try folder!.writeFrame(k, verify: OutputCheck.png) { try buffer.encodePNG(to: $0) }
    case .mp4, .gif, .mov, .webm:
      try buffer.withBytes {
        try encoder!.write(frame: $0, changed: buffer.changedSincePreviousFrame)
      }
    }
  }

  /// Completes the output, once every frame is delivered; a single PNG is
  /// `last`, the one frame drawn.
  func finish(png last: FrameBuffer?) throws(CLIError) {
    do {
      switch kind {
      case .png:
        guard let last else { throw OutputError(path: out, reason: "no frame was drawn") }
        do { try last.encodePNG(to: png!.temporaryPath) } catch {
          png!.discard()
          throw OutputError(path: out, reason: (error as? OutputError)?.reason ?? "\(error)")
        }
        try png!.commit(verify: OutputCheck.png)
      case .folder: try folder!.commit()
      case .mp4, .gif, .mov, .webm: try encoder!.finish()
      }
    } catch {
      throw FrameSink.cliError(error, out: out)
    }
  }

  /// Abandons the output; whatever was at `out` before stays. Call once no
  /// writer thread is delivering.
  func discard() {
    png?.discard()
    folder?.discard()
    _ = encoder?.cancel()
  }
}

extension RenderJob {
  /// A job with the defaults `springlab render` starts from (no UI frames,
  /// no caption, opaque, the default pixel format), for `springlab-bench`.
  package init(
    preset: Preset, script: InputScript, width: Int, height: Int, scale: Double, fps: Double,
    frames: Int, at: Double?, panel: Bool, touches: Bool
  ) {
    // why: naming `ui` picks the memberwise initialiser, not this one
    self.init(
      preset: preset, script: script, width: width, height: height, scale: scale, fps: fps,
      frames: frames, at: at, panel: panel, touches: touches, ui: nil)
  }
}
