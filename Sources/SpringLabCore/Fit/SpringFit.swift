import Foundation

/// A damped spring (mass 1) fitted to samples: the value rests at `from`
/// until `start`, then springs towards `to` with initial velocity `v0`
/// (units per second).
public struct SpringFit: Sendable, Equatable {
  public var start: Double
  public var from: Double
  public var to: Double
  public var v0: Double
  public var spring: Spring
  /// Root-mean-square and largest absolute residual, in the samples' units.
  public var rms: Double
  public var maxError: Double
  /// One standard deviation of each fitted number, from the residuals.
  public var uncertainty: SpringUncertainty = .unknown
  /// Parameters fitted (5 with a fixed start, else 6): the count the
  /// information criterion charges for.
  public var parameterCount: Int = 6
  /// Seconds after `start` at which the value jumps to `to`, as UIKit ends a
  /// spring animation at its duration (the envelope is then 0.1 % of the
  /// travel); nil for a spring that settles on its own (SwiftUI, CSS, a
  /// physics spring), which explained the samples better or as well.
  public var endsAfter: Double?
  /// The further channels fitted jointly with the values (`FitChannel`),
  /// in the order given; empty when the values were fitted alone.
  public var channels: [ChannelFit] = []

  /// The model's value at time `t` seconds.
  public func value(at t: Double) -> Double {
    SpringFit.value(t, start: start, from: from, to: to, v0: v0, spring: spring, end: endsAfter)
  }

  static func value(
    _ t: Double, start: Double, from: Double, to: Double, v0: Double, spring: Spring,
    end: Double? = nil
  ) -> Double {
    if t <= start { return from }
    if let e = end, t - start >= e { return to }
    return to + spring.state(at: t - start, x0: from - to, v0: v0).x
  }

  /// Seconds after its start at which a UIKit spring animation with `spring`
  /// (mass 1) and initial velocity `v` (travels per second, positive towards
  /// the target) ends: the T of `UIKitSpring`'s envelope equation
  /// ((ζω0 − v)/ωd)·e^(−ζω0 T) = 0.001, solved in closed form. Nil for
  /// ζ ≥ 1 (no closed form; such springs creep in, so the jump is too small
  /// to see) or when the envelope starts below 0.001 (T ≤ 0).
  public static func uikitEnd(spring: Spring, relativeVelocity v: Double) -> Double? {
    let z = spring.dampingRatio
    let w0 = spring.naturalFrequency
    guard z > 0, z < 1, w0 > 0 else { return nil }
    let wd = w0 * (1 - z * z).squareRoot()
    let a = (z * w0 - v) / wd / UIKitSpring.envelopeEnd
    guard a > 1, a.isFinite else { return nil }
    return log(a) / (z * w0)
  }

  /// Initial velocity in UIKit's unit: travels per second (v0 / (to − from)).
  public var relativeVelocity: Double {
    let d = to - from
    return d == 0 ? 0 : v0 / d
  }

  /// Three σ of the damping ratio and of the response, each as a fraction
  /// of its value (infinite when undetermined): what `MotionFit.precisionBound`
  /// is held against.
  public var relativeSpread: (dampingRatio: Double, response: Double) {
    (
      3 * uncertainty.dampingRatio / spring.dampingRatio,
      3 * uncertainty.response * spring.naturalFrequency / (2 * .pi)
    )
  }

  /// The initial velocity a preset or a printed form gets, travels per
  /// second: the fitted one when the recording pins it (more than 2 σ from
  /// 0), else 0.
  /// why: a start taken from the pixels (a fan item hidden under the main
  /// button) leaves the velocity to trade against the start; written as is
  /// (8.13 for seed 000's item, truth 0.6) it turned a UIKit duration of
  /// 0.4 s into 0.365 s while the spring (ω0, ζ) was the one fitted
  public var presetVelocity: Double {
    let v = relativeVelocity
    return uncertainty.velocity.isFinite && abs(v) > 2 * uncertainty.velocity ? v : 0
  }

