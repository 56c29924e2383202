import SpringLabCore
import SpringLabUI

/// The preset fields a spring motion's graph handles edit.
struct SpringKnobs {
  var damping: WritableKeyPath<Preset, Double>
  var duration: WritableKeyPath<Preset, Double>
}

extension GraphTarget {
  /// The damping and duration of the graphed motion when it is a spring; nil
  /// for eased motion (Bézier handles apply instead) and the keyboard.
  func springKnobs(_ p: Preset) -> SpringKnobs? {
    guard let s = descriptor.spring, s.isSpring(p) else { return nil }
    return SpringKnobs(damping: s.damping, duration: s.duration)
  }
}

/// Direct manipulation of a spring on the graph: the first peak sets only
/// the damping (bounce), the settle marker sets only the duration. Each drag
/// recomputes from the preset it started on and the pointer's absolute
/// position, so going back to where the drag began gives back the value it
/// began with (no drift).
enum GraphHandles {
  /// UIKit's underdamped range; 1 (critically damped) is the "bounce 0" end.
  static let dampingRange = 0.05...0.999

  /// The peak handle in pixels, and whether it is the "bounce 0" handle (no
  /// overshoot to grab: ζ = 1 or a peak too small to see).
  static func peak(_ state: StudioState, plot p: PixelRect) -> (
    x: Double, y: Double, bounceZero: Bool
  )? {
    let target = state.graphSettings.target
    guard let k = target.springKnobs(state.preset) else { return nil }
    let g = state.motionGraph
    guard let lead = g.lead else { return nil }
    let rest = lead.to < lead.from ? 0.0 : 1.0
    let pk = MotionGraph.peak(lead)
    if state.preset[keyPath: k.damping] >= 1 || abs(pk.x - rest) < 1e-4 {
      let t =
        (lead.track.tweens.first?.start ?? 0)
        + (lead.track.end - (lead.track.tweens.first?.start ?? 0)) * 0.5
      let (x, y) = GraphView.toPx(t, rest, p, g)
      return (x, y, true)
    }
    let (x, y) = GraphView.toPx(pk.t, pk.x, p, g)
    return (x, y, false)
  }

  /// The settle marker's handle (top of its line), pixels.
  static func settle(_ state: StudioState, plot p: PixelRect) -> (x: Double, y: Double)? {
    guard state.graphSettings.target.springKnobs(state.preset) != nil else { return nil }
    let g = state.motionGraph
    guard let st = g.settle, st <= g.tMax else { return nil }
    let (x, _) = GraphView.toPx(st, 0, p, g)
    return (x, p.y + 6)
  }

  /// The lead part's overshoot (fraction of travel) for `preset`.
  static func leadOvershoot(_ preset: Preset, _ target: GraphTarget) -> Double {
    guard let lead = MotionGraph.lead(MotionGraph.curves(preset, target, paired: false)) else {
      return 0
    }
    let collapse = lead.to < lead.from
    let x = MotionGraph.peak(lead).x
    return max(0, collapse ? -x : x - 1)
  }

  /// The preset with the damping that gives the lead part a peak at pixel
  /// y on `axes` (the graph's scale at the press, held for the whole drag);
  /// ζ = 1 when the pointer is at or past the rest line.
  static func dragPeak(
    to y: Double, from before: Preset, grabY: Double, axes: GraphAxes, state: StudioState,
    plot p: PixelRect
  )
    -> Preset
  {
    let target = state.graphSettings.target
    guard let k = target.springKnobs(before) else { return before }
    // why: back where the drag began is exactly the value it began with
    if abs(y - grabY) < 0.5 { return before }
    let v = axes.yMin + (p.y + p.h - y) / p.h * (axes.yMax - axes.yMin)
    let lead = MotionGraph.lead(MotionGraph.curves(before, target, paired: false))
    let collapse = lead.map { $0.to < $0.from } ?? false
    let want = collapse ? -v : v - 1
    var out = before
    if want <= 0.0005 {
      out[keyPath: k.damping] = 1
      return out
    }
    func overshoot(_ z: Double) -> Double {
      var q = before
      q[keyPath: k.damping] = z
      return leadOvershoot(q, target)
    }
    // why: overshoot falls as damping rises; bisect within UIKit's range
    var lo = dampingRange.lowerBound
    var hi = dampingRange.upperBound
    if overshoot(lo) <= want {
      hi = lo
    } else if overshoot(hi) >= want {
      lo = hi
    } else {
      while hi - lo > 1e-7 {
        let m = (lo + hi) / 2
        if overshoot(m) > want { lo = m } else { hi = m }
      }
    }
    out[keyPath: k.damping] = ((lo + hi) / 2 * 1000).rounded() / 1000
    return out
  }

  /// The preset with the duration whose settle time is at pixel x on
  /// `axes` (held from the press).
  static func dragSettle(
    to x: Double, from before: Preset, grabX: Double, axes: GraphAxes, state: StudioState,
    plot p: PixelRect
  )
    -> Preset
  {
    let target = state.graphSettings.target
    guard let k = target.springKnobs(before) else { return before }
    if abs(x - grabX) < 0.5 { return before }
    let want = max(0, (x - p.x) / p.w * axes.tMax)
    func settle(_ d: Double) -> Double {
      var q = before
      q[keyPath: k.duration] = d
      return MotionGraph(preset: q, target: target, sampled: false).settle ?? 0
    }
    // why: settle grows with duration; bisect within the preset's range
    var lo = 0.01
    var hi = 10.0
    if settle(lo) >= want {
      hi = lo
    } else if settle(hi) <= want {
      lo = hi
    } else {
      while hi - lo > 1e-6 {
        let m = (lo + hi) / 2
        if settle(m) < want { lo = m } else { hi = m }
      }
    }
    var out = before
    out[keyPath: k.duration] = max(0.01, ((lo + hi) / 2 * 1000).rounded() / 1000)
    return out
  }
}
