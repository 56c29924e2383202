import Foundation

/// Dense Levenberg–Marquardt least squares for a handful of parameters and a
/// few thousand residuals, with a central-difference Jacobian. Pure and
/// deterministic: the same start gives the same answer.
public enum LevenbergMarquardt {
  public struct Result: Sendable {
    public var parameters: [Double]
    /// Sum of squared residuals at `parameters`.
    public var cost: Double
    public var iterations: Int
  }

  /// Minimises Σ rᵢ(p)² from `start`. `steps[j]` is the finite-difference
  /// step of parameter j (in its own units); `residuals` must return the same
  /// count every call, and may return non-finite values for invalid p (the
  /// step is then refused).
  /// A short run (15 iterations) from every start, then a long one
  /// (`maxIterations`) from the `refine` cheapest: the lowest cost found.
  /// Several starts keep the cost low without trusting a single one.
  static func bestOf(
    starts: [[Double]], steps: [Double], refine: Int, maxIterations: Int,
    residuals: ([Double]) -> [Double]
  ) -> Result {
    var rough = starts.map {
      minimise(start: $0, steps: steps, maxIterations: 15, residuals: residuals)
    }
    rough.sort { $0.cost < $1.cost }
    var best = rough[0]
    for cand in rough.prefix(refine) {
      let r = minimise(
        start: cand.parameters, steps: steps, maxIterations: maxIterations, residuals: residuals)
      if r.cost < best.cost { best = r }
    }
    return best
  }

  public static func minimise(
    start: [Double], steps: [Double], maxIterations: Int = 100,
    residuals: ([Double]) -> [Double]
  ) -> Result {
    let n = start.count
    var p = start
    var r = residuals(p)
    var cost = sumSquares(r)
    guard cost.isFinite else { return Result(parameters: p, cost: .infinity, iterations: 0) }
    var lambda = 1e-3
    var it = 0
    while it < maxIterations {
      it += 1
      // Jacobian, column by column
      var jac = [[Double]](repeating: [], count: n)
      for j in 0..<n {
        // why: a zero step holds the parameter fixed
        if steps[j] == 0 {
          jac[j] = [Double](repeating: 0, count: r.count)
          continue
        }
        jac[j] =
          column(j, at: p, step: steps[j], r: r, residuals: residuals)
          ?? [Double](repeating: 0, count: r.count)
      }
      var jtj = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
      var jtr = [Double](repeating: 0, count: n)
      for a in 0..<n {
        for b in a..<n {
          var s = 0.0
          for i in r.indices { s += jac[a][i] * jac[b][i] }
          jtj[a][b] = s
          jtj[b][a] = s
        }
        var s = 0.0
        for i in r.indices { s += jac[a][i] * r[i] }
        jtr[a] = s
      }
      var improved = false
      for _ in 0..<12 {
        var m = jtj
        for d in 0..<n { m[d][d] += jtj[d][d] == 0 ? 1 : lambda * max(jtj[d][d], 1e-12) }
        guard let delta = solve(m, jtr.map { -$0 }) else {
          lambda *= 10
          continue
        }
        let q = zip(p, delta).map { $0 + $1 }
        let rq = residuals(q)
        let cq = sumSquares(rq)
        if cq.isFinite && cq < cost {
          let gain = (cost - cq) / max(cost, 1e-300)
          p = q
          r = rq
          cost = cq
          lambda = max(lambda / 3, 1e-9)
          improved = true
          if gain < 1e-10 { return Result(parameters: p, cost: cost, iterations: it) }
          break
        }
        lambda *= 8
      }
      if !improved { break }
    }
    return Result(parameters: p, cost: cost, iterations: it)
  }

  static func sumSquares(_ r: [Double]) -> Double {
    var s = 0.0
    for v in r { s += v * v }
    return s
  }

