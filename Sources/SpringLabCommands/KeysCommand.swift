import SpringLabStudio

/// `springlab keys`: the window's key map as a Markdown table (docs/GUIDE.md's table is this output).
enum KeysCommand {
  static let usage = "springlab keys"

  static func run(_ argv: [String]) throws(CLIError) -> Exit {
    let a = try Arguments(argv, valued: [], booleans: ["help"], usage: usage)
    if a.flags["help"] == true {
      printOut("usage: \(usage)\nPrints the window's hot keys as a Markdown table.")
      return .ok
    }
    guard a.positional.isEmpty else {
      throw CLIError(.usage, "keys takes no arguments\nusage: \(usage)")
    }
    printOut(KeyMap.markdown)
    return .ok
  }
}
