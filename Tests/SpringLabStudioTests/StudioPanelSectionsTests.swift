import Foundation
import SpringLabCore
import SpringLabPlatform
import SpringLabUI
import Testing

@testable import SpringLabStudio

/// Panel sections keep their open state in the Studio's state and across
/// sessions through `state.json`; Ctrl+Tab steps through the tabs (#23).
@Suite("Panel sections and tab keys")
struct StudioPanelSectionsTests {
  /// Whether any of `group`'s own field labels (none another group shares,
  /// such as a spring form's rows, and no tab's title: "Bubble") is drawn
  /// in the last frame.
  static func showsFields(_ h: StudioHarness, _ group: FieldGroup) -> Bool {
    let texts = h.texts
    let others = Set(
      FieldGroup.allCases.filter { $0 != group }.flatMap {
        PresetField.panelFields(in: $0).map(\.label)
      } + PanelTab.allCases.map(\.title))
    return PresetField.panelFields(in: group).contains { f in
      !others.contains(f.label) && texts.contains { $0.hasPrefix(f.label) }
    }
  }

  /// Where the text run exactly `text` is drawn in the last frame.
  static func position(of text: String, in h: StudioHarness) -> (x: Double, y: Double)? {
    for c in h.lastFrame.finished {
      if case .text(let t, let x, let y, _, _, _) = c, t == text { return (x, y) }
    }
    return nil
  }

  /// A temporary folder for a state file, removed by the caller.
  static func folder() throws -> String {
    let dir = FileManager.default.temporaryDirectory
      .appendingPathComponent("springlab-sections-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
  }

  @Test func clickingHeadersChangesTheStateAndAnotherSessionOpensAsLeftThroughTheFile()
    throws
  {
    let h = StudioHarness(path: "/lib/a.json")
    h.draw()
    #expect(!h.state.panelFolds.isOpen(.group(.interaction)))
    #expect(h.reveal("INTERACTION"))
    let header = try #require(h.textPosition("INTERACTION"))
    h.click(header.x + 4, header.y + 5)
    #expect(h.state.panelFolds.isOpen(.group(.interaction)))
    #expect(h.reveal("INTERACTION"))
    #expect(Self.showsFields(h, .interaction))
    h.send(.panelTab(.bubble))
    h.draw()
    let bubble = try #require(Self.position(of: "BUBBLE", in: h))
    h.click(bubble.x + 4, bubble.y + 5)
    #expect(!h.state.panelFolds.isOpen(.group(.bubble)))
    #expect(h.state.panelFolds.remembered == ["interaction": true, "bubble": false])

    // why: the shell's path, as on quit and at the next launch
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    var remembered = RememberedState()
    remembered.panelSections = h.state.panelFolds.remembered
    try remembered.save(folder: dir)
    let (loaded, warning) = RememberedState.load(folder: dir)
    #expect(warning == nil)
    let next = StudioHarness(path: "/lib/a.json")
    next.state.panelFolds = PanelFolds(remembered: loaded.panelSections)
    next.draw()
    #expect(next.reveal("INTERACTION"))
    #expect(Self.showsFields(next, .interaction), "Interaction opens as it was left")
    next.send(.panelTab(.bubble))
    next.draw()
    #expect(!Self.showsFields(next, .bubble), "Bubble stays folded")
    #expect(Self.showsFields(next, .bubbleMenu), "the other sections keep their default")
  }

  @Test func aSectionWhoseTitleChangesKeepsItsState() throws {
    let h = StudioHarness(path: "/lib/a.json")
    h.draw()
    #expect(h.reveal("LINT ("))
    let title = try #require(h.texts.first { $0.hasPrefix("LINT (") })
    let at = try #require(h.textPosition(title))
    h.click(at.x + 4, at.y + 5)
    #expect(!h.state.panelFolds.isOpen(.lint))
    // why: the count in the title is not the section's identity
    var p = h.state.preset
    p.fan.expand.duration = 2.5
    h.edit(p)
    h.draw()
    #expect(!h.state.panelFolds.isOpen(.lint))
    #expect(h.texts.contains { $0.hasPrefix("LINT (") })
  }

  @Test func badOrMissingValuesInTheStateFileFallBackToTheDefaults() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let file = dir + "/state.json"
    func folds(_ json: String) -> (PanelFolds, String?) {
      #expect(FileManager.default.createFile(atPath: file, contents: Data(json.utf8)))
      let (s, w) = RememberedState.load(folder: dir)
      return (PanelFolds(remembered: s.panelSections), w)
    }
    let (mixed, w1) = folds(
      #"{"panelSections": {"interaction": 1, "lint": false, "noSuchSection": true, "bubbleTouch": null, "idleAndFloating": true}}"#
    )
    #expect(w1 == nil)
    #expect(!mixed.isOpen(.group(.interaction)), "a number is no choice: its default")
    #expect(!mixed.isOpen(.group(.bubbleTouch)))
    #expect(!mixed.isOpen(.lint))
    #expect(mixed.isOpen(.group(.idleAndFloating)))
    #expect(mixed.remembered == ["lint": false, "idleAndFloating": true])
    let (notObject, w2) = folds(#"{"panelSections": [true, false]}"#)
    #expect(w2 == nil)
    #expect(notObject == PanelFolds())
    let (broken, w3) = folds(#"{"panelSections": {"lint": fal"#)
    #expect(w3 != nil, "a broken file is reported")
    #expect(broken == PanelFolds())
    try FileManager.default.removeItem(atPath: file)
    let (missing, w4) = RememberedState.load(folder: dir)
    #expect(w4 == nil)
    #expect(PanelFolds(remembered: missing.panelSections) == PanelFolds())
    #expect(!PanelFolds().isOpen(.group(.interaction)) && PanelFolds().isOpen(.group(.expand)))
  }

  @Test func aChoiceEqualToTheDefaultIsNotWrittenOut() {
    var f = PanelFolds()
    f.set(.group(.interaction), open: true)
    f.set(.presets, open: false)
    #expect(f.remembered == ["interaction": true, "presets": false])
    f.set(.group(.interaction), open: false)
    f.set(.presets, open: true)
    #expect(f.remembered.isEmpty)
    for s in PanelSection.allCases { #expect(PanelSection(key: s.key) == s) }
  }

  @Test func selectingAFieldInAFoldedSectionOpensItOnItsTab() {
    let h = StudioHarness(path: "/lib/a.json")
    h.draw()
    #expect(!h.state.panelFolds.isOpen(.group(.bubbleTouch)))
    h.send(.selectField(.bubbleTapDistance))
    h.draw()
    #expect(h.state.panelTab == .bubble)
    #expect(h.state.panelFolds.isOpen(.group(.bubbleTouch)))
    #expect(Self.showsFields(h, .bubbleTouch), "the focused field is drawn")
  }

  @Test func ctrlTabStepsThroughTheTabsBothWaysAndWraps() {
    let h = StudioHarness(path: "/lib/a.json")
    h.draw()
    var seen: [PanelTab] = []
    for _ in PanelTab.allCases {
      h.key("tab", .ctrl)
      seen.append(h.state.panelTab)
    }
    #expect(seen == [.bubble, .device, .export, .fan])
    h.key("tab", [.ctrl, .shift])
    #expect(h.state.panelTab == .export)
    // why: Tab alone still hides the panel; Ctrl+Tab shows it again on the next tab
    h.key("tab")
    #expect(!h.state.overlays.panel)
    h.key("tab", .ctrl)
    #expect(h.state.overlays.panel && h.state.panelTab == .fan)
  }
}
