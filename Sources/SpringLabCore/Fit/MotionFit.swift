import Foundation

/// Which model a fit reports.
public enum FitModel: String, Sendable {
  case spring, tween
}

/// How strongly the samples favour the reported model over the other, by
/// the Bayesian information criterion difference ΔBIC (Kass & Raftery's scale).
public enum FitEvidence: String, Sendable {
  /// ΔBIC ≥ `MotionFit.decisiveBIC`: the other model is ruled out.
  case decisive
  /// `MotionFit.indistinguishableBIC` ≤ ΔBIC < `decisiveBIC`.
  case strong
  /// ΔBIC, or the fit difference alone (`MotionFit.fitGap`), under
  /// `MotionFit.indistinguishableBIC`, or the motion seen in fewer than
  /// `SpringFit.minimumSamplesInMotion` samples: both models explain the
  /// samples about equally well; both are reported.
  case indistinguishable
}

/// Fits a spring and a Bézier tween to samples and picks one by the Bayesian
/// information criterion (BIC = n ln(RSS / n) + p ln n): the model with the
/// lower BIC, which charges the tween for its two extra numbers (8 against
/// the spring's 6). The difference is printed as the evidence; under
/// `indistinguishableBIC` the fit says both models explain the motion.
public struct MotionFit: Sendable {
  public var model: FitModel
  /// BIC of each model over the same samples (lower is better; no unit).
  public var springBIC: Double
  public var tweenBIC: Double
  /// The fit difference alone, without the charge for parameters:
  /// n |ln(RSS spring / RSS tween)| (no unit). Two models drawing the same
  /// curve have a gap near 0 whatever their parameter counts.
  public var fitGap: Double
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
  /// The channels the spring was fitted to: "position" (or "scale" when the
  /// values are the size, "angle" when they are the angle, then "position"
  /// when the element travels as it turns), then "scale" and "alpha" when
  /// they carry the motion.
  public var channels: [String] = []
  /// The fraction of the samples that count as independent for the model
  /// choice: (1 − ρ)/(1 + ρ), ρ the lag-1 autocorrelation (0…0.95) of the
  /// better model's residuals; 1 when they are white. ΔBIC and the fit gap
  /// are weighed by it in `evidence`.
  public var independence: Double = 1
  /// Samples after the reported model's start: those that show the motion
  /// (the ones before it rest at `from` whatever the model).
  public var motionSamples = Int.max

  /// True when the motion is seen in fewer samples than
  /// `SpringFit.minimumSamplesInMotion` after its start: no spring can be
  /// pinned, whatever the residuals (a fan item's collapse fades out under
  /// the main button 40 ms in, one frame at 30 fps).
  public var seenTooBriefly: Bool { motionSamples < SpringFit.minimumSamplesInMotion }

  /// At least this many samples must remain after dropping untrusted ones.
  public static let minimumSamples = 20
  /// ΔBIC below this: the models are indistinguishable (Kass & Raftery:
  /// under 6 is at most "positive" evidence).
  public static let indistinguishableBIC = 6.0
  /// ΔBIC at or above this: decisive ("very strong" evidence).
  public static let decisiveBIC = 10.0
  /// No motion unless the values span more than this many noise deviations.
  public static let noiseMultiple = 8.0
  /// A fit whose RMS residual exceeds this fraction of the travel is reported
  /// as poor (exit 1 in the CLI).
  public static let poorFitBound = 0.02
  /// The precision (three σ, as a fraction) a fitted number should reach:
  /// beyond it the CLI's text and the window's fit report say so.
  public static let precisionBound = 0.02

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

  /// How many times the samples' own span the fitted travel is, when the
  /// fit calls its model decided and that is beyond `maximumExtrapolation`
  /// (nil otherwise): not one element's motion, whatever its residual. An
  /// indistinguishable fit already says its numbers are open (a drift seen
  /// mid-way draws any travel).
  /// why: a fan item marked on the last frame was followed onto a
  /// neighbour where the items overlap; the spring through those samples
  /// ran from −36221 px (travel 36517 px, 101× what the clip showed), its
  /// residual 0.016 % of that travel, "strong", exit 0 (walk-through). A
  /// start hidden under another element leaves at most about twice the seen
  /// span to extrapolate (1.75× for seed 000's items)
  public var extrapolation: Double? {
    guard evidence != .indistinguishable, span > 0 else { return nil }
    let r = travel / span
    return r > MotionFit.maximumExtrapolation ? r : nil
  }

