import Foundation
import SpringLabCore
import SpringLabPlatform
import SpringLabUI
import Testing

@testable import SpringLabStudio

/// Saving keeps a preset file as its author wrote it: one slider change then
/// Ctrl+S changes exactly one line, through the Studio's actions and the
/// writer the window's save effect uses.
@Suite("Sparse saves")
struct StudioSparseSaveTests {
  static let names: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: Shipped.folder)) ?? [])
    .filter { $0.hasSuffix(".json") }.sorted()

  static func text(_ name: String) throws -> String {
    try String(contentsOfFile: Shipped.folder + "/" + name, encoding: .utf8)
  }

  /// The number fields whose leaf is written in `text` (present, not a default).
  static func writtenNumberFields(_ text: String) -> [PresetField] {
    guard let doc = StyledDocument.parse(text) else { return [] }
    return PresetField.all.filter { f in
      guard case .number = f.kind else { return false }
      var node: StyledJSON? = doc.root
      for part in f.path.split(separator: ".") {
        guard case .object(let members, _)? = node else { return false }
        node = members.first { $0.key == part }?.value
      }
      return node != nil
    }
  }

  /// A different value inside the field's range.
  static func nudged(_ f: PresetField, _ p: Preset) -> Preset {
    guard case .number(let kp, let range, _) = f.kind else { return p }
    // why: an unbounded field (Bézier y) is nudged within its drag range
    let r = f.isUnbounded ? (f.dragRange ?? -1...2) : range
    var q = p
    let v = p[keyPath: kp]
    let target = v < r.upperBound ? r.upperBound : r.lowerBound
    q[keyPath: kp] = ((v + (target - v) / 4) * 1000).rounded() / 1000
    if q[keyPath: kp] == v { q[keyPath: kp] = target }
    return q
  }

  /// Lines of `a` and `b` that differ, when both have as many lines.
  static func changedLines(_ a: String, _ b: String) -> [Int]? {
    let x = a.split(separator: "\n", omittingEmptySubsequences: false)
    let y = b.split(separator: "\n", omittingEmptySubsequences: false)
    guard x.count == y.count else { return nil }
    return x.indices.filter { x[$0] != y[$0] }
  }

  @Test func thereAreShippedPresets() {
    #expect(Self.names.count >= 5, "presets folder: \(Shipped.folder)")
  }

  @Test(arguments: names)
  func savingUnchangedGivesTheSameBytes(_ name: String) throws {
    let text = try Self.text(name)
    let p = try Shipped.preset(name)
    #expect(PresetSparseWriter.text(p, over: text) == text)
  }

  @Test(arguments: names)
  func oneSliderChangeThenSaveChangesOneLine(_ name: String) throws {
    let text = try Self.text(name)
    let original = try Shipped.preset(name)
    let path = StudioHarness.library + "/" + name
    let h = StudioHarness(preset: original, path: path)
    let fields = Self.writtenNumberFields(text)
    try #require(!fields.isEmpty, "\(name) writes at least one number field")
    for f in fields {
      let nudged = Self.nudged(f, h.state.preset)
      h.edit(nudged)
      let before = h.effects.count
      h.key("s", .ctrl)
      try #require(h.effects[before...].contains { if case .save = $0 { true } else { false } })
      guard
        case .save(let r)? = h.effects.last(where: { if case .save = $0 { true } else { false } })
      else {
        Issue.record("Ctrl+S made no save effect")
        return
      }
      #expect(r.path == path)
      #expect(r.preset == nudged)
      let saved = PresetSparseWriter.text(r.preset, over: text)
      let changed = Self.changedLines(text, saved)
      #expect(
        changed?.count == 1,
        "\(name): changing \(f.path) changed lines \(String(describing: changed))")
      let back = try PresetReader.decode(Data(saved.utf8), file: name)
      #expect(back == r.preset, "\(name): the saved text reads back as the saved preset")
      // why: every field is checked against the file as shipped
      h.edit(original)
    }
  }

  /// A field the file leaves out, set inside a one-line object, changes
  /// that one line; set back to its default, it is gone again.
  @Test func aFieldAbsentFromAOneLineObjectIsAddedOnThatLine() throws {
    let text = try Self.text("gentle-ease.json")
    var p = try Shipped.preset("gentle-ease.json")
    #expect(!text.contains("damping"))
    p.fan.expand.damping = 0.35
    let saved = PresetSparseWriter.text(p, over: text)
    #expect(Self.changedLines(text, saved)?.count == 1)
    #expect(
      saved.contains(
        #""expand": {"curve": "easeOut", "duration": 0.35, "damping": 0.35, "stagger": 0.04},"#))
    p.fan.expand.damping = Preset().fan.expand.damping
    #expect(PresetSparseWriter.text(p, over: text) == text)
  }

  /// Defaults the file leaves out stay out; a new object holds only what
  /// differs; keys go in the canonical order.
  @Test func newKeysGoInCanonicalOrderAndOnlyWhatDiffers() throws {
    let text = "{\n  \"schema\": 2,\n  \"name\": \"Tiny\"\n}\n"
    var p = try PresetReader.decode(Data(text.utf8), file: "tiny.json")
    p.bubble.snap.damping = 0.5
    p.fan.count = 3
    let saved = PresetSparseWriter.text(p, over: text)
    #expect(
      saved
        == "{\n  \"schema\": 2,\n  \"name\": \"Tiny\",\n  \"fan\": {\n    \"count\": 3\n  },\n"
        + "  \"bubble\": {\n    \"snap\": {\n      \"damping\": 0.5\n    }\n  }\n}\n")
    #expect(try PresetReader.decode(Data(saved.utf8), file: "tiny.json") == p)
  }

  /// A new file is written whole, `schema` first.
  @Test func aNewFileStartsWithSchema() {
    let t = PresetSparseWriter.text(Preset(), over: nil)
    #expect(t.hasPrefix("{\n  \"schema\": \(Preset().writtenSchema),\n  \"name\": "))
  }

  /// The save on disk: the window's writer over a copy of every shipped preset.
  @Test func savingOnDiskKeepsTheFile() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "springlab-sparse-\(getpid())"
    ).path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    for name in Self.names {
      let text = try Self.text(name)
      let path = dir + "/" + name
      try text.write(toFile: path, atomically: false, encoding: .utf8)
      var p = try PresetReader.load(path: path)
      let f = try #require(Self.writtenNumberFields(text).first)
      p = Self.nudged(f, p)
      try PresetSparseWriter.save(p, to: path)
      let saved = try String(contentsOfFile: path, encoding: .utf8)
      #expect(Self.changedLines(text, saved)?.count == 1, "\(name)")
      #expect(try PresetReader.load(path: path) == p)
    }
  }

  /// Save as from an open preset: the new file takes that file's layout
  /// (it wrote every default, objects spread over lines); the request from
  /// the Studio names the file it starts from.
  @Test func saveAsKeepsTheLayoutOfThePresetItStartsFrom() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "springlab-saveas-\(getpid())"
    ).path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let text = try Self.text("gentle-ease.json")
    let source = dir + "/gentle-ease.json"
    try text.write(toFile: source, atomically: false, encoding: .utf8)
    // the request the Studio makes
    let h = StudioHarness(preset: try PresetReader.load(path: source), path: source)
    h.key("s", [.ctrl, .shift])
    h.send(.renameNameChanged("Gentler"))
    h.send(.dialog(.save))
    guard case .save(let r)? = h.effects.last(where: { if case .save = $0 { true } else { false } })
    else {
      Issue.record("no save effect")
      return
    }
    #expect(r.layoutFrom == source)
    // the window's writer with it
    try PresetSparseWriter.save(r.preset, to: dir + "/gentler.json", layoutFrom: r.layoutFrom)
    let saved = try String(contentsOfFile: dir + "/gentler.json", encoding: .utf8)
    #expect(Self.changedLines(text, saved)?.count == 1, "only the name differs:\n\(saved)")
    #expect(try PresetReader.load(path: dir + "/gentler.json") == r.preset)
  }
}