  /// The start (seconds) at which the spring a preset gets — this ω0 and ζ
  /// with `presetVelocity` — lies best on the samples (`values` at `times`,
  /// progress of from → to); `start` when the velocity is kept as fitted.
  /// why: a velocity the recording does not pin is handed off as 0, and
  /// that spring from rest starts earlier than the fitted one; the samples
  /// drawn from the fitted start sat beside the applied curve, which a
  /// designer read as "the spring does not match its own video"
  public func presetStart(times: [Double], values: [Double]) -> Double {
    let v = presetVelocity
    let d = to - from
    guard v != relativeVelocity, d != 0, !times.isEmpty else { return start }
    let ys = values.map { ($0 - from) / d }
    func cost(_ s: Double) -> Double {
      var c = 0.0
      for (t, y) in zip(times, ys) {
        let tau = t - s
        let p = tau <= 0 ? 0 : 1 + spring.state(at: tau, x0: -1, v0: v).x
        c += (p - y) * (p - y)
      }
      return c
    }
    var best = start
    var bestCost = cost(start)
    // why: 1 ms steps over ±0.2 s, then 0.05 ms about the best: the cost
    // is smooth in the start and a spring's start shifts by tens of ms
    for k in -200...200 {
      let s = start + Double(k) * 0.001
      let c = cost(s)
      if c < bestCost { (best, bestCost) = (s, c) }
    }
    let coarse = best
    for k in -20...20 {
      let s = coarse + Double(k) * 0.000_05
      let c = cost(s)
      if c < bestCost { (best, bestCost) = (s, c) }
    }
    return best
  }

