import Foundation
import SpringLabCommands
import SpringLabCore
import SpringLabPlatform
import SpringLabRender
import SpringLabUI

/// Headless rendering and export figures: the `springlab render` path
/// (scene → draw list → Cairo → frame buffer → ffmpeg), timed in this process.
enum BenchRender {
  /// One rendering case: a frame size, a scale and whether the panel is shown.
  struct Case {
    var name: String
    var width: Int
    var height: Int
    var scale: Double
    var panel: Bool
  }

  /// The demo at 720p and 1080p with and without the panel, and the phone
  /// alone at device-native portrait size (iPhone 15 at 3×).
  static let cases = [
    Case(name: "1280x720.panel", width: 1280, height: 720, scale: 1, panel: true),
    Case(name: "1280x720.noPanel", width: 1280, height: 720, scale: 1, panel: false),
    Case(name: "1920x1080.panel", width: 1920, height: 1080, scale: 1, panel: true),
    Case(name: "phone.1180x2556", width: 1180, height: 2556, scale: 3, panel: false),
  ]

  static var renderNames: [(String, String)] {
    cases.flatMap { c in
      ["full", "incremental"].flatMap { m in
        [
          ("render.\(c.name).\(m).fps", "frames/s"),
          ("render.\(c.name).\(m).framesPerCpuSecond", "frames/CPU-s"),
        ]
      }
    } + [
      ("render.1280x720.panel.fps", "frames/s"), ("render.1920x1080.panel.fps", "frames/s"),
      ("render.1280x720.panel.incremental.redrawnShare", "% of pixels"),
      ("text.cachedMask.usPerRun", "µs"), ("text.cairoFreeType.usPerRun", "µs"),
    ] + iconNames
  }

  /// The demo's draw lists at `fps`, in order (scene + composer, as `render`).
  static func demoLists(_ c: Case, frames: Int, fps: Double) -> [DrawList] {
    let icons = IconSet.builtin
    var scene = Scene(preset: .seedDefault)
    var player = ScriptPlayer(RenderCommand.demo)
    let layout = FrameLayout(
      width: Double(c.width), height: Double(c.height), scale: c.scale, panel: c.panel)
    return (0..<frames).map { k in
      let t = Double(k) / fps
      player.run(&scene, until: t)
      var dl = DrawList()
      _ = FrameComposer.canvas(
        scene, layout: layout, scale: c.scale, icons: icons, options: SceneDrawOptions(),
        into: &dl)
      if let p = layout.panel { ReadoutPanel.draw(scene, in: p, scale: c.scale, t: t, into: &dl) }
      return dl
    }
  }

