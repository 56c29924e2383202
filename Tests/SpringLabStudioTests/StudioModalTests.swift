import Foundation
import SpringLabCore
import SpringLabUI
import Testing

@testable import SpringLabStudio

/// Dialogs are modal: an open dialog takes all input, Enter is its primary
/// button, Esc cancels and closes only the dialog; a focused text field
/// takes the keys.
@Suite("Studio dialogs and modal rules")
struct StudioModalTests {
  static func library() -> FakeDisk {
    let disk = FakeDisk()
    for (i, n) in ["a", "b", "c"].enumerated() {
      var p = Preset.seedDefault
      p.name = "Preset \(n)"
      p.fan.count = 3 + i
      disk.write(p, to: "/lib/\(n).json")
    }
    return disk
  }

  /// The defect: change Radius, press 3, "Save changes?" opens, Enter opened
  /// the Radius editor behind the modal and one Esc closed both.
  @Test func enterInTheSaveChangesDialogSavesAndNothingBehindReacts() throws {
    let h = StudioHarness(
      preset: Self.library().presets["/lib/a.json"]!.preset, path: "/lib/a.json",
      disk: Self.library())
    #expect(h.reveal("Radius"))
    let y = try #require(h.textPosition("Radius")).y + 7
    // click the slider: it takes focus (arrow keys nudge, Enter types)
    h.drag(from: (1060, y), to: (1120, y), steps: 3)
    #expect(h.state.modified)
    h.key("3")
    guard case .confirm(.load("/lib/c.json"))? = h.state.dialog else {
      Issue.record(
        "3 with unsaved changes asks first; dialog: \(String(describing: h.state.dialog))")
      return
    }
    #expect(h.texts.contains { $0.hasPrefix("Save changes to") })
    let radius = h.state.preset.fan.radius
    h.key(KeyName.enter)
    #expect(h.view.panelUI.editingID == nil, "no editor opened behind the dialog")
    #expect(h.state.dialog == nil)
    #expect(h.disk.presets["/lib/a.json"]?.preset.fan.radius == radius, "Enter = Save")
    #expect(h.state.document.path == "/lib/c.json", "then the requested preset loads")
    #expect(h.state.preset.name == "Preset c")
  }

  @Test func escClosesOnlyTheDialog() throws {
    let h = StudioHarness(path: "/lib/a.json", disk: Self.library())
    h.key("space")
    h.advance(1.5)
    #expect(h.state.scene.fan.phase(at: h.state.scene.now) == .expanded)
    var p = h.state.preset
    p.fan.radius = 150
    h.edit(p)
    h.key("q")
    guard case .confirm(.quit)? = h.state.dialog else {
      Issue.record("Q with unsaved changes asks")
      return
    }
    h.key(KeyName.escape)
    #expect(h.state.dialog == nil)
    #expect(h.state.running && !h.quit)
    #expect(h.state.modified, "cancel keeps the changes")
    h.advance(0.5)
    #expect(
      h.state.scene.fan.phase(at: h.state.scene.now) == .expanded,
      "the Esc that closed the dialog did not also collapse the fan")
  }

  @Test func whileADialogIsOpenHotKeysPanelAndCanvasDoNothing() throws {
    let h = StudioHarness(path: "/lib/a.json", disk: Self.library())
    var p = h.state.preset
    p.fan.radius = 150
    h.edit(p)
    #expect(h.reveal("Pin A (A)"))
    h.key("q")
    #expect(h.state.dialog != nil)
    let pin = try #require(h.textPosition("Pin A (A)"))
    h.click(pin.x, pin.y + 5)
    h.key("a")
    h.key("g")
    h.key("space")
    h.click(300, 400)
    #expect(h.state.compare == nil, "the panel behind the dialog did not react")
    #expect(!h.state.overlays.graph, "hot keys did not fire")
    #expect(h.state.scene.fan.phase(at: h.state.scene.now) == .collapsed)
    #expect(h.state.dialog != nil)
  }

  @Test func dontSaveDropsTheChangesAndQuits() {
    let h = StudioHarness(path: "/lib/a.json", disk: Self.library())
    var p = h.state.preset
    p.fan.radius = 150
    h.edit(p)
    h.key("q", .ctrl)
    let dontSave = h.textPosition("Don't save")
    #expect(dontSave != nil)
    h.click(dontSave!.x, dontSave!.y + 5)
    #expect(h.quit)
    #expect(h.disk.presets["/lib/a.json"]?.preset.fan.radius == Preset.seedDefault.fan.radius)
  }

  @Test func everyDialogHasOnePrimaryButtonAndDestructiveChoicesLookIt() {
    let dialogs: [StudioDialog] = [
      .saveAs, .confirm(.quit), .confirm(.load("/x.json")), .recovery(name: "r", .seedDefault),
      .conflict(path: "/x.json", then: nil),
    ]
    for d in dialogs {
      #expect(d.buttons.filter { $0.style == .primary }.count == 1, "\(d)")
      #expect(d.buttons.first { $0.style == .primary }?.choice == d.primary)
    }
    #expect(
      StudioDialog.confirm(.quit).buttons.first { $0.choice == .dontSave }?.style == .destructive)
    #expect(
      StudioDialog.conflict(path: "/x", then: nil).buttons.first { $0.choice == .overwrite }?.style
        == .destructive)
    #expect(
      StudioDialog.recovery(name: "r", .seedDefault).buttons.first { $0.choice == .discard }?.style
        == .destructive)
  }

  /// Primary and destructive buttons are drawn in their own colours, so Save
  /// and Don't save no longer look alike.
  @Test func primaryAndDestructiveButtonsAreDrawnDifferently() {
    let h = StudioHarness(path: "/lib/a.json", disk: Self.library())
    var p = h.state.preset
    p.fan.radius = 150
    h.edit(p)
    h.key("q")
    // the dialog: 440 × 112 centred in 1280 × 800
    let colours = Set(
      h.lastFrame.finished.compactMap { c -> RGBA? in
        guard case .fill(.roundedRect(let r, _), let color) = c else { return nil }
        let inDialog = (420...860).contains(r.x) && (344...456).contains(r.y)
        return inDialog ? color : nil
      })
    let theme = UITheme.dark
    #expect(colours.contains(theme.accent), "the primary button uses the accent fill")
    #expect(colours.contains(theme.errorFill), "the destructive button uses the red fill")
  }

  @Test func aFocusedTextFieldTakesTheKeys() throws {
    let h = StudioHarness(path: "/lib/a.json", disk: Self.library())
    #expect(h.reveal("Radius"))
    let y = try #require(h.textPosition("Radius")).y + 7
    h.click(1100, y, clicks: 2)
    let editing = try #require(h.view.panelUI.editingID, "a double-click types a value")
    h.input([
      .keyDown("1", mods: [], isRepeat: false), .text("1"),
      .keyDown("q", mods: [], isRepeat: false), .text("q"),
    ])
    #expect(h.state.running && !h.quit && h.state.dialog == nil, "Q went to the field, not to quit")
    #expect(h.state.document.path == "/lib/a.json", "1 went to the field, not to load preset 1")
    #expect(h.view.panelUI.editingID == editing)
    h.key(KeyName.escape)
    #expect(h.view.panelUI.editingID == nil, "Esc cancels the typing")
  }

  @Test func recoveryDialogOffersOnlyThisDocumentsCopy() {
    let disk = Self.library()
    var rec = disk.presets["/lib/a.json"]!.preset
    rec.fan.radius = 177
    disk.recovery[StudioFiles.recoveryName(path: "/lib/b.json", session: "x")] = rec
    let h = StudioHarness(
      preset: disk.presets["/lib/a.json"]!.preset, path: "/lib/a.json", disk: disk)
    #expect(h.state.dialog == nil, "b's copy is never offered in a's window")
    h.send(.recoveryFound(name: StudioFiles.recoveryName(path: "/lib/b.json", session: "x"), rec))
    #expect(h.state.dialog == nil)
  }
}

