import Foundation
import SpringLabCore
import SpringLabUI
import Testing

@testable import SpringLabStudio

/// Panel edits carry their fields (`.set`): undo, the recordings and the
/// graph follow the fields named, never a diff of whole presets.
@Suite("Studio field sets")
struct StudioFieldSetTests {
  /// One edit of each field kind, and a spring form's row that stores
  /// several of the spring's fields at once.
  static let edits: [(String, [FieldSetting])] = [
    ("number", [FieldSetting(.fanRadius, .number(151))]),
    ("integer", [FieldSetting(.fanCount, .integer(3))]),
    ("choice", [FieldSetting(.fanLayout, .choice("ring"))]),
    ("bool", [FieldSetting(.bubbleEnabled, .flag(false))]),
    (
      "spring form",
      [
        FieldSetting(.fanExpandForm, .choice("physics")),
        FieldSetting(.fanExpandDuration, .number(0.55)),
        FieldSetting(.fanExpandDamping, .number(0.6)),
        FieldSetting(.fanExpandMass, .number(2)),
      ]
    ),
  ]

  @Test(arguments: 0..<edits.count)
  func anEditOfEachKindIsOneUndoStep(_ i: Int) throws {
    let (kind, settings) = Self.edits[i]
    let h = StudioHarness(path: "/lib/a.json")
    let before = h.state.preset
    for s in settings { #expect(before[field: s.field] != s.value, "\(kind): a real change") }
    h.set(settings)
    let after = h.state.preset
    for s in settings { #expect(after[field: s.field] == s.value, "\(kind) \(s.field)") }
    // only the fields named changed
    for id in FieldID.allCases where !settings.contains(where: { $0.field == id }) {
      #expect(after[field: id] == before[field: id], "\(kind): \(id) unchanged")
    }
    #expect(h.state.modified && h.state.recovery.dirty)
    h.send(.command(.undo))
    #expect(h.state.preset == before, "\(kind): undo")
    h.send(.command(.redo))
    #expect(h.state.preset == after, "\(kind): redo")
    h.send(.command(.undo))
    #expect(h.state.preset == before, "\(kind): one step")
  }

  @Test func anEditMadeAgainstAnotherPresetIsRefused() {
    let h = StudioHarness(path: "/lib/a.json")
    let stale = h.state.preset
    h.set(.fanRadius, .number(151))
    let now = h.state.preset
    let steps = h.state.document.history.undoSteps.count
    // a frame drawn before the first edit names the preset it showed
    h.send(.set([FieldSetting(.fanCount, .integer(3))], [.committed], against: stale))
    #expect(h.state.preset == now)
    #expect(h.state.document.history.undoSteps.count == steps)
    // and the same edit against the preset shown applies
    h.send(.set([FieldSetting(.fanCount, .integer(3))], [.committed], against: now))
    #expect(h.state.preset.fan.count == 3)
  }

  @Test func anEditBehindADialogIsRefused() {
    let h = StudioHarness(path: "/lib/a.json")
    h.send(.command(.saveAs))
    #expect(h.dialogOpen)
    let before = h.state.preset
    h.set(.fanRadius, .number(151))
    #expect(h.state.preset == before)
  }

  @Test func theGraphFollowsTheFirstFieldSet() {
    let h = StudioHarness(path: "/lib/a.json")
    h.set(.bubbleSnapDamping, .number(0.5))
    #expect(h.state.graphSettings.target == .bubbleSnap)
    h.set([
      FieldSetting(.fanCollapseDuration, .number(0.3)),
      FieldSetting(.bubbleMenuDamping, .number(0.5)),
    ])
    #expect(h.state.graphSettings.target == .fanCollapse)
    h.set(.bubbleMenuDuration, .number(0.45))
    #expect(h.state.graphSettings.target == .bubbleMenu)
  }

  @Test func theRecorderRecordsExactlyTheFieldsSet() throws {
    let h = StudioHarness(path: "/lib/a.json")
    h.state.recorder = ScriptRecorder(preset: h.state.preset)
    h.set([
      FieldSetting(.fanRadius, .number(151)), FieldSetting(.fanExpandDuration, .number(0.55)),
    ])
    h.set(Self.edits[4].1)
    let sets = h.state.recorder!.events.compactMap { e -> [String: JSONValue]? in
      if case .set(let v) = e.action { return v }
      return nil
    }
    #expect(
      sets == [
        [FieldID.fanRadius.path: .number(151), FieldID.fanExpandDuration.path: .number(0.55)],
        [
          FieldID.fanExpandForm.path: .string("physics"),
          FieldID.fanExpandDuration.path: .number(0.55),
          FieldID.fanExpandDamping.path: .number(0.6), FieldID.fanExpandMass.path: .number(2),
        ],
      ])
    // played back, the recording reaches the same preset
    var sc = Scene(preset: Preset.seedDefault)
    var player = ScriptPlayer(h.state.recorder!.script(until: h.state.timeline.time + 1))
    player.run(&sc, until: h.state.timeline.time + 1)
    #expect(sc.preset == h.state.preset)
  }

  /// Through the panel: typing a physics stiffness stores several of the
  /// spring's fields, and the edit names exactly those.
  @Test func thePanelNamesTheFieldsAFormRowStores() throws {
    let h = StudioHarness(path: "/lib/a.json")
    h.send(.resized(WindowSize(width: 1280, height: 1400, scale: 1)))
    h.send(
      .set(
        [FieldSetting(.fanExpandForm, .choice("physics"))], [.committed], against: h.state.preset))
    h.draw()
    h.state.recorder = ScriptRecorder(preset: h.state.preset)
    let before = h.state.preset
    let at = try #require(h.panelRows()["Stiffness"], "no Stiffness row: \(h.texts)")
    var sent: [StudioAction] = []
    h.click(1100, at + 7, clicks: 2)
    for a in h.view.frame(h.state, events: [.text("400")]).actions { h.send(a) }
    for a in h.view.frame(h.state, events: [.keyDown(KeyName.enter, mods: [], isRepeat: false)])
      .actions
    {
      sent.append(a)
      h.send(a)
    }
    let settings = sent.compactMap { a -> [FieldSetting]? in
      if case .set(let s, _, _) = a, !s.isEmpty { return s }
      return nil
    }.flatMap { $0 }
    let changed = FieldID.allCases.filter { h.state.preset[field: $0] != before[field: $0] }
    #expect(!changed.isEmpty)
    #expect(Set(settings.map(\.field)) == Set(changed), "\(settings)")
    #expect(changed.allSatisfy { PresetSpring.fanExpand.fields.all.contains($0) })
    let recorded = h.state.recorder!.events.compactMap { e -> Set<String>? in
      if case .set(let v) = e.action { return Set(v.keys) }
      return nil
    }
    #expect(recorded == [Set(changed.map(\.path))])
  }

  /// An undo whose values the panel would show alike (whole degrees) says
  /// them as stored: "Start angle back to 170° (was 170°)" hid 169.9 → 170.
  @Test func anUndoNamesValuesThePanelRoundsAlike() {
    let h = StudioHarness(path: "/lib/a.json")
    var p = h.state.preset
    p.fan.startAngle = 169.9
    h.edit(p)
    h.send(.command(.undo))
    #expect(
      h.state.toast?.text
        == "Undo: Layout · Start angle back to \(JSONWriter.number(h.state.preset.fan.startAngle))° (was 169.9°)",
      "\(h.state.toast?.text ?? "-")")
  }

