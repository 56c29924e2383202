import Foundation
import Testing

@testable import SpringLabCommands

/// Each command's declaration (`CommandSpec`) against what `--help` prints
/// and what README.md and docs/COMMANDS.md say: one source, checked equal.
@Suite("Command declarations")
struct CommandSpecTests {
  /// The arguments that name a command (none for the window).
  static func words(_ spec: CommandSpec) -> [String] { spec.name.map { [$0] } ?? [] }

  /// The arguments that print `spec.help`.
  // why: a bare `springlab --help` is the program's help; the window's own
  // follows any window flag
  static func helpArguments(_ spec: CommandSpec) -> [String] {
    (spec.name.map { [$0] } ?? ["--fresh"]) + ["--help"]
  }

  /// The `--flag` names written in `text` (`--no-x` counts as `x`).
  static func flags(in text: String) -> Set<String> {
    var found = Set<String>()
    var rest = Substring(text)
    while let r = rest.range(of: "--") {
      let before = rest[..<r.lowerBound].last
      rest = rest[r.upperBound...]
      let name = rest.prefix(while: { $0.isLetter || $0.isNumber || $0 == "-" })
      // why: `--` alone (end of options) and `a--b` are not flags
      guard !name.isEmpty, before.map({ !$0.isLetter && !$0.isNumber }) ?? true else { continue }
      found.insert(name.hasPrefix("no-") ? String(name.dropFirst(3)) : String(name))
    }
    return found
  }

  static func text(_ file: String) throws -> String {
    try String(contentsOf: CLIHarness.root.appendingPathComponent(file), encoding: .utf8)
  }

  /// The usage lines in a fenced block, continuation lines joined, spaces collapsed.
  static func usageLines(_ block: [Substring]) -> [String] {
    var entries: [String] = []
    for line in block {
      if line.first?.isWhitespace == true, !entries.isEmpty {
        entries[entries.count - 1] += " " + line
      } else {
        entries.append(String(line))
      }
    }
    return entries.map { $0.split(separator: " ").joined(separator: " ") }
  }

  /// The first fenced block after `start` in `lines`.
  static func firstBlock(_ lines: [Substring], from start: Int) -> [Substring] {
    guard let open = lines[start...].firstIndex(where: { $0.hasPrefix("```") }),
      let close = lines[(open + 1)...].firstIndex(where: { $0.hasPrefix("```") })
    else { return [] }
    return Array(lines[(open + 1)..<close])
  }

