/// One problem with a preset or script, printed as
/// `FILE: field.path = value: reason (allowed range)` (docs/FORMATS.md).
public struct FieldProblem: Error, Sendable, Equatable, CustomStringConvertible {
  public var file: String
  public var path: String
  /// The offending value as it appears (already shortened), or nil when there is none.
  public var value: String?
  public var reason: String

  public init(file: String, path: String, value: String?, reason: String) {
    self.file = file
    self.path = path
    self.value = value
    self.reason = reason
  }

  /// One line: the file, field and value with control characters escaped
  /// (a hostile key cannot retitle the terminal or split the line).
  public var description: String {
    let v = value.map { " = \(TerminalText.escape($0))" } ?? ""
    let field = path.isEmpty ? "(document)" : TerminalText.escape(path)
    return "\(TerminalText.escape(file)): \(field)\(v): \(TerminalText.escape(reason))"
  }
}

/// A preset or script that could not be used: every problem found.
public struct LoadError: Error, Sendable, Equatable, CustomStringConvertible {
  public var problems: [FieldProblem]
  /// True when the file could not be read at all (missing, unreadable, too big).
  public var unreadable: Bool

  public init(problems: [FieldProblem], unreadable: Bool = false) {
    self.problems = problems
    self.unreadable = unreadable
  }

  public init(_ p: FieldProblem, unreadable: Bool = false) {
    self.init(problems: [p], unreadable: unreadable)
  }

  public var description: String { problems.map(\.description).joined(separator: "\n") }
}
