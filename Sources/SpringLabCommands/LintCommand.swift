import SpringLabCore
import SpringLabPlatform
import SpringLabRender

/// `springlab lint FILE...`: one line per warning naming the field(s); exit 1
/// when any warning, 3 when a file cannot be read or is invalid.
enum LintCommand {
  static let spec = CommandSpec(
    name: "lint", summary: "checks presets against the seeds' design advice",
    positionals: [.init("FILE...")],
    intro: [
      "Checks presets against the seeds' design advice; one line per warning: `FILE: field(s): message [source]`.",
      "Exit 0 clean, 1 warnings, 3 a file unreadable or invalid, 2 usage.",
    ])
  static var usage: String { spec.usage }

  static func run(_ argv: [String]) throws(CLIError) -> Exit {
    guard let a = try spec.parseOrAnswerHelp(argv) else { return .ok }
    guard !a.positional.isEmpty else {
      throw CLIError(.usage, "lint needs at least one FILE\nusage: \(usage)")
    }
    var code = Exit.ok
    for file in a.positional {
      do {
        let p = try IconAssets.loadPreset(path: file, decodes: IconRaster.problem)
        for w in Lint.check(p) {
          printOut("\(TerminalText.escape(file)): \(TerminalText.escape("\(w)"))")
          if code == .ok { code = .finding }
        }
      } catch {
        for p in error.problems { printErr(p.description) }
        code = .input
      }
    }
    return code
  }
}
