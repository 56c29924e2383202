import SpringLabCore

/// The last fit's result as short lines for the panel's Backdrop section
/// (a toast holds about 80 characters and fades): what the CLI's text says
/// that a designer needs before trusting the numbers — the model and its
/// evidence, each number with its one-σ ±, and the caveats.
enum FitReport {
  /// `value ± sigma`, or "value (undetermined)".
  static func pm(_ value: Double, _ sigma: Double, _ places: Int) -> String {
    sigma.isFinite
      ? "\(Fmt.fixed(value, places)) ± \(Fmt.fixed(sigma, places))"
      : "\(Fmt.fixed(value, places)) (undetermined)"
  }

  static func lines(_ fit: MotionFit) -> [String] {
    let pct = Fmt.fixed(fit.rmsFraction * 100, 2)
    var o = [
      "\(fit.model.rawValue) (\(fit.evidence.rawValue)) · \(fit.samples.count) samples · RMS \(pct) % of travel"
    ]
    let s = fit.spring
    let u = s.uncertainty
    let response = 2 * .pi / s.spring.naturalFrequency
    o.append("spring: ζ \(pm(s.spring.dampingRatio, u.dampingRatio, 3))")
    o.append("  response \(pm(response, u.response, 4)) s")
    if s.presetVelocity != s.relativeVelocity {
      o.append(
        "  velocity not pinned (fitted \(Fmt.fixed(s.relativeVelocity, 2)) travels/s): taken as 0")
    }
    if fit.seenTooBriefly {
      o.append(
        "  seen moving in \(fit.motionSamples) of the \(SpringFit.minimumSamplesInMotion) samples a spring needs"
      )
    }
    let (z, r) = s.relativeSpread
    let bound = MotionFit.precisionBound
    if !(max(z, r) <= bound) {
      o.append(
        z.isFinite && r.isFinite
          ? "  3σ: ζ ± \(Fmt.fixed(z * 100, 1)) %, response ± \(Fmt.fixed(r * 100, 1)) % (not within \(Fmt.fixed(bound * 100, 0)) %)"
          : "  the recording does not pin the spring")
    }
    let t = fit.tween
    o.append(
      "tween: \(t.named?.rawValue ?? "custom") \(pm(t.duration, t.uncertainty.duration, 4)) s")
    return o
  }
}
