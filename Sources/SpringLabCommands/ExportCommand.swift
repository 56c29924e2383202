import SpringLabCore
import SpringLabPlatform

/// `springlab export`: prints only the export on stdout; `--check` prints the
/// fidelity table instead (exit 1 when a bound is exceeded).
enum ExportCommand {
  static let spec = CommandSpec(
    name: "export",
    summary:
      "prints the preset's motion as UIKit, SwiftUI, Compose, CSS, motion or JSON; `--check` proves it matches",
    options: [
      .init("preset", "P", ["the preset (default: seed 000's fan and seed 002's bubble)"]),
      .init(
        "format", "uikit|swiftui|compose|css|framer|json", label: "--format F", usage: .required,
        ["uikit, swiftui, compose, css, framer (motion) or json (the resolved preset)"]),
      .init(
        "check", usage: .group("[--check [--seed N]]"),
        [
          "parse the emitted text back, evaluate it with the platform's semantics and compare",
          "with the playground's curve: max error in % of travel (physics ≤ 0.1 %, CSS linear() ≤ 0.5 %);",
          "all formats unless --format is given; css-fallback rows (the @supports",
          "cubic-bezier() for browsers without linear()) are shown as info, never enforced.",
          "Each row gives the exact error and the error as played: frames at 60 and 120 Hz,",
          "taps at random phases inside a frame, motion at its whole-millisecond clock",
          "(the bound applies to what is played, plus what motion's rounding alone costs)",
        ]),
      .init(
        "seed", "N", usage: .inGroup,
        ["the tap phases' seed for --check (default \(ExportCheck.defaultSeed); printed)"]),
      .init("html", ["with --format css: a self-contained HTML page that plays the menu"]),
      .init(
        "reduce-motion",
        ["include the accessible alternative (a short cross-fade); CSS always has it"]),
    ],
    labelWidth: 17,
    intro: [
      "Prints every animation of the preset (fan expand/collapse per item with delays, main-button rotation,",
      "bubble snap, bubble menu) as code for the platform, or the resolved preset as JSON.",
    ],
    outro: [
      "Exit: 0 ok, 1 a bound exceeded (--check), 2 usage, 3 the preset unreadable or invalid."
    ])
  static var usage: String { spec.usage }

  static func run(_ argv: [String]) throws(CLIError) -> Exit {
    guard let a = try spec.parseOrAnswerHelp(argv) else { return .ok }
    guard a.positional.isEmpty else {
      throw CLIError(.usage, "unexpected argument \(a.positional[0])\nusage: \(usage)")
    }
    let check = a.flags["check"] == true
    var format: ExportFormat?
    if let f = a.values["format"] {
      guard let parsed = ExportFormat(rawValue: f) else {
        throw CLIError(
          .usage, "--format \(f): unknown format; one of uikit, swiftui, compose, css, framer, json"
        )
      }
      format = parsed
    } else if !check {
      throw CLIError(.usage, "export needs --format\nusage: \(usage)")
    }
    if a.flags["html"] == true && format != .css {
      throw CLIError(.usage, "--html goes with --format css")
    }
    var seed = ExportCheck.defaultSeed
    if let s = a.values["seed"] {
      guard check else { throw CLIError(.usage, "--seed goes with --check") }
      guard let n = UInt64(s) else {
        throw CLIError(.usage, "--seed \(s): not a whole number ≥ 0")
      }
      seed = n
    }
    let preset = try loadPresetOrFail(a.values["preset"])
    if check {
      let progress = ProgressLine.onTerminal(
        "export --check", total: ExportFormat.allCases.count, unit: "formats")
      var report = ExportCheck.check(preset, seed: seed) { done, _ in progress?.update(done) }
      // why: erased before the table is printed
      progress?.clear()
      if let f = format {
        report.rows = report.rows.filter {
          $0.format == f.rawValue || $0.format.hasPrefix(f.rawValue + "-")
        }
      }
      printOut(report.table.trimmingSuffixNewline)
      return report.passed ? .ok : .finding
    }
    var options = ExportOptions(
      html: a.flags["html"] == true, reduceMotion: a.flags["reduce-motion"] == true)
    // why: CSS and HTML inline the icon files; Core reads no files, so the
    // checked bytes (loading refused any bad one) are handed to it here
    if let path = a.values["preset"] {
      options.iconData = IconAssets.exportData(
        for: preset, folder: IconAssets.folder(ofPreset: path))
    }
    printOut(Exporter.export(preset, format: format!, options: options).trimmingSuffixNewline)
    return .ok
  }
}

extension String {
  package var trimmingSuffixNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