  /// Least-squares fit over start, from, to, v0, ω0 and ζ (or without start
  /// when `fixedStart` is given: a video whose element is hidden at the very
  /// beginning of its motion, whose start comes from the pixels instead).
  /// Several starting guesses (ω0 × ζ grid); the best converged one wins.
  /// With a free start the model may also end with UIKit's jump to `to`
  /// (`endsAfter`) when that fits better, the start is walked along its
  /// trade-off with the velocity (`scanStart`) and a launch away from the
  /// target becomes the launch towards it that draws the same samples
  /// (`towardsTarget`). The uncertainty is the larger of the Jacobian's and
  /// an 8-block jackknife's (`BlockJackknife`); the velocity is undetermined
  /// with a start from the pixels or without two resting samples before it,
  /// and every number is undetermined with fewer than
  /// `minimumSamplesInMotion` samples after the start.
  /// `times` and `values` are the same length (≥ 6).
  /// `channels`: further measurements of the same motion at the same times
  /// (each an affine image of the spring's progress), fitted jointly with
  /// `values` by `jointFit`. A spring swinging faster than half the median
  /// sample rate (its damped frequency above the Nyquist frequency) is not
  /// fitted: the samples cannot tell it from a slower one.
  public static func fit(
    times: [Double], values: [Double], fixedStart: Double? = nil, channels: [FitChannel] = []
  ) -> SpringFit {
    let n = values.count
    let head = Array(values.prefix(3)).sorted()[min(1, max(0, min(3, n) - 1))]
    let tail = Array(values.suffix(3)).sorted()[min(1, max(0, min(3, n) - 1))]
    let travel = tail - head
    let scale = max(abs(travel), 1e-6)
    // the first sample 5 % of the way: the motion started shortly before
    let crossing =
      zip(times, values).first { abs($0.1 - head) > 0.05 * scale }?.0 ?? times[n / 2]
    let t0Guesses: [Double] =
      fixedStart.map { [$0] } ?? [crossing - 1.0 / 60, crossing - 3.0 / 60]
    // why: a spring that swings faster than half the sample rate draws, at
    // the sample times, what a slower one draws (aliasing): on the bubble
    // menu's opening at 60 fps the fit found ζ 0.036 and a response of 8 ms
    // (a 125 Hz swing seen as 5 Hz) for a truth of 0.7 and 0.16 s; only
    // swings the samples can show are fitted
    let gaps = zip(times, times.dropFirst()).map { $1 - $0 }.sorted()
    let interval = gaps.isEmpty ? 0 : gaps[gaps.count / 2]
    let nyquist = interval > 0 ? Double.pi / interval : .infinity
    func unpack(_ p: [Double]) -> (Double, Double, Double, Double, Spring)? {
      let off = fixedStart == nil ? 1 : 0
      let t0 = fixedStart ?? p[0]
      let w0 = exp(p[off + 3])
      let z = exp(p[off + 4])
      guard (0.3...3000).contains(w0), (0.01...40).contains(z),
        z >= 1 || w0 * (1 - z * z).squareRoot() <= nyquist
      else { return nil }
      return (
        t0, p[off], p[off + 1], p[off + 2], Spring(mass: 1, stiffness: w0 * w0, damping: 2 * z * w0)
      )
    }
    // why: UIKit ends its animation at its duration, a jump of up to 0.1 %
    // of the travel the settling spring cannot draw; on clean samples that
    // misfit alone moved the start by a millisecond and turned the fitted
    // initial velocity from +0.4 to −0.38 travels/s
    func residuals(_ p: [Double], snaps: Bool) -> [Double] {
      guard let (t0, a, b, v, s) = unpack(p) else {
        return [Double](repeating: .infinity, count: n)
      }
      let end = snaps ? uikitEnd(spring: s, relativeVelocity: b == a ? 0 : v / (b - a)) : nil
      var r = [Double](repeating: 0, count: n)
      for i in 0..<n {
        r[i] = value(times[i], start: t0, from: a, to: b, v0: v, spring: s, end: end) - values[i]
      }
      return r
    }
    func residuals(_ p: [Double]) -> [Double] { residuals(p, snaps: false) }
    var steps = [1e-4 * scale, 1e-4 * scale, 1e-4 * scale, 1e-5, 1e-5]
    if fixedStart == nil { steps.insert(1e-4, at: 0) }
    var starts: [[Double]] = []
    for t0 in t0Guesses {
      for w in [6.0, 14, 30, 60] {
        for z in [0.3, 0.65, 1.0, 1.6] {
          var p = [head, tail, 0, log(w), log(z)]
          if fixedStart == nil { p.insert(t0, at: 0) }
          starts.append(p)
        }
      }
    }
    var best = LevenbergMarquardt.bestOf(
      starts: starts, steps: steps, refine: 3, maxIterations: 200, residuals: residuals)
    var snaps = false
    // why: the end hangs on the initial velocity, which a start from the
    // pixels leaves undetermined (see below); placed from a wrong velocity it
    // jumps at the wrong time (seed 000's bloom at 120 fps: response +1.0 %
    // settling, +1.3 % with the misplaced jump)
    if fixedStart == nil {
      let snapped = LevenbergMarquardt.minimise(
        start: best.parameters, steps: steps, maxIterations: 200
      ) { residuals($0, snaps: true) }
      if snapped.cost < best.cost {
        best = snapped
        snaps = true
      }
      best = scanStart(best, times: times, steps: steps) { residuals($0, snaps: snaps) }
      best = towardsTarget(best, times: times, steps: steps) { residuals($0, snaps: snaps) }
    }
    let base = best.parameters.count
    // the values' residuals, then each channel's scaled by its weight, without
    // the samples in `skip` (a jackknife block)
    func joint(_ p: [Double], weights: [Double], skip: Range<Int>? = nil) -> [Double] {
      guard !channels.isEmpty else {
        let r = residuals(p, snaps: snaps)
        guard let k = skip else { return r }
        return Array(r[..<k.lowerBound] + r[k.upperBound...])
      }
      let keep = (0..<n).filter { !(skip?.contains($0) ?? false) }
      let count = keep.count * (1 + channels.count)
      guard let (t0, a, b, v, s) = unpack(p), b != a else {
        return [Double](repeating: .infinity, count: count)
      }
      let end = snaps ? uikitEnd(spring: s, relativeVelocity: v / (b - a)) : nil
      var r: [Double] = []
      r.reserveCapacity(count)
      var progress: [Double] = []
      progress.reserveCapacity(keep.count)
      for i in keep {
        let m = value(times[i], start: t0, from: a, to: b, v0: v, spring: s, end: end)
        r.append(m - values[i])
        progress.append((m - a) / (b - a))
      }
      for (c, ch) in channels.enumerated() {
        let (ca, cb) = (p[base + 2 * c], p[base + 2 * c + 1])
        for (j, i) in keep.enumerated() {
          r.append(weights[c] * (ca + (cb - ca) * ch.shape(progress[j]) - ch.values[i]))
        }
      }
      return r
    }
    var jsteps = steps
    var weights: [Double] = []
    var channelFits: [ChannelFit] = []
    if !channels.isEmpty {
      let j = jointFit(
        best, channels: channels, steps: steps, scale: scale, times: times,
        freeStart: fixedStart == nil, residuals: joint)
      best = j.result
      jsteps = j.steps
      weights = j.weights
      channelFits = j.fits
      // why: a channel whose fitted travel is within its own scatter does not
      // carry the motion; its noise must not pull the fit, so it is dropped
      let kept = channels.indices.filter {
        abs(channelFits[$0].to - channelFits[$0].from)
          > SpringFit.channelNoiseMultiple * channelFits[$0].rms
      }
      if kept.count < channels.count {
        return fit(
          times: times, values: values, fixedStart: fixedStart, channels: kept.map { channels[$0] })
      }
    }
    let (t0, a, b, v, s) =
      unpack(best.parameters) ?? (crossing, head, tail, 0, Spring(stiffness: 100, damping: 20))
    let res = residuals(best.parameters, snaps: snaps)
    let rms = (LevenbergMarquardt.sumSquares(res) / Double(max(n, 1))).squareRoot()
    let mx = res.map { abs($0) }.max() ?? 0
    var u = SpringUncertainty.unknown
    if let cov = LevenbergMarquardt.covariance(
      at: best.parameters, steps: jsteps, residuals: { joint($0, weights: weights) })
    {
      let off = fixedStart == nil ? 1 : 0
      // why: a diagonal ≤ 0 is a near-singular JᵀJ solved into noise: the
      // samples do not determine that number, which "± 0" would hide
      func sd(_ i: Int) -> Double { cov[i][i] > 0 ? cov[i][i].squareRoot() : .infinity }
      let sw = sd(off + 3)
      let sz = sd(off + 4)
      let swz = cov[off + 3][off + 4]
      let travel = abs(b - a)
      u = SpringUncertainty(
        dampingRatio: s.dampingRatio * sz, response: 2 * .pi / s.naturalFrequency * sw,
        stiffness: 2 * s.stiffness * sw,
        damping: sz * sz + sw * sw + 2 * swz > 0
          ? s.damping * (sz * sz + sw * sw + 2 * swz).squareRoot() : .infinity,
        velocity: travel > 0 ? sd(off + 2) / travel : .infinity,
        start: fixedStart == nil ? sd(0) : 0)
      // why: with the first moving sample a frame after the start, start and
      // initial velocity trade off almost freely (a later start with a faster
      // launch draws the same curve); the linearised σ then runs to
      // thousands, which is better said as "undetermined"
      if !(u.velocity <= UIKitSpring.velocityRange.upperBound) { u.velocity = .infinity }
      // why: a start from the pixels is the last frame before the first
      // visible change; an element hidden as it starts (a fan item under the
      // main button) started up to a few frames earlier, and each frame
      // moves the velocity by about ω0² × a frame interval (7 travels/s at
      // 60 fps on seed 000's fan: +8.2 printed as ± 0.14 where the truth is
      // +0.6). The damping ratio and response do not depend on it.
      if fixedStart != nil { u.velocity = .infinity }
      // why: with fewer than two samples at rest before the start (a clip
      // cut mid-motion), the launch is not seen: the fit can put the start
      // on the first sample and read the velocity there (+18 ± 0.15 travels/s
      // for seed 000's bloom cut 50 ms in at 120 fps, truth +0.6)
      if fixedStart == nil && times.filter({ $0 <= t0 }).count < 2 {
        u.velocity = .infinity
        u.start = .infinity
      }
      if !(u.start <= (times.last! - times.first!)) { u.start = .infinity }
      if let j = BlockJackknife.spread(
        parameters: best.parameters, steps: jsteps, count: n,
        residuals: { p, lo, hi in joint(p, weights: weights, skip: lo..<hi) },
        numbers: { p in [exp(p[off + 4]), 2 * .pi / exp(p[off + 3]), exp(p[off + 3])] })
      {
        // why: the larger of the two: the jackknife sees runs of correlated
        // errors the Jacobian cannot, the Jacobian sees noise a few blocks miss
        let rz = j[0] / s.dampingRatio
        let rw = j[2] / s.naturalFrequency
        u.dampingRatio = max(u.dampingRatio, j[0])
        u.response = max(u.response, j[1])
        u.stiffness = max(u.stiffness, 2 * s.stiffness * rw)
        // why: c = 2ζω0, the two taken as independent (the jackknife gives no correlation)
        u.damping = max(u.damping, s.damping * (rz * rz + rw * rw).squareRoot())
      }
    }
    // why: the samples at rest before the start are fitted exactly by any
    // spring, so the residual scatter they give says nothing of the motion;
    // seen in a handful of samples (a fan item's collapse fading out after
    // 5 frames at 120 fps) the spring drew them exactly and its ± came out
    // 0.007 on a damping ratio of 0.53 whose truth was 0.75
    if times.filter({ $0 > t0 }).count < minimumSamplesInMotion {
      u.dampingRatio = .infinity
      u.response = .infinity
      u.stiffness = .infinity
      u.damping = .infinity
      u.velocity = .infinity
    }
    let relative = b == a ? 0 : v / (b - a)
    return SpringFit(
      start: t0, from: a, to: b, v0: v, spring: s, rms: rms, maxError: mx, uncertainty: u,
      parameterCount: fixedStart == nil ? 6 : 5,
      endsAfter: snaps ? uikitEnd(spring: s, relativeVelocity: relative) : nil,
      channels: channelFits)
  }
}

