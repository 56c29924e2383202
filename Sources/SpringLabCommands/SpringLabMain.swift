import Foundation
import SpringLabCore
import SpringLabPlatform

/// Every command's declaration, in the order `springlab --help` lists them.
package let commandSpecs: [CommandSpec] = [
  WindowCommand.spec, RenderCommand.spec, ExportCommand.spec, ValidateCommand.spec,
  LintCommand.spec, FitCommand.spec, SpringCommand.spec, BenchLauncher.spec, KeysCommand.spec,
]

// why: built from each command's own usage line, so `springlab --help` can
// never drift from `springlab COMMAND --help`
let topUsage =
  "usage: "
  + (commandSpecs.map(\.usage) + ["springlab --version | --help | COMMAND --help"])
  .joined(separator: "\n       ")

/// The `springlab` program as a function: `argv` as the process got it
/// (program name first), the exit status returned. The executable's main
/// calls it; tests call it in-process.
public func springlabMain(_ argv: [String]) -> Int32 {
  let args = Array(argv.dropFirst())
  let commands: [String: ([String]) throws(CLIError) -> Exit] = [
    "validate": ValidateCommand.run, "lint": LintCommand.run, "export": ExportCommand.run,
    "render": RenderCommand.run, "spring": SpringCommand.run, "keys": KeysCommand.run,
    "fit": FitCommand.run,
  ]
  return exitStatus { () throws -> Int32 in
    try RawArguments.requireUTF8()
    if let first = args.first {
      if first == "--version" {
        printOut("springlab \(SpringLabVersion.string)")
        return Exit.ok.rawValue
      }
      if first == "--help" || first == "-h" || first == "help" {
        printOut(
          "SpringLab \(SpringLabVersion.string): tune a fan menu and a floating bubble live.\n\n"
            + topUsage
            + "\nPreset fields, input scripts and traces: docs/FORMATS.md")
        return Exit.ok.rawValue
      }
      if let cmd = commands[first] { return try cmd(Array(args.dropFirst())).rawValue }
      // why: the bench is its own executable; its status (a signal's 128 + N too) passes through
      if first == "bench" { return try BenchLauncher.run(Array(args.dropFirst())) }
      // why: a mistyped command must not be reported as a missing preset file
      if !first.hasPrefix("-") && !first.lowercased().hasSuffix(".json") && !first.contains("/")
        && !FileManager.default.fileExists(atPath: first)
      {
        throw CLIError(.usage, "unknown command \(first)\n" + topUsage)
      }
    }
    return try WindowCommand.run(args).rawValue
  }
}

/// Runs `body` and returns its exit status, or reports the error it threw on
/// stderr the way every `springlab` command does and returns its status.
package func exitStatus(_ body: () throws -> Int32) -> Int32 {
  do {
    return try body()
  } catch let error as CLIError {
    // why: a reader that went away is not an error to report
    if error.code == .closedPipe { return error.code.rawValue }
    // why: one line per problem, each a whole `springlab: FILE: what: why`
    // (a usage text that follows keeps its own layout)
    for line in TerminalText.escapeMessage(error.message).split(separator: "\n") {
      let isUsage = line.hasPrefix("usage:") || line.first?.isWhitespace == true
      printErr(isUsage ? String(line) : "springlab: " + line)
    }
    return error.code.rawValue
  } catch {
    printErr("springlab: " + TerminalText.escapeMessage("\(error)"))
    return Exit.usage.rawValue
  }
}
