import Foundation
import SpringLabCore
import SpringLabPlatform
import SpringLabRender
import SpringLabSDL
import SpringLabStudio
import SpringLabUI

/// `springlab [PRESET.json] [--trace FILE] [--record-input FILE] [--play SCRIPT [--pause-at T]] [--ui-scale F|auto] [--backdrop FILE] [--take-frame device|window] [--fresh] [--exit-after SECONDS]`
enum WindowCommand {
  static let spec = CommandSpec(
    name: nil,
    summary: "opens the window (optionally tracing frames, recording or playing input)",
    positionals: [.init("[PRESET.json]")],
    options: [
      .init("trace", "FILE", ["one JSON line per drawn frame (docs/FORMATS.md)"]),
      .init(
        "record-input", "FILE",
        ["write the session's input as a script (replay it with `springlab render --script FILE`)"]),
      .init(
        "play", "SCRIPT", usage: .group("[--play SCRIPT [--pause-at T]]"),
        ["play an input script live in the window (demos; putting the window in an exact state)"]),
      .init(
        "pause-at", "T", usage: .inGroup,
        ["with --play: pause the timeline at exactly T seconds of scene time"]),
      .init(
        "ui-scale", "F|auto",
        [
          "pixels per point for the panel, text and canvas (0.5…4), remembered; auto: from the",
          "desktop's Xft.dpi (96 dpi = 1). Only where the desktop does not scale windows (X11).",
        ]),
      .init(
        "backdrop", "FILE",
        [
          "a PNG/JPEG screenshot or a video (mp4, mov, webm, …) behind the device;",
          "with a video, drag a rectangle around an element and press F to fit its motion",
        ]),
      .init(
        "take-frame", "device|window",
        [
          "how R takes are rendered: device (default) like `render --frame device`;",
          "window like `render` without --frame (1280x720, the window's layout)",
        ]),
      .init("fresh", ["ignore remembered state"]),
      .init("exit-after", "SECONDS", ["quit after that many seconds"]),
    ],
    labelWidth: 21,
    intro: [
      "Opens the playground window. A PRESET argument wins over remembered state; --fresh ignores remembered state."
    ],
    outro: [
      "Hot keys: press ? in the window, or run `springlab keys`. Exit: 0 ok, 2 usage, 3 the preset or script unreadable or invalid, 4 no display or no font."
    ])
  static var usage: String { spec.usage }

