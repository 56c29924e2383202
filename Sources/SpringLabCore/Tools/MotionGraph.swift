/// A motion of the preset the curve graph (G) can show: the picker's
/// choices, each a `MotionID` whose descriptor gives its name, fields and pair.
public enum GraphTarget: CaseIterable, Sendable, Equatable, Hashable {
  case fanExpand, fanCollapse, bubbleSnap, bubbleMenu, keyboard
  /// A spring of a control registered in `ControlRegistry.more`.
  case registered(MotionID)

  /// The built-in five, then one per spring motion of a registered control.
  public static var allCases: [GraphTarget] {
    [.fanExpand, .fanCollapse, .bubbleSnap, .bubbleMenu, .keyboard]
      + MotionDescriptor.registered.filter { $0.spring != nil }.map { .registered($0.id) }
  }

  /// The motion shown.
  public var motion: MotionID {
    switch self {
    case .fanExpand: return .fanExpand
    case .fanCollapse: return .fanCollapse
    case .bubbleSnap: return .bubbleSnap
    case .bubbleMenu: return .bubbleMenuOpen
    case .keyboard: return .keyboard
    case .registered(let id): return id
    }
  }

  /// The graph showing `motion`, nil when the graph has no choice for it.
  public init?(motion: MotionID) {
    guard let t = GraphTarget.allCases.first(where: { $0.motion == motion }) else { return nil }
    self = t
  }

  /// The motion's description.
  public var descriptor: MotionDescriptor { motion.descriptor }

  /// The preset field group the motion reads (the trace's `graph.target`).
  public var fieldPath: String { descriptor.path }

  /// The picker's label.
  public var title: String { descriptor.title }

  /// The motion played the other way, shown with "both" (expand ↔ collapse);
  /// nil when the graph has no choice for it (the menu's close is drawn with its open).
  public var paired: GraphTarget? { descriptor.paired.flatMap(GraphTarget.init(motion:)) }

  /// The preset fields whose edit shows this graph: the motion's own and
  /// those of the motions drawn with it.
  public var fields: [FieldID] {
    descriptor.fields + descriptor.drawnWith.flatMap { $0.descriptor.fields }
  }

  /// The graph that shows the motion an edit of `field` changes (the first
  /// in picker order: the main button's angle shows with the expand); nil
  /// for fields that move nothing graphed.
  public init?(editing field: FieldID) {
    guard let t = GraphTarget.allCases.first(where: { $0.fields.contains(field) }) else {
      return nil
    }
    self = t
  }
}

/// What the curve graph shows for one motion: each moving part's progress
/// (0 = where it starts, 1 = where it rests, so overshoot is above 1 on an
/// expand and below 0 on a collapse) against seconds since the gesture, and
/// the figures a designer tunes by.
///
/// Settle rule: the last time any part is outside ±0.5 % of its travel
/// around where it comes to rest (`settleBand`), found by sampling every
/// 0.5 ms and bisecting the last crossing to 1 µs.
public struct MotionGraph: Sendable {
  /// One drawn curve.
  public struct Curve: Sendable {
    public enum Kind: Sendable, Equatable {
      /// Fan item `i` (0-based) or the bubble menu's items.
      case item(Int)
      /// The main button's rotation, as a fraction of its angle.
      case rotation
      /// The one value of a single-part motion (bubble, keyboard).
      case value
    }
    public var kind: Kind
    /// The curve belongs to the paired motion (drawn thinner, dashed legend).
    public var paired: Bool
    /// The moves, seconds after the gesture.
    public var track: Track
    /// Value at 0 and at rest: progress is `(x − from) / (to − from)`.
    public var from: Double
    public var to: Double

    /// The curve as a timing part (the same progress mapping).
    public var part: MotionTiming.Part { MotionTiming.Part(track: track, from: from, to: to) }

    /// Progress and its velocity (per second) at `t` seconds after the gesture.
    public func sample(_ t: Double) -> (x: Double, v: Double) { part.progress(t) }
  }

  /// ±0.5 % of travel: inside it a motion counts as settled (`MotionTiming`'s band).
  public static let settleBand = MotionTiming.settleBand

  public var target: GraphTarget
  public var curves: [Curve]
  /// The motion's figures (its moving parts, the rotation left out), the
  /// same `MotionTiming` lint and the panel show.
  public var timing: MotionTiming
  /// A's figures when a comparison is drawn.
  public var comparedTiming: MotionTiming?
  /// Whether the motion's moves are springs (settle and overshoot apply).
  public var isSpring: Bool { timing.isSpring }
  /// Seconds from the gesture until the last move ends (the total time).
  public var duration: Double { timing.total }
  /// Springs: the last time any part is outside the settle band, seconds.
  public var settle: Double? { timing.settle }
  /// Springs: the largest excursion past where a part rests, percent of its
  /// travel (never negative: 0 when nothing overshoots).
  public var overshoot: Double? { timing.overshoot }
  /// Time span drawn, seconds.
  public var tMax: Double
  /// Value range drawn, progress units: includes 0, 1 and every sample drawn.
  public var yMin: Double
  public var yMax: Double
  /// The sample step the curves are drawn with, seconds.
  public let step: Double