  /// Frames per second over the whole demo (5 s at 60 fps), one thread:
  /// scene step + draw list + rasterising into the frame buffer the encoder
  /// would take as is. Full redraws every pixel; incremental redraws what
  /// changed since the previous frame (one buffer, as the window does).
  static func render(font: String, _ o: BenchOptions) -> [BenchResult] {
    var out: [BenchResult] = []
    let frames = o.quick ? 12 : Int(RenderCommand.demo.duration * 60)
    for c in cases {
      guard let buffer = try? FrameBuffer(width: c.width, height: c.height),
        let cache = try? TextCache(fontPath: font)
      else {
        out += ["full", "incremental"].map {
          .skipped("render.\(c.name).\($0).fps", unit: "frames/s", "skipped: no canvas")
        }
        continue
      }
      let rasterizer = CairoRasterizer(textCache: cache)
      for incremental in [false, true] {
        var redrawn = 0
        var cpu: [Double] = []
        let seconds =
          Bench.median(runs: o.slowRuns, per: 1) {
            let c0 = Bench.threadCPUSeconds()
            defer { cpu.append(Bench.threadCPUSeconds() - c0) }
            buffer.shown = nil
            redrawn = 0
            let icons = IconSet.builtin
            var scene = Scene(preset: .seedDefault)
            var player = ScriptPlayer(RenderCommand.demo)
            let layout = FrameLayout(
              width: Double(c.width), height: Double(c.height), scale: c.scale, panel: c.panel)
            for k in 0..<frames {
              let t = Double(k) / 60
              player.run(&scene, until: t)
              var dl = DrawList()
              _ = FrameComposer.canvas(
                scene, layout: layout, scale: c.scale, icons: icons, options: SceneDrawOptions(),
                into: &dl)
              if let p = layout.panel {
                ReadoutPanel.draw(scene, in: p, scale: c.scale, t: t, into: &dl)
              }
              let boxes = rasterizer.render(dl, into: buffer, incremental: incremental)
              redrawn += boxes.reduce(0) { $0 + $1.area }
            }
          } / 1e9
        let fps = Double(frames) / seconds
        let mode = incremental ? "incremental" : "full"
        out.append(
          BenchResult(
            name: "render.\(c.name).\(mode).fps", value: fps, unit: "frames/s",
            note: "1 thread, \(frames) frames \(c.width)x\(c.height)"))
        // why: on a shared machine the wall clock includes time other
        // processes had the core; the thread's CPU time does not.
        out.append(
          BenchResult(
            name: "render.\(c.name).\(mode).framesPerCpuSecond",
            value: Double(frames) / Bench.middle(cpu), unit: "frames/CPU-s",
            note: "1 thread, the render thread's own CPU time"))
        if c.name == "1280x720.panel" && incremental {
          out.append(
            BenchResult(
              name: "render.1280x720.panel.incremental.redrawnShare",
              value: Double(redrawn) / Double(frames * c.width * c.height) * 100,
              unit: "% of pixels", note: "mean over the demo"))
        }
      }
    }
    // why: the names of earlier tables, kept: what `render` does by default.
    for (old, new) in [
      ("render.1280x720.panel.fps", "render.1280x720.panel.incremental.fps"),
      ("render.1920x1080.panel.fps", "render.1920x1080.panel.incremental.fps"),
    ] {
      if let r = out.first(where: { $0.name == new }) {
        out.append(BenchResult(name: old, value: r.value, unit: r.unit, note: "= \(new)"))
      }
    }
    return out
  }

  /// The text cache's masks against Cairo drawing its own glyphs on the panel's runs.
  static func text(font: String, _ o: BenchOptions) -> [BenchResult] {
    let c = cases[0]
    let lists = demoLists(c, frames: 2, fps: 60)
    let runs = lists[1].finished.compactMap { cmd -> (String, Double)? in
      if case .text(let s, _, _, let size, _, _) = cmd { return (s, size) }
      return nil
    }
    guard
      let r = TextPathBench.microsecondsPerRun(
        runs, fontPath: font, repeats: o.quick ? 2 : 200)
    else {
      return [
        .skipped("text.cachedMask.usPerRun", unit: "µs", "skipped: font"),
        .skipped("text.cairoFreeType.usPerRun", unit: "µs", "skipped: font"),
      ]
    }
    let note = "1 thread, \(runs.count) runs of a 720p panel frame"
    return [
      BenchResult(name: "text.cachedMask.usPerRun", value: r.masks, unit: "µs", note: note),
      BenchResult(
        name: "text.cairoFreeType.usPerRun", value: r.cairoFreeType, unit: "µs", note: note),
    ]
  }

  static var exportNames: [(String, String)] {
    var names: [(String, String)] = []
    for f in EncoderPixelFormat.allCases {
      names += [
        ("export.mp4.\(f.rawValue).seconds", "s"),
        ("export.mp4.\(f.rawValue).ffmpegAlone.seconds", "s"),
        ("export.mp4.\(f.rawValue).ratio", "× ffmpeg alone"),
        ("export.mp4.\(f.rawValue).ffmpegFromPipe.seconds", "s"),
        ("export.mp4.\(f.rawValue).ratioToPipe", "× ffmpeg fed by a pipe"),
        ("export.mp4.\(f.rawValue).renderBlockedShare", "% of the run"),
        ("export.mp4.\(f.rawValue).cpuSeconds", "CPU-s"),
        ("export.mp4.\(f.rawValue).ffmpegAlone.cpuSeconds", "CPU-s"),
        ("export.mp4.\(f.rawValue).cpuRatio", "× ffmpeg alone"),
      ]
    }
    return names + [
      ("export.mp4.seconds", "s"), ("export.mp4.ffmpegAlone.seconds", "s"),
      ("export.mp4.ratio", "× ffmpeg alone"),
      ("export.gif.seconds", "s"), ("export.gif.ffmpegAlone.seconds", "s"),
      ("export.gif.ratio", "× ffmpeg alone"),
      ("export.folder.seconds", "s"),
    ]
  }

