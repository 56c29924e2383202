import Foundation
import SpringLabCore
import SpringLabUI
import Testing

@testable import SpringLabStudio

/// The preset library through the Studio's actions: names first, numbers
/// that stay put, rename, duplicate, delete to the Trash with undo, an
/// editable order — each surviving a restart (a new Studio over the same
/// folder).
@Suite("Preset library")
struct StudioLibraryTests {
  static let names = [
    "playful.json", "seed-000-fan.json", "seed-003-sequential.json", "snappy.json",
    "gentle-ease.json",
  ]

  static func disk() throws -> FakeDisk {
    let d = FakeDisk()
    for n in names { d.write(try Shipped.preset(n), to: "/lib/" + n) }
    return d
  }

  static func open(_ disk: FakeDisk, _ name: String = "playful.json") -> StudioHarness {
    StudioHarness(
      preset: disk.presets["/lib/" + name]!.preset, path: "/lib/" + name, disk: disk)
  }

  static func files(_ h: StudioHarness) -> [String] {
    h.state.libraryEntries.map(\.fileName)
  }

  @Test func rowsShowPresetNamesFirstWithTheFileNameAndAThumbnail() throws {
    let disk = try Self.disk()
    let h = Self.open(disk)
    let texts = h.texts
    for e in h.state.libraryEntries {
      #expect(texts.contains(e.preset!.name), "the row names \(e.preset!.name)")
      #expect(
        texts.contains {
          $0 == e.fileName || $0.hasSuffix("…") && e.fileName.hasPrefix($0.dropLast())
        },
        "the file name is shown too (shortened to fit)")
      #expect(e.curve.count == 32)
    }
    #expect(texts.contains("1") && texts.contains("5"))
  }

  @Test func saveAsPutsTheNewPresetRightAfterItsOriginal() throws {
    let disk = try Self.disk()
    let h = Self.open(disk)
    let before = Self.files(h)
    #expect(disk.orders["/lib"] == before, "the first listing keeps its order in the folder")
    let i = try #require(before.firstIndex(of: "playful.json"))
    h.key("s", [.ctrl, .shift])
    h.send(.saveAsNameChanged("A Snappy Fan"))
    h.send(.dialog(.save))
    #expect(disk.presets["/lib/a-snappy-fan.json"] != nil)
    var expected = before
    expected.insert("a-snappy-fan.json", at: i + 1)
    #expect(Self.files(h) == expected, "the new preset follows the one it came from")
    #expect(h.state.libraryIndex == i + 1, "and is the current row")
    #expect(
      Array(Self.files(h).prefix(i + 1)) == Array(before.prefix(i + 1)), "numbers before it stay")
    let again = Self.open(disk)
    #expect(Self.files(again) == expected, "after a restart too")
    // Ctrl+S of the new preset keeps its place
    var p = h.state.preset
    p.fan.radius += 5
    h.edit(p)
    h.key("s", .ctrl)
    #expect(Self.files(h) == expected)
  }

  @Test func renameChangesTheNameAndTheFileAndSurvivesARestart() throws {
    let disk = try Self.disk()
    let h = Self.open(disk, "snappy.json")
    let number = try #require(h.state.libraryIndex)
    h.send(.command(.renamePreset))
    guard case .rename(let path)? = h.state.dialog else {
      Issue.record("Rename asks for the name")
      return
    }
    #expect(path == "/lib/snappy.json")
    #expect(h.state.saveAsName == "Snappy")
    h.send(.renameNameChanged("Crisp"))
    h.send(.dialog(.rename))
    #expect(disk.presets["/lib/snappy.json"] == nil)
    #expect(disk.presets["/lib/crisp.json"]?.preset.name == "Crisp")
    #expect(h.state.document.path == "/lib/crisp.json")
    #expect(h.state.preset.name == "Crisp")
    #expect(!h.state.modified, "a rename is saved, not an unsaved change")
    #expect(h.state.libraryIndex == number, "the number stays")
    let again = Self.open(disk, "crisp.json")
    #expect(again.state.libraryIndex == number)
    #expect(again.state.libraryEntries[number].title == "Crisp")
    // the library's undo takes it back
    h.send(.command(.undoLibrary))
    #expect(disk.presets["/lib/snappy.json"]?.preset.name == "Snappy")
    #expect(disk.presets["/lib/crisp.json"] == nil)
    #expect(h.state.libraryEntries[number].fileName == "snappy.json")
  }

  @Test func duplicateAddsACopyLastAndSurvivesARestart() throws {
    let disk = try Self.disk()
    let h = Self.open(disk)
    let before = Self.files(h)
    h.send(.command(.duplicatePreset))
    #expect(disk.presets["/lib/playful-copy.json"]?.preset.name == "Playful copy")
    var copy = disk.presets["/lib/playful-copy.json"]!.preset
    copy.name = "Playful"
    #expect(copy == disk.presets["/lib/playful.json"]!.preset, "the copy differs only by name")
    #expect(Self.files(h) == before + ["playful-copy.json"])
    h.send(.command(.duplicatePreset))
    #expect(disk.presets["/lib/playful-copy-2.json"]?.preset.name == "Playful copy 2")
    #expect(Self.files(Self.open(disk)) == before + ["playful-copy.json", "playful-copy-2.json"])
  }

  @Test func deleteAsksMovesToTheTrashAndUndoRestoresInPlace() throws {
    let disk = try Self.disk()
    let h = Self.open(disk, "seed-000-fan.json")
    let before = Self.files(h)
    let position = try #require(before.firstIndex(of: "seed-000-fan.json"))
    h.send(.command(.deletePreset))
    guard case .delete? = h.state.dialog else {
      Issue.record("Delete asks first")
      return
    }
    #expect(h.state.dialog?.primary == .cancel, "Enter keeps the file")
    h.key("return")
    #expect(disk.presets["/lib/seed-000-fan.json"] != nil, "Enter cancelled")
    h.send(.command(.deletePreset))
    h.send(.dialog(.trash))
    #expect(disk.presets["/lib/seed-000-fan.json"] == nil)
    #expect(disk.trash.values.contains { $0.original == "/lib/seed-000-fan.json" })
    #expect(!Self.files(h).contains("seed-000-fan.json"))
    #expect(!Self.files(Self.open(disk)).contains("seed-000-fan.json"), "gone after a restart")
    h.send(.command(.undoLibrary))
    #expect(disk.presets["/lib/seed-000-fan.json"] != nil)
    #expect(disk.trash.isEmpty)
    #expect(Self.files(h) == before, "back at number \(position + 1)")
    #expect(Self.files(Self.open(disk)) == before, "and so after a restart")
  }

  @Test func theOrderIsEditableAndKept() throws {
    let disk = try Self.disk()
    let h = Self.open(disk, "snappy.json")
    let before = Self.files(h)
    let i = try #require(h.state.libraryIndex)
    try #require(i > 0)
    h.send(.command(.movePreset(-1)))
    #expect(h.state.libraryIndex == i - 1)
    var expected = before
    expected.swapAt(i, i - 1)
    #expect(Self.files(h) == expected)
    let again = Self.open(disk)
    #expect(Self.files(again) == expected)
    // key N loads the preset now at N
    again.key("\(i)")
    #expect(
      again.effects.contains { if case .load("/lib/snappy.json") = $0 { true } else { false } })
  }

  @Test func theListGrowsWithTheWindow() throws {
    let disk = FakeDisk()
    for k in 0..<30 { disk.write(Preset(), to: "/lib/p\(k).json") }
    let h = StudioHarness(preset: Preset(), path: "/lib/p0.json", disk: disk)
    let ui = UIContext()
    h.send(.resized(WindowSize(width: 1024, height: 640, scale: 1)))
    let small = LibraryView.visibleRows(h.state, ui: ui)
    h.send(.resized(WindowSize(width: 1920, height: 1200, scale: 1)))
    let large = LibraryView.visibleRows(h.state, ui: ui)
    #expect(small >= 4)
    #expect(large > small)
  }

  /// The loaded preset's row is highlighted and scrolled into the list's
  /// view, on opening and after a load; the wheel can still scroll away.
  @Test func theListScrollsToTheLoadedPreset() throws {
    let disk = FakeDisk()
    for k in 0..<30 {
      var p = Preset()
      p.name = "Preset \(k)"
      disk.write(p, to: "/lib/p\(String(format: "%02d", k)).json")
    }
    let h = StudioHarness(
      preset: disk.presets["/lib/p25.json"]!.preset, path: "/lib/p25.json", disk: disk)
    h.draw()
    /// Where the list draws `title` inside its view, if it does.
    func row(_ title: String) throws -> (x: Double, y: Double)? {
      let top = try #require(h.textPosition("PRESETS")).y
      let bottom = try #require(h.textPosition("Rename…")).y
      // why: the header names the loaded preset too; only the list's row counts
      for c in h.lastFrame.finished {
        if case .text(let t, let x, let y, _, _, _) = c, t == title, y > top, y < bottom {
          return (x, y)
        }
      }
      return nil
    }
    func shown(_ title: String) throws -> Bool { try row(title) != nil }
    #expect(try shown("Preset 25"), "the loaded preset's row is in view at launch")
    #expect(try !shown("Preset 0"), "the list scrolled to it")
    #expect(!h.state.revealLibraryRow, "once")
    h.send(.command(.loadFile("/lib/p03.json")))
    h.draw()
    h.draw()
    #expect(try shown("Preset 3"), "a load scrolls to its row")
    let list = try #require(try row("Preset 3"))
    h.input([.mouseMove(x: list.x, y: list.y + 4, mods: []), .wheel(dx: 0, dy: -20)])
    h.draw()
    #expect(try !shown("Preset 3"), "the wheel scrolls away and the list stays there")
  }

  @Test func orderRulesArePure() {
    let e = ["b.json", "a.json", "c.json"].map { LibraryEntry(path: "/l/" + $0, preset: nil) }
    #expect(PresetLibrary.arrange(e, order: nil).map(\.fileName) == ["a.json", "b.json", "c.json"])
    #expect(
      PresetLibrary.arrange(e, order: ["c.json", "gone.json", "a.json"]).map(\.fileName) == [
        "c.json", "a.json", "b.json",
      ])
    #expect(
      PresetLibrary.parseOrder(PresetLibrary.orderText(["x.json", "y.json"])) == [
        "x.json", "y.json",
      ])
    #expect(PresetLibrary.parseOrder("# c\n\n../e.json\nok.json\n") == ["ok.json"])
  }
}