@Suite("Studio pending actions")
struct StudioPendingTests {
  /// Quit → Save on an untitled document asks for a name; cancelling it must
  /// not make a later, unrelated save quit the window.
  @Test func aCancelledSaveAsForgetsWhatWasWaiting() {
    let h = StudioHarness()
    var p = h.state.preset
    p.fan.radius = 150
    h.edit(p)
    h.key("q")
    h.key(KeyName.enter)  // Save → Save as (untitled)
    guard case .saveAs? = h.state.dialog else {
      Issue.record("Save on an untitled document asks for a name")
      return
    }
    h.key(KeyName.escape)
    #expect(h.state.dialog == nil && !h.quit)
    h.key("s", .ctrl)
    h.key(KeyName.enter)
    #expect(h.state.document.path != nil, "saved")
    #expect(!h.quit, "the cancelled quit does not come back")
  }

  @Test func saveThenQuitQuitsOnceSaved() {
    let h = StudioHarness()
    var p = h.state.preset
    p.fan.radius = 150
    h.edit(p)
    h.key("q")
    h.key(KeyName.enter)
    h.key(KeyName.enter)
    #expect(h.quit, "Save as then quit")
    #expect(h.disk.presets[h.state.document.path ?? ""]?.preset.fan.radius == 150)
  }
}

extension StudioPendingTests {
  /// A slider drag interrupted by a dialog (Q while the button is held) ends
  /// cleanly: its release still reaches the slider, the panel works again
  /// once the dialog closes, and the drag stays one undo step.
  @Test func aDragInterruptedByADialogStillEnds() throws {
    let h = StudioHarness(path: "/lib/a.json")
    #expect(h.reveal("Radius"))
    let y = try #require(h.textPosition("Radius")).y + 7
    h.input([
      .mouseMove(x: 1060, y: y, mods: []),
      .mouseDown(x: 1060, y: y, button: .left, clicks: 1, mods: []),
    ])
    h.input([.mouseMove(x: 1120, y: y, mods: [])])
    #expect(h.state.modified)
    h.key("q")
    #expect(h.state.dialog != nil)
    h.input([.mouseUp(x: 1120, y: y, button: .left, mods: [])])
    h.key(KeyName.escape)
    #expect(h.state.dialog == nil)
    #expect(h.view.panelUI.activeID == nil, "no widget still owns the mouse")
    #expect(h.reveal("Pin A (A)"))
    let pin = try #require(h.textPosition("Pin A (A)"))
    h.click(pin.x, pin.y + 5)
    #expect(h.state.compare != nil, "the panel answers again")
    h.key("z", .ctrl)
    #expect(h.state.preset.fan.radius == Preset.seedDefault.fan.radius, "the drag was one step")
  }
}
