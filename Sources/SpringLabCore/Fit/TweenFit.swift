import Foundation

/// A Bézier tween fitted to samples: rests at `from` until `start`, eases to
/// `to` over `duration` seconds along `curve`, then rests.
public struct TweenFit: Sendable, Equatable {
  public var start: Double
  public var duration: Double
  public var from: Double
  public var to: Double
  public var curve: CubicBezier
  public var rms: Double
  public var maxError: Double
  /// Parameters fitted (7 with a fixed start, else 8; 3 or 4 for a `named` curve).
  public var parameterCount: Int = 8
  /// The standard curve the samples were fitted with, when its control
  /// points need not be fitted (its RMS residual within `standardTolerance`
  /// of the travel); nil for free control points.
  public var named: MotionCurveName? = nil
  /// With a `named` curve: the free curve's control points and duration
  /// (what the samples alone draw).
  public var freeCurve: CubicBezier? = nil
  public var freeDuration: Double? = nil
  /// One σ of the start, duration, from, to and travel (`TweenUncertainty`).
  public var uncertainty: TweenUncertainty = .unknown

  /// A standard curve whose RMS residual is within this fraction of the
  /// travel is taken even when free control points fit closer: 0.2 % is a
  /// pixel in 500, what a compressed recording may bend a curve by.
  public static let standardTolerance = 0.002

  /// The standard curves a fitted tween is compared with, as presets name them.
  public static let standardCurves: [(MotionCurveName, CubicBezier)] = [
    (.easeInOut, .easeInOut), (.easeIn, .easeIn), (.easeOut, .easeOut),
    (.caDefault, .caDefault), (.linear, .linear),
  ]

  public func value(at t: Double) -> Double {
    TweenFit.value(t, start: start, duration: duration, from: from, to: to, curve: curve)
  }

  static func value(
    _ t: Double, start: Double, duration: Double, from: Double, to: Double, curve: CubicBezier
  ) -> Double {
    if t <= start { return from }
    if t >= start + duration { return to }
    return from + (to - from) * curve.value(at: (t - start) / duration)
  }

  static func sigmoid(_ a: Double) -> Double { 1 / (1 + exp(-a)) }
  static func logit(_ x: Double) -> Double {
    let c = min(max(x, 0.02), 0.98)
    return log(c / (1 - c))
  }

