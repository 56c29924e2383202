/// A motion of the preset the curve graph (G) can show. Each one is a field
/// group of the preset (its trace `target` is `fieldPath`).
public enum GraphTarget: String, CaseIterable, Sendable, Equatable {
  case fanExpand, fanCollapse, bubbleSnap, bubbleMenu, keyboard

  /// The preset field group the motion reads (the trace's `graph.target`).
  public var fieldPath: String {
    switch self {
    case .fanExpand: return "fan.expand"
    case .fanCollapse: return "fan.collapse"
    case .bubbleSnap: return "bubble.snap"
    case .bubbleMenu: return "bubble.menu"
    case .keyboard: return "keyboard"
    }
  }

  /// The picker's label.
  public var title: String {
    switch self {
    case .fanExpand: return "Expand"
    case .fanCollapse: return "Collapse"
    case .bubbleSnap: return "Bubble snap"
    case .bubbleMenu: return "Bubble menu"
    case .keyboard: return "Keyboard"
    }
  }

  /// The motion played the other way, shown with "both" (expand ↔ collapse,
  /// menu open ↔ close); nil when there is none.
  public var paired: GraphTarget? {
    switch self {
    case .fanExpand: return .fanCollapse
    case .fanCollapse: return .fanExpand
    default: return nil
    }
  }

  /// The motion a preset field belongs to (`fan.expand.damping` → expand,
  /// `bubble.snapDamping` → snap); nil for fields that move nothing graphed.
  public init?(field: String) {
    if field.hasPrefix("fan.expand") || field.hasPrefix("fan.overshoot")
      || field.hasPrefix("fan.rotation.open") || field.hasPrefix("fan.rotation.angle")
    {
      self = .fanExpand
    } else if field.hasPrefix("fan.collapse") || field.hasPrefix("fan.rotation.close") {
      self = .fanCollapse
    } else if field.hasPrefix("bubble.snap") {
      self = .bubbleSnap
    } else if field.hasPrefix("bubble.menu") {
      self = .bubbleMenu
    } else {
      return nil
    }
  }

  /// The motion whose settings differ between two presets (the field being
  /// edited), nil when no graphed motion changed.
  public init?(changedFrom a: Preset, to b: Preset) {
    if a.fan.expand != b.fan.expand || a.fan.overshoot != b.fan.overshoot
      || a.fan.overshootOut != b.fan.overshootOut || a.fan.overshootBack != b.fan.overshootBack
      || a.fan.rotationOpen != b.fan.rotationOpen || a.fan.rotationAngle != b.fan.rotationAngle
    {
      self = .fanExpand
    } else if a.fan.collapse != b.fan.collapse || a.fan.rotationClose != b.fan.rotationClose {
      self = .fanCollapse
    } else if a.bubble.snapDuration != b.bubble.snapDuration
      || a.bubble.snapDamping != b.bubble.snapDamping
      || a.bubble.snapVelocity != b.bubble.snapVelocity
    {
      self = .bubbleSnap
    } else if a.bubble.menuDuration != b.bubble.menuDuration
      || a.bubble.menuDamping != b.bubble.menuDamping
      || a.bubble.menuVelocity != b.bubble.menuVelocity
      || a.bubble.menuCloseDuration != b.bubble.menuCloseDuration
    {
      self = .bubbleMenu
    } else {
      return nil
    }
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

    /// Progress and its velocity (per second) at `t` seconds after the gesture.
    public func sample(_ t: Double) -> (x: Double, v: Double) {
      let d = to - from
      let s = track.sample(t)
      guard abs(d) > 1e-12 else { return (s.x, s.v) }
      // why: a collapse is drawn as the 1 → 0 it is, not flipped
      let p = (s.x - from) / d
      let (a, b) = to < from ? (1.0, -1.0) : (0.0, 1.0)
      return (a + b * p, b * s.v / d)
    }
  }

  /// ±0.5 % of travel: inside it a motion counts as settled.
  public static let settleBand = 0.005