  /// A/B: the pinned settings' curves of the same motion (drawn dashed);
  /// empty without a comparison. `timing` is B's, `comparedTiming` A's.
  public var compared: [Curve]

  /// The graph of `target` in `preset`, with its paired motion when `paired`
  /// and A's curves when `compare` (the pinned preset) is given; the time
  /// and value ranges cover everything drawn.
  /// With `sampled: false` the value range is left at 0…1 (for figures only).
  public init(
    preset: Preset, target: GraphTarget, paired: Bool = false, compare: Preset? = nil,
    step: Double = 1.0 / 240, sampled: Bool = true
  ) {
    self.target = target
    self.step = step
    compared = compare.map { MotionGraph.curves($0, target, paired: false) } ?? []
    var cs = MotionGraph.curves(preset, target, paired: false)
    let main = cs
    if paired, let other = target.paired {
      cs += MotionGraph.curves(preset, other, paired: true)
    } else if paired, target == .bubbleMenu,
      let close = MotionPlan.bubble(preset.bubble).first(where: { $0.kind == .bubbleMenuClose })
    {
      // why: the menu closes with its own ease-in, not the open spring reversed
      cs.append(
        Curve(
          kind: .value, paired: true, track: close.track(at: 0, from: close.from, carried: nil),
          from: close.from, to: close.to))
    }
    curves = cs
    timing = MotionTiming(parts: main.filter { $0.kind != .rotation }.map(\.part))
    let comparedMoving = compared.filter { $0.kind != .rotation }
    comparedTiming = comparedMoving.isEmpty ? nil : MotionTiming(parts: comparedMoving.map(\.part))
    let drawn = cs + compared
    let end = max(drawn.map { $0.track.end }.max() ?? 0, timing.settle ?? 0, 0.05)
    tMax = end * 1.15
    var lo = 0.0
    var hi = 1.0
    var t = sampled ? 0.0 : .infinity
    while t <= tMax + 1e-9 {
      for c in drawn {
        let x = c.sample(t).x
        lo = min(lo, x)
        hi = max(hi, x)
      }
      t += step
    }
    // why: headroom so a peak never touches the card's edge
    let pad = (hi - lo) * 0.06
    yMin = lo - pad
    yMax = hi + pad
  }

  /// The first moving part (the one that starts first), whose peak the graph's handle edits.
  public var lead: Curve? { MotionGraph.lead(curves) }

  /// The moving part of `curves` that starts first.
  public static func lead(_ curves: [Curve]) -> Curve? {
    curves.filter { !$0.paired && $0.kind != .rotation }
      .min { ($0.track.tweens.first?.start ?? 0) < ($1.track.tweens.first?.start ?? 0) }
  }

  /// Time and progress of `c`'s largest excursion past where it rests.
  public static func peak(_ c: Curve) -> (t: Double, x: Double) {
    let part = c.part
    let dir = part.to < part.from ? -1.0 : 1.0
    let p = MotionTiming.peak(part)
    return (p.t, (dir == 1 ? 1 : 0) + dir * p.past)
  }

  /// The curves of one motion, times relative to its gesture at 0, read
  /// from the preset's `MotionPlan` (the same animations the runtime plays).
  public static func curves(_ preset: Preset, _ target: GraphTarget, paired: Bool) -> [Curve] {
    func curve(_ a: PlannedAnimation, _ kind: Curve.Kind) -> Curve {
      Curve(
        kind: kind, paired: paired, track: a.track(at: 0, from: a.from, carried: nil),
        from: a.from, to: a.to)
    }
    switch target {
    case .fanExpand, .fanCollapse:
      let expand = target == .fanExpand
      var out = MotionPlan.fanItems(preset.fan, expand: expand).enumerated().map { i, a in
        curve(a, .item(i))
      }
      if preset.fan.rotationAngle != 0 {
        out.append(curve(MotionPlan.rotation(preset.fan, open: expand), .rotation))
      }
      return out
    case .bubbleSnap:
      return MotionPlan.bubble(preset.bubble).filter { $0.kind == .bubbleSnap }.map {
        curve($0, .value)
      }
    case .bubbleMenu:
      return MotionPlan.bubble(preset.bubble).filter { $0.kind == .bubbleMenuOpen }.map {
        curve($0, .value)
      }
    case .registered(let id):
      return MotionPlan(preset).animations.filter { $0.motion == id }.map { curve($0, .value) }
    case .keyboard:
      let tw = Tween(
        start: 0, from: 0, to: 1, duration: Scene.keyboardDuration, curve: .bezier(.easeInOut))
      return [
        Curve(kind: .value, paired: paired, track: Track(rest: 0, tweens: [tw]), from: 0, to: 1)
      ]
    }
  }
}
