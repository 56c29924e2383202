import Foundation
import Testing

@testable import SpringLabCore

@Suite("Input scripts")
struct ScriptTests {
  static let specExample = """
    {"duration": 3.0, "events": [
      {"at": 0.2, "tap": "fan.main"},
      {"at": 1.3, "tap": "fan.item", "index": 2},
      {"at": 2.0, "drag": "bubble", "to": [300, 500], "over": 0.4},
      {"at": 2.6, "tap": [40, 400]},
      {"at": 2.8, "key": "keyboard"},
      {"at": 2.9, "down": [100, 100]}, {"at": 2.95, "move": [120, 100]},
      {"at": 3.0, "up": [120, 100]}]}
    """

  @Test func theSpecExampleDecodes() throws {
    let s = try InputScript.decode(Data(Self.specExample.utf8), file: "spec.json")
    #expect(s.duration == 3)
    #expect(
      s.events == [
        ScriptEvent(at: 0.2, .tap(.named(.fanMain, index: nil))),
        ScriptEvent(at: 1.3, .tap(.named(.fanItem, index: 2))),
        ScriptEvent(at: 2.0, .drag(.named(.bubble, index: nil), to: Point(300, 500), over: 0.4)),
        ScriptEvent(at: 2.6, .tap(.point(Point(40, 400)))),
        ScriptEvent(at: 2.8, .key("keyboard")),
        ScriptEvent(at: 2.9, .down(Point(100, 100))),
        ScriptEvent(at: 2.95, .move(Point(120, 100))),
        ScriptEvent(at: 3.0, .up(Point(120, 100))),
      ])
    let again = try InputScript.decode(Data(s.text.utf8), file: "printed")
    #expect(again == s)
    #expect(again.text == s.text)
  }

  @Test func randomScriptsRoundTrip() throws {
    var rng = SeededGenerator(seed: 99)
    func pt() -> Point {
      Point(
        Double(Int.random(in: -500_000...500_000, using: &rng)) / 1000,
        Double(Int.random(in: 0...1_000_000, using: &rng)) / 1000)
    }
    for _ in 0..<200 {
      let duration = Double.random(in: 0...60, using: &rng)
      var events: [ScriptEvent] = []
      for _ in 0..<Int.random(in: 0...30, using: &rng) {
        let at = Double.random(in: 0...duration, using: &rng)
        let target: ScriptTarget =
          Bool.random(using: &rng)
          ? .point(pt())
          : [
            ScriptTarget.named(.fanMain, index: nil),
            .named(.fanItem, index: Int.random(in: 0...999, using: &rng)),
            .named(.bubble, index: nil), .named(.bubbleMenu, index: 3),
            .named(.outside, index: nil),
          ].randomElement(using: &rng)!
        let action: ScriptAction
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: action = .tap(target)
        case 1: action = .drag(target, to: pt(), over: Double.random(in: 0...60, using: &rng))
        case 2:
          action = .key(
            ["keyboard", "rotate", "space", "escape", "b", "ü ☃"].randomElement(using: &rng)!)
        case 3: action = .down(pt())
        case 4: action = .move(pt())
        default: action = .up(pt())
        }
        events.append(ScriptEvent(at: at, action))
      }
      let s = InputScript(duration: duration, events: events)
      let back = try InputScript.decode(Data(s.text.utf8), file: "r")
      #expect(back == s)
      #expect(back.text == s.text)
      #expect(try InputScript.decode(Data(JSONWriter.compact(s.json).utf8), file: "c") == s)
    }
  }

  /// Script text → (the path the message must name, a fragment of the reason).
  static let badScripts: [(String, String, String)] = [
    (#"[]"#, "(document)", "JSON object"),
    (#"{"events": []}"#, "duration", "missing"),
    (#"{"duration": -1, "events": []}"#, "duration", "0…3600"),
    (#"{"duration": 4000, "events": []}"#, "duration", "0…3600"),
    (#"{"duration": "3", "events": []}"#, "duration", "number of seconds"),
    (#"{"duration": 3}"#, "events", "array"),
    (#"{"duration": 3, "events": {}}"#, "events", "array"),
    (#"{"duration": 3, "events": [], "speed": 2}"#, "speed", "unknown field"),
    (#"{"duration": 3, "events": [5]}"#, "events[0]", "must be an object"),
    (
      #"{"duration": 3, "events": [{"at": 0, "key": "b"}, {"tap": "fan.main"}]}"#, "events[1].at",
      "missing"
    ),
    (
      #"{"duration": 3, "events": [{"at": 0, "key": "b"}, {"at": 1, "key": "b"}, {"at": 3.5, "key": "b"}]}"#,
      "events[2].at", "0…duration (3)"
    ),
    (#"{"duration": 3, "events": [{"at": -0.1, "key": "b"}]}"#, "events[0].at", "0…duration"),
    (#"{"duration": 3, "events": [{"at": "1", "key": "b"}]}"#, "events[0].at", "number of seconds"),
    (#"{"duration": 3, "events": [{"at": 1}]}"#, "events[0]", "exactly one of"),
    (
      #"{"duration": 3, "events": [{"at": 1, "tap": "fan.main", "key": "b"}]}"#, "events[0]",
      "exactly one of"
    ),
    (
      #"{"duration": 3, "events": [{"at": 1, "tap": "fan.mian"}]}"#, "events[0].tap",
      "unknown target"
    ),
    (
      #"{"duration": 3, "events": [{"at": 1, "tap": "fan.item"}]}"#, "events[0].index",
      "needs an index"
    ),
    (
      #"{"duration": 3, "events": [{"at": 1, "tap": "fan.item", "index": 1.5}]}"#,
      "events[0].index", "whole number"
    ),
    (
      #"{"duration": 3, "events": [{"at": 1, "tap": "fan.item", "index": -1}]}"#, "events[0].index",
      "whole number"
    ),
    (#"{"duration": 3, "events": [{"at": 1, "tap": [1, 2, 3]}]}"#, "events[0].tap", "[x, y]"),
    (#"{"duration": 3, "events": [{"at": 1, "tap": [1, "2"]}]}"#, "events[0].tap", "[x, y]"),
    (#"{"duration": 3, "events": [{"at": 1, "tap": 7}]}"#, "events[0].tap", "[x, y]"),
    (
      #"{"duration": 3, "events": [{"at": 1, "drag": "bubble", "over": 0.4}]}"#, "events[0].to",
      "[x, y]"
    ),
    (
      #"{"duration": 3, "events": [{"at": 1, "drag": "bubble", "to": [1, 2]}]}"#, "events[0].over",
      "seconds"
    ),
    (
      #"{"duration": 3, "events": [{"at": 1, "drag": "bubble", "to": [1, 2], "over": -1}]}"#,
      "events[0].over", "seconds"
    ),
    (#"{"duration": 3, "events": [{"at": 1, "key": ""}]}"#, "events[0].key", "key name"),
    (#"{"duration": 3, "events": [{"at": 1, "key": 5}]}"#, "events[0].key", "key name"),
    (
      #"{"duration": 3, "events": [{"at": 1, "down": [1, 2], "index": 2}]}"#, "events[0].index",
      "unknown field for a down event"
    ),
    (
      #"{"duration": 3, "events": [{"at": 1, "key": "b", "to": [1, 2]}]}"#, "events[0].to",
      "unknown field for a key event"
    ),
    (#"{"duration": 3, "events": [{"at": 1, "up": [1e6, 2]}]}"#, "events[0].up", "[x, y]"),
    (
      #"{"duration": 3, "events": [{"at": 1, "up": [1, 2]}, {"at": 1, "at": 2, "up": [1, 2]}]}"#,
      "events[1].at", "duplicate key"
    ),
    (#"{"duration": 3, "events": [{"at": NaN, "up": [1, 2]}]}"#, "events[0].at", "NaN"),
  ]

  @Test("bad scripts name the event and field", arguments: badScripts.indices)
  func badScript(_ i: Int) {
    let (text, path, reason) = Self.badScripts[i]
    do {
      let s = try InputScript.decode(Data(text.utf8), file: "s.json")
      Issue.record("accepted \(text): \(s)")
    } catch {
      let p = error.problems[0]
      #expect((p.path.isEmpty ? "(document)" : p.path) == path, "\(text) → \(error)")
      #expect(p.reason.contains(reason), "\(text) → \(error)")
      #expect(error.description.hasPrefix("s.json: \(path)"))
    }
  }

  @Test func eventsTakeEffectAtExactlyTheirTime() throws {
    let script = try InputScript.decode(Data(Self.specExample.utf8), file: "spec.json")
    var scene = Scene(preset: shipped("seed-000-fan.json"))
    var player = ScriptPlayer(script)
    player.run(&scene, until: 0.19)
    #expect(scene.fan.phase == .collapsed)
    player.run(&scene, until: 0.5)
    #expect(scene.fan.items[0].tweens.first?.start == 0.2, "the tap acts at exactly 0.2 s")
    #expect(scene.fan.phase(at: 0.5) == .expanding)
    player.run(&scene, until: 1.3)
    // fan.item index 2 was tapped at 1.3: the report comes at 1.6
    #expect(scene.fan.pendingReport?.index == 2)
    #expect(scene.fan.pendingReport?.at == 1.3 + 0.3)
    player.run(&scene, until: 1.6)
    #expect(scene.traceObject()["toast"] == .string("Photo tapped"))
    #expect(player.skipped.isEmpty)
  }

  @Test func aRecordedShowBubbleReplays() throws {
    // a long press dismisses the bubble; the recorder writes the window's
    // "show bubble" as the key show-bubble, and replaying it brings it back
    var live = Scene(preset: shipped("seed-002-bubble.json"))
    var recorder = ScriptRecorder()
    let c = live.bubble.center(at: 0)
    for (t, input) in [
      (0.5, SceneInput.pointerDown(c)), (2.0, .pointerUp(c)), (3.0, .command(.showBubble)),
    ] {
      live.advance(to: t)
      recorder.record(input, at: t)
      live.send(input)
    }
    #expect(live.bubble.phase != .hidden)
    let script = try InputScript.decode(
      Data(recorder.script(until: 4).text.utf8), file: "rec.json")
    var replay = Scene(preset: shipped("seed-002-bubble.json"))
    var player = ScriptPlayer(script)
    player.run(&replay, until: 2.5)
    #expect(replay.bubble.phase == .hidden)
    player.run(&replay, until: 4)
    #expect(replay.bubble.phase != .hidden)
  }

  @Test func dragTiming() throws {
    let script = InputScript(
      duration: 3,
      events: [
        ScriptEvent(at: 2.0, .drag(.named(.bubble, index: nil), to: Point(300, 500), over: 0.4))
      ])
    var scene = Scene(preset: shipped("seed-002-bubble.json"))
    let from = scene.bubble.center(at: 0)
    var player = ScriptPlayer(script)
    player.run(&scene, until: 1.999)
    #expect(scene.bubble.phase == .idle && scene.pointer == nil)
    player.run(&scene, until: 2.0)
    #expect(scene.pointer == from, "pressed at the bubble's centre at exactly 2.0")
    #expect(scene.bubble.isPressed)
    player.run(&scene, until: 2.2)
    #expect(scene.bubble.phase == .dragging)
    #expect(
      near(scene.bubble.center(at: 2.2), from + (Point(300, 500) - from) * 0.5, 1e-9),
      "half-way at half the time")
    player.run(&scene, until: 2.4 - 1e-6)
    #expect(scene.bubble.phase == .dragging)
    player.run(&scene, until: 2.4)
    #expect(scene.pointer == nil, "released at exactly 2.4")
    #expect(scene.bubble.phase == .snapping)
    #expect(near(scene.bubble.center(at: 2.4), Point(300, 500), 1e-9))
    player.run(&scene, until: 3)
    #expect(scene.bubble.center(at: 3) == Point(357, 500))
    #expect(player.isFinished)
  }

  @Test func dragMovesAreEvenlySpacedAt120PerSecond() {
    let script = InputScript(
      duration: 3,
      events: [ScriptEvent(at: 1, .drag(.point(Point(100, 300)), to: Point(100, 420), over: 0.5))])
    var scene = Scene(preset: Preset())
    var player = ScriptPlayer(script)
    var seen: [Point] = []
    var t = 1.0
    while t < 1.5 {
      player.run(&scene, until: t)
      if let p = scene.pointer { seen.append(p) }
      t += 1.0 / 120
    }
    // 60 moves over 0.5 s: 2 pt apart
    for (a, b) in zip(seen, seen.dropFirst()) {
      #expect(near(b.y - a.y, 2, 1e-6) || near(b.y - a.y, 0, 1e-6))
    }
    player.run(&scene, until: 1.5)
    #expect(scene.pointer == nil)
  }

  @Test func missingTargetsAreSkippedNotFatal() {
    let script = InputScript(
      duration: 2, events: [ScriptEvent(at: 0.5, .tap(.named(.bubbleMenu, index: 7)))])
    var scene = Scene(preset: Preset())
    var player = ScriptPlayer(script)
    player.run(&scene, until: 2)
    #expect(player.skipped.count == 1)
    #expect(player.skipped.first?.at == 0.5)
  }

  @Test func loadReadsFromDiskAndLeavesTheFile() throws {
    let dir = TestPaths.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let f = dir.appendingPathComponent("s.json")
    try Data(#"{"duration": 1, "events": [{"at": 2, "key": "b"}]}"#.utf8).write(to: f)
    do {
      _ = try InputScript.load(path: f.path)
      Issue.record("accepted")
    } catch {
      #expect(error.description.hasPrefix("\(f.path): events[0].at = 2: "))
    }
    #expect(
      try Data(contentsOf: f) == Data(#"{"duration": 1, "events": [{"at": 2, "key": "b"}]}"#.utf8))
  }
}