/// Files in the library folder that are not presets: the row says what they
/// are, and choosing one loads nothing.
@Suite("Preset library: files that are not presets")
struct StudioLibraryNotPresetTests {
  /// A script kept beside the presets reads "an input script, not a
  /// preset" (it read "(unreadable)", like a broken file); a broken file
  /// names its first problem. Choosing the script, by click or number,
  /// says how it plays and leaves the loaded preset as it was.
  @Test func aScriptBesideThePresetsSaysWhatItIs() throws {
    let disk = try StudioLibraryTests.disk()
    disk.notPresets["/lib/a-tap.json"] = .inputScript
    disk.notPresets["/lib/b-broken.json"] = .unreadable("name: must be a string")
    let h = StudioLibraryTests.open(disk)
    let script = try #require(h.state.libraryEntries.first { $0.fileName == "a-tap.json" })
    #expect(script.problem == .inputScript && script.preset == nil)
    h.draw()
    let texts = h.texts
    #expect(
      texts.contains { $0.hasPrefix("an input script") },
      "\(texts.filter { $0.contains("a-tap") })")
    #expect(texts.contains { $0.hasPrefix("name: must be") })
    #expect(!texts.contains { $0.contains("(unreadable)") })
    let before = h.state.preset
    let n = try #require(h.state.libraryEntries.firstIndex { $0.fileName == "a-tap.json" }) + 1
    h.effects = []
    h.key("\(n)")
    #expect(!h.effects.contains { if case .load = $0 { return true } else { return false } })
    #expect(h.state.preset == before)
    #expect(
      h.state.toast?.text
        == "a-tap.json is an input script, not a preset: play it with springlab --play",
      "\(h.state.toast?.text ?? "-")")
    h.send(.command(.loadFile("/lib/a-tap.json")))
    #expect(h.state.preset == before)
  }

  /// A broken file's row loads nothing: no "Save changes?" first (whose
  /// "Don't save" threw away the edit on screen before the load failed),
  /// the edit stays, the title still names the loaded file, and the toast
  /// says why.
  @Test func aBrokenFileIsNotLoadedAndTheEditStays() throws {
    let disk = try StudioLibraryTests.disk()
    disk.notPresets["/lib/b-broken.json"] = .unreadable("name: must be a string")
    let h = StudioLibraryTests.open(disk)
    var p = h.state.preset
    p.fan.expand.damping = 0.644
    h.edit(p)
    let path = h.state.document.path
    h.effects = []
    h.send(.command(.loadFile("/lib/b-broken.json")))
    #expect(h.state.dialog == nil, "no save prompt")
    #expect(!h.effects.contains { if case .load = $0 { return true } else { return false } })
    #expect(h.state.preset.fan.expand.damping == 0.644)
    #expect(h.state.document.path == path)
    #expect(
      h.state.toast?.text == "b-broken.json is not loaded: name: must be a string",
      "\(h.state.toast?.text ?? "-")")
  }
}