  /// What the samples themselves span on the fitted axis (max − min).
  public var span: Double { (values.max() ?? 0) - (values.min() ?? 0) }

  /// The most the fitted travel may exceed the samples' span (see `extrapolation`).
  public static let maximumExtrapolation = 5.0
  /// BIC of the other model minus the reported one's (≥ 0).
  public var deltaBIC: Double { abs(springBIC - tweenBIC) }
  /// why: with equal residuals ΔBIC is the tween's charge for its two extra
  /// numbers alone (2 ln n, 7.4 for 40 samples), which would call a pick
  /// "strong" that the samples never made; the fit gap must clear the bar too
  ///
  /// why (`independence`): BIC counts every sample as independent, but a
  /// compressed video (H.264 at a low bit rate) and the tracker's window
  /// make neighbouring residuals alike; counted as independent they called
  /// a spring's snap a "strong" tween at CRF 35
  ///
  /// why (`motionSamples`): seen in fewer samples than
  /// `SpringFit.minimumSamplesInMotion` (a fan item's collapse fading out
  /// after one frame at 30 fps), the tween drew the motion exactly with its
  /// extra numbers and was called "decisive" over the spring it was
  public var evidence: FitEvidence {
    guard !seenTooBriefly else { return .indistinguishable }
    let weaker = min(deltaBIC, fitGap) * independence
    return weaker >= MotionFit.decisiveBIC
      ? .decisive : weaker >= MotionFit.indistinguishableBIC ? .strong : .indistinguishable
  }

