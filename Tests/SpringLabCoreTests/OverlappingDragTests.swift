import Foundation
import SpringLabCore
import Testing

/// Overlapping drags cost what their script is long, not drags × length
/// (issue 22: 1,000 drags of 60 s spread over 30 s took 32 s to render, 4,000
/// took 161 s). Counted in pointer moves sent, never in seconds.
@Suite("Overlapping drags")
struct OverlappingDragTests {
  /// `n` drags `{"drag": [x, y], "to": [300, 500], "over": 60}` spread over 0…30 s.
  static func drags(_ n: Int) -> InputScript {
    var events: [ScriptEvent] = []
    for k in 0..<n {
      let from = Point(Double(20 + k % 300), Double(100 + k % 500))
      let at: Double = 30 * Double(k) / Double(n)
      events.append(ScriptEvent(at: at, .drag(.point(from), to: Point(300, 500), over: 60)))
    }
    return InputScript(duration: 100, events: events)
  }

  @Test func theNewestPressWinsAndMovesStayProportionalToTheScriptsLength() {
    for n in [10, 400] {
      var scene = Scene(preset: .seedDefault)
      var player = ScriptPlayer(Self.drags(n))
      var k = 0
      while !player.isFinished {
        k += 1
        player.run(&scene, until: Double(k) / 30)
      }
      // one pointer: at most one drag moves at any moment, so no more moves
      // than 120 per second of script (90 s: the last drag ends at 30 + 60 s)
      // plus one per drag for the step where it was superseded
      let bound = Int(90 * ScriptPlayer.dragRate) + 2 * n
      #expect(player.pointerMoves <= bound, "\(n) drags: \(player.pointerMoves) moves > \(bound)")
      // the newest drag runs to its end: the pointer is released at its target
      #expect(player.pointerMoves >= Int(60 * ScriptPlayer.dragRate), "\(n) drags")
    }
  }
}
