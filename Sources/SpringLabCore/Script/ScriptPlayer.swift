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

  /// One step of a drag in progress: move `step` of `steps` (then the
  /// release after the last), with the sequence numbers reserved when the
  /// drag fired so the order matches scheduling every move at once.
  private struct DragStep: Sendable {
    var from: Point
    var to: Point
    var start: Double
    var over: Double
    var step: Int
    var steps: Int
    var firstSeq: Int
    /// Which drag this is (the count of drags fired before it).
    var drag: Int

    var time: Double { start + over * (Double(step) / Double(steps)) }
  }

  private enum Work: Sendable {
    case event(ScriptAction)
    case drag(DragStep)
  }

  private struct Pending: Sendable {
    var t: Double
    var seq: Int
    var work: Work
  }

  // why: a min-heap on (t, seq); scripts may hold 10⁶ events. A drag keeps
  // one pending step, not all of its moves: memory stays proportional to the
  // script, however long or overlapping its drags (400 overlapping 60 s drags
  // once held 2.9 million scheduled inputs, 2.6 GB)
  private var queue: MinHeap<Pending>
  private var seq = 0
  // why: the newest press wins; a queued step of an older drag is dropped
  // when it comes up (one stale step per superseded drag, never its moves)
  private var drags = 0
  /// Pointer moves sent so far, drag steps and `move` events: the work
  /// playing has cost (the bench and the tests read it).
  public private(set) var pointerMoves = 0
  /// Script events that could not act (target missing), with their times.
  public private(set) var skipped: [(at: Double, reason: String)] = []

  public init(_ script: InputScript) {
    queue = MinHeap(
      script.events.enumerated().map {
        Pending(t: $0.element.at, seq: $0.offset, work: .event($0.element.action))
      },
      by: { ($0.t, $0.seq) < ($1.t, $1.seq) })
    seq = script.events.count
  }

  public var isFinished: Bool { queue.isEmpty }

  /// Scene time of the next event due, seconds; nil when finished.
  public var nextTime: Double? { queue.peek?.t }

  /// Applies every event with time ≤ `t`, advancing the scene to each event's
  /// time first, then advances the scene to `t`.
  public mutating func run(_ scene: inout Scene, until t: Double) {
    while let first = queue.peek, first.t <= t {
      _ = queue.pop()
      scene.advance(to: first.t)
      switch first.work {
      case .event(let action): fire(action, at: first.t, scene: &scene)
      case .drag(let d): step(d, scene: &scene)
      }
    }
    scene.advance(to: t)
  }

  /// Sends one drag move (and the release after the last) and queues the next.
  private mutating func step(_ d: DragStep, scene: inout Scene) {
    guard d.drag == drags else { return }
    let f = Double(d.step) / Double(d.steps)
    pointerMoves += 1
    scene.send(.pointerMove(d.from + (d.to - d.from) * f))
    if d.step == d.steps {
      scene.send(.pointerUp(d.to))
      return
    }
    var next = d
    next.step += 1
    queue.push(Pending(t: next.time, seq: d.firstSeq + next.step - 1, work: .drag(next)))
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
      // why: steps + 1 numbers (moves and the release), as if all were queued now
      drags += 1
      let first = DragStep(
        from: from, to: to, start: t, over: over, step: 1, steps: steps, firstSeq: seq + 1,
        drag: drags)
      seq += steps + 1
      queue.push(Pending(t: first.time, seq: first.firstSeq, work: .drag(first)))
    case .key(let k): scene.send(.key(k))
    case .down(let p): scene.send(.pointerDown(p))
    case .move(let p):
      pointerMoves += 1
      scene.send(.pointerMove(p))
    case .up(let p): scene.send(.pointerUp(p))
    case .set(let values):
      var p = scene.preset
      for (path, value) in values.sorted(by: { $0.key < $1.key }) {
        if let f = PresetField.named(path) { _ = PresetReader.apply(f, value, to: &p) }
      }
      scene.send(.setPreset(p))
    }
  }
}
