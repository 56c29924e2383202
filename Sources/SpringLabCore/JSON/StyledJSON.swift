import Foundation

/// JSON as a person wrote it: member order, the exact text of every scalar
/// and which objects and arrays sit on one line. Re-printing an unchanged
/// tree gives back the original text for files written in the usual
/// styles (pretty with any indent, one-line objects with `", "` and `": "`),
/// so a save that changes one value changes one line.
public indirect enum StyledJSON: Sendable, Equatable {
  /// `raw` is the token as written (`0.50`, `"caf\u00e9"`); `value` its meaning.
  case scalar(raw: String, value: JSONValue)
  case array([StyledJSON], oneLine: Bool)
  case object([Member], oneLine: Bool)

  public struct Member: Sendable, Equatable {
    public var key: String
    public var value: StyledJSON
    public init(key: String, value: StyledJSON) {
      self.key = key
      self.value = value
    }
  }

  /// The value this tree stands for.
  public var value: JSONValue {
    switch self {
    case .scalar(_, let v): return v
    case .array(let items, _): return .array(items.map(\.value))
    case .object(let members, _): return .object(members.map { ($0.key, $0.value.value) })
    }
  }

  /// A tree for a value that has no written form yet: one-line when `oneLine`
  /// (inside a one-line parent), otherwise arrays of numbers on one line and
  /// everything else one member per line, as `JSONWriter.pretty` does.
  public static func fresh(_ v: JSONValue, oneLine: Bool) -> StyledJSON {
    switch v {
    case .array(let items):
      let flat =
        oneLine || items.allSatisfy { if case .number = $0 { return true } else { return false } }
      return .array(items.map { fresh($0, oneLine: flat) }, oneLine: flat)
    case .object(let members):
      return .object(
        members.map { Member(key: $0.0, value: fresh($0.1, oneLine: oneLine)) }, oneLine: oneLine)
    default:
      return .scalar(raw: JSONWriter.compact(v), value: v)
    }
  }
}

/// A whole written document: the tree, the indent unit and whether the text
/// ended with a newline.
public struct StyledDocument: Sendable, Equatable {
  public var root: StyledJSON
  /// One level of indentation as written ("  ", "    ", "\t").
  public var indent: String
  public var finalNewline: Bool

  public init(root: StyledJSON, indent: String = "  ", finalNewline: Bool = true) {
    self.root = root
    self.indent = indent
    self.finalNewline = finalNewline
  }

  /// Reads text that is already known to be valid JSON (the strict reader
  /// checks files before anything is saved over them). Nil when it is not
  /// JSON after all, so the caller falls back to a fresh layout.
  public static func parse(_ text: String) -> StyledDocument? {
    var s = Scanner(Array(text.utf8))
    s.skipSpace()
    guard let root = s.value(depth: 0) else { return nil }
    s.skipSpace()
    guard s.i == s.b.count else { return nil }
    return StyledDocument(
      root: root, indent: s.indent ?? "  ", finalNewline: text.hasSuffix("\n"))
  }

  /// The document as text, in the style it was read with.
  public var text: String {
    var out = ""
    write(root, level: 0, into: &out)
    return finalNewline ? out + "\n" : out
  }

  private func write(_ v: StyledJSON, level: Int, into out: inout String) {
    switch v {
    case .scalar(let raw, _): out += raw
    case .array(let items, let oneLine):
      if items.isEmpty {
        out += "[]"
        return
      }
      out += "["
      for (k, item) in items.enumerated() {
        if k > 0 { out += oneLine ? ", " : "," }
        if !oneLine { out += "\n" + String(repeating: indent, count: level + 1) }
        write(item, level: level + 1, into: &out)
      }
      if !oneLine { out += "\n" + String(repeating: indent, count: level) }
      out += "]"
    case .object(let members, let oneLine):
      if members.isEmpty {
        out += "{}"
        return
      }
      out += "{"
      for (k, m) in members.enumerated() {
        if k > 0 { out += oneLine ? ", " : "," }
        if !oneLine { out += "\n" + String(repeating: indent, count: level + 1) }
        out += JSONWriter.quote(m.key) + ": "
        write(m.value, level: level + 1, into: &out)
      }
      if !oneLine { out += "\n" + String(repeating: indent, count: level) }
      out += "}"
    }
  }
}

