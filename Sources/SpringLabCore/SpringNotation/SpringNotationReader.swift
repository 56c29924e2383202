import Foundation

/// Reads a spring or a timing curve out of a snippet pasted from UIKit,
/// SwiftUI, Jetpack Compose, motion (framer-motion), CSS, Origami or
/// POP/Rebound, or written as `stiffness=… damping=… mass=…`. Pure: text in,
/// a `SpringNotation` or one `SpringNotationError` out. Each framework's
/// documented defaults fill what the snippet leaves out.
public enum SpringNotationReader {
  /// `duration` (seconds) completes snippets that need one and lack it
  /// (`UISpringTimingParameters(dampingRatio:)`, a bare CSS `linear()`).
  public static func read(_ text: String, duration: Double? = nil) throws(SpringNotationError)
    -> SpringNotation
  {
    var r = SnippetReader(text: text, duration: duration)
    return try r.read()
  }
}

/// The reader's state over one snippet; each framework's forms are an
/// extension in `SpringNotationReader+<Framework>.swift`.
struct SnippetReader {
  let text: String
  let duration: Double?
  var tokens: [SnippetToken] = []
  var calls: [SnippetCall] = []

  init(text: String, duration: Double?) {
    self.text = text
    self.duration = duration
  }

  func fail(_ reason: String) -> SpringNotationError {
    SpringNotationError(snippet: text, reason: reason)
  }

  mutating func read() throws(SpringNotationError) -> SpringNotation {
    guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      throw fail("the snippet is empty")
    }
    guard text.count <= 10_000 else { throw fail("longer than 10,000 characters") }
    guard let t = SnippetLexer.tokens(text) else { throw fail("an unterminated string") }
    tokens = t
    calls = t.calls()
    if let r = try css() { return r }
    if let r = try uikit() { return try finite(.spring(r)) }
    if let r = try swiftUI() { return try finite(r) }
    if let r = try compose() { return try finite(.spring(r)) }
    if let r = try rebound() { return try finite(.spring(r)) }
    if let r = try assigned() { return try finite(.spring(r)) }
    throw fail("no spring or curve form recognised; see `springlab spring --help`")
  }

  /// `n`, or a refusal when its physics overflows (`SpringEquivalents.nonFiniteReason`).
  func finite(_ n: SpringNotation) throws(SpringNotationError) -> SpringNotation {
    if case .spring(let r) = n, let why = SpringEquivalents.nonFiniteReason(r) { throw fail(why) }
    return n
  }

  // MARK: values

  /// A plain number (Kotlin `f`/`d` suffixes allowed), a Compose constant, or `CGFloat(x)`/`Double(x)`.
  func number(_ v: ArraySlice<SnippetToken>) -> Double? {
    let a = Array(v)
    if a.count == 1, case .number(let x, let unit) = a[0],
      ["", "f", "F", "d", "D"].contains(unit), x.isFinite
    {
      return x
    }
    // Spring.StiffnessLow, StiffnessLow
    if let last = a.last?.word, let c = ComposeSpring.constant(last),
      a.count == 1 || (a.count == 3 && a[0] == .word("Spring") && a[1] == .symbol("."))
    {
      return c
    }
    // CGFloat(0.5), Double(0.5), 0.5.toFloat() is not supported
    if a.count == 4, let w = a[0].word, ["CGFloat", "Double", "Float", "TimeInterval"].contains(w),
      a[1] == .symbol("("), a[3] == .symbol(")")
    {
      return number(v.dropFirst(2).dropLast())
    }
    return nil
  }

  /// A duration in seconds: a number, `0.3s` or `300ms`.
  func seconds(_ t: SnippetToken) -> Double? {
    guard case .number(let x, let unit) = t, x.isFinite else { return nil }
    switch unit {
    case "s": return x
    case "ms": return x / 1000
    default: return nil
    }
  }

  /// The labelled (and positional, in `order`) numeric arguments of a call.
  /// Labels in `ignored` are accepted and skipped; any other label is refused.
  func arguments(
    _ call: SnippetCall, allowed: [String], ignored: Set<String> = [], positional: [String] = []
  ) throws(SpringNotationError) -> [String: Double] {
    var out: [String: Double] = [:]
    var next = 0
    for a in call.arguments ?? [] {
      let label: String
      if let l = a.label {
        label = l
      } else {
        guard next < positional.count else {
          throw fail("\(call.name)(…) has an unexpected unlabelled argument")
        }
        label = positional[next]
        next += 1
      }
      if ignored.contains(label) { continue }
      guard allowed.contains(label) else {
        throw fail("\(call.name)(…) has no argument `\(label)`")
      }
      guard out[label] == nil else { throw fail("`\(label)` is given twice") }
      guard let x = number(a.value) else { throw fail(notANumber(label, a.value)) }
      out[label] = x
    }
    return out
  }

  /// Why `value` is not a number where `label` needs one, naming what it is:
  /// "`dampingRatio` is the variable `damp`: paste the number".
  func notANumber(_ label: String, _ value: ArraySlice<SnippetToken>) -> String {
    let a = Array(value)
    let shown = SnippetReader.source(a)
    if a.count == 1, let w = a[0].word {
      return "`\(label)` is the variable `\(w)`: paste the number"
    }
    if a.allSatisfy({ $0.word != nil || $0 == .symbol(".") }), a.contains(where: { $0.word != nil })
    {
      return "`\(label)` is the constant `\(shown)`: paste the number"
    }
    if a.count >= 3, a.first?.word != nil, a.last == .symbol(")") {
      return "`\(label)` is the call `\(shown)`, not a number: paste the number"
    }
    if shown.isEmpty { return "`\(label)` has no value" }
    return "`\(label)` is `\(shown)`, not a number: paste the number"
  }

  /// Tokens written back as compact source (for messages), at most 40 characters.
  static func source(_ a: [SnippetToken]) -> String {
    var s = ""
    for t in a {
      switch t {
      case .word(let w): s += (s.last.map { $0.isLetter || $0.isNumber } ?? false) ? " " + w : w
      case .number(let x, let u): s += JSONWriter.number(x) + u
      case .text(let x): s += "\"" + x + "\""
      case .symbol(let c): s.append(c)
      }
    }
    return s.count > 40 ? String(s.prefix(39)) + "…" : s
  }

  func positive(_ x: Double, _ name: String) throws(SpringNotationError) -> Double {
    guard x.isFinite, x > 0 else { throw fail("\(name) must be a number > 0") }
    return x
  }

  /// SwiftUI's bounce range: −1 < b < 1.
  func bounce(_ b: Double) throws(SpringNotationError) -> Double {
    guard b > -1, b < 1 else { throw fail("bounce must be between −1 and 1") }
    return b
  }

  func duration(named name: String) throws(SpringNotationError) -> Double {
    guard let d = duration else {
      throw fail("\(name) needs a duration; add --duration SECONDS")
    }
    return d
  }
}
