import Foundation

/// How a tween moves between its endpoints.
public enum TweenCurve: Sendable, Equatable {
  /// A physical spring. `snapAtEnd` = UIKit semantics: the value jumps to the
  /// target at `duration`; otherwise the spring runs until it settles.
  case spring(Spring, snapAtEnd: Bool)
  /// An eased move; a non-zero start velocity is blended in with a bump that
  /// is 0 at both ends so motion stays continuous when a move is interrupted.
  case bezier(CubicBezier)
}

/// One scalar move `from` → `to`, starting at absolute time `start` (seconds)
/// with velocity `v0` (units per second), closed form at any t.
public struct Tween: Sendable, Equatable {
  public var start: Double
  public var from: Double
  public var to: Double
  public var v0: Double
  /// Seconds from `start` to the end of the move (for an unsnapped spring, its settle time).
  public var duration: Double
  public var curve: TweenCurve

  public init(
    start: Double, from: Double, to: Double, v0: Double = 0, duration: Double, curve: TweenCurve
  ) {
    self.start = start
    self.from = from
    self.to = to
    self.v0 = v0
    self.duration = max(0, duration)
    self.curve = curve
  }

  /// A UIKit spring move: `velocity` in UIKit's unit (1 = whole distance per
  /// second). The spring's ω0 comes from `velocity`, clamped to UIKit's range.
  public static func uikit(
    start: Double, from: Double, to: Double, duration: Double, damping: Double, velocity: Double
  ) -> Tween {
    let vClamped = max(
      UIKitSpring.velocityRange.lowerBound, min(UIKitSpring.velocityRange.upperBound, velocity))
    let u = UIKitSpring(duration: duration, dampingRatio: damping, velocity: vClamped)
    return Tween(
      start: start, from: from, to: to, v0: velocity * (to - from), duration: duration,
      curve: .spring(u.spring, snapAtEnd: true))
  }

  /// Absolute time at which the value is at rest on `to`.
  public var end: Double { start + duration }

  /// Value and velocity (units per second) at absolute time `t`.
  public func sample(_ t: Double) -> (x: Double, v: Double) {
    let local = t - start
    if local <= 0 { return (from, local == 0 ? v0 : 0) }
    // why: compare absolute times, as `end` does: `t − start` can round just
    // below `duration` at t == end, leaving the value short of its target in the
    // very frame whose phase already says the motion is over
    if t >= end || local >= duration { return (to, 0) }
    switch curve {
    case .spring(let s, _):
      let st = s.state(at: local, x0: from - to, v0: v0)
      return (to + st.x, st.v)
    case .bezier(let b):
      let T = duration
      let tau = local / T
      let e = b.value(at: tau)
      let de = b.slope(at: tau) / T
      // h(τ) = τ(1−τ)²: h(0)=h(1)=0, h'(0)=1, h'(1)=0
      let h = tau * (1 - tau) * (1 - tau)
      let dh = (1 - tau) * (1 - 3 * tau) / T
      return (from + (to - from) * e + v0 * T * h, (to - from) * de + v0 * T * dh)
    }
  }
}

/// Tweens played one after another: the value is the last started tween's.
public struct Track: Sendable, Equatable {
  public var tweens: [Tween]
  /// The value before the first tween starts.
  public var rest: Double

  public init(rest: Double, tweens: [Tween] = []) {
    self.rest = rest
    self.tweens = tweens
  }

  public func sample(_ t: Double) -> (x: Double, v: Double) {
    guard let current = tweens.last(where: { $0.start <= t }) else {
      return (tweens.first?.from ?? rest, 0)
    }
    return current.sample(t)
  }

  /// When the last tween ends (or -∞ for a still track).
  public var end: Double { tweens.map(\.end).max() ?? -.infinity }

  /// The value once everything has finished.
  public var final: Double { tweens.last?.to ?? rest }
}
