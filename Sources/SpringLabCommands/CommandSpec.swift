/// One command's whole command-line surface, declared once: the parser's
/// flag sets, the `usage:` line and the `--help` text are all derived from it,
/// and a test keeps README.md and docs/COMMANDS.md equal to it.
package struct CommandSpec: Sendable {
  /// A positional argument: how the usage line writes it (`INPUT`,
  /// `[PRESET.json]`, `FILE...`) and, optionally, a help line.
  package struct Positional: Sendable {
    package var usage: String
    package var help: [String]
    package init(_ usage: String, help: [String] = []) {
      self.usage = usage
      self.help = help
    }
  }

  /// Where an option appears in the usage line.
  package enum Usage: Sendable {
    /// `[--name VALUE]`
    case optional
    /// `--name VALUE`
    case required
    /// A bracketed group written out in full, e.g. `[--size WxH | --frame device]`.
    case group(String)
    /// Written by another option's `.group`.
    case inGroup
  }

  /// One `--flag`: with a value (`--out PATH`) or boolean (`--x` / `--no-x`).
  package struct Option: Sendable {
    package var name: String
    /// The value's name in the usage line; nil for a boolean flag.
    package var value: String?
    /// The help line's label when it differs from `--name VALUE`.
    package var label: String?
    /// The help text: its first line beside the label, the rest below it
    /// at the same column. Empty: no line of its own (another's label names it).
    package var help: [String]
    package var usage: Usage

    /// A flag with a value: `--name VALUE`.
    package init(
      _ name: String, _ value: String, label: String? = nil, usage: Usage = .optional,
      _ help: [String]
    ) {
      self.name = name
      self.value = value
      self.label = label
      self.help = help
      self.usage = usage
    }

    /// A boolean flag: `--name` (and `--no-name`).
    package init(_ name: String, label: String? = nil, usage: Usage = .optional, _ help: [String]) {
      self.name = name
      self.value = nil
      self.label = label
      self.help = help
      self.usage = usage
    }

    /// `--name VALUE` or `--name`.
    var written: String { "--" + name + (value.map { " " + $0 } ?? "") }
  }

  /// The command word; nil for the window (plain `springlab`).
  package var name: String?
  /// One line for README's command table.
  package var summary: String
  package var positionals: [Positional]
  package var options: [Option]
  /// Help lines between the usage line and the option lines.
  package var intro: [String]
  /// Help lines after the option lines (notes, exit codes).
  package var outro: [String]
  /// The column, after two spaces of indent, where option help text starts.
  package var labelWidth: Int

  package init(
    name: String?, summary: String, positionals: [Positional] = [], options: [Option] = [],
    labelWidth: Int = 0, intro: [String], outro: [String] = []
  ) {
    self.name = name
    self.summary = summary
    self.positionals = positionals
    self.options = options
    self.labelWidth = labelWidth
    self.intro = intro
    self.outro = outro
  }

  /// Flags that take a value, for `Arguments`.
  package var valued: Set<String> { Set(options.filter { $0.value != nil }.map(\.name)) }

  /// On/off flags for `Arguments`, `help` included.
  package var booleans: Set<String> {
    Set(options.filter { $0.value == nil }.map(\.name)).union(["help"])
  }

  /// The usage line without `usage: `.
  package var usage: String {
    var words = ["springlab"] + (name.map { [$0] } ?? []) + positionals.map(\.usage)
    for o in options {
      switch o.usage {
      case .optional: words.append("[" + o.written + "]")
      case .required: words.append(o.written)
      case .group(let g): words.append(g)
      case .inGroup: break
      }
    }
    return words.joined(separator: " ")
  }

  /// The whole `--help` text.
  package var help: String {
    var lines = ["usage: " + usage] + intro
    let labelled =
      positionals.filter { !$0.help.isEmpty }.map { ($0.usage, $0.help) }
      + options.filter { !$0.help.isEmpty }.map { ($0.label ?? $0.written, $0.help) }
    let indent = String(repeating: " ", count: 2 + labelWidth)
    for (label, help) in labelled {
      // why: a label wider than the column keeps two spaces before its text
      let head =
        label.count < labelWidth
        ? label + String(repeating: " ", count: labelWidth - label.count) : label + "  "
      lines.append("  " + head + help[0])
      lines += help.dropFirst().map { indent + $0 }
    }
    return (lines + outro).joined(separator: "\n")
  }

  /// Parses `argv` with this command's flags; usage errors quote `usage`.
  package func parse(_ argv: [String]) throws(CLIError) -> Arguments {
    try Arguments(argv, valued: valued, booleans: booleans, usage: usage)
  }

  /// Parses `argv`; for `--help`, prints `help` (default: the spec's own
  /// text) to stdout and returns nil, so a command ends with exit 0.
  package func parseOrAnswerHelp(_ argv: [String], help: String? = nil) throws(CLIError)
    -> Arguments?
  {
    let a = try parse(argv)
    guard a.flags["help"] != true else {
      printOut(help ?? self.help)
      return nil
    }
    return a
  }
}
