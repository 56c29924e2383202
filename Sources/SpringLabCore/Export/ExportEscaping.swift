/// Escaping of text taken from a preset (its name) for each place an export
/// puts it, so a hostile name can never end its context: close a comment, a
/// `<style>` or `<script>` element, or a string literal. Each function returns
/// text that, read back under its context's rules, means `s` (or, for
/// comments, shows it legibly).
public enum ExportEscaping {
  /// Inside a `//` comment (Swift, Kotlin, JavaScript): only a line break
  /// could end it; names cannot hold one, but any is written as a space.
  public static func lineComment(_ s: String) -> String {
    String(
      String.UnicodeScalarView(
        s.unicodeScalars.map { isLineBreak($0) ? " " : $0 }))
  }

  /// Inside a CSS `/* … */` comment that may sit in an HTML `<style>`: `*/`
  /// would end the comment and `</style` the element, so `*/` becomes `* /`
  /// and `<` becomes `‹`.
  public static func cssComment(_ s: String) -> String {
    lineComment(s).replacingOccurrences(of: "*/", with: "* /").replacingOccurrences(
      of: "<", with: "‹")
  }

  /// Inside an HTML `<!-- … -->` comment: `--` (and so `-->`, `--!>`) and `<`
  /// are broken up.
  public static func htmlComment(_ s: String) -> String {
    var out = lineComment(s).replacingOccurrences(of: "<", with: "‹")
    while out.contains("--") { out = out.replacingOccurrences(of: "--", with: "- -") }
    if out.hasSuffix("-") { out += " " }
    return out
  }

  /// HTML text content (`<title>`, element text): `&`, `<`, `>`.
  public static func htmlText(_ s: String) -> String {
    var out = ""
    for ch in s.unicodeScalars {
      switch ch {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      default: out.unicodeScalars.append(ch)
      }
    }
    return out
  }

  /// A double-quoted HTML attribute value: text escaping plus `"` and `'`.
  public static func htmlAttribute(_ s: String) -> String {
    htmlText(s).replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(
      of: "'", with: "&#39;")
  }

  /// The inside of a double-quoted CSS string: `"`, `\`, line breaks and `<`
  /// as CSS hex escapes (`\22 `, `\5c `, `\3c `).
  public static func cssString(_ s: String) -> String {
    var out = ""
    for u in s.unicodeScalars {
      if u == "\"" || u == "\\" || u == "<" || u.value < 0x20 || u.value == 0x7F || isLineBreak(u) {
        out += "\\" + String(u.value, radix: 16) + " "
      } else {
        out.unicodeScalars.append(u)
      }
    }
    return out
  }

  /// The inside of a double-quoted JavaScript string that may sit in an HTML
  /// `<script>`: quotes, backslash, line terminators, and `<` (so `</script`
  /// and `<!--` cannot appear) as `\uXXXX`.
  public static func jsString(_ s: String) -> String {
    cFamily(s, numeric: ["<", ">", "&"]) { "\\u" + hex4($0) }
  }

  /// The inside of a Swift `"…"` literal: quotes, backslash (so `\(` cannot
  /// interpolate), control characters as `\u{…}`.
  public static func swiftString(_ s: String) -> String {
    cFamily(s) { "\\u{" + String($0, radix: 16) + "}" }
  }

  /// The inside of a Kotlin `"…"` literal: quotes, backslash, `$` (string
  /// templates), control characters as `\uXXXX`.
  public static func kotlinString(_ s: String) -> String {
    cFamily(s, backslashed: ["$"]) { "\\u" + hex4($0) }
  }

  /// The escaping JavaScript, Swift and Kotlin string literals share: `\"`,
  /// `\\`, `\n`, `\r`, `\t`; `backslashed` scalars behind a backslash; control
  /// characters, other line breaks and `numeric` scalars written by `code`
  /// (the language's numeric escape of a scalar value).
  static func cFamily(
    _ s: String, backslashed: Set<Unicode.Scalar> = [], numeric: Set<Unicode.Scalar> = [],
    code: (UInt32) -> String
  ) -> String {
    var out = ""
    for u in s.unicodeScalars {
      switch u {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if backslashed.contains(u) {
          out += "\\" + String(u)
        } else if numeric.contains(u) || u.value < 0x20 || u.value == 0x7F || isLineBreak(u) {
          out += code(u.value)
        } else {
          out.unicodeScalars.append(u)
        }
      }
    }
    return out
  }

  static func isLineBreak(_ u: Unicode.Scalar) -> Bool {
    [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(u.value)
  }

  static func hex4(_ v: UInt32) -> String {
    let h = String(v, radix: 16)
    return String(repeating: "0", count: max(0, 4 - h.count)) + h
  }
}
