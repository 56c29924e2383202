import Foundation
import SpringLabCore
import SpringLabSDL
import SpringLabUI

/// `springlab render`: headless, frame-exact rendering through the software
/// renderer; never initialises SDL video.
enum RenderCommand {
  static let usage =
    "springlab render [--preset P] [--script S] --out PATH [--size WxH] [--fps N] [--scale K] [--at SECONDS] [--trace FILE] [--panel|--no-panel] [--touches|--no-touches]"

  enum Output: Equatable {
    case mp4, gif, png, folder
  }

  static func outputKind(_ path: String) throws(CLIError) -> Output {
    if path.hasSuffix("/") { return .folder }
    let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
    switch ext {
    case "mp4": return .mp4
    case "gif": return .gif
    case "png": return .png
    case "": return .folder
    default:
      throw CLIError(
        .usage,
        "--out \(path): unknown extension .\(ext); use .mp4, .gif, .png or a folder\nusage: \(usage)"
      )
    }
  }

  /// The demo rendered without `--script`: bloom, tap an item, collapse, drag
  /// the bubble across, release, open its menu.
  static let demo = InputScript(
    duration: 5.0,
    events: [
      ScriptEvent(at: 0.3, .tap(.named("fan.main", index: nil))),
      ScriptEvent(at: 1.3, .tap(.named("fan.item", index: 1))),
      ScriptEvent(at: 2.4, .drag(.named("bubble", index: nil), to: Point(300, 520), over: 0.6)),
      ScriptEvent(at: 3.8, .tap(.named("bubble", index: nil))),
    ])

  static func run(_ argv: [String]) throws(CLIError) -> Exit {
    let a = try Arguments(
      argv, valued: ["preset", "script", "out", "size", "fps", "scale", "at", "trace"],
      booleans: ["help", "panel", "touches"], usage: usage)
    if a.flags["help"] == true {
      printOut(
        """
        usage: \(usage)
        Renders headless (no display needed), frame-exact: a script of duration D at F fps gives round(D×F) frames, frame k at t = k/F.
          --out PATH     .mp4 (H.264, yuv420p), .gif, .png (one frame at --at), or a folder (ends in / or has no extension) of frame-000000.png…
          --size WxH     frame size in points (default 1280x720); --scale K renders K× pixels (HiDPI)
          --fps N        frames per second (default 30; gif: 25, must divide 100)
          --script S     input script (docs/FORMATS.md); default: a built-in demo
          --trace FILE   one JSON line per output frame
          --touches      show touch dots (default on)
        Exit: 0 ok, 2 usage, 3 a preset or script unreadable or invalid, 4 environment (no ffmpeg, no font, unwritable output).
        """)
      return .ok
    }
    guard a.positional.isEmpty else {
      throw CLIError(.usage, "unexpected argument \(a.positional[0])\nusage: \(usage)")
    }
    guard let out = a.values["out"] else {
      throw CLIError(.usage, "render needs --out PATH\nusage: \(usage)")
    }
    let kind = try outputKind(out)
    var w = 1280
    var h = 720
    if let s = a.values["size"] {
      let parts = s.lowercased().split(separator: "x")
      guard parts.count == 2, let pw = Int(parts[0]), let ph = Int(parts[1]) else {
        throw CLIError(.usage, "--size \(s): expected WxH, e.g. 1280x720\nusage: \(usage)")
      }
      w = pw
      h = ph
    }
    let scale = try a.double("scale", in: 0.25...8, usage: usage) ?? 1
    let fps = try a.double("fps", in: 1...240, usage: usage) ?? (kind == .gif ? 25 : 30)
    guard fps == fps.rounded() else {
      throw CLIError(.usage, "--fps must be a whole number\nusage: \(usage)")
    }
    if kind == .gif && 100.0.truncatingRemainder(dividingBy: fps) != 0 {
      throw CLIError(.usage, "--fps \(Int(fps)): a GIF's fps must divide 100 (10, 20, 25, 50)")
    }
    let pw = Int((Double(w) * scale).rounded())
    let ph = Int((Double(h) * scale).rounded())
    guard (1...7680).contains(pw), (1...4320).contains(ph), w > 0, h > 0 else {
      throw CLIError(
        .usage,
        "--size \(w)x\(h) at scale \(scale) is \(pw)x\(ph) pixels; it must be at least 1x1 and at most 7680x4320"
      )
    }
    if kind == .mp4 && (pw % 2 != 0 || ph % 2 != 0) {
      throw CLIError(.usage, "an .mp4 needs even sizes; \(pw)x\(ph) pixels is odd")
    }
    let preset = try loadPresetOrFail(a.values["preset"])
    var script = demo
    if let s = a.values["script"] {
      do { script = try InputScript.load(path: s) } catch {
        throw CLIError(.input, "cannot use script:\n" + error.description)
      }
    }
    let at = try a.double("at", in: 0...3600, usage: usage)
    let frames = kind == .png ? 1 : Int((script.duration * fps).rounded())
    let job = RenderJob(
      preset: preset, script: script, width: pw, height: ph, scale: scale, fps: fps, frames: frames,
      at: kind == .png ? (at ?? 0) : nil, panel: a.flags["panel"] ?? false,
      touches: a.flags["touches"] ?? true)
    return try job.run(out: out, kind: kind, trace: a.values["trace"])
  }
}
