import Foundation
import Testing

/// README.md is the two-minute introduction and docs/*.md hold the rest; these
/// tests keep every relative link between them (files and `#anchors`, with
/// GitHub's heading slugs) resolving, and the README short.
@Suite("Documentation links")
struct DocLinksTests {
  /// The README's ceiling: a newcomer reads it in two minutes.
  static let readmeLineLimit = 250

  static var root: URL { TestPaths.packageRoot }

  /// README.md and every docs/*.md, as paths relative to the package root.
  static var documents: [String] {
    let docs =
      (try? FileManager.default.contentsOfDirectory(
        atPath: root.appendingPathComponent("docs").path)) ?? []
    return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
  }

  @Test func everyRelativeLinkResolves() throws {
    let docs = Self.documents
    #expect(docs.count >= 7, "README.md and docs/*.md: \(docs)")
    var checked: [String: Int] = [:]
    for doc in docs {
      let text = try String(
        contentsOf: Self.root.appendingPathComponent(doc), encoding: .utf8)
      checked[doc] = DocLinks.links(in: text).filter { !DocLinks.isExternal($0.target) }.count
      for problem in DocLinks.problems(in: doc, text: text, root: Self.root) {
        Issue.record("\(problem)")
      }
    }
    // why: a parser that found no links would pass every document vacuously
    #expect(checked["README.md", default: 0] >= 10, "relative links found: \(checked)")
    #expect(checked.values.reduce(0, +) >= 30, "relative links found: \(checked)")
  }

  /// The README names every Debian package the Makefile installs, so a
  /// reader setting up by hand (or reviewing what `make` will install)
  /// sees the whole list.
  @Test func theReadmeNamesEveryPackageTheMakefileInstalls() throws {
    let makefile = try String(
      contentsOf: Self.root.appendingPathComponent("Makefile"), encoding: .utf8)
    let readme = try String(
      contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    // the PACKAGES := lines, with their backslash continuations
    var packages: [String] = []
    var open = false
    for line in makefile.split(separator: "\n", omittingEmptySubsequences: false) {
      var text = Substring(line)
      if let r = text.range(of: "PACKAGES :=") {
        text = text[r.upperBound...]
        open = true
      } else if !open {
        continue
      }
      open = text.hasSuffix("\\")
      packages += text.split(whereSeparator: { $0 == " " || $0 == "\\" }).map(String.init)
    }
    #expect(packages.count >= 12, "packages read from the Makefile: \(packages)")
    for p in packages {
      #expect(readme.contains(p), "README.md does not name \(p)")
    }
  }

  @Test func readmeStaysShort() throws {
    let text = try String(
      contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let lines = DocLinks.lineCount(text)
    #expect(
      lines <= Self.readmeLineLimit,
      "README.md has \(lines) lines (at most \(Self.readmeLineLimit)); move detail into docs/")
  }

  /// Nothing in docs/ is orphaned: the README links to every document there.
  @Test func readmeLinksEveryDocument() throws {
    let text = try String(
      contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let targets = Set(
      DocLinks.links(in: text).map { $0.target.split(separator: "#").first.map(String.init) ?? "" })
    for doc in Self.documents where doc != "README.md" {
      #expect(targets.contains(doc), "README.md does not link to \(doc)")
    }
  }

  /// The repository stands on its own: its documents cite no outside spec.
  @Test func documentsCiteNoOutsideSpec() throws {
    for doc in Self.documents {
      let text = try String(
        contentsOf: Self.root.appendingPathComponent(doc), encoding: .utf8)
      for cite in ["SPEC.md", "SPEC §", "/work/"] {
        #expect(!text.contains(cite), "\(doc) cites \(cite)")
      }
    }
  }

  @Test func slugsAreGitHubs() {
    #expect(
      DocLinks.slug("Two commands (fresh Debian/Ubuntu)") == "two-commands-fresh-debianubuntu")
    #expect(
      DocLinks.slug("Match a recording: `springlab fit`") == "match-a-recording-springlab-fit")
    #expect(
      DocLinks.slug("The window: `springlab [PRESET.json]`") == "the-window-springlab-presetjson")
    #expect(
      DocLinks.slug("Transparent frames (`render --transparent`)")
        == "transparent-frames-render---transparent")
    #expect(DocLinks.slug("A/B: compare two settings") == "ab-compare-two-settings")
    #expect(DocLinks.slug("UIKit's spring mapping") == "uikits-spring-mapping")
    #expect(DocLinks.slug("`validate` and `lint`") == "validate-and-lint")
    #expect(DocLinks.slug("Idle and floating_mode") == "idle-and-floating_mode")
    // why: GitHub numbers repeated headings so each keeps its own anchor
    let text = "# Notes\n\n## Notes\n\n```\n# not a heading\n```\n\n### Notes ###\n"
    #expect(DocLinks.anchors(in: text) == ["notes", "notes-1", "notes-2"])
  }

  /// The checker itself fails on what it must catch, and only on that.
  @Test func brokenLinksAreReported() throws {
    let dir = TestPaths.tempDir("doclinks")
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("docs"), withIntermediateDirectories: true)
    try "# Guide\n\n## Hot keys\n".write(
      to: dir.appendingPathComponent("docs/GUIDE.md"), atomically: true, encoding: .utf8)
    let readme = """
      # Title

      ## Where files go

      [ok](docs/GUIDE.md) [ok anchor](docs/GUIDE.md#hot-keys) [self](#where-files-go)
      ![picture](docs/missing.png)
      [bad anchor](docs/GUIDE.md#keys) [bad self](#nowhere) [gone](docs/GONE.md#x)
      [web](https://example.com/a.md#b) `[in code](docs/NOPE.md)`

      ```
      [in a fence](docs/NOPE.md)
      ```

      [ref]: docs/ALSO-GONE.md
      """
    let problems = DocLinks.problems(in: "README.md", text: readme, root: dir).map(\.target)
    #expect(
      problems == [
        "docs/missing.png", "docs/GUIDE.md#keys", "#nowhere", "docs/GONE.md#x",
        "docs/ALSO-GONE.md",
      ])
  }
}

