import Foundation

/// The checks an SVG icon's bytes pass before any parser sees them: text,
/// an `<svg>` root, no script, no external reference, no entity, a bounded
/// declared size. Pure (bytes in, a reason out), so the fuzzer runs it.
///
/// Why before parsing: librsvg runs no scripts and, given no base file
/// (`rsvg_handle_new_from_data`), cannot resolve a relative reference; these
/// checks refuse such files outright so a designer learns at load time that
/// the icon would not look in the app as it does here, and nothing outside
/// the file is ever named to a parser.
public enum SVGCheck {
  /// Largest SVG file accepted, bytes (1 MiB).
  public static let maxBytes = 1 << 20
  /// Largest declared width or height accepted (`width`, `height` or the
  /// `viewBox` of the root), user units.
  public static let maxSide = 4096.0

  /// Whether `bytes` look like SVG text: after an optional UTF-8 byte-order
  /// mark and white space the file starts with `<`, and an `<svg` element
  /// appears. A PNG named `.svg` is not SVG (its first byte is 0x89).
  public static func looksLikeSVG(_ bytes: [UInt8]) -> Bool {
    var i = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    guard i < bytes.count, bytes[i] == UInt8(ascii: "<") else { return false }
    return find(Array("<svg".utf8), in: lowered(bytes)) != nil
  }

  /// Why `bytes` are not an acceptable SVG icon, or nil when they are.
  /// Refused: more than `maxBytes`; not UTF-8; no `<svg` root; a `<script`
  /// element; an entity declaration or an internal DTD subset (`<!ENTITY`,
  /// `<!DOCTYPE … [`); an `href` (`xlink:href`, `href`, any prefix) to
  /// anything but a fragment (`#id`) or `data:image/…`; a CSS `url(…)` to
  /// anything but a fragment or `data:image/…`, or `@import`; a root whose
  /// declared `width`, `height` or `viewBox` size is over `maxSide`.
  public static func problem(_ bytes: [UInt8]) -> String? {
    if bytes.count > maxBytes {
      return "larger than \(maxBytes >> 20) MiB (SVG icons are limited to 1 MiB)"
    }
    guard String(validating: bytes, as: UTF8.self) != nil else {
      return "not UTF-8 text (not an SVG)"
    }
    guard looksLikeSVG(bytes) else { return "not an SVG (no <svg> element)" }
    let low = lowered(bytes)
    if find(Array("<script".utf8), in: low) != nil || find(Array(":script".utf8), in: low) != nil {
      return "holds a <script>; scripts are refused (never run)"
    }
    if find(Array("<!entity".utf8), in: low) != nil {
      return "declares an entity (<!ENTITY); refused"
    }
    if let d = find(Array("<!doctype".utf8), in: low) {
      let end = low[d...].firstIndex(of: UInt8(ascii: ">")) ?? low.count
      if low[d..<end].contains(UInt8(ascii: "[")) {
        return "has an internal DTD subset (<!DOCTYPE … [); refused"
      }
    }
    if find(Array("@import".utf8), in: low) != nil {
      return "imports a style sheet (@import); external references are refused"
    }
    for value in hrefValues(bytes, low) where !isLocal(value) {
      return
        "refers to \(shown(value)) (external references are refused; only #id and data:image/… are allowed)"
    }
    for value in urlValues(bytes, low) where !isLocal(value) {
      return
        "refers to \(shown(value)) in url(…) (external references are refused; only #id and data:image/… are allowed)"
    }
    if let side = declaredSide(bytes, low), side > maxSide {
      // why: a declared 1e400 reads as infinity, which no Int holds
      let shownSide = side < 1e15 ? String(Int(side.rounded())) : "over 10^15"
      return "declares a size of \(shownSide) units; SVG icons are limited to \(Int(maxSide))"
    }
    return nil
  }

  /// A value quoted in a message: at most 60 characters, control characters
  /// as `?`.
  static func shown(_ v: String) -> String {
    let clipped = v.count > 60 ? String(v.prefix(57)) + "…" : v
    return "\"" + String(clipped.unicodeScalars.map { $0.value < 0x20 ? "?" : Character($0) })
      + "\""
  }

  /// Whether a reference stays in the file: a fragment or image data.
  static func isLocal(_ value: String) -> Bool {
    let v = value.trimmingCharacters(in: .whitespacesAndNewlines)
    return v.hasPrefix("#") || v.lowercased().hasPrefix("data:image/")
  }

  /// ASCII lower-cased bytes (same length, so offsets match).
  static func lowered(_ b: [UInt8]) -> [UInt8] {
    b.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
  }

