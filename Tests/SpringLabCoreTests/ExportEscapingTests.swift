import Foundation
import SpringLabPlatform
import Testing

@testable import SpringLabCore

/// Hostile preset names (all valid: 1…64 printable characters) through every
/// export format; each result is read back under its format's rules.
@Suite("Export escaping")
struct ExportEscapingTests {
  static let hostileNames = [
    "</style><script>document.title=\"PWNED\"</script>",
    "*/ body { display: none } /* PWNED",
    "--> <script>alert('PWNED')</script> <!--",
    "\" + alert(\"PWNED\") + \" \\",
    "\\(PWNED) ${PWNED} $PWNED \\u{41}",
    "'; PWNED; -- ` `` \u{200D}",
    "é ☃ 🎉 PWNED </SCRIPT><!--",
  ]

  static func preset(named name: String) throws -> Preset {
    try PresetReader.decode(
      Data(JSONWriter.compact(.object([("name", .string(name))])).utf8), file: "hostile.json")
  }

  /// `text` with every `/* … */` comment removed; nil when a comment never closes.
  static func strippingCSSComments(_ text: String) -> String? {
    var out = ""
    var rest = Substring(text)
    while let open = rest.range(of: "/*") {
      out += rest[..<open.lowerBound]
      guard let close = rest[open.upperBound...].range(of: "*/") else { return nil }
      rest = rest[close.upperBound...]
    }
    return out + rest
  }

  @Test(arguments: hostileNames)
  func aHostileNameStaysInsideLineCommentsInSwiftKotlinAndJavaScript(_ name: String) throws {
    let p = try Self.preset(named: name)
    for f in [ExportFormat.uikit, .swiftui, .compose, .framer] {
      let text = Exporter.export(p, format: f)
      for line in text.split(separator: "\n") where line.contains("PWNED") {
        #expect(line.hasPrefix("// "), "\(f): the name leaves its comment: \(line)")
      }
      #expect(text.contains(ExportEscaping.lineComment(name)), "\(f): the name is not shown")
    }
  }

  @Test(arguments: hostileNames)
  func aHostileNameStaysInsideCSSComments(_ name: String) throws {
    let css = Exporter.export(try Self.preset(named: name), format: .css)
    let code = try #require(Self.strippingCSSComments(css), "a comment never closes")
    #expect(!code.contains("PWNED"), "the name reached CSS code")
    #expect(!css.lowercased().contains("</style"), "a stylesheet that can end its <style> element")
  }

  @Test(arguments: hostileNames)
  func aHostileNameCannotEndTheHTMLPagesElements(_ name: String) throws {
    let html = Exporter.export(
      try Self.preset(named: name), format: .css, options: ExportOptions(html: true))
    let lower = html.lowercased()
    #expect(lower.components(separatedBy: "</style").count == 2, "only the page's own </style>")
    #expect(lower.components(separatedBy: "<script").count == 2, "only the page's own <script>")
    #expect(lower.components(separatedBy: "</script").count == 2)
    // the leading comment closes exactly at the end of its line
    let first = try #require(html.split(separator: "\n").first)
    #expect(first.hasPrefix("<!--") && first.hasSuffix("-->"))
    #expect(first.dropFirst(4).dropLast(3).range(of: "--") == nil, "\(first)")
    // the title reads back as the name
    let open = try #require(html.range(of: "<title>"))
    let close = try #require(html.range(of: "</title>", range: open.upperBound..<html.endIndex))
    let title = html[open.upperBound..<close.lowerBound]
      .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&amp;", with: "&")
    #expect(title == "SpringLab — " + name)
    // inside <style>, the name stays in CSS comments
    let styleOpen = try #require(html.range(of: "<style>"))
    let styleClose = try #require(html.range(of: "</style>"))
    let style = String(html[styleOpen.upperBound..<styleClose.lowerBound])
    let code = try #require(Self.strippingCSSComments(style), "a CSS comment never closes")
    #expect(!code.contains("PWNED"))
  }

  @Test(arguments: hostileNames)
  func aHostileNameRoundTripsThroughJSON(_ name: String) throws {
    let text = Exporter.export(try Self.preset(named: name), format: .json)
    #expect(try PresetReader.decode(Data(text.utf8), file: "x.json").name == name)
  }

  @Test func swiftExportsWithHostileNamesStillParse() throws {
    let swiftc = try #require(ExportUIKitTypeCheckTests.swiftc(), "no swiftc found")
    let dir = NSTemporaryDirectory() + "springlab-escape-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    var files: [String] = []
    for (k, name) in Self.hostileNames.enumerated() {
      for f in [ExportFormat.uikit, .swiftui] {
        let path = dir + "/\(f.rawValue)-\(k).swift"
        try Exporter.export(try Self.preset(named: name), format: f).write(
          toFile: path, atomically: false, encoding: .utf8)
        files.append(path)
      }
    }
    // -parse: syntax only (no UIKit or SwiftUI here); each file on its own
    for file in files {
      let c = try ChildProcess.launch(
        swiftc, ["-parse", file], env: ProcessInfo.processInfo.environment, captureErrors: true)
      let status = c.wait()
      #expect(status == 0, "\(file): \(c.errors)")
      c.cleanUp()
    }
  }

  @Test func stringLiteralEscapersReadBackUnderTheirLanguagesRules() {
    let s = "a\"b\\c$d\n<e>&'\u{2028}f"
    #expect(ExportEscaping.swiftString(s) == "a\\\"b\\\\c$d\\n<e>&'\\u{2028}f")
    #expect(ExportEscaping.kotlinString(s) == "a\\\"b\\\\c\\$d\\n<e>&'\\u2028f")
    #expect(ExportEscaping.jsString(s) == "a\\\"b\\\\c$d\\n\\u003ce\\u003e\\u0026'\\u2028f")
    #expect(ExportEscaping.cssString(s) == "a\\22 b\\5c c$d\\a \\3c e>&'\\2028 f")
    #expect(ExportEscaping.htmlAttribute(s) == "a&quot;b\\c$d\n&lt;e&gt;&amp;&#39;\u{2028}f")
    #expect(ExportEscaping.htmlComment("a--b-") == "a- -b- ")
    #expect(ExportEscaping.cssComment("*/</style>") == "* /‹/style>")
  }
}

@Suite("Terminal text")
struct TerminalTextTests {
  @Test func controlCharactersBecomeVisibleEscapes() {
    #expect(
      TerminalText.escape("\u{1b}]0;PWNED\u{07}\u{1b}[31mRED\nx\ty\r")
        == "\\e]0;PWNED\\x07\\e[31mRED\\nx\\ty\\r")
    #expect(TerminalText.escape("a\u{202E}b\u{2028}c\u{85}") == "a\\u{202e}b\\u{2028}c\\u{0085}")
    // printable text, including emoji sequences joined by ZWJ, is unchanged
    #expect(TerminalText.escape("é ☃ 👩\u{200D}💻") == "é ☃ 👩\u{200D}💻")
    #expect(
      TerminalText.escape(bytes: [0x62, 0x61, 0x64, 0xFF, 0xFE, 0x2E, 0xC3, 0xA9])
        == "bad\\xff\\xfe.é")
    #expect(TerminalText.escape(bytes: [0x1B, 0x41]) == "\\eA")
  }

  @Test func problemLinesEscapeFileFieldAndValue() {
    let p = FieldProblem(
      file: "a\nb.json", path: "k\u{1b}[2J", value: "\"\u{7}\"", reason: "unknown field")
    #expect(p.description == "a\\nb.json: k\\e[2J = \"\\x07\": unknown field")
  }
}