  public var target: GraphTarget
  public var curves: [Curve]
  /// Whether the motion's moves are springs (settle and overshoot apply).
  public var isSpring: Bool
  /// Seconds from the gesture until the last move ends (for a tween, its duration plus stagger).
  public var duration: Double
  /// Springs: the last time any part is outside the settle band, seconds.
  public var settle: Double?
  /// Springs: the largest excursion past where a part rests, percent of its
  /// travel (never negative: 0 when nothing overshoots).
  public var overshoot: Double?
  /// Time span drawn, seconds.
  public var tMax: Double
  /// Value range drawn, progress units: includes 0, 1 and every sample drawn.
  public var yMin: Double
  public var yMax: Double
  /// The sample step the curves are drawn with, seconds.
  public let step: Double

  /// A/B: the pinned settings' curves of the same motion (drawn dashed);
  /// empty without a comparison. The figures (settle, overshoot) are B's.
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
    let moving = main.filter { $0.kind != .rotation }
    isSpring = moving.contains { c in
      c.track.tweens.contains { if case .spring = $0.curve { return true } else { return false } }
    }
    duration = max(0, moving.map { $0.track.end }.max() ?? 0)
    if isSpring {
      settle = moving.map { MotionGraph.settleTime($0) }.max() ?? 0
      let peak = moving.map { MotionGraph.peakOvershoot($0) }.max() ?? 0
      overshoot = max(0, peak * 100)
    }
    let drawn = cs + compared
    let end = max(drawn.map { $0.track.end }.max() ?? 0, settle ?? 0, 0.05)
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
    let rest = c.to < c.from ? 0.0 : 1.0
    let dir = rest == 1 ? 1.0 : -1.0
    let (t, v) = peakSearch(c)
    return (t, rest + dir * v)
  }

  /// The last time `c` is outside the settle band around where it rests, seconds.
  static func settleTime(_ c: Curve) -> Double {
    let rest = c.to < c.from ? 0.0 : 1.0
    func outside(_ t: Double) -> Bool { abs(c.sample(t).x - rest) > settleBand }
    let end = c.track.end
    guard end.isFinite else { return 0 }
    let dt = 0.0005
    var t = end
    // why: scan back from the end: the first sample outside is the last one in time
    while t > 0 && !outside(t) { t -= dt }
    if t <= 0 && !outside(0) { return 0 }
    var a = max(0, t)
    var b = min(end, a + dt)
    while b - a > 1e-6 {
      let m = (a + b) / 2
      if outside(m) { a = m } else { b = m }
    }
    return b
  }

  /// Largest excursion of `c` past where it rests, as a fraction of travel:
  /// the highest 0.5 ms sample, then a golden-section search around it (a
  /// loose spring's peak is too sharp for sampling alone).
  static func peakOvershoot(_ c: Curve) -> Double { peakSearch(c).1 }

  static func peakSearch(_ c: Curve) -> (Double, Double) {
    let rest = c.to < c.from ? 0.0 : 1.0
    let dir = rest == 1 ? 1.0 : -1.0
    func past(_ t: Double) -> Double { (c.sample(t).x - rest) * dir }
    let dt = 0.0005
    var best = -Double.infinity
    var at = 0.0
    var t = 0.0
    let end = c.track.end
    guard end.isFinite else { return (0, 0) }
    while t <= end + 1e-9 {
      let v = past(t)
      if v > best { (best, at) = (v, t) }
      t += dt
    }
    var a = max(0, at - dt)
    var b = min(end, at + dt)
    let k = (5.0.squareRoot() - 1) / 2
    while b - a > 1e-7 {
      let m1 = b - k * (b - a)
      let m2 = a + k * (b - a)
      if past(m1) < past(m2) { a = m1 } else { b = m2 }
    }
    let mid = (a + b) / 2
    return past(mid) >= best ? (mid, past(mid)) : (at, best)
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
    case .keyboard:
      let tw = Tween(
        start: 0, from: 0, to: 1, duration: Scene.keyboardDuration, curve: .bezier(.easeInOut))
      return [
        Curve(kind: .value, paired: paired, track: Track(rest: 0, tweens: [tw]), from: 0, to: 1)
      ]
    }
  }
}
