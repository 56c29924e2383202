import Foundation
import SpringLabCore
import SpringLabPlatform

#if canImport(Glibc)
  import Glibc
#endif

/// Exit codes, the same for every command (docs/COMMANDS.md, "Exit codes").
package enum Exit: Int32 {
  case ok = 0
  /// validate: invalid preset; lint: warnings; export --check: a bound exceeded.
  case finding = 1
  case usage = 2
  /// An input file unreadable or invalid.
  case input = 3
  /// The environment: no display, no font, no ffmpeg, unwritable output.
  case environment = 4
  /// Stdout or a streamed trace was a pipe whose reader went away; ends
  /// quietly, as coreutils do (128 + SIGPIPE).
  case closedPipe = 141
}

/// A command failed; `message` goes to stderr, prefixed with "springlab: ".
package struct CLIError: Error {
  package var code: Exit
  package var message: String
  package init(_ code: Exit, _ message: String) {
    self.code = code
    self.message = message
  }

  /// A failed output: exit 4 with its line, or a quiet 141 for a closed pipe.
  init(writing e: OutputError) {
    self.init(e.isClosedPipe ? .closedPipe : .environment, e.isClosedPipe ? "" : e.description)
  }
}

/// A tiny hand-written argument parser: `--flag value`, `--flag=value`,
/// boolean `--flag` / `--no-flag`, positional arguments; unknown flags are
/// usage errors.
package struct Arguments {
  package var values: [String: String] = [:]
  package var flags: [String: Bool] = [:]
  package var positional: [String] = []

  /// `valued`: flags that take a value; `booleans`: on/off flags (`--x`, `--no-x`).
  package init(_ args: [String], valued: Set<String>, booleans: Set<String>, usage: String)
    throws(CLIError)
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
    guard let d = Arguments.decimal(s), range.contains(d) else {
      throw CLIError(
        .usage,
        "--\(name) \(s): must be a number \(range.lowerBound)…\(range.upperBound)\nusage: \(usage)")
    }
    return d
  }
}

/// Writes one message line to stderr (a failure there has nowhere to be reported).
extension Arguments {
  /// A plain decimal number (`12`, `-0.5`, `1e3`), or nil. Swift's
  /// `Double("0x10")` is 16 and `Double("inf")` is infinite; a command line
  /// means neither.
  static func decimal(_ s: String) -> Double? {
    var u = Substring(s).utf8[...]
    if let f = u.first, f == UInt8(ascii: "+") || f == UInt8(ascii: "-") { u = u.dropFirst() }
    func digits() -> Int {
      let n = u.prefix(while: { (0x30...0x39).contains($0) }).count
      u = u.dropFirst(n)
      return n
    }
    var mantissa = digits()
    if u.first == UInt8(ascii: ".") {
      u = u.dropFirst()
      mantissa += digits()
    }
    guard mantissa > 0 else { return nil }
    if let e = u.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
      u = u.dropFirst()
      if let f = u.first, f == UInt8(ascii: "+") || f == UInt8(ascii: "-") { u = u.dropFirst() }
      guard digits() > 0 else { return nil }
    }
    guard u.isEmpty, let d = Double(s), d.isFinite else { return nil }
    return d
  }
}

package func printErr(_ s: String) {
  _ = Console.write(s.hasSuffix("\n") ? s : s + "\n", to: 2)
}

/// Writes to stdout. A closed pipe (`| head -1`) ends the program quietly
/// with exit 141, as coreutils do (128 + SIGPIPE); any other failure (a full
/// device) is one line on stderr and exit 4.
package func printOut(_ s: String) {
  guard let reason = Console.write(s.hasSuffix("\n") ? s : s + "\n", to: 1) else { return }
  if reason.errno == EPIPE { exit(141) }
  printErr("springlab: standard output: cannot write: \(reason.text)")
  exit(Exit.environment.rawValue)
}

/// Unbuffered writes to the standard streams with every result checked
/// (FileHandle.write traps on EPIPE).
enum Console {
  struct Failure {
    var errno: Int32
    var text: String
  }

  /// Writes all of `s` to `fd`; nil on success.
  static func write(_ s: String, to fd: Int32) -> Failure? {
    var text = s
    return text.withUTF8 { buf -> Failure? in
      var off = 0
      while off < buf.count {
        let n = Glibc.write(fd, buf.baseAddress! + off, buf.count - off)
        if n < 0 {
          if errno == EINTR { continue }
          return Failure(errno: errno, text: String(cString: strerror(errno)))
        }
        off += n
      }
      return nil
    }
  }
}

/// The command line as the kernel gave it: bytes, which need not be UTF-8.
enum RawArguments {
  /// Refuses an argument that is not valid UTF-8 (Swift's `CommandLine`
  /// would silently replace the bad bytes and the file would seem missing).
  static func requireUTF8() throws(CLIError) {
    for k in 1..<Int(CommandLine.argc) {
      guard let p = CommandLine.unsafeArgv[k] else { continue }
      let bytes = Array(UnsafeBufferPointer(start: p, count: strlen(p))).map {
        UInt8(bitPattern: $0)
      }
      if String(validating: bytes, as: UTF8.self) == nil {
        throw CLIError(
          .input,
          "\(TerminalText.escape(bytes: bytes)): cannot be used: the name is not valid UTF-8 (rename it)"
        )
      }
    }
  }
}

extension TerminalText {
  /// A multi-line message with control characters escaped inside each line
  /// (the line breaks between problems are kept).
  static func escapeMessage(_ s: String) -> String {
    s.split(separator: "\n", omittingEmptySubsequences: false).map { escape(String($0)) }
      .joined(separator: "\n")
  }
}