  /// BIC = n ln(RSS / n) + p ln n for `n` samples with RMS residual `rms`
  /// and `p` fitted parameters. `floor`: the smallest RMS counted (units),
  /// so exact samples (RMS ≈ 0) do not give −∞ for both models.
  public static func bic(n: Int, rms: Double, parameters p: Int, floor: Double) -> Double {
    let m = max(rms, floor)
    return Double(n) * log(m * m) + Double(p) * log(Double(n))
  }

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
    if let (farthest, back) = thereAndBack(times: times, values: values) {
      throw .thereAndBack(farthest: farthest, back: back)
    }
    let extra = channels(samples, axis: used, minimumTravel: minimumTravel)
    let s = SpringFit.fit(times: times, values: values, fixedStart: fixedStart, channels: extra)
    let tw = TweenFit.fit(
      times: times, values: values, startGuess: fixedStart ?? s.start, fixedStart: fixedStart)
    // why: an RMS below a millionth of the travel is rounding, not a difference
    let rmsFloor = 1e-6 * max(span, 1e-9)
    let sb = bic(n: values.count, rms: s.rms, parameters: s.parameterCount, floor: rmsFloor)
    let tb = bic(n: values.count, rms: tw.rms, parameters: tw.parameterCount, floor: rmsFloor)
    let model: FitModel = tb < sb ? .tween : .spring
    let gap = abs(
      bic(n: values.count, rms: s.rms, parameters: 0, floor: rmsFloor)
        - bic(n: values.count, rms: tw.rms, parameters: 0, floor: rmsFloor))
    let better = s.rms <= tw.rms
    let residuals = zip(times, values).map { t, v in v - (better ? s.value(at: t) : tw.value(at: t))
    }
    var out = MotionFit(
      model: model, springBIC: sb, tweenBIC: tb, fitGap: gap, spring: s, tween: tw, axis: used,
      samples: samples, values: values, noise: noise,
      channels: [used.channel] + s.channels.map(\.name))
    out.independence = independence(residuals)
    let start = model == .spring ? s.start : tw.start
    out.motionSamples = times.filter { $0 > start }.count
    return out
  }

  /// The time of the farthest sample from the first and the share of that
  /// excursion the last sample has come back, when it is more than
  /// `maximumReturn`: an open and a close (or a drag and its snap back) in
  /// one range; nil for one motion.
  /// why: a clip's open and close fitted as one spring came back as
  /// "travel 8164 px, ζ 33.8 ± 10750" with exit 0 (designer walk-through);
  /// a spring's own overshoot returns at most 42 % of its peak at ζ 0.1
  static func thereAndBack(times: [Double], values: [Double]) -> (Double, Double)? {
    guard let first = values.first, let last = values.last else { return nil }
    var far = 0
    for i in values.indices where abs(values[i] - first) > abs(values[far] - first) { far = i }
    let out = values[far] - first
    guard out != 0 else { return nil }
    let back = (values[far] - last) / out
    return back > maximumReturn ? (times[far], back) : nil
  }

  /// The share of its farthest excursion a motion may come back by the end
  /// and still be one motion (a spring at ζ 0.1 comes back 42 % of its peak).
  public static let maximumReturn = 0.5

  /// (1 − ρ)/(1 + ρ) for the lag-1 autocorrelation ρ of `r` (taken within
  /// 0…0.95): the share of the samples that carry independent information.
  public static func independence(_ r: [Double]) -> Double {
    guard r.count >= 3 else { return 1 }
    let mean = r.reduce(0, +) / Double(r.count)
    let c = r.map { $0 - mean }
    let den = c.reduce(0) { $0 + $1 * $1 }
    guard den > 0 else { return 1 }
    var num = 0.0
    for i in 1..<c.count { num += c[i] * c[i - 1] }
    let rho = min(max(num / den, 0), 0.95)
    return (1 - rho) / (1 + rho)
  }

  /// The smallest opacity change (fraction of fully shown) taken as motion.
  public static let minimumAlphaSpan = 0.05

  /// The further channels fitted with the values on `axis`: for the angle,
  /// only when the centre travels `FitAxis.minimumAutoTravel` or more, the
  /// distance along its travel (`FitAxis.alongTravel`) first; the tracked size
  /// when the values are a position or an angle and the size spans more than
  /// `noiseMultiple` times its noise (and 2 % of the size, or the minimum
  /// travel); the opacity (`MotionSample.alpha`, following the progress
  /// clamped to 0…1) when it spans more than `noiseMultiple` times its noise
  /// and `minimumAlphaSpan`. The spring fit drops any whose fitted travel is
  /// within its scatter.
  static func channels(_ samples: [MotionSample], axis: FitAxis, minimumTravel: Double)
    -> [FitChannel]
  {
    func carries(_ v: [Double], floor: Double) -> Bool {
      let span = (v.max() ?? 0) - (v.min() ?? 0)
      return span > max(floor, noiseMultiple * noiseLevel(v))
    }
    var out: [FitChannel] = []
    if axis == .angle {
      // why: an element turning in place (the main button) moves nothing
      // else with its turn; one that travels as it turns (a fan item's spin)
      // carries the same progress in its position, size and opacity, each
      // seen where the others are faint or small
      guard samples.first?.y != nil, FitAxis.netTravel(samples) >= FitAxis.minimumAutoTravel
      else { return out }
      let along = FitAxis.alongTravel(samples)
      if carries(along, floor: minimumTravel) {
        out.append(FitChannel(name: "position", values: along))
      }
    }
    if axis != .scale, samples.allSatisfy({ $0.scale != nil }) {
      let sizes = samples.map { $0.scale ?? 1 }
      if carries(sizes, floor: min(minimumTravel, 0.02)) {
        out.append(FitChannel(name: "scale", values: sizes))
      }
    }
    if samples.allSatisfy({ $0.alpha != nil }) {
      let alphas = samples.map { $0.alpha ?? 1 }
      if carries(alphas, floor: minimumAlphaSpan) {
        out.append(FitChannel(name: "alpha", values: alphas, clamped: true))
      }
    }
    return out
  }
}