  static func find(_ needle: [UInt8], in hay: [UInt8], from: Int = 0) -> Int? {
    guard !needle.isEmpty, hay.count >= needle.count, from <= hay.count - needle.count else {
      return nil
    }
    var i = from
    while i <= hay.count - needle.count {
      if hay[i] == needle[0], Array(hay[i..<(i + needle.count)]) == needle { return i }
      i += 1
    }
    return nil
  }

  /// Every value of an attribute whose local name is `href` (`href=`,
  /// `xlink:href=`, `foo:href=`), quoted with `"` or `'`. An unquoted or
  /// unterminated value is returned as "" + the rest, so it is refused.
  static func hrefValues(_ b: [UInt8], _ low: [UInt8]) -> [String] {
    var out: [String] = []
    var from = 0
    let key = Array("href".utf8)
    while let at = find(key, in: low, from: from) {
      from = at + key.count
      // why: only an attribute name: preceded by white space or a prefix colon
      guard at > 0, [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ":")].contains(low[at - 1]) else {
        continue
      }
      var i = from
      while i < b.count, [0x20, 0x09, 0x0A, 0x0D].contains(b[i]) { i += 1 }
      guard i < b.count, b[i] == UInt8(ascii: "=") else { continue }
      i += 1
      while i < b.count, [0x20, 0x09, 0x0A, 0x0D].contains(b[i]) { i += 1 }
      guard i < b.count, b[i] == UInt8(ascii: "\"") || b[i] == UInt8(ascii: "'") else {
        out.append("unquoted")
        continue
      }
      let q = b[i]
      let start = i + 1
      guard let end = b[start...].firstIndex(of: q) else {
        out.append("unterminated")
        break
      }
      out.append(String(decoding: b[start..<end], as: UTF8.self))
      from = end + 1
    }
    return out
  }

  /// Every `url(…)` argument (style attributes, `<style>`, presentation
  /// attributes), quotes removed.
  static func urlValues(_ b: [UInt8], _ low: [UInt8]) -> [String] {
    var out: [String] = []
    var from = 0
    let key = Array("url(".utf8)
    while let at = find(key, in: low, from: from) {
      let start = at + key.count
      guard let end = b[start...].firstIndex(of: UInt8(ascii: ")")) else {
        out.append("unterminated")
        break
      }
      var v = String(decoding: b[start..<end], as: UTF8.self).trimmingCharacters(
        in: .whitespacesAndNewlines)
      if v.count >= 2, let f = v.first, f == "\"" || f == "'", v.last == f {
        v = String(v.dropFirst().dropLast())
      }
      out.append(v)
      from = end + 1
    }
    return out
  }

  /// The largest of the root `<svg>` element's `width`, `height` and
  /// `viewBox` width and height, when given as numbers (units other than
  /// user units and `px` are read as their number); nil when none is.
  static func declaredSide(_ b: [UInt8], _ low: [UInt8]) -> Double? {
    guard let at = find(Array("<svg".utf8), in: low),
      let end = b[at...].firstIndex(of: UInt8(ascii: ">"))
    else { return nil }
    let tag = String(decoding: b[at..<end], as: UTF8.self)
    var sides: [Double] = []
    for name in ["width", "height", "viewBox"] {
      guard let v = attribute(name, in: tag) else { continue }
      let numbers = v.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" })
        .compactMap { Double($0.prefix { "0123456789.+-eE".contains($0) }) }
      if name == "viewBox" {
        if numbers.count == 4 { sides += [numbers[2], numbers[3]].map(abs) }
      } else if let n = numbers.first {
        sides.append(abs(n))
      }
    }
    return sides.filter(\.isFinite).max() ?? (sides.isEmpty ? nil : .infinity)
  }

  /// The value of attribute `name` (exact case) in a start tag, if quoted.
  static func attribute(_ name: String, in tag: String) -> String? {
    let t = Array(tag.utf8)
    let key = Array(name.utf8)
    var from = 0
    while let at = find(key, in: t, from: from) {
      from = at + key.count
      guard at > 0, [0x20, 0x09, 0x0A, 0x0D].contains(t[at - 1]) else { continue }
      var i = from
      while i < t.count, t[i] == 0x20 { i += 1 }
      guard i < t.count, t[i] == UInt8(ascii: "=") else { continue }
      i += 1
      while i < t.count, t[i] == 0x20 { i += 1 }
      guard i < t.count, t[i] == UInt8(ascii: "\"") || t[i] == UInt8(ascii: "'") else { return nil }
      let q = t[i]
      guard let end = t[(i + 1)...].firstIndex(of: q) else { return nil }
      return String(decoding: t[(i + 1)..<end], as: UTF8.self)
    }
    return nil
  }
}