  /// Least-squares fit over start, duration, from, to and the four control
  /// values, all kept inside 0…1 (a tween that overshoots is what a spring is
  /// for: a "back" Bézier would mimic any lightly bouncing spring), from a few
  /// standard curves; then each standard curve over start, duration, from
  /// and to alone, the best of which is reported (`named`, the free fit
  /// kept beside it) when its RMS residual is within `standardTolerance`
  /// of the travel.
  /// `startGuess`: where the motion starts (e.g. the spring fit's start).
  /// `fixedStart`: the start when known from elsewhere (as for the spring).
  public static func fit(
    times: [Double], values: [Double], startGuess: Double, fixedStart: Double? = nil
  ) -> TweenFit {
    let n = values.count
    let head = values.first!
    let tail = Array(values.suffix(3)).sorted()[min(1, values.suffix(3).count - 1)]
    let scale = max(abs(tail - head), 1e-6)
    let end95 =
      zip(times, values).first { $0.0 > startGuess && abs($0.1 - head) > 0.95 * scale }?.0
      ?? times[n - 1]
    let span = max(end95 - startGuess, 2.0 / 60)
    func unpack(_ p: [Double]) -> (Double, Double, Double, Double, CubicBezier)? {
      var p = p
      if let fs = fixedStart { p[0] = fs }
      let d = exp(p[1])
      guard d > 1e-3, d < 1e4 else { return nil }
      return (
        p[0], d, p[2], p[3], CubicBezier(sigmoid(p[4]), sigmoid(p[5]), sigmoid(p[6]), sigmoid(p[7]))
      )
    }
    func residuals(_ p: [Double]) -> [Double] {
      guard let (t0, d, a, b, c) = unpack(p) else {
        return [Double](repeating: .infinity, count: n)
      }
      var r = [Double](repeating: 0, count: n)
      for i in 0..<n {
        r[i] = value(times[i], start: t0, duration: d, from: a, to: b, curve: c) - values[i]
      }
      return r
    }
    // why: a zero step freezes the start (its Jacobian column is zero)
    let steps = [
      fixedStart == nil ? 1e-4 : 0, 1e-5, 1e-4 * scale, 1e-4 * scale, 1e-5, 1e-5, 1e-5, 1e-5,
    ]
    var starts: [[Double]] = []
    for c in [CubicBezier.caDefault, .easeInOut, .easeOut, .easeIn, .linear] {
      for k in [1.0, 1.3] {
        starts.append([
          startGuess, log(span * k), head, tail, logit(c.x1), logit(c.y1), logit(c.x2), logit(c.y2),
        ])
      }
    }
    let best = LevenbergMarquardt.bestOf(
      starts: starts, steps: steps, refine: 2, maxIterations: 150, residuals: residuals)
    let (t0, d, a, b, c) = unpack(best.parameters) ?? (startGuess, span, head, tail, .easeInOut)
    let res = residuals(best.parameters)
    let rms = (LevenbergMarquardt.sumSquares(res) / Double(max(n, 1))).squareRoot()
    let free = TweenFit(
      start: t0, duration: d, from: a, to: b, curve: c, rms: rms,
      maxError: res.map { abs($0) }.max() ?? 0, parameterCount: fixedStart == nil ? 8 : 7)
    // why: an eased curve's flat ends let free control points trade against
    // the duration: the main button's easeInOut of 0.25 s came back as
    // (0.43, 0, 0.58, 0.88) over 0.236 s (−5.5 %), bent to one frame near
    // the end that H.264 had copied from the next, resting one (the BIC, which
    // sees that frame's 0.27° as signal, preferred the free curve by 119).
    // A standard curve within `standardTolerance` of the travel fixes the
    // shape and so the duration (0.2495 s there).
    // why not by the BIC alone: on noisy samples it took a standard curve
    // for its fewer numbers where a spring or a free curve fits closer, and
    // called a noisy drift a poor fit
    var out = free
    if let std = named(times: times, values: values, from: free, fixedStart: fixedStart),
      std.rms <= standardTolerance * abs(std.to - std.from)
    {
      out = std
      out.freeCurve = free.curve
      out.freeDuration = free.duration
    }
    out.uncertainty = uncertainty(of: out, times: times, values: values, fixedStart: fixedStart)
    return out
  }

  /// The standard curve (`standardCurves`) that fits the samples best over
  /// start, duration, from and to, started from the free fit `from`.
  static func named(
    times: [Double], values: [Double], from free: TweenFit, fixedStart: Double?
  ) -> TweenFit? {
    let n = values.count
    let scale = max(abs(free.to - free.from), 1e-6)
    var best: TweenFit?
    for (name, curve) in standardCurves {
      func unpack(_ p: [Double]) -> (Double, Double)? {
        let d = exp(p[1])
        guard d > 1e-3, d < 1e4 else { return nil }
        return (fixedStart ?? p[0], d)
      }
      func residuals(_ p: [Double]) -> [Double] {
        guard let (t0, d) = unpack(p) else { return [Double](repeating: .infinity, count: n) }
        return (0..<n).map {
          value(times[$0], start: t0, duration: d, from: p[2], to: p[3], curve: curve) - values[$0]
        }
      }
      let steps = [fixedStart == nil ? 1e-4 : 0, 1e-5, 1e-4 * scale, 1e-4 * scale]
      let r = LevenbergMarquardt.bestOf(
        starts: [
          [free.start, log(free.duration), free.from, free.to],
          [free.start - 0.1 * free.duration, log(free.duration * 1.2), free.from, free.to],
        ], steps: steps, refine: 1, maxIterations: 100, residuals: residuals)
      guard let (t0, d) = unpack(r.parameters) else { continue }
      let res = residuals(r.parameters)
      let rms = (LevenbergMarquardt.sumSquares(res) / Double(max(n, 1))).squareRoot()
      guard rms.isFinite, rms < best?.rms ?? .infinity else { continue }
      best = TweenFit(
        start: t0, duration: d, from: r.parameters[2], to: r.parameters[3], curve: curve, rms: rms,
        maxError: res.map { abs($0) }.max() ?? 0, parameterCount: fixedStart == nil ? 4 : 3,
        named: name)
    }
    return best
  }
}