extension SpringFit {
  /// Fewer samples than this after the start: the spring's numbers are
  /// undetermined (twice the four numbers that shape the motion after its
  /// start: target, initial velocity, ω0 and ζ).
  public static let minimumSamplesInMotion = 8

  /// Starts tried on each side of the fitted one, in tenths of a frame.
  static let startScanSteps = 10

  /// The best of fits with the start held at `best`'s start ± one frame
  /// interval (the median sample spacing) in tenths, then around the best of
  /// those in hundredths and thousandths, then freed again.
  /// why: within a frame interval the start and the initial velocity trade
  /// off almost exactly (a start earlier by δ with a velocity lower by ω0²·δ
  /// travels draws the same samples to a ten-thousandth of the travel), a
  /// valley so narrow the minimiser stops anywhere along it; on clean
  /// samples of a UIKit spring (0.35 s, 0.8, +0.4) it stopped 1.2 ms early
  /// at −0.41 travels/s. Holding the start walks the valley instead.
  static func scanStart(
    _ best: LevenbergMarquardt.Result, times: [Double], steps: [Double],
    residuals: ([Double]) -> [Double]
  ) -> LevenbergMarquardt.Result {
    guard times.count > 2 else { return best }
    let gaps = zip(times, times.dropFirst()).map { $1 - $0 }.sorted()
    let frame = gaps[gaps.count / 2]
    guard frame > 0 else { return best }
    var held = steps
    held[0] = 0
    var winner = best
    var step = frame / Double(startScanSteps)
    // why: each pass scans a tenth as finely around the last winner, down to
    // a thousandth of a frame (17 µs at 60 fps)
    for _ in 0..<3 {
      let centre = winner
      for k in -startScanSteps...startScanSteps where k != 0 {
        var p = centre.parameters
        p[0] += Double(k) * step
        let r = LevenbergMarquardt.minimise(
          start: p, steps: held, maxIterations: 40, residuals: residuals)
        if r.cost < winner.cost { winner = r }
      }
      step /= Double(startScanSteps)
    }
    let freed = LevenbergMarquardt.minimise(
      start: winner.parameters, steps: steps, maxIterations: 100, residuals: residuals)
    return freed.cost < winner.cost ? freed : winner
  }

