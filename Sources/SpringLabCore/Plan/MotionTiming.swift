import Foundation

/// The timing figures of one motion (every part one gesture starts: a fan's
/// items, the bubble's snap…), computed once from the plan and shown the
/// same way by the curve graph, lint and the panel.
///
/// - `start`: seconds from the gesture until the first part moves (its delay).
/// - `total`: seconds from the gesture until the last part's last move ends
///   (a UIKit spring ends exactly at its duration, snapping to rest).
/// - `settle` (springs): the last time any part is outside ±`settleBand`
///   of its travel around where it rests, found by sampling every 0.5 ms
///   and bisecting the last crossing to 1 µs. Never after `total`.
/// - `overshoot` (springs): the largest excursion past where a part rests,
///   percent of its travel (0 when nothing overshoots).
public struct MotionTiming: Sendable, Equatable {
  /// One moving part: its moves (seconds after the gesture) and the values
  /// it starts from and rests at.
  public struct Part: Sendable, Equatable {
    public var track: Track
    public var from: Double
    public var to: Double

    public init(track: Track, from: Double, to: Double) {
      self.track = track
      self.from = from
      self.to = to
    }

    /// The part of a planned animation triggered at 0.
    public init(_ a: PlannedAnimation) {
      self.init(track: a.track(at: 0, from: a.from, carried: nil), from: a.from, to: a.to)
    }

    /// Progress (0 where it starts, 1 where it rests; a collapse runs 1 → 0)
    /// and its velocity per second, `t` seconds after the gesture.
    public func progress(_ t: Double) -> (x: Double, v: Double) {
      let d = to - from
      let s = track.sample(t)
      guard abs(d) > 1e-12 else { return (s.x, s.v) }
      let p = (s.x - from) / d
      let (a, b) = to < from ? (1.0, -1.0) : (0.0, 1.0)
      return (a + b * p, b * s.v / d)
    }

    /// Where progress rests: 1 for an expand, 0 for a collapse.
    var rest: Double { to < from ? 0 : 1 }

    var isSpring: Bool {
      track.tweens.contains { if case .spring = $0.curve { return true } else { return false } }
    }
  }

  /// ±0.5 % of travel: inside it a motion counts as settled.
  public static let settleBand = 0.005

  /// Whether any part moves on a spring (settle and overshoot apply).
  public var isSpring: Bool
  /// Seconds from the gesture until the first part starts moving.
  public var start: Double
  /// Seconds from the gesture until the last move ends.
  public var total: Double
  /// Springs: the last time any part is outside the settle band, seconds.
  public var settle: Double?
  /// Springs: the largest excursion past where a part rests, percent of travel.
  public var overshoot: Double?

  /// The figures of `parts` (nothing moving gives zeros).
  public init(parts: [Part]) {
    isSpring = parts.contains { $0.isSpring }
    start = parts.compactMap { $0.track.tweens.first?.start }.min() ?? 0
    total = max(0, parts.map { $0.track.end }.max() ?? 0)
    if isSpring {
      settle = parts.map(MotionTiming.settleTime).max() ?? 0
      overshoot = max(0, (parts.map { MotionTiming.peak($0).past }.max() ?? 0) * 100)
    }
  }

  /// The figures of planned animations triggered together.
  public init(_ animations: [PlannedAnimation]) {
    self.init(parts: animations.map(Part.init))
  }

  /// The last time `c` is outside the settle band around where it rests, seconds.
  public static func settleTime(_ c: Part) -> Double {
    let rest = c.rest
    func outside(_ t: Double) -> Bool { abs(c.progress(t).x - rest) > settleBand }
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

  /// Time of `c`'s largest excursion past where it rests and its size as a
  /// fraction of travel: the highest 0.5 ms sample, then a golden-section
  /// search around it (a loose spring's peak is too sharp for sampling alone).
  public static func peak(_ c: Part) -> (t: Double, past: Double) {
    let rest = c.rest
    let dir = rest == 1 ? 1.0 : -1.0
    func past(_ t: Double) -> Double { (c.progress(t).x - rest) * dir }
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
}

extension MotionPlan {
  /// The figures of every animation of `kind`, triggered together.
  public func timing(_ kind: PlannedAnimationKind) -> MotionTiming {
    MotionTiming(animations(kind))
  }

}

extension MotionTiming {
  /// The figures in words, total first (what lint's ≤ 0.6 s advice is
  /// about): "Total 0.580 s · settles 0.474 s · overshoot 3.8 %"; a tween
  /// gives its total alone. The panel's line and the exports' headers.
  public var line: String {
    var s = "Total \(Self.fixed(total, 3)) s"
    if let st = settle, let os = overshoot {
      s += " · settles \(Self.fixed(st, 3)) s · overshoot \(Self.fixed(os, 1)) %"
    }
    return s
  }

  static func fixed(_ v: Double, _ places: Int) -> String {
    let s = String(format: "%.\(places)f", v)
    // why: a zero figure never reads "-0.000"
    return Double(s) == 0 && s.hasPrefix("-") ? String(s.dropFirst()) : s
  }
}
