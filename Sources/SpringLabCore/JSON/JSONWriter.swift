import Foundation

/// Prints `JSONValue`s: compact on one line (trace, scripts) or pretty with
/// sorted keys (presets, so they diff well in git).
public enum JSONWriter {
  /// Shortest text that reads back as the same Double; integers without ".0".
  public static func number(_ d: Double) -> String {
    if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
    return "\(d)"
  }

  /// `d` rounded to `places` decimals, printed without trailing zeros.
  public static func number(_ d: Double, places: Int) -> String {
    let p = pow(10, Double(places))
    var r = (d * p).rounded() / p
    if r == 0 { r = 0 }  // why: avoid "-0"
    return number(r)
  }

  public static func quote(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
      switch u {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if u.value < 0x20 || u.value == 0x7F {
          out += String(format: "\\u%04x", u.value)
        } else {
          out.unicodeScalars.append(u)
        }
      }
    }
    return out + "\""
  }

  public static func compact(_ v: JSONValue) -> String {
    var s = ""
    write(v, into: &s, indent: nil, level: 0, sortKeys: false)
    return s
  }

  public static func pretty(_ v: JSONValue, sortKeys: Bool = true) -> String {
    var s = ""
    write(v, into: &s, indent: "  ", level: 0, sortKeys: sortKeys)
    return s + "\n"
  }

  private static func write(
    _ v: JSONValue, into s: inout String, indent: String?, level: Int, sortKeys: Bool
  ) {
    switch v {
    case .null: s += "null"
    case .bool(let b): s += b ? "true" : "false"
    case .number(let d): s += number(d)
    case .string(let str): s += quote(str)
    case .array(let items):
      if items.isEmpty {
        s += "[]"
        return
      }
      // why: short arrays of numbers (points, offsets) read best on one line
      let flat =
        indent == nil
        || items.allSatisfy { if case .number = $0 { return true } else { return false } }
      s += "["
      for (k, item) in items.enumerated() {
        if k > 0 { s += flat && indent != nil ? ", " : "," }
        if !flat, let ind = indent { s += "\n" + String(repeating: ind, count: level + 1) }
        write(item, into: &s, indent: indent, level: level + 1, sortKeys: sortKeys)
      }
      if !flat, let ind = indent { s += "\n" + String(repeating: ind, count: level) }
      s += "]"
    case .object(let members):
      if members.isEmpty {
        s += "{}"
        return
      }
      let ordered = sortKeys ? members.sorted { $0.0 < $1.0 } : members
      s += "{"
      for (k, (key, item)) in ordered.enumerated() {
        if k > 0 { s += "," }
        if let ind = indent { s += "\n" + String(repeating: ind, count: level + 1) }
        s += quote(key) + (indent == nil ? ":" : ": ")
        write(item, into: &s, indent: indent, level: level + 1, sortKeys: sortKeys)
      }
      if let ind = indent { s += "\n" + String(repeating: ind, count: level) }
      s += "}"
    }
  }
}
