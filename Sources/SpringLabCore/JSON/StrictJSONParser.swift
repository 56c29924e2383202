import Foundation

/// Why a document is not acceptable JSON, with a 1-based line and column.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  public var line: Int
  public var column: Int
  public var reason: String
  /// Dotted path of the member being read when the error happened ("" = top level).
  public var path: String = ""
  public var description: String { "\(reason) (line \(line), column \(column))" }
}

/// A strict RFC 8259 parser: UTF-8 only (a leading BOM is skipped), no
/// duplicate keys, no NaN/∞ (numbers that overflow a Double are refused),
/// nesting at most `maxDepth` deep, nothing after the value.
public struct StrictJSONParser {
  public var maxDepth = 32
  /// Most items in any one array; more is an error as soon as the next item
  /// starts, before it is parsed (so a huge script is refused early).
  public var maxArrayCount = Int.max
  private var bytes: [UInt8] = []
  private var i = 0
  // why: errors name the field being read, e.g. a duplicate key's path
  private var stack: [String] = []

  public init(maxDepth: Int = 32, maxArrayCount: Int = Int.max) {
    self.maxDepth = maxDepth
    self.maxArrayCount = maxArrayCount
  }

  public static func parse(_ data: Data, maxDepth: Int = 32, maxArrayCount: Int = Int.max)
    throws(JSONSyntaxError) -> JSONValue
  {
    var p = StrictJSONParser(maxDepth: maxDepth, maxArrayCount: maxArrayCount)
    return try p.run(Array(data))
  }

  private mutating func run(_ input: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    bytes = input
    i = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    if bytes.count >= 2
      && (bytes[0] == 0xFF && bytes[1] == 0xFE || bytes[0] == 0xFE && bytes[1] == 0xFF)
    {
      throw fail("the file is UTF-16; save it as UTF-8")
    }
    // why: the position is the offending byte's, not the document's start
    if let nul = bytes.firstIndex(of: 0) {
      i = nul
      throw fail("binary data (a NUL byte); expected UTF-8 JSON text")
    }
    if let bad = Self.firstInvalidUTF8(bytes) {
      i = bad
      throw fail("not valid UTF-8 (byte 0x\(String(bytes[bad], radix: 16, uppercase: true)))")
    }
    skipSpace()
    if i >= bytes.count { throw fail("empty document; expected a JSON object") }
    let v = try value(depth: 1)
    skipSpace()
    if i < bytes.count { throw fail("unexpected text after the JSON value") }
    return v
  }

