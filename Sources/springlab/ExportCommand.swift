import SpringLabCore

/// `springlab export`: prints only the export on stdout.
enum ExportCommand {
  static let usage = "springlab export [--preset P] --format uikit|swiftui|compose|css|framer|json [--check]"

  static func run(_ argv: [String]) throws(CLIError) -> Exit {
    let a = try Arguments(argv, valued: ["preset", "format"], booleans: ["help", "check"], usage: usage)
    if a.flags["help"] == true {
      printOut("usage: \(usage)\nPrints the preset as code or JSON on stdout.\nExit 0 ok, 2 usage, 3 the preset unreadable or invalid.")
      return .ok
    }
    guard a.positional.isEmpty else { throw CLIError(.usage, "unexpected argument \(a.positional[0])\nusage: \(usage)") }
    let format = a.values["format"] ?? (a.flags["check"] == true ? "all" : nil)
    guard let format else { throw CLIError(.usage, "export needs --format\nusage: \(usage)") }
    guard format == "json" else { throw CLIError(.usage, "--format \(format): unknown format\nusage: \(usage)") }
    let preset = try loadPresetOrFail(a.values["preset"])
    printOut(PresetWriter.text(preset).trimmingSuffixNewline)
    return .ok
  }
}

extension String {
  var trimmingSuffixNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
