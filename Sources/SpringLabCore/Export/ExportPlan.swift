import Foundation

/// One move of an exported animation, in progress units (0 = where the
/// animation starts from, 1 = its resting end for a plain move).
public struct ExportMove: Sendable, Equatable {
  public enum Curve: Sendable, Equatable {
    /// UIKit `animate(withDuration:…usingSpringWithDamping:initialSpringVelocity:)`:
    /// duration seconds, damping ratio, velocity in travels per second (toward the target).
    case uikitSpring(duration: Double, damping: Double, velocity: Double)
    /// A cubic Bézier ease over `duration` seconds; `name` is the preset's curve name.
    case bezier(CubicBezier, name: String, duration: Double)
  }

  public var curve: Curve
  /// Seconds before this move starts: from the animation's trigger for the
  /// first move, from the previous move's end for the others (they chain).
  public var delay: Double
  /// Progress this move ends on (may exceed 1: an overshoot).
  public var to: Double

  public var duration: Double {
    switch curve {
    case .uikitSpring(let d, _, _): return d
    case .bezier(_, _, let d): return d
    }
  }
}

/// Which of the preset's animations an `ExportAnimation` is: the planned
/// kinds. A further control's (`other`) carry their `motion`; every export
/// prints them from its descriptor.
public enum ExportAnimationKind: String, Sendable, Equatable {
  case fanExpand, fanCollapse, rotationOpen, rotationClose, bubbleSnap, bubbleMenuOpen,
    bubbleMenuClose, other
}

/// One exported animation: a chain of moves from `from` (progress).
public struct ExportAnimation: Sendable, Equatable {
  /// The planned animation as the exporters see it.
  init?(planned a: PlannedAnimation) {
    guard let kind = ExportAnimationKind(rawValue: a.kind.rawValue) else { return nil }
    id = a.id
    self.kind = kind
    if case .fanItem(let i) = a.target { item = i } else { item = nil }
    from = a.from
    moves = a.moves.map { m in
      switch m.curve {
      case .uikitSpring(let d, let z, let v):
        return ExportMove(
          curve: .uikitSpring(duration: d, damping: z, velocity: v), delay: m.delay, to: m.to)
      case .bezier(let b, let name, let d):
        return ExportMove(
          curve: .bezier(b, name: name.rawValue, duration: d), delay: m.delay, to: m.to)
      }
    }
    variant = a.variant?.rawValue ?? ""
    motion = a.motion
  }

  /// The motion a further control's animation plays; nil for the fan's and the bubble's.
  public var motion: MotionID?

  /// Stable id used as a marker in every export, e.g. `fan.expand.item0`.
  public var id: String
  public var kind: ExportAnimationKind
  /// Fan item index for fan moves.
  public var item: Int?
  public var from: Double
  public var moves: [ExportMove]
  /// The preset's variant (`stagger`, `sequential`, `overshoot`, `allAtOnce`) for fan moves.
  public var variant: String

  /// The final progress.
  public var to: Double { moves.last?.to ?? from }
  /// Seconds from the trigger to the end of the last move.
  public var end: Double { moves.reduce(0) { $0 + $1.delay + $1.duration } }
  /// Active time after the first delay, seconds.
  public var activeDuration: Double { end - (moves.first?.delay ?? 0) }

  /// Progress at `t` seconds after the trigger, with the playground's
  /// semantics (UIKit springs snap at T). Used to sample CSS `linear()`.
  public func progress(at t: Double) -> Double {
    var start = 0.0
    var value = from
    for m in moves {
      let s = start + m.delay
      if t < s { return value }
      let local = t - s
      if local < m.duration {
        switch m.curve {
        case .uikitSpring(let d, let z, let v):
          let u = UIKitSpring(duration: d, dampingRatio: z, velocity: v)
          return value + (m.to - value) * u.progress(at: local).p
        case .bezier(let b, _, let d):
          return value + (m.to - value) * b.value(at: local / d)
        }
      }
      value = m.to
      start = s + m.duration
    }
    return value
  }
}

/// The exporters' view of the preset's `MotionPlan`: the same animations,
/// with curve names as the exporters print them. Never computes timing itself.
public enum ExportPlan {
  public static func animations(_ p: Preset) -> [ExportAnimation] {
    MotionPlan(p).animations.compactMap(ExportAnimation.init(planned:))
  }

  /// Comments a platform needs about a variant it cannot express literally.
  /// `springsSnap` = the platform's spring ends exactly at T like UIKit's;
  /// `keyframes` = the platform plays a chain of eases as one keyframes call.
  static func notes(_ p: Preset, springsSnap: Bool, keyframes: Bool = false) -> [String] {
    var notes: [String] = []
    for (name, m) in [("expand", p.fan.expand), ("collapse", p.fan.collapse)] {
      if m.variant == .sequential {
        notes.append(
          "fan.\(name) is 'sequential' (each item starts when the previous ends): exported as per-item delays "
            + "of i × \(ExportNumber.format(m.duration)) s, which is the same timing the playground uses, "
            + "without completion chaining.")
      }
      if m.variant == .overshoot && name == "expand" && keyframes {
        notes.append(
          "fan.expand is the two-phase 'overshoot' (radius + \(ExportNumber.format(p.fan.overshoot)) pt, then back): "
            + "exported as one keyframes animation in progress units (1 = resting radius), an ease per phase "
            + "and `times` where the phases meet, so both phases run on one clock.")
      } else if m.variant == .overshoot && name == "expand" {
        notes.append(
          "fan.expand is the two-phase 'overshoot' (radius + \(ExportNumber.format(p.fan.overshoot)) pt, then back): "
            + "exported as two chained ease-in-out moves in progress units (1 = resting radius).")
      }
      if m.variant == .overshoot && name == "collapse" {
        notes.append(
          "fan.collapse 'overshoot' has no second phase when closing: exported as one ease-in-out move."
        )
      }
    }
    if !springsSnap {
      notes.append(
        "UIKit's spring ends exactly at its duration T (the value snaps to the target); this platform's spring "
          + "settles on its own instead, so after T it glides the last fraction of a percent instead of jumping."
      )
    }
    return notes
  }
}
