import Foundation
import SpringLabCore

/// `springlab spring SPEC [--duration T] [--json]`: reads a spring or timing
/// curve from a snippet of any supported framework and prints every
/// equivalent form; exit 3 when the snippet holds no readable spring.
enum SpringCommand {
  static let spec = CommandSpec(
    name: "spring",
    summary: "reads a spring pasted from another tool and prints every equivalent form",
    positionals: [.init("SPEC|-")],
    options: [
      .init(
        "duration", "SECONDS",
        [
          "completes a snippet that lacks one (UISpringTimingParameters(dampingRatio:),",
          "a CSS linear() or curve without a time); ignored when the snippet has one",
        ]),
      .init(
        "json",
        [
          "one JSON object: stiffness, damping, mass, dampingRatio, response, bounce,",
          "swiftuiDuration, settle (s), overshoot (fraction of travel),",
          "uikit {duration, dampingRatio, velocity} or null",
        ]),
    ],
    labelWidth: 20,
    intro: [
      "Reads a spring (or a timing curve) from SPEC — a snippet pasted from UIKit, SwiftUI,",
      "Jetpack Compose, motion / framer-motion, CSS, Origami or POP/Rebound, or written as",
      "`stiffness=… damping=… mass=…` — and prints every equivalent form: stiffness/damping/mass,",
      "UIKit duration/damping/velocity, SwiftUI duration & bounce and response & damping fraction,",
      "Compose, motion, Origami tension/friction, POP bounciness/speed, settle time (±0.5 % of",
      "travel), peak overshoot and a CSS linear(). Several arguments are joined with spaces;",
      "`-` reads the snippet from standard input; put `--` before a snippet that starts with `-`.",
      "Accepted forms are listed in docs/GUIDE.md (\"Reading a spring\").",
    ],
    outro: ["Exit 0 read, 2 usage, 3 could not read a spring in the snippet."])
  static var usage: String { spec.usage }
  static var help: String { spec.help }

  static func run(_ argv: [String]) throws(CLIError) -> Exit {
    guard let a = try spec.parseOrAnswerHelp(argv, help: help) else { return .ok }
    guard !a.positional.isEmpty else {
      throw CLIError(
        .usage, "spring needs a SPEC (a snippet, or - for standard input)\nusage: \(usage)")
    }
    let duration = try a.double("duration", in: 0.001...60, usage: usage)
    var text = a.positional.joined(separator: " ")
    if a.positional == ["-"] {
      let data = FileHandle.standardInput.readDataToEndOfFile()
      guard data.count <= 1 << 20, let s = String(data: data, encoding: .utf8) else {
        throw CLIError(
          .input, "could not read a spring in: standard input (not UTF-8 text under 1 MiB)")
      }
      text = s
    }
    let notation: SpringNotation
    do {
      notation = try SpringNotationReader.read(text, duration: duration)
    } catch {
      throw CLIError(.input, error.description)
    }
    switch notation {
    case .spring(let r):
      let e = SpringEquivalents(r)
      printOut(
        a.flags["json"] == true ? JSONWriter.compact(e.json) : e.lines.joined(separator: "\n"))
    case .curve(let c):
      let e = CurveEquivalents(c)
      printOut(
        a.flags["json"] == true ? JSONWriter.compact(e.json) : e.lines.joined(separator: "\n"))
    }
    return .ok
  }
}
