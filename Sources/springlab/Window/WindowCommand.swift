import Foundation
import SpringLabCore
import SpringLabPlatform
import SpringLabSDL

/// `springlab [PRESET.json] [--trace FILE] [--record-input FILE] [--fresh] [--exit-after SECONDS]`
enum WindowCommand {
  static let usage =
    "springlab [PRESET.json] [--trace FILE] [--record-input FILE] [--fresh] [--exit-after SECONDS]"

  static func run(_ argv: [String]) throws(CLIError) -> Exit {
    let a = try Arguments(
      argv, valued: ["trace", "record-input", "exit-after"], booleans: ["help", "fresh"],
      usage: usage)
    if a.flags["help"] == true {
      printOut(
        """
        usage: \(usage)
        Opens the playground window. A PRESET argument wins over remembered state; --fresh ignores remembered state.
          --trace FILE         one JSON line per drawn frame (SPEC §6)
          --record-input FILE  write the session's input as a script (replay it with `springlab render --script FILE`)
          --exit-after S       quit after S seconds
        Hot keys: press ? in the window. Exit: 0 ok, 2 usage, 3 the preset unreadable or invalid, 4 no display or no font.
        """)
      return .ok
    }
    guard a.positional.count <= 1 else {
      throw CLIError(.usage, "at most one PRESET\nusage: \(usage)")
    }
    let exitAfter = try a.double("exit-after", in: 0...86_400, usage: usage)
    let stateFolder = RememberedState.folder()
    var remembered = RememberedState()
    if a.flags["fresh"] != true {
      let (s, warning) = RememberedState.load(folder: stateFolder)
      remembered = s
      if let w = warning { printErr("springlab: warning: " + w) }
    }
    var preset = Preset.seedDefault
    var presetPath: String?
    if let p = a.positional.first {
      preset = try loadPresetOrFail(p)
      presetPath = p
    } else if let p = remembered.presetPath, let loaded = try? PresetReader.load(path: p) {
      preset = loaded
      presetPath = p
      if let d = remembered.device { preset.device = d }
      if let o = remembered.orientation { preset.orientation = o }
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
    let window: SDLWindow
    do {
      window = try SDLWindow(
        title: "SpringLab", width: remembered.windowWidth, height: remembered.windowHeight,
        fontPath: font)
    } catch {
      throw CLIError(
        .environment,
        "cannot open a window (\(error)).\nNo display? Render headless instead: springlab render --preset P --out demo.mp4"
      )
    }
    let app = App(
      window: window, preset: preset, presetPath: presetPath,
      remembered: a.flags["fresh"] == true ? nil : remembered,
      stateFolder: stateFolder, trace: trace, recordPath: a.values["record-input"],
      exitAfter: exitAfter)
    app.run()
    do { try app.trace?.finish() } catch { app.traceError = error }
    if let e = app.traceError { throw CLIError(.environment, e.description) }
    return .ok
  }
}
