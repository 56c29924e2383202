import Foundation
import SpringLabCommands
import SpringLabCore

/// `springlab bench` (flags: `BenchLauncher.spec`): the performance table. Medians of
/// repeated runs, side by side in one process.
enum BenchCommand {
  // why: one usage line, declared where `springlab --help` lists it
  static let usage = BenchLauncher.usage

  static func run(_ argv: [String]) throws(CLIError) -> Exit {
    guard let a = try BenchLauncher.spec.parseOrAnswerHelp(argv) else { return .ok }
    guard a.positional.isEmpty else {
      throw CLIError(.usage, "unexpected argument \(a.positional[0])\nusage: \(usage)")
    }
    let groups = ["core", "floating", "render", "export", "window", "fit"]
    let only = (a.values["only"] ?? "").split(separator: ",").map(String.init)
    if let bad = only.first(where: { !groups.contains($0) }) {
      throw CLIError(
        .usage, "--only \(bad): expected some of \(groups.joined(separator: ","))\nusage: \(usage)")
    }
    let results = Bench.all(BenchOptions(quick: a.flags["quick"] == true, only: only))
    if a.flags["json"] == true {
      let obj = JSONValue.object(
        results.map { r in
          var m: [(String, JSONValue)] = [
            ("value", r.value.map { .number($0) } ?? .null), ("unit", .string(r.unit)),
          ]
          if let n = r.note { m.append(("note", .string(n))) }
          return (r.name, .object(m))
        })
      printOut(JSONWriter.pretty(obj, sortKeys: false).trimmingSuffixNewline)
    } else {
      printOut(table(results))
    }
    return .ok
  }

  /// A plain-text table: name, value, unit, note.
  static func table(_ results: [BenchResult]) -> String {
    let width = results.map(\.name.count).max() ?? 10
    return results.map { r in
      let v =
        r.value.map { String(format: "%12.3f", $0) } ?? String(repeating: " ", count: 11) + "-"
      let note = r.note.map { "  (\($0))" } ?? ""
      return r.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + v + " " + r.unit
        + note
    }.joined(separator: "\n")
  }
}
