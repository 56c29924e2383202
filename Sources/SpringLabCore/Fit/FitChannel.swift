import Foundation

/// A further measurement of a motion fitted jointly with its values: at each
/// sample time, `from + (to − from) · shape(progress)`, where progress is the
/// spring's 0 → 1 (past 1 when it overshoots), e.g. a fan item's size
/// (0.4 → 1) or its opacity (progress clamped to 0…1).
public struct FitChannel: Sendable, Equatable {
  public var name: String
  public var values: [Double]
  /// True when the channel follows the progress clamped to 0…1 (an opacity).
  public var clamped: Bool

  public init(name: String, values: [Double], clamped: Bool = false) {
    self.name = name
    self.values = values
    self.clamped = clamped
  }

  func shape(_ progress: Double) -> Double { clamped ? min(max(progress, 0), 1) : progress }
}

/// A channel as fitted: its value at rest before and after the motion, its
/// RMS residual (its own units) and the weight its residuals had against the
/// values' (the ratio of the two RMS residuals).
public struct ChannelFit: Sendable, Equatable {
  public var name: String
  public var from: Double
  public var to: Double
  public var rms: Double
  public var weight: Double
}

extension SpringFit {
  /// A channel is kept only when its fitted travel exceeds this many RMS residuals.
  public static let channelNoiseMultiple = 8.0
  /// Reweighting rounds of the joint fit.
  static let reweightRounds = 3

  /// Fits the values and `channels` together from the values-only optimum
  /// `best`, weighting each channel by the ratio of the values' RMS residual
  /// to its own (each residual block then counts as one standard deviation,
  /// so a noisy channel cannot pull the fit), re-estimated after each of
  /// `reweightRounds` rounds (iteratively reweighted least squares). The
  /// channels' from/to are appended to the parameters.
  /// why: the values alone leave the spring leaning on a few frames (a fan
  /// item's first moments are hidden under the main button); the size and
  /// opacity are the same progress measured independently
  static func jointFit(
    _ best: LevenbergMarquardt.Result, channels: [FitChannel], steps: [Double], scale: Double,
    times: [Double], freeStart: Bool,
    residuals: ([Double], [Double], Range<Int>?) -> [Double]
  ) -> (result: LevenbergMarquardt.Result, steps: [Double], weights: [Double], fits: [ChannelFit]) {
    let n = times.count
    let k = channels.count
    // progress at the values-only optimum: a unit channel's residuals
    var params = best.parameters
    var jsteps = steps
    for (c, ch) in channels.enumerated() {
      // residual with from = 0, to = 0 is −value: regress on the shape instead
      let unit = residuals(
        params + (0..<k).flatMap { $0 == c ? [0.0, 1.0] : [0.0, 0.0] },
        [Double](repeating: 1, count: k), nil)
      // unit[n + c·n + i] = shape(progress_i) − value_i
      let x = (0..<n).map { unit[n + c * n + $0] + ch.values[$0] }
      let y = ch.values
      let mx = x.reduce(0, +) / Double(n)
      let my = y.reduce(0, +) / Double(n)
      var sxy = 0.0
      var sxx = 0.0
      for i in 0..<n {
        sxy += (x[i] - mx) * (y[i] - my)
        sxx += (x[i] - mx) * (x[i] - mx)
      }
      let slope = sxx > 0 ? sxy / sxx : 0
      let ca = my - slope * mx
      params += [ca, ca + slope]
      let span = max(abs(slope), 1e-6)
      jsteps += [1e-4 * span, 1e-4 * span]
    }
    func spreads(_ p: [Double]) -> (Double, [Double]) {
      let r = residuals(p, [Double](repeating: 1, count: k), nil)
      func rms(_ s: ArraySlice<Double>) -> Double {
        (s.reduce(0) { $0 + $1 * $1 } / Double(max(s.count, 1))).squareRoot()
      }
      return (rms(r[0..<n]), (0..<k).map { rms(r[(n + $0 * n)..<(n + ($0 + 1) * n)]) })
    }
    func weights(_ p: [Double]) -> [Double] {
      let (pos, ch) = spreads(p)
      // why: an RMS under a millionth of the travel is rounding, not a fit
      let floor = 1e-6 * scale
      return (0..<k).map { c in
        let travel = max(
          abs(p[best.parameters.count + 2 * c + 1] - p[best.parameters.count + 2 * c]), 1e-9)
        return max(pos, floor) / max(ch[c], 1e-6 * travel)
      }
    }
    var w = weights(params)
    var result = LevenbergMarquardt.Result(parameters: params, cost: .infinity, iterations: 0)
    for round in 0..<reweightRounds {
      let wr = w
      result = LevenbergMarquardt.minimise(start: params, steps: jsteps, maxIterations: 100) {
        residuals($0, wr, nil)
      }
      if round == reweightRounds - 1 && freeStart {
        result = scanStart(result, times: times, steps: jsteps) { residuals($0, wr, nil) }
      }
      params = result.parameters
      if round < reweightRounds - 1 { w = weights(params) }
    }
    let (_, ch) = spreads(params)
    let base = best.parameters.count
    let fits = channels.enumerated().map { c, f in
      ChannelFit(
        name: f.name, from: params[base + 2 * c], to: params[base + 2 * c + 1], rms: ch[c],
        weight: w[c])
    }
    return (result, jsteps, w, fits)
  }
}
