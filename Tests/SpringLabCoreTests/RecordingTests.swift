import Foundation
import Testing

@testable import SpringLabCore

@Suite("Recorded sessions replay exactly")
struct RecordingTests {
  /// A live session: inputs and settings changes at arbitrary times.
  @Test func settingsChangesAndStartStateReplay() throws {
    var live = Scene(preset: .seedDefault)
    live.restoreBubble(Point(357, 500))  // remembered from an earlier launch
    live.send(.command(.toggleKeyboard))  // keyboard up before recording starts
    live.advance(to: 0.5)
    var rec = ScriptRecorder(preset: live.preset, start: live.startState)
    let t0 = live.now
    func send(_ i: SceneInput, at t: Double) {
      live.advance(to: t)
      live.send(i)
      rec.record(i, at: t - t0)
    }
    send(.pointerDown(live.mainCenter), at: 0.7)
    send(.pointerUp(live.mainCenter), at: 0.7)
    var p = live.preset
    p.fan.radius = 140
    p.fan.expand.damping = 0.6
    send(.setPreset(p), at: 1.4)
    send(.command(.toggleFan), at: 1.6)
    send(.command(.toggleFan), at: 2.4)
    send(.setDevice(.iphoneSE), at: 3.0)
    live.advance(to: 4.5)
    let script = rec.script(until: 4.5 - t0)
    #expect(script.start.keyboard)
    #expect(script.start.bubble != nil)
    #expect(
      script.events.contains {
        if case .set(let v) = $0.action {
          return v["fan.radius"] == .number(140)
        } else {
          return false
        }
      })
    // through the file format and back
    let parsed = try InputScript.decode(Data(script.text.utf8), file: "rec.json")
    #expect(parsed == script)
    var replay = Scene(preset: .seedDefault)
    replay.apply(start: parsed.start)
    var player = ScriptPlayer(parsed)
    player.run(&replay, until: 4.5 - t0)
    let view = ViewTransform(x: 0, y: 0, scale: 1)
    var a = live.trace(frame: 0, view: view)
    var b = replay.trace(frame: 0, view: view)
    // times differ by the recording's start offset; everything else must match
    if case .object(var m) = a {
      m.removeAll { $0.0 == "t" }
      a = .object(m)
    }
    if case .object(var m) = b {
      m.removeAll { $0.0 == "t" }
      b = .object(m)
    }
    #expect(a == b)
    #expect(replay.preset == live.preset)
  }

  @Test func badSetEventsNameTheField() {
    let bad = #"{"duration": 1, "events": [{"at": 0.5, "set": {"fan.radius": -4}}]}"#
    #expect(throws: LoadError.self) { try InputScript.decode(Data(bad.utf8), file: "s.json") }
    do {
      _ = try InputScript.decode(Data(bad.utf8), file: "s.json")
    } catch {
      #expect(error.description.contains("events[0].set.fan.radius = -4"))
    }
    let unknown = #"{"duration": 1, "events": [{"at": 0.5, "set": {"fan.wobble": 1}}]}"#
    do {
      _ = try InputScript.decode(Data(unknown.utf8), file: "s.json")
      Issue.record("unknown field accepted")
    } catch {
      #expect(error.description.contains("unknown preset field"))
    }
  }
}
