import Foundation
import Testing

@testable import SpringLabCore

@Suite("Script limits")
struct ScriptLimitTests {
  @Test func theParserStopsAtTheArrayLimitBeforeReadingFurther() {
    #expect(throws: JSONSyntaxError.self) {
      _ = try StrictJSONParser.parse(Data("[1,2,3]".utf8), maxArrayCount: 2)
    }
    #expect(
      (try? StrictJSONParser.parse(Data("[1,2]".utf8), maxArrayCount: 2))
        == .array([.number(1), .number(2)]))
    // the item past the limit is not parsed: a syntax error there is never reached
    do {
      _ = try StrictJSONParser.parse(Data("[1,2,#".utf8), maxArrayCount: 2)
      Issue.record("accepted")
    } catch {
      #expect(error.reason == "more than 2 items")
    }
  }

  /// The 0.1 player: every drag move queued when the drag fires (taps and
  /// drags only), the reference the one-step-at-a-time queue must match.
  struct EagerPlayer {
    enum Work {
      case action(ScriptAction)
      case raw(SceneInput)
    }
    var queue: [(t: Double, seq: Int, work: Work)]
    var seq: Int

    init(_ s: InputScript) {
      queue = s.events.enumerated().map { ($0.element.at, $0.offset, .action($0.element.action)) }
      seq = s.events.count
    }

    mutating func run(_ scene: inout Scene, until t: Double) {
      while let k = queue.indices.min(by: {
        (queue[$0].t, queue[$0].seq) < (queue[$1].t, queue[$1].seq)
      }),
        queue[k].t <= t
      {
        let item = queue.remove(at: k)
        scene.advance(to: item.t)
        switch item.work {
        case .raw(let input): scene.send(input)
        case .action(.tap(let target)):
          guard let p = point(target, scene) else { continue }
          scene.send(.pointerDown(p))
          scene.send(.pointerUp(p))
        case .action(.drag(let target, let to, let over)):
          guard let from = point(target, scene) else { continue }
          scene.send(.pointerDown(from))
          let steps = max(1, Int((over * ScriptPlayer.dragRate).rounded(.up)))
          for k in 1...steps {
            let f = Double(k) / Double(steps)
            seq += 1
            queue.append((item.t + over * f, seq, .raw(.pointerMove(from + (to - from) * f))))
          }
          seq += 1
          queue.append((item.t + over, seq, .raw(.pointerUp(to))))
        default: break
        }
      }
      scene.advance(to: t)
    }

    func point(_ t: ScriptTarget, _ scene: Scene) -> Point? {
      switch t {
      case .point(let p): return p
      case .named(let n, let i): return scene.targetPoint(n, index: i)
      }
    }
  }

  @Test func dragsQueuedOneStepAtATimePlayExactlyAsTheEagerScheduleDid() {
    // overlapping drags, one with a zero duration, and a tap at the instant of a move
    let script = InputScript(
      duration: 2,
      events: [
        ScriptEvent(at: 0.1, .drag(.named(.bubble, index: nil), to: Point(100, 300), over: 0.5)),
        ScriptEvent(at: 0.2, .drag(.point(Point(250, 450)), to: Point(120, 320), over: 0.25)),
        ScriptEvent(at: 0.25, .tap(.named(.fanMain, index: nil))),
        ScriptEvent(at: 0.3, .drag(.point(Point(300, 500)), to: Point(310, 510), over: 0)),
        ScriptEvent(at: 0.9, .drag(.named(.bubble, index: nil), to: Point(300, 600), over: 0.4)),
      ])
    var a = Scene(preset: .seedDefault)
    var b = Scene(preset: .seedDefault)
    var lazy = ScriptPlayer(script)
    var eager = EagerPlayer(script)
    let view = ViewTransform(x: 0, y: 0, scale: 1)
    for k in 0...240 {
      let t = Double(k) / 120
      lazy.run(&a, until: t)
      eager.run(&b, until: t)
      #expect(a.trace(frame: k, view: view) == b.trace(frame: k, view: view), "t = \(t)")
    }
    #expect(lazy.isFinished && eager.queue.isEmpty)
  }
}
