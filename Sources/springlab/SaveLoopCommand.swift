import Foundation
import SpringLabCore

/// `springlab _save-loop FILE [--count N]` (internal, for the kill-during-save
/// test): saves two presets to FILE alternately, through the same atomic
/// writer the window uses, until killed (or N saves). Prints "ready" after the
/// first save so a test can kill it mid-loop.
enum SaveLoopCommand {
  static let usage =
    "springlab _save-loop FILE [--count N]   (internal: a test helper, not for users)"

  /// The two versions written alternately: "Loop A" (radius 100) and "Loop B" (radius 140).
  static func versions() -> [Preset] {
    var a = Preset.seedDefault
    a.name = "Loop A"
    a.fan.radius = 100
    var b = Preset.seedDefault
    b.name = "Loop B"
    b.fan.radius = 140
    return [a, b]
  }

  static func run(_ argv: [String]) throws(CLIError) -> Exit {
    let a = try Arguments(argv, valued: ["count"], booleans: ["help"], usage: usage)
    if a.flags["help"] == true {
      printOut(
        "usage: \(usage)\nInternal: saves two presets alternately to FILE until killed, for the kill-during-save test. Prints \"ready\" after the first save."
      )
      return .ok
    }
    guard a.positional.count == 1 else {
      throw CLIError(.usage, "_save-loop needs one FILE\nusage: \(usage)")
    }
    let count = try a.double("count", in: 1...1e9, usage: usage).map { Int($0) }
    let path = a.positional[0]
    let v = versions()
    var k = 0
    while count.map({ k < $0 }) ?? true {
      do { try PresetWriter.save(v[k % 2], to: path) } catch {
        throw CLIError(.environment, "\(error)")
      }
      if k == 0 { printOut("ready") }
      k += 1
    }
    return .ok
  }
}
