/// Plays an input script into a scene: every event takes effect at exactly
/// its `at`; named targets are resolved when the event fires; a drag becomes
/// a press, moves every 1/120 s along a straight line, and a release.
public struct ScriptPlayer: Sendable {
  /// Moves per second generated for drags (independent of any frame rate).
  public static let dragRate = 120.0

  private struct Pending: Sendable {
    var t: Double
    var seq: Int
    var action: ScriptAction
    var raw: SceneInput?
  }

  // why: a min-heap on (t, seq); scripts may hold 10⁶ events and drags
  // schedule moves between them
  private var queue: MinHeap<Pending>
  private var seq = 0
  /// Script events that could not act (target missing), with their times.
  public private(set) var skipped: [(at: Double, reason: String)] = []

  public init(_ script: InputScript) {
    queue = MinHeap(
      script.events.enumerated().map {
        Pending(t: $0.element.at, seq: $0.offset, action: $0.element.action, raw: nil)
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
      if let raw = first.raw {
        scene.send(raw)
      } else {
        fire(first.action, at: first.t, scene: &scene)
      }
    }
    scene.advance(to: t)
  }

  private mutating func schedule(_ input: SceneInput, at t: Double) {
    seq += 1
    queue.push(Pending(t: t, seq: seq, action: .key(""), raw: input))
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
      for k in 1...steps {
        let f = Double(k) / Double(steps)
        schedule(.pointerMove(from + (to - from) * f), at: t + over * f)
      }
      schedule(.pointerUp(to), at: t + over)
    case .key(let k): scene.send(.key(k))
    case .down(let p): scene.send(.pointerDown(p))
    case .move(let p): scene.send(.pointerMove(p))
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
