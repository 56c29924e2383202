import Foundation

/// One standard deviation of a fitted tween's numbers, as the samples pin
/// them: its duration and start (seconds) and its travel (the values'
/// units); `.infinity` where the samples do not determine one, 0 for a
/// start held fixed.
public struct TweenUncertainty: Sendable, Equatable {
  public var duration: Double
  public var travel: Double
  public var start: Double

  public static let unknown = TweenUncertainty(
    duration: .infinity, travel: .infinity, start: .infinity)
}

extension TweenFit {
  /// The tween with its `uncertainty`: σ from the Jacobian at its numbers
  /// (start, duration, from, to, and the control points unless the curve is
  /// a `named` one), σ² the residual variance widened for residuals that
  /// follow one another (`LevenbergMarquardt.covariance`).
  /// why: a tween chosen over the spring is printed with its own precision;
  /// the spring's (± 40–110 % on the main button's easeInOut turn) said
  /// nothing of the tween that was reported
  func measured(times: [Double], values: [Double], fixedStart: Double?) -> TweenFit {
    var out = self
    let free = named == nil
    let n = values.count
    func residuals(_ p: [Double]) -> [Double] {
      let c = free ? CubicBezier(p[4], p[5], p[6], p[7]) : curve
      guard p[1] > 1e-6 else { return [Double](repeating: .infinity, count: n) }
      return (0..<n).map {
        Self.value(times[$0], start: p[0], duration: p[1], from: p[2], to: p[3], curve: c)
          - values[$0]
      }
    }
    let scale = max(abs(to - from), 1e-6)
    var p = [start, duration, from, to]
    var steps = [fixedStart == nil ? 1e-4 : 0, 1e-5, 1e-4 * scale, 1e-4 * scale]
    if free {
      p += [curve.x1, curve.y1, curve.x2, curve.y2]
      steps += [1e-5, 1e-5, 1e-5, 1e-5]
    }
    guard let cov = LevenbergMarquardt.covariance(at: p, steps: steps, residuals: residuals)
    else {
      out.uncertainty = .unknown
      return out
    }
    // why: a diagonal ≤ 0 is a near-singular JᵀJ solved into noise
    func sd(_ i: Int) -> Double { cov[i][i] > 0 ? cov[i][i].squareRoot() : .infinity }
    let travel = cov[2][2] + cov[3][3] - 2 * cov[2][3]
    out.uncertainty = TweenUncertainty(
      duration: sd(1), travel: travel > 0 ? travel.squareRoot() : .infinity,
      start: fixedStart == nil ? sd(0) : 0)
    return out
  }
}
