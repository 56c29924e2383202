import Foundation
import SpringLabCore
import SpringLabUI
import Testing

@testable import SpringLabStudio

/// The spring first: at launch the motion being tuned is visible without
/// scrolling, under a header (document, Replay, Auto, Save, tabs) that
/// stays put while the panel scrolls.
@Suite("Spring first")
struct StudioSpringFirstTests {
  static let sizes: [(Double, Double)] = [(1280, 800), (1024, 640)]

  @Test(arguments: [0, 1])
  func theExpandSpringAndReplayShowAtLaunch(_ size: Int) throws {
    let (w, hgt) = Self.sizes[size]
    let h = StudioHarness(path: "/lib/a.json")
    h.send(.resized(WindowSize(width: w, height: hgt, scale: 1)))
    h.draw()
    let panel = try #require(StudioLayout(h.state).frame.panel)
    for label in [
      "Replay", "Auto", "Save", "Form", "Duration", "Damping", "Velocity", "Stagger", "Total ",
    ] {
      let p = try #require(h.textPosition(label), "\(w)×\(hgt): \(label) is drawn")
      #expect(p.x >= panel.x && p.y >= panel.y, "\(w)×\(hgt): \(label) at \(p)")
      #expect(p.y + 14 <= hgt, "\(w)×\(hgt): \(label) at y \(p.y) is below the fold")
    }
    // the Expand section's Duration comes before Collapse's (the first one shown is Expand's)
    let expand = try #require(h.textPosition("EXPAND"))
    let duration = try #require(h.textPosition("Duration"))
    #expect(expand.y < duration.y)
  }

  @Test func theHeaderStaysWhileThePanelScrolls() throws {
    let h = StudioHarness(path: "/lib/a.json")
    h.draw()
    let replay = try #require(h.textPosition("Replay"))
    let duration = try #require(h.textPosition("Duration"))
    for _ in 0..<15 { h.input([.mouseMove(x: 1100, y: 500, mods: []), .wheel(dx: 0, dy: -1)]) }
    let replayAfter = try #require(h.textPosition("Replay"))
    #expect(replayAfter.y == replay.y, "Replay stays pinned")
    let durationAfter = try #require(h.textPosition("Duration"))
    #expect(durationAfter.y < duration.y, "the body scrolled")
    // a Replay click still replays after scrolling
    h.click(replayAfter.x + 10, replayAfter.y + 6)
    #expect(h.state.isAnimating)
  }

  @Test func rarelyUsedSectionsStartFoldedAndRememberOpening() throws {
    let h = StudioHarness(path: "/lib/a.json")
    h.draw()
    #expect(h.reveal("INTERACTION"))
    let folded = h.texts
    #expect(
      !PresetField.panelFields(in: .interaction).contains { f in
        folded.contains { $0.hasPrefix(f.label) }
      },
      "Interaction starts folded")
    let header = try #require(h.textPosition("INTERACTION"))
    h.click(header.x + 4, header.y + 5)
    #expect(h.reveal("INTERACTION"))
    let opened = h.texts
    #expect(
      PresetField.panelFields(in: .interaction).contains { f in
        opened.contains { $0.hasPrefix(f.label) }
      },
      "Interaction opens on a click")
    h.send(.panelTab(.bubble))
    h.draw()
    h.send(.panelTab(.fan))
    h.draw()
    let again = h.texts
    #expect(
      PresetField.panelFields(in: .interaction).contains { f in
        again.contains { $0.hasPrefix(f.label) }
      },
      "it stays open after a tab change")
  }
}

/// Replay shows the motion being tuned: on an open fan it closes and then
/// blooms again by itself (the walkthrough found it only toggled).
@Suite("Replay replays")
struct StudioReplayTests {
  @Test func replayOnAnOpenFanClosesThenBloomsAgain() {
    let h = StudioHarness(path: "/lib/a.json")
    h.key("space")
    h.advance(1.5)
    #expect(h.state.scene.fan.phase(at: h.state.scene.now) == .expanded)
    h.send(.command(.replay))
    h.advance(0.1)
    #expect(h.state.scene.fan.phase(at: h.state.scene.now) == .collapsing)
    h.advance(2)
    #expect(h.state.scene.fan.phase(at: h.state.scene.now) == .expanded, "it bloomed again")
    #expect(!h.state.replayBloomPending)
  }

  @Test func replayOnAClosedFanBloomsOnce() {
    let h = StudioHarness(path: "/lib/a.json")
    h.send(.command(.replay))
    h.advance(2)
    #expect(h.state.scene.fan.phase(at: h.state.scene.now) == .expanded)
    #expect(!h.state.replayBloomPending)
  }
}

/// Each tab opens at its top, on its motions, and the Export tab shows its
/// buttons first, each label inside its button.
@Suite("Panel tabs")
struct StudioPanelTabTests {
  @Test func aTabOpensAtItsTop() throws {
    let h = StudioHarness(path: "/lib/a.json")
    h.draw()
    for _ in 0..<20 { h.input([.mouseMove(x: 1100, y: 500, mods: []), .wheel(dx: 0, dy: -1)]) }
    #expect(h.view.panelUI.scrollOffset("panel") > 0)
    h.send(.panelTab(.bubble))
    h.draw()
    #expect(h.view.panelUI.scrollOffset("panel") == 0, "the Bubble tab opens at its top")
    let snap = try #require(h.textPosition("Snap duration"))
    #expect(snap.y < h.state.window.height)
  }

  @Test func exportButtonsComeFirstAndTheirLabelsFit() throws {
    let h = StudioHarness(path: "/lib/a.json")
    h.send(.panelTab(.export))
    let frame = h.draw()
    let export = try #require(h.textPosition("EXPORT"))
    let presets = try #require(h.textPosition("PRESETS"))
    #expect(export.y < presets.y, "the Export section comes before the library")
    var buttons: [PixelRect] = []
    for c in frame.finished {
      if case .fill(.roundedRect(let r, _), _) = c { buttons.append(r) }
    }
    for name in ["UIKit", "SwiftUI", "Compose", "CSS", "Framer", "JSON"] {
      let (x, y) = try #require(h.textPosition(name), "\(name) is drawn")
      let w = fakeMeasure(name, 13).0
      let holder = buttons.filter { $0.contains(x + 1, y + 4) && $0.h < 40 }.min { $0.w < $1.w }
      let b = try #require(holder, "\(name) sits in a button")
      #expect(x - w / 2 >= b.x - 1 && x + w / 2 <= b.x + b.w + 1, "\(name) fits \(b)")
    }
  }
}
