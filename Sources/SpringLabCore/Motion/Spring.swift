import Foundation

/// A damped harmonic oscillator: mass (kg-like units), stiffness (N/m-like),
/// damping coefficient. Closed-form solutions only: any t is exact, with no
/// integration error and no dependence on frame rate.
public struct Spring: Sendable, Equatable {
  public var mass: Double
  public var stiffness: Double
  public var damping: Double

  public init(mass: Double = 1, stiffness: Double, damping: Double) {
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping
  }

  /// Undamped angular frequency ω0 = √(k/m), radians per second.
  public var naturalFrequency: Double { (stiffness / mass).squareRoot() }
  /// Damping ratio ζ = c / (2√(km)); < 1 under-, 1 critically, > 1 over-damped.
  public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

  /// Displacement from the target and velocity at time `t` seconds, starting
  /// from displacement `x0` and velocity `v0` (units per second). Negative t
  /// is treated as 0.
  public func state(at t: Double, x0: Double, v0: Double) -> (x: Double, v: Double) {
    let t = max(0, t)
    let w0 = naturalFrequency
    let z = dampingRatio
    if abs(z - 1) < 1e-6 {
      // critically damped: x = e^(−ω0 t)[x0 + (v0 + ω0 x0) t]
      let e = exp(-w0 * t)
      let b = v0 + w0 * x0
      return (e * (x0 + b * t), e * (b - w0 * (x0 + b * t)))
    } else if z < 1 {
      let wd = w0 * (1 - z * z).squareRoot()
      let a = z * w0
      let e = exp(-a * t)
      let c1 = x0
      let c2 = (v0 + a * x0) / wd
      let cs = cos(wd * t)
      let sn = sin(wd * t)
      let x = e * (c1 * cs + c2 * sn)
      let v = e * ((c2 * wd - a * c1) * cs - (c1 * wd + a * c2) * sn)
      return (x, v)
    } else {
      // why: two decaying exponentials; the cosh/sinh form overflows for large t
      let s = (z * z - 1).squareRoot()
      let r1 = (-z + s) * w0
      let r2 = (-z - s) * w0
      let c2 = (v0 - r1 * x0) / (r2 - r1)
      let c1 = x0 - c2
      let e1 = exp(r1 * t)
      let e2 = exp(r2 * t)
      return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
    }
  }

  /// Time (seconds) after which |x| stays within `epsilon` × |x0 (or 1)|:
  /// the last crossing, found by scanning back at 1 ms from an envelope
  /// bound and bisecting to 1 µs.
  public func settleTime(x0: Double, v0: Double, epsilon: Double = 0.001) -> Double {
    let scale = max(abs(x0), 1e-12)
    let a = min(dampingRatio, 1) * naturalFrequency
    let slow: Double
    if dampingRatio > 1 {
      slow = (dampingRatio - (dampingRatio * dampingRatio - 1).squareRoot()) * naturalFrequency
    } else {
      slow = a
    }
    guard slow > 0 else { return .infinity }
    // envelope upper bound: amplitude ≤ (|x0| + |v0|/slow + …) e^(−slow t)
    let amp = (abs(x0) + abs(v0) / max(slow, 1e-9)) * 4 / scale + 1
    let bound = min(60, log(amp / epsilon) / slow + 0.1)
    var t = bound
    let dt = 0.001
    func outside(_ t: Double) -> Bool { abs(state(at: t, x0: x0, v0: v0).x) / scale > epsilon }
    while t > 0 {
      if outside(t) {
        // why: the last crossing to 1 µs, as MotionTiming finds it, so
        // `spring` and the graph give the same settle time for one spring
        var lo = t
        var hi = min(bound, t + dt)
        while hi - lo > 1e-6 {
          let m = (lo + hi) / 2
          if outside(m) { lo = m } else { hi = m }
        }
        return hi
      }
      t -= dt
    }
    return 0
  }

  /// The true largest excursion past the target, as a fraction of |x0| (0
  /// when the motion never crosses it), from the closed form: the extrema
  /// are where the velocity is 0. Underdamped, they fall every π/ωd and
  /// |x| there decays as e^(−ζω0·t), so the first one past the target is
  /// the peak (a few are checked for safety); critically and over-damped
  /// springs have at most one extremum after t = 0. No horizon: a 0.3 %
  /// overshoot that comes after the ±0.5 % settle time still counts.
  /// Non-finite when the physics is (callers refuse such springs).
  public func maximumOvershoot(x0: Double, v0: Double) -> Double {
    guard x0 != 0 else { return 0 }
    let w0 = naturalFrequency
    let z = dampingRatio
    var times: [Double] = []
    if abs(z - 1) < 1e-6 {
      // v ∝ b − ω0(x0 + b·t) with b = v0 + ω0·x0
      let b = v0 + w0 * x0
      if b != 0 { times.append((b - w0 * x0) / (w0 * b)) }
    } else if z < 1 {
      let wd = w0 * (1 - z * z).squareRoot()
      let a = z * w0
      let c2 = (v0 + a * x0) / wd
      // v = e^(−at)(A cos ωd t + B sin ωd t)
      let A = c2 * wd - a * x0
      let B = -(x0 * wd + a * c2)
      var theta = atan2(-A, B)
      theta -= (theta / .pi).rounded(.down) * .pi
      for k in 0..<4 { times.append((theta + Double(k) * .pi) / wd) }
    } else {
      let s = (z * z - 1).squareRoot()
      let r1 = (-z + s) * w0
      let r2 = (-z - s) * w0
      let c2 = (v0 - r1 * x0) / (r2 - r1)
      let c1 = x0 - c2
      // c1·r1·e^(r1 t) + c2·r2·e^(r2 t) = 0
      let q = -(c2 * r2) / (c1 * r1)
      if q > 0 { times.append(log(q) / (r1 - r2)) }
    }
    var peak = 0.0
    for t in times where t > 0 {
      let x = state(at: t, x0: x0, v0: v0).x
      if !x.isFinite { return .nan }
      if x * x0 < 0 { peak = max(peak, abs(x) / abs(x0)) }
    }
    return peak
  }

  /// Largest excursion past the target, as a fraction of |x0| (0 when the
  /// motion never crosses the target). Scans the first `horizon` seconds at 0.5 ms.
  public func peakOvershoot(x0: Double, v0: Double, horizon: Double? = nil) -> Double {
    guard x0 != 0 else { return 0 }
    let h = horizon ?? min(10, settleTime(x0: x0, v0: v0))
    var peak = 0.0
    var t = 0.0
    while t <= h {
      let x = state(at: t, x0: x0, v0: v0).x
      if x * x0 < 0 { peak = max(peak, abs(x) / abs(x0)) }
      t += 0.0005
    }
    return peak
  }
}
