import Foundation
import SpringLabCore
import SpringLabUI
import Testing

@testable import SpringLabStudio

/// A/B from two library presets: A picked from the library, B loaded; both
/// play on one clock; the diff speaks the designer's words.
@Suite("A/B from the library")
struct StudioABTests {
  static func setUp() throws -> StudioHarness {
    let disk = FakeDisk()
    for n in ["playful.json", "snappy.json", "seed-000-fan.json"] {
      disk.write(try Shipped.preset(n), to: "/lib/" + n)
    }
    return StudioHarness(
      preset: disk.presets["/lib/snappy.json"]!.preset, path: "/lib/snappy.json", disk: disk)
  }

  @Test func aFromTheLibraryAndBLoadedPlayInSync() throws {
    let h = try Self.setUp()
    let playful = try #require(h.state.libraryEntries.firstIndex { $0.fileName == "playful.json" })
    h.key("\(playful + 1)", .shift)
    let cmp = try #require(h.state.compare, "Shift+N makes preset N A")
    #expect(cmp.source == "/lib/playful.json")
    #expect(cmp.pinned.fan.expand == h.disk.presets["/lib/playful.json"]!.preset.fan.expand)
    #expect(h.state.preset.name == "Snappy", "B stays the loaded preset")
    #expect(cmp.plan == MotionPlan(cmp.pinned), "A's plan is in the state for the graph")
    // both play on one clock
    h.send(.command(.toggleFan))
    h.send(.tick(0.2))
    let a = try #require(h.state.compare).ghost.scene
    #expect(abs(a.now - h.state.scene.now) < 1e-9)
    #expect(a.fan.phase(at: a.now) != .collapsed, "A's fan opened with B's tap")
    // the diff names fields in words with what the change does
    let lines = ABDiff.lines(from: cmp.pinned, to: h.state.preset)
    #expect(!lines.isEmpty)
    #expect(lines.allSatisfy { !$0.contains("fan.") }, "labels, not JSON paths: \(lines)")
    let frame = h.draw()
    let texts = StudioHarness.texts(frame)
    #expect(texts.contains { $0.hasPrefix("A Playful → B Snappy") })
    #expect(texts.contains { $0.hasPrefix(lines[0].prefix(20)) })
  }

  @Test func shiftClickingARowPicksA() throws {
    let h = try Self.setUp()
    #expect(h.reveal("seed-000"))
    let row = try #require(h.textPosition("seed-000"))
    h.input([
      .mouseMove(x: row.x + 10, y: row.y + 5, mods: [.shift]),
      .mouseDown(x: row.x + 10, y: row.y + 5, button: .left, clicks: 1, mods: [.shift]),
      .mouseUp(x: row.x + 10, y: row.y + 5, button: .left, mods: [.shift]),
    ])
    #expect(h.state.compare?.source == "/lib/seed-000-fan.json")
    #expect(h.state.document.path == "/lib/snappy.json", "B is not replaced")
  }

  @Test func theDiffSpeaksDesignerWords() {
    var a = Preset()
    a.fan.expand.damping = 0.72
    var b = a
    b.fan.expand.damping = 0.35
    b.fan.expand.duration = a.fan.expand.duration + 0.1
    b.fan.expand.variant = .allAtOnce
    let lines = ABDiff.lines(from: a, to: b)
    #expect(lines.contains("Expand damping ratio 0.720 → 0.350 — bouncier"))
    #expect(lines.contains { $0.hasPrefix("Expand duration") && $0.hasSuffix("s — slower") })
    #expect(lines.contains { $0.hasPrefix("Expand variant") && $0.hasSuffix("→ All at once") })
  }

  @Test func sideBySideUsesTheCanvas() throws {
    let h = try Self.setUp()
    h.key("1", .shift)
    let single = StudioLayout(h.state).view.scale
    h.send(.command(.toggleCompareMode))
    let l = StudioLayout(h.state)
    let a = try #require(l.ghostView)
    #expect(abs(a.scale - l.view.scale) < 1e-9, "both phones at one scale")
    let d = h.state.scene.device
    let gap = l.view.x - (a.x + d.width * a.scale)
    #expect(gap < 24 + 2 * 14 * a.scale + 1, "the phones sit close together")
    #expect(l.view.scale > single * 0.5, "as large as fit: \(l.view.scale) vs \(single)")
    #expect(a.x >= l.canvas.x && l.view.x + d.width * l.view.scale <= l.canvas.x + l.canvas.w)
  }

