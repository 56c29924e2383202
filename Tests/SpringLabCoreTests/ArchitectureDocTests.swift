import Foundation
import Testing

@testable import SpringLabCore

/// docs/ARCHITECTURE.md's "Adding a control (N files)" lists exactly the
/// files a new shipped control touches; this keeps the list true.
@Suite("docs/ARCHITECTURE.md: adding a control")
struct ArchitectureDocTests {
  static let root = TestPaths.packageRoot

  /// The section's title count and its numbered items' leading paths.
  static func list() throws -> (count: Int, paths: [String]) {
    let doc = try String(
      contentsOf: root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
    let title = try #require(
      doc.range(of: #"### Adding a control \((\d+) files\)"#, options: .regularExpression))
    let count = Int(doc[title].filter(\.isNumber))!
    let section = String(doc[title.upperBound...]).components(separatedBy: "\n## ")[0]
      .components(separatedBy: "\n### ")[0]
    let item = try NSRegularExpression(pattern: #"^\d+\. `([^`]+)`"#, options: .anchorsMatchLines)
    let s = String(section)
    let paths = item.matches(in: s, range: NSRange(s.startIndex..., in: s)).map {
      String(s[Range($0.range(at: 1), in: s)!])
    }
    return (count, paths)
  }

  @Test func theListIsShortAndEveryFileItNamesHasAnExample() throws {
    let (count, paths) = try Self.list()
    #expect(paths.count == count)
    #expect(count <= 6)
    for p in paths {
      // why: `<Name>` stands for the new control's folder; the bubble is a control of that shape
      let path = p.replacingOccurrences(of: "<Name>", with: "Bubble")
      #expect(
        FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path), "\(p)")
    }
    // the shared files are the one registration line and generated docs; the rest is the control's folders
    let shared = paths.filter { !$0.contains("<Name>") }
    #expect(shared == ["Sources/SpringLabCore/Preset/ControlRegistry.swift", "docs/FORMATS.md"])
  }

  /// The registration is one line: `more` is declared on one line, and the
  /// fixture's is one binding of it.
  @Test func registrationIsOneLine() throws {
    let controls = try String(
      contentsOf: Self.root.appendingPathComponent(
        "Sources/SpringLabCore/Preset/ControlRegistry.swift"),
      encoding: .utf8)
    let lines = controls.split(separator: "\n").filter { $0.contains("static var more:") }
    #expect(lines.count == 1)
    #expect(lines.first?.contains("[any ControlSection.Type] = [") == true)
    let fixture = Self.root.appendingPathComponent("Tests/SpringLabCoreTests/FixtureControl")
    let files = try FileManager.default.contentsOfDirectory(atPath: fixture.path).filter {
      $0.hasSuffix(".swift")
    }
    #expect(!files.isEmpty)
    var bindings = 0
    for f in files {
      let text = try String(contentsOf: fixture.appendingPathComponent(f), encoding: .utf8)
      bindings += text.components(separatedBy: "ControlRegistry.$more.withValue").count - 1
    }
    #expect(bindings == 1)
  }

  /// The fixture made no edit outside its folder: nothing in Sources names it
  /// or its settings section.
  @Test func theFixtureLivesOnlyInItsFolder() throws {
    let sources = Self.root.appendingPathComponent("Sources")
    let files = FileManager.default.enumerator(atPath: sources.path)!
    var found: [String] = []
    while let f = files.nextObject() as? String {
      guard f.hasSuffix(".swift") else { continue }
      let text = try String(contentsOf: sources.appendingPathComponent(f), encoding: .utf8)
      for word in ["FixtureToggle", "toggle.knob", "toggle.travel", "toggleKnob"]
      where text.contains(word) {
        found.append("\(f): \(word)")
      }
    }
    #expect(found.isEmpty, "\(found)")
    // its whole declaration is in the folder: fields, motions and plan come from the type
    FixtureToggle.register {
      let names = SceneControls.more.map { $0.name }
      #expect(names == ["toggle"])
      let ids = FixtureToggle.fields.map { $0.id }
      #expect(Set(ids) == Set(FieldID.registered))
      let motions = MotionDescriptor.registered.map { $0.id }
      #expect(motions == [FixtureToggle.knobID])
    }
  }
}
