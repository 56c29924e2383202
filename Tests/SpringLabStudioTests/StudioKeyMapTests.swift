import Foundation
import SpringLabCore
import SpringLabUI
import Testing

@testable import SpringLabStudio

/// One key map drives dispatch, the help overlay, `springlab keys` and docs/GUIDE.md.
@Suite("Studio key map")
struct StudioKeyMapTests {
  @Test func everyChordDispatchesItsOwnRowAndNoChordIsBoundTwice() {
    var seen: [String: String] = [:]
    for b in KeyMap.bindings {
      for c in b.chords {
        let id = "\(c.mods.rawValue)+\(c.key)"
        #expect(seen[id] == nil, "\(id) bound by \(seen[id] ?? "") and \(b.label)")
        seen[id] = b.label
        #expect(KeyMap.command(for: c.key, c.mods) == b.command(c), "\(b.label)")
      }
    }
    #expect(KeyMap.command(for: "3", []) == .loadNumbered(3))
    #expect(KeyMap.command(for: "/", .shift) == .toggleHelp, "? is Shift+/")
    #expect(KeyMap.command(for: "s", [.ctrl, .shift]) == .saveAs)
    #expect(KeyMap.command(for: "s", []) == nil)
  }

  @Test func theHelpOverlayListsEveryRow() {
    let h = StudioHarness(path: "/lib/a.json")
    h.key("/", .shift)
    #expect(h.state.overlays.help)
    let texts = h.texts
    for b in KeyMap.bindings {
      #expect(texts.contains(b.label), "help shows \(b.label)")
    }
    h.key(KeyName.escape)
    #expect(!h.state.overlays.help)
  }

  @Test func guidesKeyTableIsTheKeysCommandsOutput() throws {
    let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
        "docs/GUIDE.md")
    let text = try String(contentsOf: guide, encoding: .utf8)
    #expect(
      text.contains("\n" + KeyMap.markdown + "\n"),
      "docs/GUIDE.md's key table must be `springlab keys`' output")
    #expect(KeyMap.markdown.split(separator: "\n").count == KeyMap.bindings.count + 2)
  }

  /// Every bound key does something observable from a fresh window.
  @Test func hotKeysAct() {
    let h = StudioHarness(path: "/lib/a.json")
    h.key("g")
    #expect(h.state.overlays.graph)
    h.key("t")
    #expect(h.state.overlays.trails)
    h.key("d")
    #expect(h.state.overlays.debug)
    h.key("tab")
    #expect(!h.state.overlays.panel)
    h.key("tab")
    h.key("p")
    #expect(h.state.timeline.paused)
    h.key(".")
    #expect(abs(h.state.timeline.time - SceneTimeline.frameStep) < 1e-12)
    h.key(",")
    #expect(abs(h.state.timeline.time) < 1e-12)
    h.key("p")
    h.key("-")
    #expect(h.state.timeline.speed == 0.5)
    h.key("=")
    #expect(h.state.timeline.speed == 1)
    h.key("e")
    #expect(h.state.overlays.editOnCanvas)
    h.key("o")
    #expect(h.state.preset.orientation == .landscape)
    h.key("k")
    #expect(h.state.scene.keyboardShown)
    h.key("space")
    h.advance(1)
    #expect(h.state.scene.fan.phase(at: h.state.scene.now) == .expanded)
    h.key(KeyName.escape)
    h.advance(1)
    #expect(h.state.scene.fan.phase(at: h.state.scene.now) == .collapsed)
  }
}
