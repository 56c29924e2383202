/// Builds the per-item progress tracks for an expand or collapse (progress
/// 0 = at the main button, 1 = at the resting point).
public enum FanMotionBuilder {
  /// Per-item start delays, seconds, for `order` (`forward`, `reverse`,
  /// `center` = middle item first).
  public static func delays(count n: Int, stagger: Double, order: String) -> [Double] {
    switch order {
    case "reverse": return (0..<n).map { Double(n - 1 - $0) * stagger }
    case "center":
      let c = Double(n - 1) / 2
      let dist = (0..<n).map { abs(Double($0) - c) }
      let lo = dist.min() ?? 0
      return dist.map { ($0 - lo) * stagger }
    default: return (0..<n).map { Double($0) * stagger }
    }
  }

  /// The timing curve named by a preset, nil for `spring`.
  public static func bezier(_ m: FanMotion) -> CubicBezier? {
    switch m.curve {
    case "spring": return nil
    case "easeIn": return .easeIn
    case "easeOut": return .easeOut
    case "easeInOut": return .easeInOut
    case "default": return .caDefault
    case "linear": return .linear
    default: return m.bezier.curve
    }
  }

  /// One move of `m`'s curve from `from` to `to`, starting at `start` with
  /// velocity `v0` (progress per second; nil = the preset's UIKit velocity).
  public static func tween(
    _ m: FanMotion, start: Double, from: Double, to: Double, v0: Double?, duration: Double? = nil
  )
    -> Tween
  {
    let d = duration ?? m.duration
    if let b = bezier(m) {
      return Tween(start: start, from: from, to: to, v0: v0 ?? 0, duration: d, curve: .bezier(b))
    }
    let travel = to - from
    // why: UIKit picks ω0 from the velocity in "distances per second"; an
    // interrupted move carries its real velocity, expressed in that unit
    let uikitV: Double
    if let v = v0 { uikitV = abs(travel) > 1e-9 ? v / travel : 0 } else { uikitV = m.velocity }
    var t = Tween.uikit(
      start: start, from: from, to: to, duration: d, damping: m.damping, velocity: uikitV)
    if let v = v0 { t.v0 = v }
    return t
  }

  /// Tracks moving every item to `target` (1 = open, 0 = closed) from its
  /// current progress. `current` gives (progress, velocity) per item; with
  /// `immediate` (an interruption) delays are dropped so nothing freezes mid-air.
  public static func build(
    _ m: FanMotion, fan: FanPreset, target: Double, at t0: Double,
    current: [(x: Double, v: Double)],
    immediate: Bool
  ) -> [Track] {
    let n = current.count
    let stagger: [Double]
    switch m.variant {
    case "allAtOnce": stagger = Array(repeating: 0, count: n)
    case "sequential":
      // seed 003: each item starts when the previous one ends
      stagger = delays(count: n, stagger: m.duration, order: m.order)
    default: stagger = delays(count: n, stagger: m.stagger, order: m.order)
    }
    return (0..<n).map { i in
      let (p, v) = current[i]
      let start = t0 + (immediate ? 0 : stagger[i])
      let carried: Double? = immediate ? v : nil
      if m.variant == "overshoot", target == 1, fan.radius > 0 {
        // KYCircleMenu: out to radius + overshoot (ease-in-out), then back
        let peak = 1 + fan.overshoot / fan.radius
        let out = Tween(
          start: start, from: p, to: peak, v0: carried ?? 0, duration: fan.overshootOut,
          curve: .bezier(.easeInOut))
        let back = Tween(
          start: out.end, from: peak, to: 1, duration: fan.overshootBack, curve: .bezier(.easeInOut)
        )
        return Track(rest: p, tweens: [out, back])
      }
      var mm = m
      if m.variant == "overshoot" { mm.curve = "easeInOut" }
      return Track(rest: p, tweens: [tween(mm, start: start, from: p, to: target, v0: carried)])
    }
  }
}