  @Test func anUndoStepKnowsTheFieldsItsGestureSet() {
    let h = StudioHarness(path: "/lib/a.json")
    let before = h.state.preset
    let a = FieldSetting(.fanExpandDamping, .number(0.5))
    let b = FieldSetting(.fanExpandDuration, .number(0.6))
    // a drag: began, changed twice, ended (one step naming both fields)
    h.send(.set([], [.began], against: h.state.preset))
    h.send(.set([a], [.changed], against: h.state.preset))
    h.send(.set([b], [.changed], against: h.state.preset))
    h.send(.set([], [.ended], against: h.state.preset))
    #expect(h.state.document.history.undoSteps.map(\.fields) == [[a.field, b.field]])
    // its toast names the first of them in panel order, and counts the rest
    h.state.recorder = ScriptRecorder(preset: h.state.preset)
    h.send(.command(.undo))
    #expect(h.state.preset == before)
    #expect(
      h.state.toast?.text == "Undo: Expand · Duration back to 0.400 s (was 0.600 s) and 1 more")
    // and the recording sets exactly those fields back
    let sets = h.state.recorder!.events.compactMap { e -> Set<String>? in
      if case .set(let v) = e.action { return Set(v.keys) }
      return nil
    }
    #expect(sets == [[a.field.path, b.field.path]])
    h.send(.command(.redo))
    #expect(h.state.document.history.undoSteps.map(\.fields) == [[a.field, b.field]])
  }

  @Test func aStepWithAChangeThatNamesNoFieldIsUnnamed() {
    let h = StudioHarness(path: "/lib/a.json")
    h.send(.set([], [.began], against: h.state.preset))
    h.send(.set([FieldSetting(.fanRadius, .number(151))], [.changed], against: h.state.preset))
    // a device rotation mid-drag ends the gesture as one step of both changes
    h.send(.command(.rotate))
    h.send(.set([], [.ended], against: h.state.preset))
    #expect(h.state.document.history.undoSteps.last?.fields == nil)
  }
}
