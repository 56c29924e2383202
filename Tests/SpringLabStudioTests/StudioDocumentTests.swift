import Foundation
import SpringLabCore
import SpringLabUI
import Testing

@testable import SpringLabStudio

/// Undo, save, save as, the overwrite conflict and hot reload, in-process.
@Suite("Studio document")
struct StudioDocumentTests {
  /// The Radius slider's row centre, as drawn.
  static func radiusRow(_ h: StudioHarness) throws -> Double {
    // why: Layout sits under the springs; the designer scrolls to it
    #expect(h.reveal("Radius"))
    let p = try #require(h.textPosition("Radius"))
    return p.y + 7
  }

  @Test func oneSliderDragIsOneUndoStep() throws {
    let h = StudioHarness(path: "/lib/a.json")
    let before = h.state.preset
    let y = try Self.radiusRow(h)
    h.drag(from: (1060, y), to: (1160, y), steps: 10)
    #expect(h.state.preset.fan.radius != before.fan.radius, "the drag changed the radius")
    #expect(h.state.modified)
    #expect(h.title.hasSuffix(" •"), "the title marks unsaved changes: \(h.title)")
    h.key("z", .ctrl)
    #expect(h.state.preset == before, "one Ctrl+Z undoes the whole drag")
    #expect(!h.state.modified)
    h.key("z", [.ctrl, .shift])
    #expect(h.state.preset.fan.radius != before.fan.radius, "Ctrl+Shift+Z redoes it")
    h.key("z", .ctrl)
    h.key("y", .ctrl)
    #expect(h.state.preset.fan.radius != before.fan.radius, "Ctrl+Y redoes too")
  }

  @Test func saveWritesTheFileAndClearsTheMarker() throws {
    let h = StudioHarness(path: "/lib/a.json")
    var p = h.state.preset
    p.fan.radius = 140
    h.edit(p)
    h.key("s", .ctrl)
    #expect(h.disk.presets["/lib/a.json"]?.preset.fan.radius == 140)
    #expect(!h.state.modified)
    #expect(h.title == "SpringLab — a.json")
    #expect(h.state.toast?.text == "Saved /lib/a.json", "the toast names the full path")
  }

  @Test func saveAsDefaultsToTheLoadedPresetsFolderAndNeverToAPath() throws {
    let disk = FakeDisk()
    disk.write(.seedDefault, to: "/work/mine/base.json")
    let h = StudioHarness(path: "/work/mine/base.json", disk: disk)
    h.key("s", [.ctrl, .shift])
    guard case .saveAs? = h.state.dialog else {
      Issue.record("Ctrl+Shift+S opens Save as")
      return
    }
    h.input([.text("../../etc/Evil Name")])
    #expect(h.state.saveAsName.hasSuffix("../../etc/Evil Name"), "typing goes to the name field")
    #expect(!h.quit && h.state.dialog != nil, "no hot key fired while typing (Q, E, …)")
    #expect(h.state.saveAsPath == "/work/mine/" + PresetFileName.sanitize(h.state.saveAsName))
    #expect(h.texts.contains { $0.hasPrefix("→ /work/mine/") }, "the dialog shows where it saves")
    h.key(KeyName.enter)
    #expect(h.state.dialog == nil)
    let saved = try #require(h.state.document.path)
    #expect(saved.hasPrefix("/work/mine/"))
    #expect(!saved.dropFirst("/work/mine/".count).contains("/"))
    #expect(h.disk.presets[saved] != nil)
  }

  @Test func untitledSaveAsGoesToTheDefaultLibrary() {
    let h = StudioHarness()
    h.key("s", .ctrl)
    guard case .saveAs? = h.state.dialog else {
      Issue.record("Ctrl+S on an untitled document asks for a name")
      return
    }
    h.key(KeyName.enter)
    #expect(h.state.document.path == "/lib/" + PresetFileName.sanitize(Preset.seedDefault.name))
  }