  @Test func trailsAreRecordedForBoth() throws {
    let h = try Self.setUp()
    h.key("1", .shift)
    h.send(.command(.toggleTrails))
    h.send(.command(.toggleFan))
    for k in 1...10 { h.send(.tick(Double(k) * 0.016)) }
    #expect(h.state.trails.contains { !$0.isEmpty })
    #expect(h.state.compare?.trails.contains { !$0.isEmpty } == true)
  }
}

/// Two defects a designer found: a load kept the previous preset's device
/// (and Ctrl+S then wrote it into the file), and X swapped a library A's
/// settings into B's file.
@Suite("Loads and swaps never write one preset into another's file")
struct StudioSwapSaveTests {
  @Test func aLoadShowsTheFilesOwnDeviceAndASaveChangesNothing() throws {
    let h = try StudioABTests.setUp()
    let playful = try #require(h.disk.presets["/lib/playful.json"]).preset
    #expect(playful.orientation == .landscape, "the shipped preset is landscape")
    #expect(h.state.preset.orientation != playful.orientation)
    let n = try #require(h.state.libraryEntries.firstIndex { $0.fileName == "playful.json" })
    h.key("\(n + 1)")
    #expect(h.state.document.path == "/lib/playful.json")
    #expect(h.state.preset.orientation == .landscape && h.state.preset.device == playful.device)
    #expect(!h.state.modified, "a fresh load is not a change")
    h.key("s", .ctrl)
    #expect(h.disk.presets["/lib/playful.json"]!.preset == playful, "Ctrl+S wrote a change")
  }

  @Test func swappingWithALibraryAMakesItsFileTheDocument() throws {
    let h = try StudioABTests.setUp()
    let snappy = h.disk.presets["/lib/snappy.json"]!.preset
    let playful = h.disk.presets["/lib/playful.json"]!.preset
    let n = try #require(h.state.libraryEntries.firstIndex { $0.fileName == "playful.json" })
    h.key("\(n + 1)", .shift)
    h.key("x")
    #expect(h.state.document.path == "/lib/playful.json", "A's file is now edited")
    #expect(h.state.preset.fan.expand == playful.fan.expand)
    let cmp = try #require(h.state.compare)
    #expect(cmp.source == "/lib/snappy.json" && cmp.pinned.name == snappy.name, "B became A")
    #expect(cmp.pinned.device == h.state.preset.device, "A is shown on B's device")
    #expect(!h.state.modified)
    // a tweak and a save land in A's own file; B's file is untouched
    var p = h.state.preset
    p.fan.expand.duration += 0.05
    h.edit(p)
    h.key("s", .ctrl)
    #expect(h.disk.presets["/lib/playful.json"]!.preset.fan.expand == p.fan.expand)
    #expect(h.disk.presets["/lib/snappy.json"]!.preset == snappy)
    // and back
    h.key("x")
    #expect(h.state.document.path == "/lib/snappy.json")
    #expect(h.state.compare?.source == "/lib/playful.json")
  }

  @Test func unsavedChangesAreNotLeftBehindByASwap() throws {
    let h = try StudioABTests.setUp()
    let n = try #require(h.state.libraryEntries.firstIndex { $0.fileName == "playful.json" })
    h.key("\(n + 1)", .shift)
    var p = h.state.preset
    p.fan.expand.duration += 0.05
    h.edit(p)
    h.key("x")
    #expect(h.state.document.path == "/lib/snappy.json", "the swap waits")
    #expect(h.state.preset == p, "the unsaved change is still there")
    #expect(h.state.toast?.text.contains("Save") == true, "\(h.state.toast?.text ?? "no toast")")
  }

  @Test func swappingWithAPinnedSnapshotIsOneUndoableEdit() throws {
    let h = try StudioABTests.setUp()
    let before = h.state.preset
    h.key("a")
    var p = h.state.preset
    p.fan.expand.duration += 0.05
    h.edit(p)
    h.key("x")
    #expect(h.state.preset == before && h.state.compare?.pinned == p)
    #expect(h.state.document.path == "/lib/snappy.json")
    h.key("z", .ctrl)
    #expect(h.state.preset == p)
  }
}