  /// The derivation itself on a made-up command: usage forms, flag sets,
  /// the label column, a label wider than it, continuation lines, a flag
  /// with no line of its own.
  @Test func usageFlagSetsAndHelpLayout() {
    let spec = CommandSpec(
      name: "demo", summary: "a demo", positionals: [.init("FILE", help: ["the input"])],
      options: [
        .init("out", "PATH", usage: .required, ["where to write", "(made if missing)"]),
        .init("size", "WxH", usage: .group("[--size WxH | --tiny]"), ["the size"]),
        .init("tiny", usage: .inGroup, ["the smallest size"]),
        .init("a-very-long-flag", "VALUE", ["wider than the column"]),
        .init("from", "T0", label: "--from T0, --to T1", ["a range"]),
        .init("to", "T1", []),
      ],
      labelWidth: 10, intro: ["Does a demo."], outro: ["Exit 0."])
    #expect(spec.valued == ["out", "size", "a-very-long-flag", "from", "to"])
    #expect(spec.booleans == ["tiny", "help"])
    #expect(
      spec.usage
        == "springlab demo FILE --out PATH [--size WxH | --tiny] [--a-very-long-flag VALUE] [--from T0] [--to T1]"
    )
    #expect(
      spec.help == """
        usage: \(spec.usage)
        Does a demo.
          FILE      the input
          --out PATH  where to write
                    (made if missing)
          --size WxH  the size
          --tiny    the smallest size
          --a-very-long-flag VALUE  wider than the column
          --from T0, --to T1  a range
        Exit 0.
        """)
  }

  @Test func everyFlagIsInTheUsageLineAndHasAHelpLine() throws {
    #expect(commandSpecs.count == 9)
    for spec in commandSpecs {
      let declared = Set(spec.options.map(\.name))
      #expect(Self.flags(in: spec.usage) == declared, "\(spec.usage)")
      #expect(
        springlabMain(["springlab"] + Self.helpArguments(spec)) == Exit.ok.rawValue,
        "\(spec.usage)")
      let printed = try CLIHarness.run(Self.helpArguments(spec))
      #expect(printed.code == 0 && printed.out == spec.help + "\n", "\(spec.usage)")
      // why: past the usage line, the label column of the option lines names every flag
      let labels = printed.out.split(separator: "\n").dropFirst().filter { $0.hasPrefix("  --") }
        .map { $0.dropFirst(2).prefix(spec.labelWidth) }
      #expect(Self.flags(in: labels.joined(separator: "\n")) == declared, "\(spec.usage)")
    }
  }

  @Test func commandsMarkdownHasEveryUsageLineAndFlag() throws {
    let lines = try Self.text("docs/COMMANDS.md").split(
      separator: "\n", omittingEmptySubsequences: false)
    let synopsis = lines.firstIndex(of: "## Synopsis")!
    #expect(
      Self.usageLines(Self.firstBlock(lines, from: synopsis))
        == commandSpecs.map(\.usage) + ["springlab --version | --help | COMMAND --help"])
    for spec in commandSpecs {
      let heading = spec.name.map { "`\($0)`" } ?? "The window"
      guard
        let at = lines.firstIndex(where: { $0.hasPrefix("## ") && $0.contains(heading) })
      else {
        Issue.record("docs/COMMANDS.md has no section for \(spec.usage)")
        continue
      }
      let block = Self.usageLines(Self.firstBlock(lines, from: at))
      #expect(block.contains(spec.usage), "\(block)")
      let declared = Set(spec.options.map(\.name))
      let line = block.first {
        $0.hasPrefix(Self.words(spec).reduce("springlab") { $0 + " " + $1 })
      }
      #expect(line.map(Self.flags(in:)) == declared, "\(spec.usage)")
      // why: a section's flag table, where it has one, lists exactly the declared flags
      let end = lines[(at + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
      let rows = lines[at..<end].filter { $0.hasPrefix("| `") }
      if !rows.isEmpty {
        let firstCells = rows.map { $0.split(separator: "|", maxSplits: 2)[0] }
        #expect(Self.flags(in: firstCells.joined(separator: " ")) == declared, "\(spec.usage)")
      }
    }
  }

  @Test func readmeListsEveryCommandAndItsDeclaredFlags() throws {
    let readme = try Self.text("README.md")
    let lines = readme.split(separator: "\n")
    var listed: [String?] = []
    for row in lines where row.hasPrefix("| [`springlab") {
      let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      // why: the commands are the link text's `code` spans (odd pieces between backticks)
      let pieces = cells[0].split(separator: "`", omittingEmptySubsequences: false)
      let names = stride(from: 1, to: pieces.count, by: 2).map { pieces[$0] }
        .map { $0.hasPrefix("springlab ") ? String($0.dropFirst(10)) : String($0) }
      let commands: [String?] = names.map { $0.hasPrefix("[") ? nil : $0 }
      listed += commands
      if commands.count == 1, let spec = commandSpecs.first(where: { $0.name == commands[0] }) {
        #expect(cells[1].hasPrefix(spec.summary), "\(row)")
      }
    }
    // why: the table orders commands by use, `springlab --help` by kind; the same set
    #expect(
      Set(listed.map { $0 ?? "(window)" }) == Set(commandSpecs.map { $0.name ?? "(window)" }))
    #expect(listed.count == commandSpecs.count)
    // why: the hand-off examples use only flags their command declares
    for line in lines where line.trimmingCharacters(in: .whitespaces).hasPrefix("springlab ") {
      let words = line.split(separator: " ")
      let spec = commandSpecs.first { $0.name == String(words[1]) } ?? commandSpecs[0]
      let code = line.split(separator: "#")[0]
      #expect(Self.flags(in: String(code)).isSubset(of: Set(spec.options.map(\.name))), "\(line)")
    }
  }
}
