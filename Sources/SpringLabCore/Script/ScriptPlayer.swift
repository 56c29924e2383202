/// Plays an input script into a scene: every event takes effect at exactly
/// its `at`; named targets are resolved when the event fires; a drag becomes
/// a press, moves every 1/120 s along a straight line, and a release.
///
/// Drags that overlap: the newest press wins. A drag that fires while an
/// older one is still moving takes the pointer over; the older one stops
/// where it was (its remaining moves and its release are dropped). So at
/// most one drag moves at any moment, and playing costs a fixed amount per
/// event plus at most `dragRate` moves per second of script, whatever the
/// overlap.
public struct ScriptPlayer: Sendable {
  /// Moves per second generated for drags (independent of any frame rate).
  public static let dragRate = 120.0

  /// The next step of the drag in progress: move `step` of `steps` (then
  /// the release after the last).
  private struct DragStep: Sendable {
    var from: Point
    var to: Point
    var start: Double
    var over: Double
    var step: Int
    var steps: Int

    var time: Double { start + over * (Double(step) / Double(steps)) }
  }

  // why: the script's events in firing order (time, then position in the
  // script) and a cursor, plus the one drag that moves: the newest press
  // wins, so an older drag's steps never need to be kept. Playing is then a
  // merge of two sorted streams, linear in events plus drag moves whatever
  // the overlap (a heap of every event and every superseded drag's pending
  // step cost 3.4× as much as the same number of moves)
  private let events: [ScriptAction]
  private let times: [Double]
  private var next = 0
  private var drag: DragStep?
  /// Pointer moves sent so far, drag steps and `move` events: the work
  /// playing has cost (the bench and the tests read it).
  public private(set) var pointerMoves = 0
  /// Script events that could not act (target missing), with their times.
  public private(set) var skipped: [(at: Double, reason: String)] = []

  public init(_ script: InputScript) {
    let order = script.events.indices.sorted {
      (script.events[$0].at, $0) < (script.events[$1].at, $1)
    }
    events = order.map { script.events[$0].action }
    times = order.map { script.events[$0].at }
  }

  public var isFinished: Bool { next == times.count && drag == nil }

  /// Scene time of the next event due, seconds; nil when finished.
  public var nextTime: Double? {
    let e = next < times.count ? times[next] : nil
    switch (e, drag?.time) {
    case (let a?, let b?): return min(a, b)
    case (let a?, nil): return a
    case (nil, let b?): return b
    case (nil, nil): return nil
    }
  }

  /// Applies every event with time ≤ `t`, advancing the scene to each event's
  /// time first, then advances the scene to `t`.
  public mutating func run(_ scene: inout Scene, until t: Double) {
    while true {
      let eventTime = next < times.count ? times[next] : .infinity
      // why: at equal times a script event goes first: its sequence number
      // (its place in the script) is below every drag step's
      if let d = drag, d.time < eventTime, d.time <= t {
        drag = nil
        scene.advance(to: d.time)
        step(d, scene: &scene)
      } else if eventTime <= t {
        let action = events[next]
        next += 1
        scene.advance(to: eventTime)
        fire(action, at: eventTime, scene: &scene)
      } else {
        break
      }
    }
    scene.advance(to: t)
  }

  /// Sends one drag move (and the release after the last) and queues the next.
  private mutating func step(_ d: DragStep, scene: inout Scene) {
    let f = Double(d.step) / Double(d.steps)
    pointerMoves += 1
    scene.send(.pointerMove(d.from + (d.to - d.from) * f))
    if d.step == d.steps {
      scene.send(.pointerUp(d.to))
      return
    }
    var following = d
    following.step += 1
    drag = following
  }

  private func resolve(_ target: ScriptTarget, _ scene: Scene) -> Point? {
    switch target {
    case .point(let p): return p
    case .named(let n, let i): return scene.targetPoint(n, index: i)
    }
  }

  private mutating func fire(_ action: ScriptAction, at t: Double, scene: inout Scene) {
    switch action {
    case .tap(let target):
      guard let p = resolve(target, scene) else {
        skipped.append((t, "tap target not present"))
        return
      }
      scene.send(.pointerDown(p))
      scene.send(.pointerUp(p))
    case .drag(let target, let to, let over):
      guard let from = resolve(target, scene) else {
        skipped.append((t, "drag target not present"))
        return
      }
      scene.send(.pointerDown(from))
      let steps = max(1, Int((over * ScriptPlayer.dragRate).rounded(.up)))
      // why: the newest press wins; an older drag still moving stops here
      drag = DragStep(from: from, to: to, start: t, over: over, step: 1, steps: steps)
    case .key(let k): scene.send(.command(SceneCommand(name: k)))
    case .down(let p): scene.send(.pointerDown(p))
    case .move(let p):
      pointerMoves += 1
      scene.send(.pointerMove(p))
    case .up(let p): scene.send(.pointerUp(p))
    case .set(let values):
      // why: the same apply path as the window's panel edits (`Preset.set`)
      scene.send(.setPreset(scene.preset.setting(scene.preset.settings(fromJSON: values))))
    }
  }
}