  /// ffmpeg encoding the raw frames in `raw`, fed through its stdin by this
  /// thread in 1 MiB reads, as an export feeds it (same wrapper, same pipe
  /// size), but with nothing rendered or converted. Wall seconds, nil if
  /// it failed.
  // why: ffmpeg reading a file never waits; through a pipe smaller than a
  // frame it waits for the writer at least once a frame. This separates
  // what the transport costs from what the export itself adds.
  static func feedThroughPipe(
    _ ffmpeg: String, raw: String, pixelFormat: EncoderPixelFormat, _ w: Int, _ h: Int,
    _ fps: Double, _ out: String
  ) -> Double? {
    let args = VideoEncoder.arguments(
      format: .mp4, input: pixelFormat, width: w, height: h, fps: Int(fps), source: "-",
      output: out)
    let fd = open(raw, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    let t0 = Bench.seconds()
    guard
      let child = try? ChildProcess.launch(
        ffmpeg, args, env: ProcessInfo.processInfo.environment, inputPipe: true)
    else { return nil }
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 4096)
    defer { chunk.deallocate() }
    var ok = true
    while ok {
      let n = read(fd, chunk.baseAddress, chunk.count)
      if n <= 0 { break }
      ok = child.writeInput(UnsafeRawBufferPointer(rebasing: chunk[0..<n])) == nil
    }
    child.closeInput()
    let status = child.wait()
    return ok && status == 0 ? Bench.seconds() - t0 : nil
  }