  /// The offset of the first byte that does not start a valid UTF-8
  /// sequence (overlong forms and surrogates included), or nil.
  public static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
    var parser = Unicode.UTF8.ForwardParser()
    var it = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &it) {
      case .valid(let scalar): offset += scalar.count
      case .error: return offset
      case .emptyInput: return nil
      }
    }
  }

  private func fail(_ reason: String) -> JSONSyntaxError {
    var line = 1
    var col = 1
    for b in bytes[0..<min(i, bytes.count)] {
      if b == 0x0A {
        line += 1
        col = 1
      } else if b & 0xC0 != 0x80 {
        col += 1
      }
    }
    return JSONSyntaxError(
      line: line, column: col, reason: reason, path: stack.joined(separator: "."))
  }

  private mutating func skipSpace() {
    while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
  }

  private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    guard depth <= maxDepth else { throw fail("nested deeper than \(maxDepth) levels") }
    guard i < bytes.count else { throw fail("unexpected end of file") }
    switch bytes[i] {
    case UInt8(ascii: "{"): return try object(depth: depth)
    case UInt8(ascii: "["): return try array(depth: depth)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"):
      try literal("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try literal("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try literal("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
    case UInt8(ascii: "N"), UInt8(ascii: "I"):
      throw fail("NaN and Infinity are not JSON numbers")
    default: throw fail("unexpected character '\(Character(UnicodeScalar(bytes[i])))'")
    }
  }

  private mutating func literal(_ word: String) throws(JSONSyntaxError) {
    let w = Array(word.utf8)
    guard i + w.count <= bytes.count, Array(bytes[i..<i + w.count]) == w else {
      throw fail("invalid literal; expected \(word)")
    }
    i += w.count
  }

  private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    i += 1
    var members: [(String, JSONValue)] = []
    // why: most objects have a handful of keys, where a scan is cheaper than
    // hashing every key; the set takes over only for wide objects
    var seen = Set<String>()
    skipSpace()
    if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
      i += 1
      return .object(members)
    }
    while true {
      skipSpace()
      guard i < bytes.count else { throw fail("unexpected end of file inside an object") }
      guard bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a quoted key") }
      let keyStart = i
      let key = try string()
      let duplicate: Bool
      if members.count < 16 {
        duplicate = members.contains { $0.0 == key }
      } else {
        if seen.isEmpty { seen = Set(members.map(\.0)) }
        duplicate = !seen.insert(key).inserted
      }
      if duplicate {
        i = keyStart
        stack.append(key)
        throw fail("duplicate key")
      }
      skipSpace()
      guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
        throw fail("expected ':' after a key")
      }
      i += 1
      skipSpace()
      stack.append(key)
      members.append((key, try value(depth: depth + 1)))
      stack.removeLast()
      skipSpace()
      guard i < bytes.count else { throw fail("unexpected end of file inside an object") }
      if bytes[i] == UInt8(ascii: ",") {
        i += 1
        continue
      }
      if bytes[i] == UInt8(ascii: "}") {
        i += 1
        return .object(members)
      }
      throw fail("expected ',' or '}' in an object")
    }
  }

  private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    i += 1
    var items: [JSONValue] = []
    skipSpace()
    if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
      i += 1
      return .array(items)
    }
    while true {
      skipSpace()
      if items.count == maxArrayCount { throw fail("more than \(maxArrayCount) items") }
      stack.append("\(items.count)")
      items.append(try value(depth: depth + 1))
      stack.removeLast()
      skipSpace()
      guard i < bytes.count else { throw fail("unexpected end of file inside an array") }
      if bytes[i] == UInt8(ascii: ",") {
        i += 1
        continue
      }
      if bytes[i] == UInt8(ascii: "]") {
        i += 1
        return .array(items)
      }
      throw fail("expected ',' or ']' in an array")
    }
  }

  private mutating func string() throws(JSONSyntaxError) -> String {
    i += 1
    // why: keys and most values have no escapes; those are sliced out whole
    // instead of being copied byte by byte
    var end = i
    while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"),
      bytes[end] >= 0x20
    {
      end += 1
    }
    if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
      defer { i = end + 1 }
      return String(decoding: bytes[i..<end], as: UTF8.self)
    }
    var out = [UInt8](bytes[i..<end])
    i = end
    while true {
      guard i < bytes.count else { throw fail("unterminated string") }
      let b = bytes[i]
      if b == UInt8(ascii: "\"") {
        i += 1
        return String(decoding: out, as: UTF8.self)
      }
      if b < 0x20 { throw fail("control character in a string (escape it)") }
      if b == UInt8(ascii: "\\") {
        i += 1
        guard i < bytes.count else { throw fail("unterminated escape") }
        let e = bytes[i]
        i += 1
        switch e {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "/"): out.append(0x2F)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
          var code = try hex4()
          if (0xD800...0xDBFF).contains(code) {
            guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"),
              bytes[i + 1] == UInt8(ascii: "u")
            else { throw fail("unpaired surrogate escape") }
            i += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired surrogate escape") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          } else if (0xDC00...0xDFFF).contains(code) {
            throw fail("unpaired surrogate escape")
          }
          guard let scalar = Unicode.Scalar(code) else { throw fail("invalid \\u escape") }
          out.append(contentsOf: Array(String(Character(scalar)).utf8))
        default: throw fail("invalid escape '\\\(Character(UnicodeScalar(e)))'")
        }
        continue
      }
      out.append(b)
      i += 1
    }
  }

  private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
    guard i + 4 <= bytes.count else { throw fail("short \\u escape") }
    var v: UInt32 = 0
    for _ in 0..<4 {
      let c = bytes[i]
      let d: UInt32
      switch c {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
      default: throw fail("invalid hex digit in \\u escape")
      }
      v = v * 16 + d
      i += 1
    }
    return v
  }

  private mutating func number() throws(JSONSyntaxError) -> Double {
    let start = i
    if bytes[i] == UInt8(ascii: "-") { i += 1 }
    guard i < bytes.count else { throw fail("invalid number") }
    if bytes[i] == UInt8(ascii: "0") {
      i += 1
    } else if (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(bytes[i]) {
      while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
    } else {
      throw fail(
        bytes[i] == UInt8(ascii: "I") ? "NaN and Infinity are not JSON numbers" : "invalid number")
    }
    if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
      i += 1
      let f = i
      while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
      if i == f { throw fail("invalid number: digits expected after '.'") }
    }
    if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
      i += 1
      if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
      let f = i
      while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
      if i == f { throw fail("invalid number: exponent digits expected") }
    }
    let text = String(decoding: bytes[start..<i], as: UTF8.self)
    guard let d = Double(text), d.isFinite else {
      i = start
      throw fail("number \(text.prefix(30)) is too large for a double")
    }
    return d
  }
}
