import Foundation
import SpringLabCore
import SpringLabPlatform
import SpringLabRender
import SpringLabUI

/// `springlab render`: headless, frame-exact rendering through the software
/// renderer; never initialises SDL video.
package enum RenderCommand {
  static let spec = CommandSpec(
    name: "render", summary: "renders MP4, GIF, MOV, WebM, PNG or a frame folder, headless",
    options: [
      .init("preset", "P", ["the preset (default: seed 000's fan and seed 002's bubble)"]),
      .init("script", "S", ["input script (docs/FORMATS.md); default: a built-in demo"]),
      .init(
        "out", "PATH", usage: .required,
        [
          ".mp4 (H.264, yuv420p), .gif, .mov (ProRes 4444), .webm (VP9), .png (one frame at --at),",
          "or a folder (ends in / or has no extension) of frame-000000.png…",
        ]),
      .init(
        "size", "WxH", usage: .group("[--size WxH | --frame device|screen]"),
        ["frame size in points (default 1280x720)"]),
      .init(
        "frame", "device|screen", usage: .inGroup,
        [
          "device: the device alone with its bezel and a 24 pt margin (even pixel sizes; not with --size or --ui);",
          "screen: the screen alone, edge to edge with square corners, as a phone's screen recording",
          "(device points × --scale, rounded up to even pixels; not with --size, --ui, --panel or --caption)",
        ]),
      .init("fps", "N", ["frames per second (default 30; gif: 25, must divide 100)"]),
      .init("scale", "K", ["renders K× pixels (HiDPI; default 1)"]),
      .init("at", "SECONDS", ["the scene time of a .png (default 0); only with .png"]),
      .init(
        "trace", "FILE",
        [
          "one JSON line per output frame; kept only when the render succeeds; a pipe or FIFO is streamed into"
        ]),
      .init(
        "panel", usage: .group("[--panel|--no-panel|--ui]"),
        ["add the read-out panel (for demo clips; default off)"]),
      .init(
        "ui", usage: .inGroup,
        [
          "draw exactly what the window shows (canvas, editing panel, overlays) for the same state:",
          "a .png with --script S at --at T is the window `springlab P --play S --pause-at T`;",
          "a .png without --script is the window opened on P, untouched, at scene time T;",
          "a video or folder plays the script (default: the demo) live in the window",
        ]),
      .init(
        "touches", usage: .group("[--touches|--no-touches]"),
        ["show touch dots (default on); a released touch fades over 0.25 s"]),
      .init(
        "caption", ["a line under the device: the preset's name and key numbers (not with --ui)"]),
      .init(
        "transparent",
        [
          "no backdrop: transparent around the device (the device, caption text and panel stay opaque),",
          "for compositing in Keynote or After Effects; needs .png, a folder (PNGs with alpha),",
          ".mov (ProRes 4444 with alpha) or .webm (VP9 with alpha); best with --frame device; not with --ui",
        ]),
    ],
    labelWidth: 15,
    intro: [
      "Renders headless (no display needed), frame-exact: a script of duration D at F fps gives round(D×F) frames, frame k at t = k/F."
    ],
    outro: [
      "Outputs are written beside the target and renamed into place only when complete: on any failure the old output stays.",
      "A folder may hold only frame-NNNNNN.png files; afterwards it holds exactly the new frames.",
      "Exit: 0 ok, 2 usage, 3 a preset or script unreadable or invalid, 4 environment (no ffmpeg, no font, unwritable output, disk full).",
    ])
  static var usage: String { spec.usage }

  /// `--frame`: what the picture shows.
  enum Framing: String {
    /// The canvas at `--size` (the default).
    case canvas
    /// The device alone with its bezel and a margin.
    case device
    /// The screen alone, edge to edge, as a phone records its screen.
    case screen
  }

  package enum Output: Equatable {
    case mp4, gif, mov, webm, png, folder

    /// Whether `--transparent` can be kept: PNGs, folders of them, ProRes
    /// 4444 in `.mov` and VP9 in `.webm`.
    var carriesAlpha: Bool {
      switch self {
      case .png, .folder, .mov, .webm: return true
      case .mp4, .gif: return false
      }
    }

    /// The encoder's container for a video, nil for PNGs.
    var video: VideoEncoder.Format? {
      switch self {
      case .mp4: return .mp4
      case .gif: return .gif
      case .mov: return .mov
      case .webm: return .webm
      case .png, .folder: return nil
      }
    }
  }

  static func outputKind(_ path: String) throws(CLIError) -> Output {
    if path.hasSuffix("/") { return .folder }
    let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
    switch ext {
    case "mp4": return .mp4
    case "gif": return .gif
    case "mov": return .mov
    case "webm": return .webm
    case "png": return .png
    case "": return .folder
    default:
      throw CLIError(
        .usage,
        "--out \(path): unknown extension .\(ext); use .mp4, .gif, .mov, .webm, .png or a folder\nusage: \(usage)"
      )
    }
  }

  /// The demo rendered without `--script`: bloom, tap an item, collapse, drag
  /// the bubble across, release, open its menu.
  package static let demo = InputScript(
    duration: 5.0,
    events: [
      ScriptEvent(at: 0.3, .tap(.named(.fanMain, index: nil))),
      ScriptEvent(at: 1.3, .tap(.named(.fanItem, index: 1))),
      ScriptEvent(at: 2.4, .drag(.named(.bubble, index: nil), to: Point(300, 520), over: 0.6)),
      ScriptEvent(at: 3.8, .tap(.named(.bubble, index: nil))),
    ])

  /// A whole number of points, 1…10⁹ as written (no sign, no hex), or nil.
  static func wholeNumber(_ s: Substring) -> Double? {
    guard !s.isEmpty, s.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
    return Double(s)
  }

  /// Refuses a trace or output that is the very same file (device and inode)
  /// as an input or as each other: writing it would destroy the input.
  static func refuseSameFile(_ values: [String: String]) throws(CLIError) {
    let inputs = ["preset", "script"].compactMap { k in values[k].map { (k, $0) } }
    let outputs = ["trace", "out"].compactMap { k in values[k].map { (k, $0) } }
    for (ok, op) in outputs {
      guard let oid = FileIdentity(path: op), oid.kind == .regular else { continue }
      for (ik, ip) in inputs + (ok == "trace" ? outputs.filter { $0.0 == "out" } : []) {
        if let iid = FileIdentity(path: ip), iid.isSameFile(as: oid) {
          throw CLIError(
            .usage,
            "--\(ok) \(TerminalText.escape(op)): is the same file as --\(ik) \(TerminalText.escape(ip)); writing it would destroy it"
          )
        }
      }
    }
  }

  static func run(_ argv: [String]) throws(CLIError) -> Exit {
    guard let a = try spec.parseOrAnswerHelp(argv) else { return .ok }
    guard a.positional.isEmpty else {
      throw CLIError(.usage, "unexpected argument \(a.positional[0])\nusage: \(usage)")
    }
    guard let out = a.values["out"] else {
      throw CLIError(.usage, "render needs --out PATH\nusage: \(usage)")
    }
    let kind = try outputKind(out)
    let transparent = a.flags["transparent"] == true
    if transparent && !kind.carriesAlpha {
      throw CLIError(
        .usage,
        "--transparent: .\(kind == .mp4 ? "mp4" : "gif") files cannot carry transparency; use .mov (ProRes 4444), .webm (VP9), .png or a folder of PNGs"
      )
    }
    if transparent && a.flags["ui"] == true {
      // why: the window is opaque; a see-through copy of it would not be what it shows
      throw CLIError(.usage, "--ui draws the whole window, which is opaque; drop --transparent")
    }
    if a.flags["ui"] == true && a.flags["panel"] != nil {
      throw CLIError(
        .usage, "--ui draws the window's own panel; drop --panel / --no-panel\nusage: \(usage)")
    }
    var w = 1280.0
    var h = 720.0
    if let s = a.values["size"] {
      let parts = s.lowercased().split(separator: "x", omittingEmptySubsequences: false)
      guard parts.count == 2, let pw = wholeNumber(parts[0]), let ph = wholeNumber(parts[1]) else {
        throw CLIError(
          .usage,
          "--size \(TerminalText.escape(s)): expected WxH in whole points, e.g. 1280x720\nusage: \(usage)"
        )
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
    // why: checked as Double before any conversion: a huge size must be a
    // usage error, never a trap converting it to Int
    let pxw = (w * scale).rounded()
    let pxh = (h * scale).rounded()
    guard w > 0, h > 0, (1...7680).contains(pxw), (1...4320).contains(pxh) else {
      let size = a.values["size"].map(TerminalText.escape) ?? "1280x720"
      throw CLIError(
        .usage,
        "--size \(size) at scale \(JSONWriter.number(scale)): the frame must be at least 1x1 and at most 7680x4320 pixels"
      )
    }
    var pw = Int(pxw)
    var ph = Int(pxh)
    guard let frame = Framing(rawValue: a.values["frame"] ?? "canvas") else {
      throw CLIError(
        .usage,
        "--frame \(TerminalText.escape(a.values["frame"] ?? "")): expected canvas, device or screen\nusage: \(usage)"
      )
    }
    if frame != .canvas && a.values["size"] != nil {
      throw CLIError(.usage, "--frame \(frame.rawValue) sets the frame's size; drop --size")
    }
    if a.flags["ui"] == true && (frame != .canvas || a.flags["caption"] == true) {
      // why: --ui is the window as it is; the window has no device-only framing or caption
      throw CLIError(
        .usage, "--ui draws the whole window; drop --frame \(frame.rawValue) / --caption")
    }
    if frame == .screen && (a.flags["panel"] == true || a.flags["caption"] == true) {
      // why: a screen recording holds the screen and nothing else
      throw CLIError(
        .usage,
        "--frame screen is the screen alone, as a phone records it; drop --panel / --caption")
    }
    if kind == .mp4 || kind == .webm, pw % 2 != 0 || ph % 2 != 0 {
      throw CLIError(
        .usage,
        "\(kind == .mp4 ? "an .mp4" : "a .webm") needs even sizes; \(pw)x\(ph) pixels is odd")
    }
    if a.values["at"] != nil && kind != .png {
      throw CLIError(
        .usage,
        "--at picks the one frame of a .png; a video or folder shows the whole script (drop --at or use --out NAME.png)"
      )
    }
    try refuseSameFile(a.values)
    let preset = try loadPresetOrFail(a.values["preset"])
    switch frame {
    case .canvas: break
    case .device: (pw, ph) = deviceFrame(Scene(preset: preset).device, scale: scale)
    case .screen: (pw, ph) = screenFrame(Scene(preset: preset).device, scale: scale)
    }
    let captionText = a.flags["caption"] == true ? caption(preset) : nil
    if captionText != nil && frame == .device {
      // why: the strip is added below the device, never taken from it
      let extra = Int((RenderJob.captionHeight * scale).rounded(.up))
      ph += extra % 2 == 0 ? extra : extra + 1
    }
    var script = demo
    var given: InputScript?
    if let s = a.values["script"] {
      do { script = try InputScript.load(path: s) } catch {
        throw CLIError(.input, error.description)
      }
      given = script
    }
    let at = try a.double("at", in: 0...3600, usage: usage)
    let frames = kind == .png ? 1 : Int((script.duration * fps).rounded())
    guard frames > 0 else {
      throw CLIError(
        .usage,
        "the script lasts \(JSONWriter.number(script.duration)) s, which gives no frame at \(Int(fps)) fps; give it a duration of at least \(JSONWriter.number(1 / fps)) s"
      )
    }
    var job = RenderJob(
      preset: preset, script: script, width: pw, height: ph, scale: scale, fps: fps, frames: frames,
      at: kind == .png ? (at ?? 0) : nil, panel: a.flags["panel"] ?? false,
      touches: a.flags["touches"] ?? true,
      ui: a.flags["ui"] == true
        ? RenderJob.UIFrames(
          presetPath: a.values["preset"], script: kind == .png ? given : script) : nil,
      caption: captionText, strip: frame == .canvas, transparent: transparent)
    job.screenOnly = frame == .screen
    job.assetFolder = a.values["preset"].map(IconAssets.folder(ofPreset:))
    let exit = try job.run(out: out, kind: kind, trace: a.values["trace"])
    if exit == .ok {
      // why: on stderr, so a trace streamed to stdout stays pure JSON lines
      printErr(
        summary(
          out: out, kind: kind, frames: frames, width: pw, height: ph, fps: fps,
          transparent: transparent))
    }
    return exit
  }

  /// `--frame device`: the device with its bezel (14 pt) and a 24 pt margin
  /// all round, at `scale`, rounded up to even pixels (video encoders need them).
  static func deviceFrame(_ d: Device, scale: Double) -> (Int, Int) {
    let pad = 2 * 14.0 + 2 * 24.0
    return (evenPixels((d.width + pad) * scale), evenPixels((d.height + pad) * scale))
  }

  /// `--frame screen`: the device's screen alone at `scale` (393 × 852 pt at
  /// 2 → 786 × 1704 px), rounded up to even pixels; the extra column or row
  /// is the bezel's edge.
  static func screenFrame(_ d: Device, scale: Double) -> (Int, Int) {
    (evenPixels(d.width * scale), evenPixels(d.height * scale))
  }

  /// `v` rounded up to a whole, even number of pixels.
  static func evenPixels(_ v: Double) -> Int {
    let n = Int(v.rounded(.up))
    return n % 2 == 0 ? n : n + 1
  }

  /// `--caption`: "Seed 000 fan menu · spring 0.4 s, damping 0.72 · stagger 0.045 s".
  static func caption(_ p: Preset) -> String {
    func n(_ v: Double) -> String { JSONWriter.number(v, places: 3) }
    let e = p.fan.expand
    var parts = [p.name]
    if e.curve == .spring {
      parts.append("spring \(n(e.duration)) s, damping \(n(e.damping))")
    } else {
      parts.append("\(ChoiceNames.human(e.curve.rawValue).lowercased()) \(n(e.duration)) s")
    }
    if e.variant == .stagger && e.stagger > 0 { parts.append("stagger \(n(e.stagger)) s") }
    return parts.joined(separator: " · ")
  }

  /// The one line said after a render: what was written, how many frames,
  /// their size and the duration ("wrote demo.mp4: 90 frames, 1280×720 px, 3 s at 30 fps"),
  /// the size followed by "with alpha" for `--transparent`.
  static func summary(
    out: String, kind: Output, frames: Int, width: Int, height: Int, fps: Double,
    transparent: Bool = false
  ) -> String {
    let size = "\(width)×\(height) px" + (transparent ? " with alpha" : "")
    if kind == .png { return "wrote \(TerminalText.escape(out)): 1 frame, \(size)" }
    let seconds = JSONWriter.number(Double(frames) / fps, places: 2)
    return
      "wrote \(TerminalText.escape(out)): \(frames) frame\(frames == 1 ? "" : "s"), \(size), \(seconds) s at \(Int(fps)) fps"
  }
}
