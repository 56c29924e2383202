import Foundation
import SpringLabCore
import SpringLabPlatform
import SpringLabUI
import Testing

@testable import SpringLabStudio

/// What a designer expects of undo and Ctrl+S around A/B (#23): undoing a
/// swap swaps back (A keeps its snapshot), a save of an unchanged document
/// writes nothing, and a preset whose forms return to UIKit is saved as the
/// schema it was before.
@Suite("Undo of a swap, unchanged saves, schemas")
struct StudioUndoSaveTests {
  /// Pin A, tune B, X, Ctrl+Z: B's tuning is back on screen and A is still
  /// the snapshot pinned before (it was lost: A became B's settings).
  @Test func undoingASwapKeepsTheASnapshot() throws {
    let h = StudioHarness(path: "/lib/a.json")
    let a = h.state.preset
    h.key("a")
    var b = a
    b.fan.radius = 150
    b.fan.expand.damping = 0.5
    h.edit(b)
    h.key("x")
    #expect(h.state.preset.fan == a.fan && h.state.compare?.pinned.fan == b.fan)
    h.key("z", .ctrl)
    #expect(h.state.preset == b, "B's tuning is back")
    let undone = try #require(h.state.compare, "still comparing")
    #expect(undone.pinned.fan == a.fan, "A is the snapshot pinned before the swap")
    #expect(undone.ghost.scene.preset.fan == a.fan, "and A's phone plays it")
    // redo swaps again, and a second undo returns to the same pair
    h.key("z", [.ctrl, .shift])
    #expect(h.state.preset.fan == a.fan && h.state.compare?.pinned.fan == b.fan)
    h.key("z", .ctrl)
    #expect(h.state.preset == b && h.state.compare?.pinned.fan == a.fan)
    // an ordinary edit's undo leaves A alone
    var c = b
    c.fan.radius = 170
    h.edit(c)
    h.key("z", .ctrl)
    #expect(h.state.preset == b && h.state.compare?.pinned.fan == a.fan)
  }

  /// A swap undone after A was unpinned just restores B's settings.
  @Test func undoingASwapAfterUnpinningRestoresOnlyB() {
    let h = StudioHarness(path: "/lib/a.json")
    let a = h.state.preset
    h.key("a")
    var b = a
    b.fan.radius = 150
    h.edit(b)
    h.key("x")
    h.key("a")
    #expect(h.state.compare == nil)
    h.key("z", .ctrl)
    #expect(h.state.preset == b)
    #expect(h.state.compare == nil, "nothing is pinned again by an undo")
  }

  /// Ctrl+S on a document that matches its file asks for no write.
  @Test func savingAnUnchangedDocumentWritesNothing() throws {
    let h = StudioHarness(path: "/lib/a.json")
    let stamp = h.disk.presets["/lib/a.json"]?.stamp
    let before = h.effects.count
    h.key("s", .ctrl)
    #expect(!h.effects[before...].contains { if case .save = $0 { true } else { false } })
    #expect(h.disk.presets["/lib/a.json"]?.stamp == stamp, "the file was not written")
    #expect(h.state.toast?.text.contains("No changes") == true, "\(h.state.toast?.text ?? "")")
    // an edit undone is unchanged too
    var p = h.state.preset
    p.fan.radius = 131
    h.edit(p)
    h.key("z", .ctrl)
    h.key("s", .ctrl)
    #expect(h.disk.presets["/lib/a.json"]?.stamp == stamp)
    // a real change is written
    h.edit(p)
    h.key("s", .ctrl)
    #expect(h.disk.presets["/lib/a.json"]?.preset == p)
  }

  /// A deleted file is written again by Ctrl+S even though nothing changed.
  @Test func savingADeletedUnchangedDocumentWritesItAgain() {
    let h = StudioHarness(path: "/lib/a.json")
    let p = h.state.preset
    h.disk.presets["/lib/a.json"] = nil
    h.send(.fileChanged(.deleted, nil))
    h.key("s", .ctrl)
    #expect(h.disk.presets["/lib/a.json"]?.preset == p)
    #expect(h.state.dialog == nil, "no conflict to ask about")
  }

  /// The writer itself leaves a file alone when the text would not change
  /// (the window's save path): same bytes, same inode, same mtime.
  @Test func theWriterLeavesAnIdenticalFileUntouched() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "springlab-unchanged-\(getpid())"
    ).path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/snappy.json"
    let text = try String(contentsOfFile: Shipped.folder + "/snappy.json", encoding: .utf8)
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    // why: an old mtime, so a rewrite within the same second would still show
    let old = Date(timeIntervalSince1970: 1_000_000_000)
    try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
    let a = try FileManager.default.attributesOfItem(atPath: path)
    let p = try PresetReader.load(path: path)
    try PresetSparseWriter.save(p, to: path)
    let b = try FileManager.default.attributesOfItem(atPath: path)
    #expect(b[.modificationDate] as? Date == old)
    #expect(b[.systemFileNumber] as? Int == a[.systemFileNumber] as? Int, "not replaced")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    // a change is still written
    var q = p
    q.fan.radius += 10
    try PresetSparseWriter.save(q, to: path)
    #expect(try PresetReader.load(path: path) == q)
    #expect(
      try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date != old)
  }

  /// Choose the physics form (and a mass), save: schema 3. Back to UIKit,
  /// save: schema 2 again, byte for byte the file as shipped.
  @Test func formsBackToUIKitSaveTheLowestSchema() throws {
    let text = try String(contentsOfFile: Shipped.folder + "/seed-000-fan.json", encoding: .utf8)
    let original = try PresetReader.decode(Data(text.utf8), file: "seed-000-fan.json")
    var p = original
    p.fan.expand.form = .physics
    p.fan.expand.mass = 2
    p.bubble.menu.form = .swiftUIResponse
    let three = PresetSparseWriter.text(p, over: text)
    #expect(three.contains("\"schema\": 3") && three.contains("\"form\": \"physics\""))
    p.fan.expand.form = .uikit
    p.fan.expand.mass = 1
    p.bubble.menu.form = .uikit
    #expect(p == original)
    let back = PresetSparseWriter.text(p, over: three)
    #expect(back == text, "schema 2 again, no form or mass keys:\n\(back)")
  }

  /// Through the panel: picking UIKit again also returns the physics mass to
  /// 1 (UIKit has no mass), so the preset is the schema 2 one it was.
  @Test func pickingUIKitAgainReturnsThePresetToSchema2() throws {
    let h = StudioHarness(preset: try Shipped.preset("seed-000-fan.json"), path: "/lib/s.json")
    let original = h.state.preset
    var p = original
    p.fan.expand.form = .physics
    p.fan.expand.mass = 2
    h.edit(p)
    #expect(h.state.preset.writtenSchema == 3)
    var q = h.state.preset
    SpringFormRows.choose(.uikit, for: PresetSpring.all[0], in: &q)
    h.edit(q)
    #expect(h.state.preset.writtenSchema == 2)
    #expect(h.state.preset == original)
    #expect(!h.state.modified)
  }
}
