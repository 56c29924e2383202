import Foundation

/// Evaluates parsed moves with each platform's documented semantics, as a
/// function of seconds since the trigger.
struct CheckCurve {
  struct Step {
    let start: Double
    let end: Double
    let from: Double
    let to: Double
    let move: ParsedMove
    /// For physics: the instant the platform declares the spring done (value = target after it).
    let done: Double
  }
  let steps: [Step]
  let from: Double

  init(moves: [ParsedMove], from: Double, finalTo: Double) {
    var steps: [Step] = []
    var t = 0.0
    var value = from
    for (i, m) in moves.enumerated() {
      let to = m.to ?? (i == moves.count - 1 ? finalTo : value)
      let start = t + m.delay
      let length: Double
      var done = Double.infinity
      switch m.curve {
      case .uikitAnimate(let d, _, _): length = d
      case .bezier(_, let d): length = d
      case .linear(_, let d): length = d
      case .physics(let mass, let k, let c, let v, let rel, let rest):
        let s = Spring(mass: mass, stiffness: k, damping: c)
        let travel = to - value
        let v0 = rel ? v * travel : v
        done = CheckCurve.doneTime(s, x0: -travel, v0: v0, rest: rest)
        length = done.isFinite ? done : s.settleTime(x0: -travel, v0: v0, epsilon: 1e-4)
      }
      steps.append(
        Step(start: start, end: start + length, from: value, to: to, move: m, done: done))
      t = start + length
      value = to
    }
    self.steps = steps
    self.from = from
  }

  /// When a spring stops: Compose once inside its visibility threshold (value and, scaled by ω0, speed);
  /// framer-motion once |x| ≤ restDelta and |v| ≤ restSpeed; scanned at 0.25 ms.
  static func doneTime(_ s: Spring, x0: Double, v0: Double, rest: ParsedMove.Rest) -> Double {
    var t = 0.0
    while t < 20 {
      let st = s.state(at: t, x0: x0, v0: v0)
      switch rest {
      case .settle: return .infinity
      case .visibility(let thr):
        if abs(st.x) < thr && abs(st.v) < thr * s.naturalFrequency { return t }
      case .framer(let delta, let speed):
        if abs(st.x) <= delta && abs(st.v) <= speed { return t }
      }
      t += 0.00025
    }
    return t
  }

  func value(at t: Double) -> Double {
    var current = from
    for s in steps {
      if t < s.start { return current }
      let local = t - s.start
      if t < s.end {
        let d = s.to - s.from
        switch s.move.curve {
        case .uikitAnimate(let T, let z, let v):
          // UIKit ends the spring exactly at T (the value snaps to the target there)
          return s.from + d
            * UIKitSpring(duration: T, dampingRatio: z, velocity: v).progress(at: local).p
        case .bezier(let b, let T):
          return s.from + d * b.value(at: local / T)
        case .linear(let stops, let T):
          return s.from + d * CheckCurve.linear(stops, local / T)
        case .physics(let mass, let k, let c, let v, let rel, _):
          if local >= s.done { return s.to }
          let v0 = rel ? v * d : v
          return s.to
            + Spring(mass: mass, stiffness: k, damping: c).state(at: local, x0: -d, v0: v0).x
        }
      }
      current = s.to
    }
    return current
  }

  /// CSS linear(): piecewise-linear between stops; before the first / after the last, hold.
  static func linear(_ stops: [(Double, Double)], _ x: Double) -> Double {
    guard let firstStop = stops.first else { return x }
    if x < firstStop.0 { return firstStop.1 }
    for j in 1..<stops.count where x < stops[j].0 {
      let a = stops[j - 1]
      let b = stops[j]
      return a.1 + (b.1 - a.1) * (x - a.0) / (b.0 - a.0)
    }
    return stops.last!.1
  }
}
