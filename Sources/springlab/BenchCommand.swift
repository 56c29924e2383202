import Foundation
import SpringLabCore

/// `springlab bench [--json]`: the performance table. Medians of repeated
/// runs, side by side in one process.
enum BenchCommand {
  static let usage = "springlab bench [--json]"

  static func run(_ argv: [String]) throws(CLIError) -> Exit {
    let a = try Arguments(argv, valued: [], booleans: ["help", "json"], usage: usage)
    if a.flags["help"] == true {
      printOut("usage: \(usage)\nMeasures motion math, scene steps and floating physics; prints a table or JSON (--json). Build with -c release for meaningful figures.")
      return .ok
    }
    let results = Bench.all()
    if a.flags["json"] == true {
      let obj = JSONValue.object(results.map { ($0.name, .object([("value", .number($0.value)), ("unit", .string($0.unit))])) })
      printOut(JSONWriter.pretty(obj, sortKeys: false).trimmingSuffixNewline)
    } else {
      let width = results.map(\.name.count).max() ?? 10
      for r in results {
        printOut(r.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + String(format: "%12.3f %@", r.value, r.unit))
      }
    }
    return .ok
  }
}
