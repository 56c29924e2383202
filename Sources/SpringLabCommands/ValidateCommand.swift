import SpringLabCore
import SpringLabPlatform
import SpringLabRender

/// `springlab validate FILE...`: one line per problem (docs/FORMATS.md);
/// exit 1 when any file is invalid, 3 when one cannot be read.
enum ValidateCommand {
  static let spec = CommandSpec(
    name: "validate", summary: "checks presets strictly", positionals: [.init("FILE...")],
    intro: [
      "Checks presets strictly; prints `FILE: field.path = value: reason (allowed range)` per problem.",
      "Exit 0 all valid, 1 a preset is invalid, 3 a file cannot be read, 2 usage.",
    ])
  static var usage: String { spec.usage }

  static func run(_ argv: [String]) throws(CLIError) -> Exit {
    guard let a = try spec.parseOrAnswerHelp(argv) else { return .ok }
    guard !a.positional.isEmpty else {
      throw CLIError(.usage, "validate needs at least one FILE\nusage: \(usage)")
    }
    var code = Exit.ok
    for file in a.positional {
      do {
        _ = try IconAssets.loadPreset(path: file, decodes: IconRaster.problem)
      } catch {
        for p in error.problems { printOut(p.description) }
        if error.unreadable { code = .input } else if code == .ok { code = .finding }
      }
    }
    return code
  }
}

/// Loads a preset for a command, mapping failures to exit 3 with the problems listed.
func loadPresetOrFail(_ path: String?) throws(CLIError) -> Preset {
  guard let path else { return Preset.seedDefault }
  do {
    return try IconAssets.loadPreset(path: path, decodes: IconRaster.problem)
  } catch {
    throw CLIError(.input, error.description)
  }
}
