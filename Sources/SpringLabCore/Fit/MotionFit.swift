import Foundation

/// Which model a fit reports.
public enum FitModel: String, Sendable {
  case spring, tween
}

/// Fits a spring and a Bézier tween to samples and picks one: the tween when
/// its RMS residual is at most `tweenPreference` × the spring's (the simpler
/// model wins when both explain the motion).
public struct MotionFit: Sendable {
  public var model: FitModel
  public var spring: SpringFit
  public var tween: TweenFit
  /// The axis the values came from (never `.auto` unless the projection on
  /// the start→end line was used).
  public var axis: FitAxis
  /// Samples that were fitted (inside --from/--to).
  public var samples: [MotionSample]
  public var values: [Double]
  /// Noise level estimated from the samples (units, one standard deviation).
  public var noise: Double

  /// At least this many samples must remain after dropping untrusted ones.
  public static let minimumSamples = 20
  /// The tween is reported when rms(tween) ≤ this × rms(spring).
  public static let tweenPreference = 1.1
  /// No motion unless the values span more than this many noise deviations.
  public static let noiseMultiple = 8.0
  /// A fit whose RMS residual exceeds this fraction of the travel is reported
  /// as poor (exit 1 in the CLI).
  public static let poorFitBound = 0.02

  public var rms: Double { model == .spring ? spring.rms : tween.rms }
  public var maxError: Double { model == .spring ? spring.maxError : tween.maxError }
  public var start: Double { model == .spring ? spring.start : tween.start }
  public var from: Double { model == .spring ? spring.from : tween.from }
  public var to: Double { model == .spring ? spring.to : tween.to }
  /// |to − from| of the reported model.
  public var travel: Double { abs(to - from) }
  /// RMS residual as a fraction of the travel.
  public var rmsFraction: Double { travel > 0 ? rms / travel : .infinity }
  public var maxFraction: Double { travel > 0 ? maxError / travel : .infinity }
  public var isPoor: Bool { rmsFraction > MotionFit.poorFitBound }

  /// Noise (one σ) from second differences: the median absolute second
  /// difference is dominated by the resting stretches, where it is pure noise
  /// (Δ² of white noise has σ√6).
  public static func noiseLevel(_ v: [Double]) -> Double {
    guard v.count >= 5 else { return 0 }
    var d2: [Double] = []
    for i in 1..<(v.count - 1) { d2.append(abs(v[i + 1] - 2 * v[i] + v[i - 1])) }
    d2.sort()
    return d2[d2.count / 2] / 0.6745 / 6.0.squareRoot()
  }

  /// Fits `samples` (sorted by time) projected on `axis`, keeping only
  /// samples within `range`. `minimumTravel`: the smallest motion (units)
  /// accepted as motion besides the noise test (e.g. 1 px for a video).
  /// `fixedStart`: the motion start when known from elsewhere.
  public static func fit(
    _ all: [MotionSample], axis: FitAxis = .auto, range: ClosedRange<Double>? = nil,
    minimumTravel: Double = 0, fixedStart: Double? = nil
  ) throws(FitError) -> MotionFit {
    let samples = all.filter { range?.contains($0.t) ?? true }
    guard samples.count >= minimumSamples else { throw .tooFewSamples(samples.count) }
    let (values, used) = axis.project(samples)
    let times = samples.map(\.t)
    let noise = noiseLevel(values)
    let span = (values.max() ?? 0) - (values.min() ?? 0)
    // why: the minimum travel is in pixels; a size is a ratio (2 % then)
    let floor = used == .scale ? min(minimumTravel, 0.02) : minimumTravel
    let needed = max(floor, noiseMultiple * noise)
    guard span > needed, span > 0 else {
      throw .noMotion(
        "the values span \(JSONWriter.number(span, places: 3)), at most \(JSONWriter.number(needed, places: 3)) (noise × \(JSONWriter.number(noiseMultiple)) or the minimum travel)"
      )
    }
    let s = SpringFit.fit(times: times, values: values, fixedStart: fixedStart)
    let tw = TweenFit.fit(
      times: times, values: values, startGuess: fixedStart ?? s.start, fixedStart: fixedStart)
    let model: FitModel = tw.rms <= tweenPreference * s.rms ? .tween : .spring
    return MotionFit(
      model: model, spring: s, tween: tw, axis: used, samples: samples, values: values, noise: noise
    )
  }
}
