import Foundation

/// Exit codes, the same for every command (README, "Commands").
enum Exit: Int32 {
  case ok = 0
  /// validate: invalid preset; lint: warnings; export --check: a bound exceeded.
  case finding = 1
  case usage = 2
  /// An input file unreadable or invalid.
  case input = 3
  /// The environment: no display, no font, no ffmpeg, unwritable output.
  case environment = 4
}

/// A command failed; `message` goes to stderr, prefixed with "springlab: ".
struct CLIError: Error {
  var code: Exit
  var message: String
  init(_ code: Exit, _ message: String) {
    self.code = code
    self.message = message
  }
}

/// A tiny hand-written argument parser: `--flag value`, `--flag=value`,
/// boolean `--flag` / `--no-flag`, positional arguments; unknown flags are
/// usage errors.
struct Arguments {
  var values: [String: String] = [:]
  var flags: [String: Bool] = [:]
  var positional: [String] = []

  /// `valued`: flags that take a value; `booleans`: on/off flags (`--x`, `--no-x`).
  init(_ args: [String], valued: Set<String>, booleans: Set<String>, usage: String) throws(CLIError)
  {
    var i = 0
    var onlyPositional = false
    while i < args.count {
      let a = args[i]
      i += 1
      if onlyPositional || !a.hasPrefix("--") || a == "-" {
        if a.hasPrefix("-") && a != "-" && !onlyPositional && a.count > 1 {
          throw CLIError(.usage, "unknown option \(a)\nusage: \(usage)")
        }
        positional.append(a)
        continue
      }
      if a == "--" {
        onlyPositional = true
        continue
      }
      var name = String(a.dropFirst(2))
      var inline: String?
      if let eq = name.firstIndex(of: "=") {
        inline = String(name[name.index(after: eq)...])
        name = String(name[..<eq])
      }
      if valued.contains(name) {
        if let v = inline {
          values[name] = v
        } else {
          guard i < args.count else {
            throw CLIError(.usage, "--\(name) needs a value\nusage: \(usage)")
          }
          values[name] = args[i]
          i += 1
        }
      } else if booleans.contains(name), inline == nil {
        flags[name] = true
      } else if name.hasPrefix("no-"), booleans.contains(String(name.dropFirst(3))), inline == nil {
        flags[String(name.dropFirst(3))] = false
      } else {
        throw CLIError(.usage, "unknown option --\(name)\nusage: \(usage)")
      }
    }
  }

  func double(_ name: String, in range: ClosedRange<Double>, usage: String) throws(CLIError)
    -> Double?
  {
    guard let s = values[name] else { return nil }
    guard let d = Double(s), d.isFinite, range.contains(d) else {
      throw CLIError(
        .usage,
        "--\(name) \(s): must be a number \(range.lowerBound)…\(range.upperBound)\nusage: \(usage)")
    }
    return d
  }
}

func printErr(_ s: String) {
  FileHandle.standardError.write(Data((s.hasSuffix("\n") ? s : s + "\n").utf8))
}

func printOut(_ s: String) {
  FileHandle.standardOutput.write(Data((s.hasSuffix("\n") ? s : s + "\n").utf8))
}