  /// Column `j` of the Jacobian at `p` (whose residuals are `r`): a central
  /// difference of `step`, or the one-sided one when a side leaves the valid
  /// region (non-finite residuals); nil when neither side is finite.
  static func column(
    _ j: Int, at p: [Double], step: Double, r: [Double], residuals: ([Double]) -> [Double]
  ) -> [Double]? {
    var a = p
    var b = p
    a[j] += step
    b[j] -= step
    let ra = residuals(a)
    let rb = residuals(b)
    let central = zip(ra, rb).map { ($0 - $1) / (2 * step) }
    if central.allSatisfy(\.isFinite) { return central }
    let fwd = ra.allSatisfy(\.isFinite)
    let one = zip(fwd ? ra : rb, r).map { (fwd ? 1.0 : -1.0) * ($0 - $1) / step }
    return one.allSatisfy(\.isFinite) ? one : nil
  }

  /// Parameter covariance at an optimum `p` from the Jacobian: σ² (JᵀJ)⁻¹,
  /// σ² the residual variance (Σ r² / (n − free parameters)), inflated by
  /// (1 + ρ) / (1 − ρ) for the residuals' lag-1 autocorrelation ρ > 0.
  /// why: residuals of a tracked video are not independent (a tracker's
  /// sub-pixel bias follows the motion), and treating them as independent
  /// would print an uncertainty too small to cover the truth.
  /// Rows and columns of parameters held fixed (step 0) are 0; nil when JᵀJ
  /// is singular (a parameter the samples do not determine).
  public static func covariance(
    at p: [Double], steps: [Double], residuals: ([Double]) -> [Double]
  ) -> [[Double]]? {
    let r = residuals(p)
    guard r.allSatisfy(\.isFinite) else { return nil }
    let free = steps.indices.filter { steps[$0] != 0 }
    guard r.count > free.count + 1 else { return nil }
    var jac: [[Double]] = []
    for j in free {
      guard let col = column(j, at: p, step: steps[j], r: r, residuals: residuals) else {
        return nil
      }
      jac.append(col)
    }
    let m = free.count
    var jtj = [[Double]](repeating: [Double](repeating: 0, count: m), count: m)
    for a in 0..<m {
      for b in a..<m {
        var s = 0.0
        for i in r.indices { s += jac[a][i] * jac[b][i] }
        jtj[a][b] = s
        jtj[b][a] = s
      }
    }
    var sigma2 = sumSquares(r) / Double(r.count - m)
    var num = 0.0
    for i in 1..<r.count { num += r[i] * r[i - 1] }
    let den = sumSquares(r)
    let rho = den > 0 ? min(max(num / den, 0), 0.95) : 0
    sigma2 *= (1 + rho) / (1 - rho)
    var cov = [[Double]](repeating: [Double](repeating: 0, count: p.count), count: p.count)
    for c in 0..<m {
      var e = [Double](repeating: 0, count: m)
      e[c] = 1
      guard let col = solve(jtj, e) else { return nil }
      for k in 0..<m { cov[free[k]][free[c]] = sigma2 * col[k] }
    }
    return cov
  }

  /// Gaussian elimination with partial pivoting; nil when singular.
  static func solve(_ a: [[Double]], _ b: [Double]) -> [Double]? {
    let n = b.count
    var m = a
    var v = b
    for c in 0..<n {
      var piv = c
      for r in (c + 1)..<max(c + 1, n) where abs(m[r][c]) > abs(m[piv][c]) { piv = r }
      guard abs(m[piv][c]) > 1e-300 else { return nil }
      if piv != c {
        m.swapAt(piv, c)
        v.swapAt(piv, c)
      }
      for r in (c + 1)..<max(c + 1, n) {
        let f = m[r][c] / m[c][c]
        if f == 0 { continue }
        for k in c..<n { m[r][k] -= f * m[c][k] }
        v[r] -= f * v[c]
      }
    }
    var x = [Double](repeating: 0, count: n)
    for r in stride(from: n - 1, through: 0, by: -1) {
      var s = v[r]
      for k in (r + 1)..<max(r + 1, n) { s -= m[r][k] * x[k] }
      x[r] = s / m[r][r]
      if !x[r].isFinite { return nil }
    }
    return x
  }
}