  /// Two windows on one preset: B's save must not silently overwrite A's.
  @Test func aFileChangedOnDiskAsksBeforeSaving() throws {
    let disk = FakeDisk()
    disk.write(.seedDefault, to: "/lib/shared.json")
    let a = StudioHarness(path: "/lib/shared.json", disk: disk)
    let b = StudioHarness(path: "/lib/shared.json", disk: disk, session: "s2")
    var pa = a.state.preset
    pa.fan.radius = 150
    a.edit(pa)
    a.key("s", .ctrl)
    #expect(disk.presets["/lib/shared.json"]?.preset.fan.radius == 150)
    var pb = b.state.preset
    pb.fan.radius = 90
    b.edit(pb)
    b.key("s", .ctrl)
    guard case .conflict(let path, _)? = b.state.dialog else {
      Issue.record("B's save asks first")
      return
    }
    #expect(path == "/lib/shared.json")
    #expect(disk.presets[path]?.preset.fan.radius == 150, "A's change is still on disk")
    b.draw()
    #expect(
      b.texts.contains("Overwrite") && b.texts.contains("Reload") && b.texts.contains("Save as…"))
    // Reload: B takes A's version
    b.key(KeyName.enter)  // primary = Save as…: opens the name dialog
    guard case .saveAs? = b.state.dialog else {
      Issue.record("Enter in the conflict dialog is Save as…")
      return
    }
    b.key(KeyName.escape)
    #expect(b.state.dialog == nil)
    b.key("s", .ctrl)
    b.send(.dialog(.overwrite))
    #expect(disk.presets[path]?.preset.fan.radius == 90, "Overwrite writes B's version")
    #expect(!b.state.modified)
    // A now conflicts; Reload takes B's version
    a.state.timeline.send(.setPreset(pa))
    var pa2 = a.state.preset
    pa2.fan.radius = 200
    a.edit(pa2)
    a.key("s", .ctrl)
    a.send(.dialog(.reload))
    #expect(a.state.preset.fan.radius == 90)
    #expect(!a.state.modified)
  }

  @Test func hotReloadTakesAGoodEditAndKeepsTheLastGoodStateOnABadOne() {
    let h = StudioHarness(path: "/lib/a.json")
    var edited = h.state.preset
    edited.fan.radius = 133
    h.disk.write(edited, to: "/lib/a.json")
    h.send(.fileChanged(.reloaded(edited), h.disk.presets["/lib/a.json"]?.stamp))
    #expect(h.state.preset.fan.radius == 133)
    #expect(!h.state.modified)
    h.send(.fileChanged(.invalid("/lib/a.json: fan.radius: -4 is below 0"), nil))
    #expect(h.state.preset.fan.radius == 133, "a bad edit keeps the last good settings")
    h.draw()
    #expect(h.texts.contains { $0.contains("below 0") }, "the error shows in the panel")
    // unsaved tuning is never replaced
    var mine = h.state.preset
    mine.fan.radius = 99
    h.edit(mine)
    var theirs = edited
    theirs.fan.radius = 111
    h.send(.fileChanged(.reloaded(theirs), nil))
    #expect(h.state.preset.fan.radius == 99)
    // and a reload is one undo step
    let h2 = StudioHarness(path: "/lib/b.json")
    h2.send(.fileChanged(.reloaded(edited), nil))
    h2.key("z", .ctrl)
    #expect(h2.state.preset.fan.radius == Preset.seedDefault.fan.radius)
  }

  @Test func droppedFilesLoadPresetsAndCheckImagesFirst() throws {
    let h = StudioHarness(path: "/lib/a.json")
    var other = Preset.seedDefault
    other.name = "Other"
    h.disk.write(other, to: "/tmp/other.json")
    h.input([.dropFile("/tmp/other.json")])
    #expect(h.state.preset.name == "Other")
    #expect(h.state.document.path == "/tmp/other.json")
    h.input([.dropFile("/tmp/shot.png")])
    #expect(h.state.overlays.backdrop == "/tmp/shot.png")
    h.imageProblem =
      "Cannot use huge.png: it declares 30000 × 30000 pixels; backdrops are limited to 8192 × 8192"
    h.input([.dropFile("/tmp/huge.png")])
    #expect(h.state.overlays.backdrop == "/tmp/shot.png", "a refused image changes nothing")
    #expect(h.state.toast?.text.contains("30000 × 30000") == true)
    h.input([.dropFile("/tmp/notes.txt")])
    #expect(h.state.toast?.text.contains("Drop a .json preset") == true)
  }

  @Test func aFailedLoadKeepsTheCurrentPreset() {
    let h = StudioHarness(path: "/lib/a.json")
    let before = h.state.preset
    h.input([.dropFile("/lib/missing.json")])
    #expect(h.state.preset == before)
    #expect(h.state.document.path == "/lib/a.json")
    #expect(h.state.loadError?.contains("no such file") == true)
  }
}

/// The designer's story by keyboard (formerly an xdotool test with sleeps):
/// L selects the next lint warning's field, Enter types a value, Ctrl+S
/// saves; undoing every step returns the identical preset.
@Suite("Studio keyboard story")
struct StudioKeyboardStoryTests {
  @Test func fixingTheDizzySeedByKeyboardThenUndoingEverything() throws {
    var dizzy = Preset.seedDefault
    dizzy.name = "Dizzy"
    dizzy.fan.expand.damping = 0.55
    dizzy.fan.expand.stagger = 0.06
    dizzy.fan.expand.duration = 0.5
    let fields = Set(Lint.check(dizzy).compactMap(\.fields.first))
    #expect(
      fields.isSuperset(of: ["fan.expand.damping", "fan.expand.stagger", "fan.expand.duration"]))
    let h = StudioHarness(preset: dizzy, path: "/lib/dizzy.json")
    for _ in 0..<3 {
      h.key("l")
      let field = try #require(h.state.highlightField)
      h.key(KeyName.enter)
      #expect(h.view.panelUI.editingID != nil, "Enter types into \(field)")
      let value =
        switch field {
        case .fanExpandDamping: "0.72"
        case .fanExpandStagger: "0.045"
        default: "0.4"
        }
      h.input([.keyDown("a", mods: .ctrl, isRepeat: false), .text(value)])
      h.key(KeyName.enter)
    }
    #expect(Lint.check(h.state.preset).isEmpty, "\(Lint.check(h.state.preset))")
    h.key("s", .ctrl)
    let saved = try #require(h.disk.presets["/lib/dizzy.json"]?.preset)
    #expect(saved.fan.expand.damping == 0.72)
    #expect(saved.fan.expand.stagger == 0.045)
    #expect(saved.fan.expand.duration == 0.4)
    h.key("z", .ctrl)
    h.key("z", .ctrl)
    h.key("z", .ctrl)
    h.key("s", .ctrl)
    #expect(
      h.disk.presets["/lib/dizzy.json"]?.preset == dizzy, "three undos return the identical preset")
  }
}
