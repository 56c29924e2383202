/// Text printed to a terminal, made safe: a file name, a JSON key or a value
/// taken from input may hold escape sequences (which would retitle or recolour
/// the terminal) or line breaks (which would split one message into two).
public enum TerminalText {
  /// `s` with every control character written as a visible escape: `\n`,
  /// `\r`, `\t`, `\e` (ESC), `\xNN` for other C0/DEL, `\u{NNNN}` for C1 and the
  /// Unicode line/paragraph separators and invisible format characters
  /// (bidi overrides, which can reorder what the reader sees). Printable text,
  /// including non-ASCII letters and emoji (ZWJ kept), is unchanged.
  public static func escape(_ s: String) -> String {
    guard s.unicodeScalars.contains(where: needsEscape) else { return s }
    var out = ""
    out.reserveCapacity(s.utf8.count + 8)
    for u in s.unicodeScalars {
      guard needsEscape(u) else {
        out.unicodeScalars.append(u)
        continue
      }
      switch u.value {
      case 0x0A: out += "\\n"
      case 0x0D: out += "\\r"
      case 0x09: out += "\\t"
      case 0x1B: out += "\\e"
      case 0..<0x20, 0x7F: out += "\\x" + hex(u.value, width: 2)
      default: out += "\\u{" + hex(u.value, width: 4) + "}"
      }
    }
    return out
  }

  /// Control characters: C0, DEL, C1, line/paragraph separators, and format
  /// characters other than the zero-width joiner (emoji sequences use it).
  public static func needsEscape(_ u: Unicode.Scalar) -> Bool {
    if u.value < 0x20 || (0x7F...0x9F).contains(u.value) { return true }
    switch u.properties.generalCategory {
    case .lineSeparator, .paragraphSeparator: return true
    case .format: return u.value != 0x200D
    default: return false
    }
  }

  /// A file name given as raw bytes (from `argv` or a directory listing),
  /// readable and on one line: valid UTF-8 is escaped as `escape` does;
  /// each byte that is not UTF-8 becomes `\xNN`.
  public static func escape(bytes: [UInt8]) -> String {
    var out = ""
    var i = 0
    while i < bytes.count {
      let len = utf8Length(bytes, at: i)
      if len > 0, let s = String(validating: bytes[i..<(i + len)], as: UTF8.self) {
        out += escape(s)
        i += len
      } else {
        out += "\\x" + hex(UInt32(bytes[i]), width: 2)
        i += 1
      }
    }
    return out
  }

  /// The length of the UTF-8 sequence starting at `i` if its lead byte and
  /// continuation bytes are well formed, else 0.
  static func utf8Length(_ b: [UInt8], at i: Int) -> Int {
    let lead = b[i]
    let n: Int
    switch lead {
    case 0..<0x80: return 1
    case 0xC2...0xDF: n = 2
    case 0xE0...0xEF: n = 3
    case 0xF0...0xF4: n = 4
    default: return 0
    }
    guard i + n <= b.count else { return 0 }
    for k in 1..<n where b[i + k] & 0xC0 != 0x80 { return 0 }
    return n
  }

  static func hex(_ v: UInt32, width: Int) -> String {
    let s = String(v, radix: 16)
    return String(repeating: "0", count: max(0, width - s.count)) + s
  }
}