  static func run(_ argv: [String]) throws(CLIError) -> Exit {
    guard let a = try spec.parseOrAnswerHelp(argv) else { return .ok }
    guard a.positional.count <= 1 else {
      throw CLIError(.usage, "at most one PRESET\nusage: \(usage)")
    }
    let exitAfter = try a.double("exit-after", in: 0...86_400, usage: usage)
    let pauseAt = try a.double("pause-at", in: 0...86_400, usage: usage)
    if pauseAt != nil && a.values["play"] == nil {
      throw CLIError(.usage, "--pause-at needs --play SCRIPT\nusage: \(usage)")
    }
    var script: InputScript?
    if let s = a.values["play"] {
      do { script = try InputScript.load(path: s) } catch {
        throw CLIError(.input, "cannot play the script:\n" + error.description)
      }
    }
    var scaleRequest: DesktopScale.Request?
    if let v = a.values["ui-scale"] {
      guard let r = DesktopScale.request(v) else {
        throw CLIError(
          .usage,
          "--ui-scale \(TerminalText.escape(v)): expected a number in 0.5…4 or auto\nusage: \(usage)"
        )
      }
      scaleRequest = r
    }
    var takeFrame = TakeFrame.device
    if let v = a.values["take-frame"] {
      guard let f = TakeFrame(rawValue: v) else {
        throw CLIError(
          .usage,
          "--take-frame \(TerminalText.escape(v)): expected device or window\nusage: \(usage)")
      }
      takeFrame = f
    }
    let folders = folders()
    let fresh = a.flags["fresh"] == true
    var remembered = RememberedState()
    if !fresh {
      let (s, warning) = RememberedState.load(folder: folders.state)
      remembered = s
      if let w = warning { printErr("springlab: warning: " + w) }
    }
    var preset = Preset.seedDefault
    var presetPath: String?
    if let p = a.positional.first {
      preset = try loadPresetOrFail(p)
      presetPath = absolute(p)
    } else if let p = remembered.presetPath, let loaded = try? PresetReader.load(path: p) {
      // why: PresetReader never blocks, so a remembered path that became a FIFO is skipped at once
      // why: the file's own device, so the session opens unmodified and a save
      // never writes the last session's device into it
      preset = loaded
      presetPath = p
    } else if let d = remembered.device {
      preset.device = d
      if let o = remembered.orientation { preset.orientation = o }
    }
    guard let font = FontLocator.locate() else {
      throw CLIError(
        .environment,
        "no font found: install fonts-dejavu-core (or set SPRINGLAB_FONT to a .ttf file)")
    }
    var trace: TraceOutput?
    if let tp = a.values["trace"] {
      if let p = presetPath, let tid = FileIdentity(path: tp), tid.kind == .regular,
        let pid = FileIdentity(path: p), pid.isSameFile(as: tid)
      {
        throw CLIError(
          .usage,
          "--trace \(TerminalText.escape(tp)): is the same file as the preset \(TerminalText.escape(p)); writing it would destroy it"
        )
      }
      // why: live, so tests can read it while the window runs; a pipe or FIFO is streamed into
      do { trace = try TraceOutput(path: tp, mode: .live) } catch {
        throw CLIError(.environment, error.description)
      }
    }
    if let rp = a.values["record-input"] {
      let dir = URL(fileURLWithPath: rp).deletingLastPathComponent().path
      guard FileManager.default.isWritableFile(atPath: dir) else {
        throw CLIError(
          .environment, "\(TerminalText.escape(rp)): cannot write: the folder is not writable")
      }
    }
    // why: SDL turns SIGTERM / SIGINT into a quit request, which asks "Save
    // changes?" and keeps running; a signal ends the session, keeping a recovery copy
    setenv("SDL_NO_SIGNAL_HANDLERS", "1", 1)
    // why: the loop gets 0.7 s to end the session itself; a main thread stuck
    // (a decoder, a slow frame) is ended by the hard exit all the same
    TerminationSignals.askFirst(grace: 0.7) { _ in StudioShell.terminationRequested = 1 }
    // why: X11 windows are never scaled by SDL; the desktop's Xft.dpi says
    // how large the user wants text (read here, in the shell, never in the Studio)
    let uiScale = DesktopScale.resolve(request: scaleRequest, remembered: remembered.uiScale) {
      DesktopScale.xftDPI(environment: ProcessInfo.processInfo.environment)
    }
    switch scaleRequest {
    case .fixed(let k): remembered.uiScale = k
    case .auto: remembered.uiScale = nil
    case nil: break
    }
    let window: SDLWindow
    do {
      window = try SDLWindow(
        title: "SpringLab", width: remembered.windowWidth, height: remembered.windowHeight,
        fontPath: font, uiScale: uiScale)
    } catch {
      throw CLIError(
        .environment,
        "cannot open a window (\(error)).\nNo display? Render headless instead: springlab render --preset P --out demo.mp4"
      )
    }
    let session = "\(getpid())-\(Int(Date().timeIntervalSince1970))"
    var state = StudioState(
      preset: preset, path: presetPath,
      stamp: presetPath.flatMap(LiveStudioServices.stamp), folders: folders, session: session,
      window: WindowSize(
        width: Double(window.pixelWidth), height: Double(window.pixelHeight), scale: window.scale))
    state.takeFrame = takeFrame
    state.overlays.panel = fresh ? true : remembered.panelVisible
    if !fresh { state.panelFolds = PanelFolds(remembered: remembered.panelSections) }
    if !fresh, let x = remembered.bubbleX, let y = remembered.bubbleY {
      var s = state.timeline.scene
      s.restoreBubble(Point(x, y))
      state.timeline.reset(s)
    }
    if a.values["record-input"] != nil {
      state.recorder = ScriptRecorder(preset: state.preset, start: state.scene.startState)
    }
    if let sc = script { state.startPlaying(sc, pauseAt: pauseAt) }
    let view = StudioView(
      icons: IconSet.builtin,
      measure: window.measurer ?? { s, z in (Double(s.count) * z * 0.6, z) })
    let shell = StudioShell(
      window: window, state: state, view: view,
      services: LiveStudioServices.make(window: window, folders: folders, session: session),
      trace: trace, recordPath: a.values["record-input"], exitAfter: exitAfter,
      remembered: remembered, offerRecovery: !fresh)
    if let b = a.values["backdrop"] {
      // why: as if dropped: an unreadable file is a toast, the session goes on
      shell.send(.command(.setBackdrop(absolute(b))))
    }
    shell.run()
    // why: a trace that stopped part-way is not what the caller asked for; the
    // shell already printed the one line naming it
    if shell.traceError != nil { return .environment }
    return .ok
  }

  /// The Studio's folders from the environment (`render --ui` uses the same).
  static func folders() -> StudioFolders {
    let env = ProcessInfo.processInfo.environment
    let home = env["HOME"] ?? NSHomeDirectory()
    let data = StudioFolders.resolve(environment: env, home: home, defaultLibrary: "").recordings
    return StudioFolders.resolve(
      environment: env, home: home,
      defaultLibrary: shippedPresets() ?? StudioFiles.folder(data) + "/presets")
  }

  /// The shipped presets folder, found beside the executable as the icons
  /// are (never from the current folder): the library of an untitled window.
  static func shippedPresets(executable: String = CommandLine.arguments.first ?? "") -> String? {
    let exeDir = URL(fileURLWithPath: executable).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    for up in [
      "presets", "../presets", "../../presets", "../../../presets", "../share/springlab/presets",
    ] {
      let d = exeDir.appendingPathComponent(up).standardizedFileURL.path
      if FileManager.default.fileExists(atPath: d + "/seed-000-fan.json") { return d }
    }
    return nil
  }

  /// An absolute, tidied path: the document's identity for recovery copies.
  static func absolute(_ p: String) -> String {
    URL(fileURLWithPath: p).standardizedFileURL.path
  }
}
