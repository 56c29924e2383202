import SpringLabStudio

/// `springlab keys`: the window's key map as a Markdown table (docs/GUIDE.md's table is this output).
enum KeysCommand {
  static let spec = CommandSpec(
    name: "keys", summary: "prints the window's hot keys",
    intro: ["Prints the window's hot keys as a Markdown table."])
  static var usage: String { spec.usage }

  static func run(_ argv: [String]) throws(CLIError) -> Exit {
    guard let a = try spec.parseOrAnswerHelp(argv) else { return .ok }
    guard a.positional.isEmpty else {
      throw CLIError(.usage, "keys takes no arguments\nusage: \(usage)")
    }
    printOut(KeyMap.markdown)
    return .ok
  }
}
