import Testing

@testable import SpringLabCore

/// Scene commands are typed in code; scripts keep their key names.
@Suite("Scene commands")
struct SceneCommandTests {
  static let all: [SceneCommand] = [
    .toggleKeyboard, .rotate, .toggleFan, .escape, .toggleBubbleMenu, .showBubble, .replaySnap,
    .control("x"),
  ]

  @Test func everyNameReadsBackAsItsCommand() {
    for c in Self.all { #expect(SceneCommand(name: c.name) == c, "\(c)") }
  }

  @Test func theNamesAreTheScriptFormatsOwn() {
    #expect(Self.all.map(\.name) == ["k", "o", "space", "escape", "b", "show-bubble", "snap", "x"])
    #expect(SceneCommand(name: "keyboard") == .toggleKeyboard)
    #expect(SceneCommand(name: "rotate") == .rotate)
  }

  @Test func aRecordedCommandIsTheKeyEventScriptsAlwaysHad() {
    var r = ScriptRecorder()
    r.record(.command(.toggleFan), at: 1)
    r.record(.command(.toggleKeyboard), at: 2)
    r.record(.command(.showBubble), at: 3)
    let keys = r.script(until: 4).events.compactMap { e -> String? in
      if case .key(let k) = e.action { return k }
      return nil
    }
    #expect(keys == ["space", "k", "show-bubble"])
  }
}
