import SpringLabCore

/// `springlab lint FILE...`: one line per warning naming the field(s); exit 1
/// when any warning, 3 when a file cannot be read or is invalid.
enum LintCommand {
  static let usage = "springlab lint FILE..."

  static func run(_ argv: [String]) throws(CLIError) -> Exit {
    let a = try Arguments(argv, valued: [], booleans: ["help"], usage: usage)
    if a.flags["help"] == true {
      printOut(
        "usage: \(usage)\nChecks presets against the seeds' design advice; one line per warning: `FILE: field(s): message [source]`.\nExit 0 clean, 1 warnings, 3 a file unreadable or invalid, 2 usage."
      )
      return .ok
    }
    guard !a.positional.isEmpty else {
      throw CLIError(.usage, "lint needs at least one FILE\nusage: \(usage)")
    }
    var code = Exit.ok
    for file in a.positional {
      do {
        let p = try PresetReader.load(path: file)
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