  /// A 10 s, 60 fps clip at 1280×720 with the panel exported through
  /// `RenderJob` (render and encode overlapped), against ffmpeg alone
  /// encoding the same frames in the same pixel format read from a raw file
  /// (its own reading is the cheapest feed there is). Ratio near 1: the
  /// encoder is the only limit. GIF: a 4 s clip at 25 fps.
  static func export(font: String, _ o: BenchOptions) -> [BenchResult] {
    let (w, h) = (1280, 720)
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "springlab-bench-\(getpid())")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let probe = dir.appendingPathComponent("probe.mp4").path
    guard let enc = try? VideoEncoder(outputPath: probe, width: 2, height: 2, fps: 25),
      let ffmpeg = ExecutableSearch.find("ffmpeg")
    else {
      return exportNames.map {
        .skipped($0.0, unit: $0.1, "skipped: no ffmpeg (install the ffmpeg package)")
      }
    }
    enc.cancel()
    var out: [BenchResult] = []
    let kinds: [(String, EncoderPixelFormat, Double, Double)] =
      EncoderPixelFormat.allCases.map { ("mp4", $0, 60.0, 10.0) } + [("gif", .bgra, 25.0, 4.0)]
    for (ext, pixelFormat, fps, clipSeconds) in kinds {
      let key = ext == "mp4" ? "mp4.\(pixelFormat.rawValue)" : "gif"
      let seconds = o.quick ? 0.2 : clipSeconds
      let frames = Int((seconds * fps).rounded())
      let script = InputScript(
        duration: seconds, events: RenderCommand.demo.events.filter { $0.at <= seconds })
      let path = dir.appendingPathComponent("clip.\(ext)").path
      // the same frames, in the same pixel format, as a raw file for ffmpeg alone
      let raw = dir.appendingPathComponent("frames.raw").path
      guard
        writeRaw(
          to: raw, script: script, width: w, height: h, fps: fps, frames: frames, font: font,
          format: ext == "mp4" ? pixelFormat : .bgra)
      else {
        out.append(.skipped("export.\(key).seconds", unit: "s", "failed: cannot write raw frames"))
        continue
      }
      var full: [Double] = []
      var alone: [Double] = []
      var piped: [Double] = []
      var blocked: [Double] = []
      var fullCPU: [Double] = []
      var aloneCPU: [Double] = []
      var failed: String?
      for _ in 0..<o.exportRuns {
        var job = RenderJob(
          preset: .seedDefault, script: script, width: w, height: h, scale: 1, fps: fps,
          frames: frames, at: nil, panel: true, touches: true)
        job.pixelFormat = pixelFormat
        let t0 = Bench.seconds()
        let u0 = Bench.cpuSecondsWithChildren()
        do {
          let r = try job.render(out: path, kind: ext == "mp4" ? .mp4 : .gif, trace: nil)
          fullCPU.append(Bench.cpuSecondsWithChildren() - u0)
          blocked.append((r.stats?.renderBlockedShare ?? 0) * 100)
        } catch {
          failed = error.message
          break
        }
        full.append(Bench.seconds() - t0)
        unlink(path)
        let args = VideoEncoder.arguments(
          format: ext == "mp4" ? .mp4 : .gif, input: ext == "mp4" ? pixelFormat : .bgra, width: w,
          height: h, fps: Int(fps), source: raw, output: path)
        let t1 = Bench.seconds()
        let u1 = Bench.cpuSecondsWithChildren()
        let status = BenchChild.run(ffmpeg, args, env: ProcessInfo.processInfo.environment)
        alone.append(Bench.seconds() - t1)
        aloneCPU.append(Bench.cpuSecondsWithChildren() - u1)
        guard FileManager.default.fileExists(atPath: path) else {
          failed = "ffmpeg alone wrote nothing: \(status)"
          break
        }
        unlink(path)
        if ext == "mp4" {
          guard let s = feedThroughPipe(ffmpeg, raw: raw, pixelFormat: pixelFormat, w, h, fps, path)
          else {
            failed = "ffmpeg fed by a pipe failed"
            break
          }
          piped.append(s)
          unlink(path)
        }
      }
      unlink(raw)
      let names = exportNames.filter { $0.0.hasPrefix("export.\(key).") }
      if let f = failed {
        out += names.map { .skipped($0.0, unit: $0.1, "failed: \(f)") }
        continue
      }
      let a = Bench.middle(full)
      let b = Bench.middle(alone)
      let threads = "renderer + 1 writer thread + ffmpeg"
      out.append(
        BenchResult(
          name: "export.\(key).seconds", value: a, unit: "s",
          note: "\(frames) frames \(w)x\(h) at \(Int(fps)) fps, \(threads)"))
      out.append(
        BenchResult(
          name: "export.\(key).ffmpegAlone.seconds", value: b, unit: "s",
          note:
            "ffmpeg reading the same \(ext == "mp4" ? pixelFormat.rawValue : "bgra") frames from a file"
        ))
      out.append(BenchResult(name: "export.\(key).ratio", value: a / b, unit: "× ffmpeg alone"))
      if ext == "mp4" {
        let p = Bench.middle(piped)
        out.append(
          BenchResult(
            name: "export.\(key).ffmpegFromPipe.seconds", value: p, unit: "s",
            note: "the same frames read from the file and written into ffmpeg's stdin (1 MiB pipe)")
        )
        out.append(
          BenchResult(
            name: "export.\(key).ratioToPipe", value: a / p, unit: "× ffmpeg fed by a pipe",
            note: "what the export adds beyond the pipe every streaming encoder needs"))
        out.append(
          BenchResult(
            name: "export.\(key).renderBlockedShare", value: Bench.middle(blocked),
            unit: "% of the run", note: "renderer waiting for a free buffer"))
        // why: CPU seconds (this process and its children) do not depend on
        // how many other processes share the cores, unlike the wall clock.
        let fc = Bench.middle(fullCPU)
        let ac = Bench.middle(aloneCPU)
        out.append(
          BenchResult(
            name: "export.\(key).cpuSeconds", value: fc, unit: "CPU-s",
            note: "render + convert + ffmpeg, all threads"))
        out.append(
          BenchResult(name: "export.\(key).ffmpegAlone.cpuSeconds", value: ac, unit: "CPU-s"))
        out.append(
          BenchResult(name: "export.\(key).cpuRatio", value: fc / ac, unit: "× ffmpeg alone"))
      }
    }
    // why: the names of earlier tables, kept: the pipe format `render` uses.
    let chosen = "export.mp4.\(RenderJob.defaultPixelFormat.rawValue)"
    for suffix in ["seconds", "ffmpegAlone.seconds", "ratio"] {
      if let r = out.first(where: { $0.name == "\(chosen).\(suffix)" }) {
        out.append(
          BenchResult(
            name: "export.mp4.\(suffix)", value: r.value, unit: r.unit,
            note: "= \(chosen).\(suffix)"))
      }
    }
    out.append(folder(dir: dir, o))
    return out
  }

  /// A PNG folder of 2 s at 30 fps, 720p with the panel: PNG compression on
  /// every core while the renderer runs ahead.
  static func folder(dir: URL, _ o: BenchOptions) -> BenchResult {
    let seconds = o.quick ? 0.2 : 2.0
    let frames = Int(seconds * 30)
    let script = InputScript(
      duration: seconds, events: RenderCommand.demo.events.filter { $0.at <= seconds })
    let job = RenderJob(
      preset: .seedDefault, script: script, width: 1280, height: 720, scale: 1, fps: 30,
      frames: frames, at: nil, panel: true, touches: true)
    let out = dir.appendingPathComponent("frames").path
    var times: [Double] = []
    var writers = 1
    for _ in 0..<o.slowRuns {
      let t0 = Bench.seconds()
      guard let r = try? job.render(out: out, kind: .folder, trace: nil) else {
        return .skipped("export.folder.seconds", unit: "s", "failed: cannot write PNGs")
      }
      times.append(Bench.seconds() - t0)
      writers = r.stats?.writers ?? 1
      try? FileManager.default.removeItem(atPath: out)
    }
    return BenchResult(
      name: "export.folder.seconds", value: Bench.middle(times), unit: "s",
      note: "\(frames) PNGs 1280x720, renderer + \(writers) PNG writer threads")
  }

  /// Renders the clip's frames once and appends them to `path` raw, in `format`.
  static func writeRaw(
    to path: String, script: InputScript, width: Int, height: Int, fps: Double, frames: Int,
    font: String, format: EncoderPixelFormat
  ) -> Bool {
    guard let file = fopen(path, "w"), let buffer = try? FrameBuffer(width: width, height: height),
      let cache = try? TextCache(fontPath: font)
    else { return false }
    defer { fclose(file) }
    let rasterizer = CairoRasterizer(textCache: cache)
    let icons = IconSet.builtin
    var scene = Scene(preset: .seedDefault)
    var player = ScriptPlayer(script)
    let layout = FrameLayout(width: Double(width), height: Double(height), scale: 1, panel: true)
    var yuv = format == .yuv420p ? YUV420Converter(width: width, height: height) : nil
    for k in 0..<frames {
      let t = Double(k) / fps
      player.run(&scene, until: t)
      var dl = DrawList()
      _ = FrameComposer.canvas(
        scene, layout: layout, scale: 1, icons: icons, options: SceneDrawOptions(), into: &dl)
      if let p = layout.panel { ReadoutPanel.draw(scene, in: p, scale: 1, t: t, into: &dl) }
      rasterizer.render(dl, into: buffer)
      let ok = buffer.withBytes { bytes -> Bool in
        if yuv != nil {
          yuv!.convert(bgra: bytes.baseAddress!, stride: buffer.stride)
          return yuv!.planes.withUnsafeBytes {
            fwrite($0.baseAddress, 1, $0.count, file) == $0.count
          }
        }
        return fwrite(bytes.baseAddress, 1, bytes.count, file) == bytes.count
      }
      if !ok { return false }
    }
    return true
  }
}
