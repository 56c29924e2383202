import Foundation
import Testing

@testable import SpringLabCore

/// docs/FORMATS.md's preset-field reference is generated from the field
/// table. `SPRINGLAB_UPDATE_DOCS=1 swift test --filter FormatsDocTests` (or
/// `make docs`) rewrites it.
@Suite("docs/FORMATS.md")
struct FormatsDocTests {
  static let path = TestPaths.packageRoot.appendingPathComponent("docs/FORMATS.md").path

  @Test func thePresetFieldReferenceIsCurrent() throws {
    let text = try String(contentsOfFile: Self.path, encoding: .utf8)
    guard let begin = text.range(of: PresetField.docsBegin),
      let end = text.range(of: PresetField.docsEnd, range: begin.upperBound..<text.endIndex)
    else {
      Issue.record("docs/FORMATS.md lacks the generated-block markers")
      return
    }
    let current = String(text[begin.lowerBound..<end.upperBound])
    let generated = PresetField.docsMarkdown()
    if ProcessInfo.processInfo.environment["SPRINGLAB_UPDATE_DOCS"] == "1", current != generated {
      try text.replacingCharacters(in: begin.lowerBound..<end.upperBound, with: generated)
        .write(toFile: Self.path, atomically: true, encoding: .utf8)
      return
    }
    #expect(current == generated, "docs/FORMATS.md is out of date: run `make docs`")
  }

  @Test func everyFieldIsDocumentedWithItsDefault() {
    let doc = PresetField.docsMarkdown()
    for f in PresetField.all {
      #expect(doc.contains("| `\(f.path)` |"), "\(f.path)")
      #expect(!f.meaning.isEmpty, "\(f.path) has no meaning")
    }
    #expect(doc.contains("| `fan.expand.damping` | — | 0.05 … 1 | `0.72` |"))
    #expect(doc.contains("| `fan.radius` | points | 0 … 600 | `120` |"))
    #expect(doc.contains("`iphoneSE`, `iphone15`, `iphone15ProMax`, `ipadSplit`"))
  }

  @Test func readmeAndHelpLinkToIt() throws {
    let readme = try String(
      contentsOfFile: TestPaths.packageRoot.appendingPathComponent("README.md").path,
      encoding: .utf8)
    #expect(readme.contains("docs/FORMATS.md"))
  }
}
