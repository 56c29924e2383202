import Foundation

/// Recovers a spring (mass 1, natural frequency, damping ratio, initial
/// velocity) from the stops of a CSS `linear()` that a spring produced:
/// a coarse grid over ζ and ω0, then Nelder–Mead on the squared error.
enum LinearSpringFit {
  struct Result {
    var spring: Spring
    var velocity: Double
    /// Largest |linear() − spring| over the samples, progress units.
    var maxError: Double
  }

  /// A fit no worse than 1.5 % of travel anywhere, or nil.
  static func fit(_ stops: [(Double, Double)], duration d: Double) -> Result? {
    guard d > 0, d.isFinite, stops.count >= 3 else { return nil }
    // why: the last stop may be UIKit's snap at T (two stops at 100 %); sample just before it
    let n = 300
    let xs = (0..<n).map { Double($0) / Double(n) }
    let ys = xs.map { CheckCurve.linear(stops, $0) }
    guard abs(ys[0]) < 0.02, let last = stops.last, abs(last.1 - 1) < 0.02 else { return nil }
    func curve(_ p: [Double]) -> [Double] {
      let w0 = exp(p[0]) / d
      let z = exp(p[1])
      let s = Spring(mass: 1, stiffness: w0 * w0, damping: 2 * z * w0)
      return xs.map { 1 + s.state(at: $0 * d, x0: -1, v0: p[2]).x }
    }
    func cost(_ p: [Double]) -> Double {
      guard p.allSatisfy(\.isFinite), p[1] < log(20), p[1] > log(0.005) else { return .infinity }
      return zip(curve(p), ys).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
    }
    var best = [0.0, 0.0, 0.0]
    var bestCost = Double.infinity
    for zi in 0..<16 {
      let z = 0.05 * pow(60, Double(zi) / 15)
      for wi in 0..<24 {
        let wd = 1.0 * pow(500, Double(wi) / 23)
        let p = [log(wd), log(z), 0]
        let c = cost(p)
        if c < bestCost {
          bestCost = c
          best = p
        }
      }
    }
    best = nelderMead(cost, start: best, steps: [0.2, 0.2, 0.5], iterations: 1500)
    let fitted = curve(best)
    let worst = zip(fitted, ys).map { abs($0 - $1) }.max() ?? .infinity
    guard worst <= 0.015 else { return nil }
    let w0 = exp(best[0]) / d
    let z = exp(best[1])
    return Result(
      spring: Spring(mass: 1, stiffness: w0 * w0, damping: 2 * z * w0), velocity: best[2],
      maxError: worst)
  }

  static func nelderMead(
    _ f: ([Double]) -> Double, start: [Double], steps: [Double], iterations: Int
  ) -> [Double] {
    let n = start.count
    var simplex: [[Double]] = [start]
    for i in 0..<n {
      var p = start
      p[i] += steps[i]
      simplex.append(p)
    }
    var values = simplex.map(f)
    for _ in 0..<iterations {
      let order = values.indices.sorted { values[$0] < values[$1] }
      simplex = order.map { simplex[$0] }
      values = order.map { values[$0] }
      if abs(values[n] - values[0]) < 1e-14 * (1 + abs(values[0])) { break }
      var centroid = [Double](repeating: 0, count: n)
      for p in simplex.dropLast() { for i in 0..<n { centroid[i] += p[i] / Double(n) } }
      func along(_ t: Double) -> [Double] {
        (0..<n).map { centroid[$0] + t * (simplex[n][$0] - centroid[$0]) }
      }
      let r = along(-1)
      let fr = f(r)
      if fr < values[0] {
        let e = along(-2)
        let fe = f(e)
        if fe < fr {
          simplex[n] = e
          values[n] = fe
        } else {
          simplex[n] = r
          values[n] = fr
        }
      } else if fr < values[n - 1] {
        simplex[n] = r
        values[n] = fr
      } else {
        let c = along(fr < values[n] ? -0.5 : 0.5)
        let fc = f(c)
        if fc < min(fr, values[n]) {
          simplex[n] = c
          values[n] = fc
        } else {
          for j in 1...n {
            simplex[j] = (0..<n).map { simplex[0][$0] + 0.5 * (simplex[j][$0] - simplex[0][$0]) }
            values[j] = f(simplex[j])
          }
        }
      }
    }
    return simplex[values.indices.min { values[$0] < values[$1] }!]
  }
}