  /// The same samples explained by a launch towards the target, when the
  /// fit launched away from it: a spring that leaves `from` at t0 moving
  /// away, turns and passes `from` again at t1 is, from t1 on, a spring
  /// launched at t1 towards the target; when t1 comes within a frame
  /// interval no sample lies between and both draw the samples exactly.
  /// The launch towards the target is kept unless its squared residuals sum
  /// to more than one residual variance over the fit's (or than a millionth
  /// of the travel per sample). `best.parameters` are [start, from, to,
  /// v0, ln ω0, ln ζ] (a free start).
  /// why: on clean samples of seed 000's fan bloom (+0.6 travels/s) the fit
  /// found −0.61 starting 2.1 ms early, with a residual of 10⁻¹⁴: the
  /// samples cannot choose, and a move released towards its target (a
  /// UIKit velocity ≥ 0, a fling) is what recordings show
  static func towardsTarget(
    _ best: LevenbergMarquardt.Result, times: [Double], steps: [Double],
    residuals: ([Double]) -> [Double]
  ) -> LevenbergMarquardt.Result {
    let p = best.parameters
    let (from, to, v0) = (p[1], p[2], p[3])
    guard times.count > 7, (to - from) * v0 < 0 else { return best }
    let gaps = zip(times, times.dropFirst()).map { $1 - $0 }.sorted()
    let frame = gaps[gaps.count / 2]
    let w0 = exp(p[4])
    let spring = Spring(stiffness: w0 * w0, damping: 2 * exp(p[5]) * w0)
    let x0 = from - to
    // the first return to `from`: the displacement beyond x0 changes sign
    func beyond(_ tau: Double) -> Double {
      (spring.state(at: tau, x0: x0, v0: v0).x - x0) * (x0 < 0 ? -1 : 1)
    }
    let n = 400
    guard
      let k = (1...n).first(where: { beyond(Double($0) * frame / Double(n)) < 0 })
    else { return best }
    var lo = Double(k - 1) * frame / Double(n)
    var hi = Double(k) * frame / Double(n)
    for _ in 0..<60 {
      let mid = (lo + hi) / 2
      if beyond(mid) < 0 { hi = mid } else { lo = mid }
    }
    var q = p
    q[0] = p[0] + hi
    q[3] = spring.state(at: hi, x0: x0, v0: v0).v
    var held = steps
    held[0] = 0
    let r = LevenbergMarquardt.minimise(
      start: q, steps: held, maxIterations: 40, residuals: residuals)
    let scale = max(abs(to - from), 1e-9)
    // why: as `MotionFit`, an RMS under a millionth of the travel is rounding
    let allowance = max(
      best.cost / Double(times.count - p.count), Double(times.count) * 1e-12 * scale * scale)
    return r.cost <= best.cost + allowance ? r : best
  }
}

/// One standard deviation of a fitted spring's numbers, from the Jacobian at
/// the optimum and the residuals (`LevenbergMarquardt.covariance`): how far
/// the numbers could move and still explain the samples as well. Infinite
/// when the samples do not determine them.
public struct SpringUncertainty: Sendable, Equatable {
  /// Damping ratio (no unit).
  public var dampingRatio: Double
  /// Response 2π/ω0, seconds.
  public var response: Double
  /// Stiffness (mass 1), 1/s².
  public var stiffness: Double
  /// Damping (mass 1), 1/s.
  public var damping: Double
  /// Initial velocity, travels per second (UIKit's unit).
  public var velocity: Double
  /// Start, seconds (0 when the start was fixed from the pixels).
  public var start: Double

  public static let unknown = SpringUncertainty(
    dampingRatio: .infinity, response: .infinity, stiffness: .infinity, damping: .infinity,
    velocity: .infinity, start: .infinity)
}
