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

/// The spans the graph is drawn over: time 0…`tMax` seconds, progress
/// `yMin`…`yMax` (fractions of travel).
public struct GraphAxes: Sendable, Equatable {
  public var tMax: Double
  public var yMin: Double
  public var yMax: Double

  public init(_ g: MotionGraph) {
    tMax = g.tMax
    yMin = g.yMin
    yMax = g.yMax
  }
}

extension StudioState {
  /// The graph of what the graph card shows now. While a handle on the graph
  /// is dragged its axes stay as they were at the press: the curve changes
  /// under a fixed scale, so the handle stays under the pointer (rescaling
  /// to each new curve moved it away: 28 px took damping 0.53 → 0.786).
  public var motionGraph: MotionGraph {
    var g = MotionGraph(
      preset: preset, target: graphSettings.target, paired: graphSettings.paired,
      compare: compare?.pinned)
    if let a = gesture?.heldAxes {
      g.tMax = a.tMax
      g.yMin = a.yMin
      g.yMax = a.yMax
    }
    return g
  }

  mutating func choose(_ c: GraphChoice) {
    switch c {
    case .target(let t): graphSettings.target = t
    case .toggleVelocity: graphSettings.velocity.toggle()
    case .togglePaired: graphSettings.paired.toggle()
    }
  }

  /// When the graphed motion last began on the canvas (scene seconds), while
  /// it is the part's latest motion; nil otherwise. The playhead is gone once
  /// the graph's span has passed, and at once when another motion of the
  /// same part starts (a collapse after an expand, a press or a menu after
  /// a snap, a drag or a snap after the menu opened, the keyboard hiding).
  public var graphMotionStart: Double? {
    let now = scene.now
    let start: Double?
    switch graphSettings.target {
    case .fanExpand, .fanCollapse:
      let phase = scene.fan.phase(at: now)
      let playing =
        graphSettings.target == .fanExpand
        ? phase == .expanding || phase == .expanded
        : phase == .collapsing || phase == .collapsed
      start = playing ? scene.fan.items.compactMap({ $0.tweens.first?.start }).min() : nil
    case .bubbleSnap:
      let b = scene.bubble
      let snap = b.xTrack.tweens.first?.start
      let menu = b.menuTrack.tweens.first?.start ?? -.infinity
      let moving = b.phase == .snapping || (b.phase == .idle && !b.isPressed)
      start = snap.flatMap { $0 > menu && moving ? $0 : nil }
    case .bubbleMenu:
      let b = scene.bubble
      let menu = b.menuTrack.tweens.first?.start
      let snap = b.phase == .snapping ? b.xTrack.tweens.first?.start ?? -.infinity : -.infinity
      start = menu.flatMap { b.menuOpen && b.phase != .dragging && $0 > snap ? $0 : nil }
    case .keyboard:
      start = scene.keyboardShown ? scene.keyboardSlideStart : nil
    // why: a registered control's tracks are its own; the graph shows no playhead for it
    case .registered: start = nil
    }
    return start
  }

  /// The playhead: seconds since `graphMotionStart`, within the graph's span.
  public var graphPlayhead: Double? {
    guard let start = graphMotionStart else { return nil }
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