/// A broken link: where it is written and why it does not resolve.
struct DocLinkProblem: CustomStringConvertible {
  var document: String
  var line: Int
  var target: String
  var why: String
  var description: String { "\(document):\(line): \(target): \(why)" }
}

/// Markdown links and GitHub heading anchors, enough for this repository's docs.
enum DocLinks {
  /// Lines of a text file (a final newline ends the last line, it starts none).
  static func lineCount(_ text: String) -> Int {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    return lines.count
  }

  /// Each line with whether it lies inside a fenced code block (the fences included).
  static func prose(_ text: String) -> [(number: Int, text: Substring, inFence: Bool)] {
    var inFence = false
    var out: [(number: Int, text: Substring, inFence: Bool)] = []
    for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let trimmed = line.drop(while: { $0 == " " })
      if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
        inFence.toggle()
        out.append((i + 1, line, true))
      } else {
        out.append((i + 1, line, inFence))
      }
    }
    return out
  }

  /// `line` without its inline code spans (links inside code are not links).
  static func withoutCode(_ line: Substring) -> String {
    var out = ""
    var rest = line[...]
    while let open = rest.firstIndex(of: "`") {
      out += rest[..<open]
      let ticks = rest[open...].prefix(while: { $0 == "`" })
      let after = rest[ticks.endIndex...]
      guard let close = after.range(of: String(ticks)) else {
        out += rest[open...]
        return out
      }
      rest = after[close.upperBound...]
    }
    return out + rest
  }

  /// Every link and image target outside code: inline `[text](target)` and
  /// reference definitions `[name]: target`.
  static func links(in text: String) -> [(line: Int, target: String)] {
    let inline = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/
    let reference = /^\s{0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/
    var out: [(line: Int, target: String)] = []
    for line in prose(text) where !line.inFence {
      let plain = withoutCode(line.text)
      if let m = plain.firstMatch(of: reference) {
        out.append((line.number, String(m.1)))
        continue
      }
      for m in plain.matches(of: inline) { out.append((line.number, String(m.1))) }
    }
    return out
  }

  /// A link with a scheme (`https:`, `mailto:`) leaves the repository.
  static func isExternal(_ target: String) -> Bool {
    target.firstMatch(of: /^[A-Za-z][A-Za-z0-9+.-]*:/) != nil
  }

  /// GitHub's anchor for a heading: the heading's text, lowercased, with
  /// everything but letters, marks, digits, `_`, `-` and spaces removed and
  /// spaces turned into `-`.
  static func slug(_ heading: String) -> String {
    var visible = heading.replacingOccurrences(of: "`", with: "")
    visible = visible.replacingOccurrences(of: "*", with: "")
    visible = visible.replacing(/\[([^\]]*)\]\([^)]*\)/, with: { String($0.1) })
    var out = ""
    for scalar in visible.lowercased().unicodeScalars {
      let p = scalar.properties
      if scalar == " " {
        out += "-"
      } else if scalar == "-" || scalar == "_" || p.isAlphabetic || p.numericType != nil
        || p.generalCategory == .nonspacingMark
      {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// The anchors of a document's ATX headings, numbered as GitHub numbers repeats.
  static func anchors(in text: String) -> [String] {
    var seen: [String: Int] = [:]
    var out: [String] = []
    for line in prose(text) where !line.inFence {
      guard let m = line.text.firstMatch(of: /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/) else {
        continue
      }
      let base = slug(String(m.1))
      let n = seen[base, default: 0]
      seen[base] = n + 1
      out.append(n == 0 ? base : "\(base)-\(n)")
    }
    return out
  }

  /// The links in `document` (a path relative to `root`) that do not resolve.
  static func problems(in document: String, text: String, root: URL) -> [DocLinkProblem] {
    let base = root.appendingPathComponent(document).deletingLastPathComponent()
    let rootPath = root.standardizedFileURL.path
    var out: [DocLinkProblem] = []
    for (line, target) in links(in: text) where !isExternal(target) {
      func fail(_ why: String) {
        out.append(DocLinkProblem(document: document, line: line, target: target, why: why))
      }
      let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
      let path = String(parts[0]).removingPercentEncoding ?? String(parts[0])
      let fragment = parts.count > 1 ? String(parts[1]) : nil
      if path.isEmpty {
        // why: an anchor in the same document is checked against the text given
        if let fragment, !anchors(in: text).contains(fragment) {
          fail("no heading with that anchor")
        }
        continue
      }
      let resolved = base.appendingPathComponent(path).standardizedFileURL.path
      guard resolved == rootPath || resolved.hasPrefix(rootPath + "/") else {
        fail("leaves the repository")
        continue
      }
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory) else {
        fail("no such file")
        continue
      }
      guard let fragment, !fragment.isEmpty else { continue }
      guard !isDirectory.boolValue, resolved.hasSuffix(".md"),
        let body = try? String(contentsOfFile: resolved, encoding: .utf8)
      else {
        fail("an anchor into a file that is not Markdown")
        continue
      }
      if !anchors(in: body).contains(fragment) {
        fail("no heading with that anchor")
      }
    }
    return out
  }
}
