import Foundation

/// One standard deviation of a fitted tween's numbers (`TweenFit.uncertainty`):
/// how far each could move and still explain the samples as well.
/// `.infinity` where the samples do not determine one.
public struct TweenUncertainty: Sendable, Equatable {
  /// Start, seconds (0 when the start was fixed from the pixels).
  public var start: Double
  /// Duration, seconds.
  public var duration: Double
  /// Value at rest before the tween, in the samples' unit (px, degrees).
  public var from: Double
  /// Value at rest after the tween, in the samples' unit.
  public var to: Double
  /// Travel (to − from), in the samples' unit: from and to move together,
  /// so its ± is smaller than theirs combined.
  public var travel: Double

  public static let unknown = TweenUncertainty(
    start: .infinity, duration: .infinity, from: .infinity, to: .infinity, travel: .infinity)
}

extension TweenFit {
  /// One σ of `t`'s start, duration, from and to, refitting its own numbers
  /// (the four control values too for a free curve): the larger of the
  /// Jacobian's (`LevenbergMarquardt.covariance`) and an 8-block jackknife's
  /// (`BlockJackknife`), as for the spring.
  /// why: a tween whose end is hidden (a fan item fading out under the main
  /// button) shows only its start; its duration and end then trade off
  /// (seed 000's easeIn collapse of 0.25 s over 89 px came back as 0.276 s
  /// over 104 px), which a duration printed without a ± would hide.
  static func uncertainty(
    of t: TweenFit, times: [Double], values: [Double], fixedStart: Double?
  ) -> TweenUncertainty {
    let n = values.count
    let free = t.named == nil
    let scale = max(abs(t.to - t.from), 1e-6)
    let c = t.curve
    var p = [t.start, log(t.duration), t.from, t.to]
    // why: the control values as they are, not through the fit's logit
    // (which clamps 0 to 0.02 and would move the curve off its optimum)
    if free { p += [c.x1, c.y1, c.x2, c.y2] }
    var steps = [fixedStart == nil ? 1e-4 : 0, 1e-5, 1e-4 * scale, 1e-4 * scale]
    if free { steps += [1e-5, 1e-5, 1e-5, 1e-5] }
    func residuals(_ p: [Double], skip: Range<Int>? = nil) -> [Double] {
      let d = exp(p[1])
      let keep = (0..<n).filter { !(skip?.contains($0) ?? false) }
      guard d > 1e-3, d < 1e4 else { return [Double](repeating: .infinity, count: keep.count) }
      let curve =
        free
        ? CubicBezier(min(max(p[4], 0), 1), p[5], min(max(p[6], 0), 1), p[7]) : c
      let t0 = fixedStart ?? p[0]
      return keep.map {
        value(times[$0], start: t0, duration: d, from: p[2], to: p[3], curve: curve) - values[$0]
      }
    }
    var u = TweenUncertainty.unknown
    guard let cov = LevenbergMarquardt.covariance(at: p, steps: steps, residuals: { residuals($0) })
    else { return u }
    // why: a diagonal ≤ 0 is a near-singular JᵀJ solved into noise
    func sd(_ i: Int) -> Double { cov[i][i] > 0 ? cov[i][i].squareRoot() : .infinity }
    let travel = cov[2][2] + cov[3][3] - 2 * cov[2][3]
    u = TweenUncertainty(
      start: fixedStart == nil ? sd(0) : 0, duration: t.duration * sd(1), from: sd(2), to: sd(3),
      travel: travel > 0 ? travel.squareRoot() : .infinity)
    if let j = BlockJackknife.spread(
      parameters: p, steps: steps, count: n,
      residuals: { q, lo, hi in residuals(q, skip: lo..<hi) },
      numbers: { q in [q[0], exp(q[1]), q[2], q[3], q[3] - q[2]] })
    {
      if fixedStart == nil { u.start = max(u.start, j[0]) }
      u.duration = max(u.duration, j[1])
      u.from = max(u.from, j[2])
      u.to = max(u.to, j[3])
      u.travel = max(u.travel, j[4])
    }
    // why: a linearised σ beyond the samples' own span says "not determined"
    let span = times.last! - times.first!
    if !(u.duration <= span) { u.duration = .infinity }
    if !(u.start <= span) { u.start = .infinity }
    return u
  }
}
