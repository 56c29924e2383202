import SpringLabCore

/// What the curve graph shows: which motion, and its options.
public struct GraphSettings: Sendable, Equatable {
  /// The motion graphed; follows the field being edited in the panel.
  public var target: GraphTarget = .fanExpand
  /// Draw the first part's velocity too (its own axis, on the right).
  public var velocity = false
  /// Draw the paired motion too (expand with collapse), thinner.
  public var paired = false
  public init() {}
}

/// A choice made on the graph card's picker row.
public enum GraphChoice: Sendable, Equatable {
  case target(GraphTarget)
  case toggleVelocity
  case togglePaired
}

extension StudioState {
  /// The graph of what the graph card shows now.
  public var motionGraph: MotionGraph {
    MotionGraph(preset: preset, target: graphSettings.target, paired: graphSettings.paired)
  }

  mutating func choose(_ c: GraphChoice) {
    switch c {
    case .target(let t): graphSettings.target = t
    case .toggleVelocity: graphSettings.velocity.toggle()
    case .togglePaired: graphSettings.paired.toggle()
    }
  }

  /// Seconds since the graphed motion began on the canvas, when the canvas
  /// is playing that motion now; nil otherwise (no stale playhead: after a
  /// collapse the expand graph shows none).
  public var graphPlayhead: Double? {
    let fan = scene.fan
    let phase = fan.phase(at: scene.now)
    let playing: Bool
    switch graphSettings.target {
    case .fanExpand: playing = phase == .expanding || phase == .expanded
    case .fanCollapse: playing = phase == .collapsing || phase == .collapsed
    default: playing = false
    }
    guard playing, let start = fan.items.compactMap({ $0.tweens.first?.start }).min()
    else { return nil }
    let local = scene.now - start
    guard local >= 0, local <= motionGraph.tMax else { return nil }
    return local
  }

  /// The trace object for the current frame: the scene's (docs/FORMATS.md) plus a
  /// `graph` object while the curve graph shows.
  public func trace(frame: Int, view: ViewTransform) -> JSONValue {
    let base = withBackdrop(scene.trace(frame: frame, view: view))
    guard overlays.graph, case .object(var members) = base else { return base }
    let g = motionGraph
    func n(_ d: Double?) -> JSONValue {
      guard let d else { return .null }
      let r = (d * 1000).rounded() / 1000
      return .number(r == 0 ? 0 : r)
    }
    // why: round outward so the stated range still contains every value drawn
    func down(_ d: Double) -> JSONValue { .number((d * 1000).rounded(.down) / 1000) }
    func up(_ d: Double) -> JSONValue { .number((d * 1000).rounded(.up) / 1000) }
    members.append(
      (
        "graph",
        .object([
          ("target", .string(g.target.fieldPath)), ("tMax", n(g.tMax)), ("yMin", down(g.yMin)),
          ("yMax", up(g.yMax)), ("settle", n(g.settle)),
          ("overshoot", n(g.overshoot)),
        ])
      ))
    return .object(members)
  }
}