/// A small lenient scanner over UTF-8 bytes; keeps raw scalar tokens.
private struct Scanner {
  let b: [UInt8]
  var i = 0
  /// The first indentation seen inside a multi-line container at depth 1.
  var indent: String?

  init(_ b: [UInt8]) { self.b = b }

  mutating func skipSpace() {
    while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
  }

  /// Skips space; remembers the indent after the last newline when at depth 1.
  mutating func skipSpace(noting depth: Int) -> Bool {
    var sawNewline = false
    var lineStart = i
    while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 {
      if b[i] == 0x0A {
        sawNewline = true
        lineStart = i + 1
      }
      i += 1
    }
    if sawNewline, depth == 1, indent == nil, i > lineStart {
      indent = String(decoding: b[lineStart..<i], as: UTF8.self)
    }
    return sawNewline
  }

  mutating func value(depth: Int) -> StyledJSON? {
    guard i < b.count, depth < 64 else { return nil }
    switch b[i] {
    case UInt8(ascii: "{"):
      i += 1
      var members: [StyledJSON.Member] = []
      var multi = skipSpace(noting: depth + 1)
      if i < b.count, b[i] == UInt8(ascii: "}") {
        i += 1
        return .object([], oneLine: !multi)
      }
      while true {
        guard case .scalar(_, .string(let key))? = string() else { return nil }
        multi = skipSpace(noting: depth + 1) || multi
        guard i < b.count, b[i] == UInt8(ascii: ":") else { return nil }
        i += 1
        multi = skipSpace(noting: depth + 1) || multi
        guard let v = value(depth: depth + 1) else { return nil }
        members.append(.init(key: key, value: v))
        multi = skipSpace(noting: depth + 1) || multi
        guard i < b.count else { return nil }
        if b[i] == UInt8(ascii: ",") {
          i += 1
          multi = skipSpace(noting: depth + 1) || multi
          continue
        }
        guard b[i] == UInt8(ascii: "}") else { return nil }
        i += 1
        return .object(members, oneLine: !multi)
      }
    case UInt8(ascii: "["):
      i += 1
      var items: [StyledJSON] = []
      var multi = skipSpace(noting: depth + 1)
      if i < b.count, b[i] == UInt8(ascii: "]") {
        i += 1
        return .array([], oneLine: !multi)
      }
      while true {
        guard let v = value(depth: depth + 1) else { return nil }
        items.append(v)
        multi = skipSpace(noting: depth + 1) || multi
        guard i < b.count else { return nil }
        if b[i] == UInt8(ascii: ",") {
          i += 1
          multi = skipSpace(noting: depth + 1) || multi
          continue
        }
        guard b[i] == UInt8(ascii: "]") else { return nil }
        i += 1
        return .array(items, oneLine: !multi)
      }
    case UInt8(ascii: "\""):
      return string()
    default:
      let start = i
      while i < b.count, !" \t\r\n,]}".utf8.contains(b[i]) { i += 1 }
      let raw = String(decoding: b[start..<i], as: UTF8.self)
      switch raw {
      case "true": return .scalar(raw: raw, value: .bool(true))
      case "false": return .scalar(raw: raw, value: .bool(false))
      case "null": return .scalar(raw: raw, value: .null)
      default:
        guard let d = Double(raw), d.isFinite else { return nil }
        return .scalar(raw: raw, value: .number(d))
      }
    }
  }

  /// A string token, decoded by the strict parser so escapes mean the same.
  mutating func string() -> StyledJSON? {
    guard i < b.count, b[i] == UInt8(ascii: "\"") else { return nil }
    let start = i
    i += 1
    while i < b.count, b[i] != UInt8(ascii: "\"") {
      if b[i] == UInt8(ascii: "\\") { i += 1 }
      i += 1
    }
    guard i < b.count else { return nil }
    i += 1
    let raw = Array(b[start..<i])
    guard case .string(let s)? = try? StrictJSONParser.parse(Data(raw), maxDepth: 2) else {
      return nil
    }
    return .scalar(raw: String(decoding: raw, as: UTF8.self), value: .string(s))
  }
}
