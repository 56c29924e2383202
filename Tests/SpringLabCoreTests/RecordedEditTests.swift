import Testing

@testable import SpringLabCore

/// A recorded preset change is a `set` event: of the fields an edit names,
/// or, for changes that name none (undo, paste, load), of every field that differs.
@Suite("Recorded edits")
struct RecordedEditTests {
  static func sets(_ r: ScriptRecorder) -> [[String: JSONValue]] {
    r.script(until: 10).events.compactMap { e in
      if case .set(let s) = e.action { return s }
      return nil
    }
  }

  @Test func anEditRecordsTheFieldsItNames() {
    var r = ScriptRecorder(preset: Preset())
    var p = Preset()
    p.fan.radius = 140
    r.record(.setPreset(p), at: 1, edited: [.fanRadius])
    #expect(Self.sets(r) == [["fan.radius": .number(140)]])
  }

  @Test func aChangeNamingNoFieldRecordsEveryDifference() {
    var r = ScriptRecorder(preset: Preset())
    var p = Preset()
    p.fan.radius = 140
    p.bubble.snap.damping = 0.5
    r.record(.setPreset(p), at: 1)
    #expect(Self.sets(r) == [["fan.radius": .number(140), "bubble.snap.damping": .number(0.5)]])
  }

  @Test func aSpringFormRowRecordsEveryFieldItStored() {
    var r = ScriptRecorder(preset: Preset())
    var p = Preset()
    p.fan.expand.duration = 0.5
    p.fan.expand.damping = 0.6
    r.record(.setPreset(p), at: 1, edited: [.fanExpandDuration, .fanExpandDamping])
    #expect(
      Self.sets(r) == [["fan.expand.duration": .number(0.5), "fan.expand.damping": .number(0.6)]])
  }
}
