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

/// Which of the preset's animations an `ExportAnimation` is.
public enum ExportAnimationKind: String, Sendable, Equatable {
  case fanExpand, fanCollapse, rotationOpen, rotationClose, bubbleSnap, bubbleMenuOpen,
    bubbleMenuClose
}

/// One exported animation: a chain of moves from `from` (progress).
public struct ExportAnimation: Sendable, Equatable {
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

/// Turns a preset into the list of animations to export, following
/// `FanMotionBuilder` (delays, variants), `FanMenu` (rotation) and `Bubble`
/// (snap, menu) exactly.
public enum ExportPlan {
  public static func animations(_ p: Preset) -> [ExportAnimation] {
    var out: [ExportAnimation] = []
    out += fan(p.fan, expand: true)
    out += fan(p.fan, expand: false)
    let ease = CubicBezier.easeInOut
    // why: FanMenu.start always eases the main button with ease-in-out
    out.append(
      ExportAnimation(
        id: "fan.rotation.open", kind: .rotationOpen, item: nil, from: 0,
        moves: [
          ExportMove(
            curve: .bezier(ease, name: "easeInOut", duration: p.fan.rotationOpen), delay: 0, to: 1)
        ],
        variant: ""))
    out.append(
      ExportAnimation(
        id: "fan.rotation.close", kind: .rotationClose, item: nil, from: 1,
        moves: [
          ExportMove(
            curve: .bezier(ease, name: "easeInOut", duration: p.fan.rotationClose), delay: 0, to: 0)
        ],
        variant: ""))
    let b = p.bubble
    out.append(
      ExportAnimation(
        id: "bubble.snap", kind: .bubbleSnap, item: nil, from: 0,
        moves: [
          ExportMove(
            curve: .uikitSpring(
              duration: b.snapDuration, damping: b.snapDamping, velocity: b.snapVelocity), delay: 0,
            to: 1)
        ], variant: ""))
    out.append(
      ExportAnimation(
        id: "bubble.menu.open", kind: .bubbleMenuOpen, item: nil, from: 0,
        moves: [
          ExportMove(
            curve: .uikitSpring(
              duration: b.menuDuration, damping: b.menuDamping, velocity: b.menuVelocity), delay: 0,
            to: 1)
        ], variant: ""))
    // why: Bubble.setMenu closes with ease-in over menuCloseDuration
    out.append(
      ExportAnimation(
        id: "bubble.menu.close", kind: .bubbleMenuClose, item: nil, from: 1,
        moves: [
          ExportMove(
            curve: .bezier(.easeIn, name: "easeIn", duration: b.menuCloseDuration), delay: 0, to: 0)
        ],
        variant: ""))
    return out
  }

  /// Per-item animations of an expand (0 → 1) or collapse (1 → 0), as
  /// `FanMotionBuilder.build` makes them from rest.
  static func fan(_ fan: FanPreset, expand: Bool) -> [ExportAnimation] {
    let m = expand ? fan.expand : fan.collapse
    let n = fan.count
    let delays: [Double]
    switch m.variant {
    case "allAtOnce": delays = Array(repeating: 0, count: n)
    case "sequential":
      delays = FanMotionBuilder.delays(count: n, stagger: m.duration, order: m.order)
    default: delays = FanMotionBuilder.delays(count: n, stagger: m.stagger, order: m.order)
    }
    let from = expand ? 0.0 : 1.0
    let to = expand ? 1.0 : 0.0
    return (0..<n).map { i in
      let id = "fan.\(expand ? "expand" : "collapse").item\(i)"
      let kind: ExportAnimationKind = expand ? .fanExpand : .fanCollapse
      if m.variant == "overshoot", expand, fan.radius > 0 {
        let peak = 1 + fan.overshoot / fan.radius
        let moves = [
          ExportMove(
            curve: .bezier(.easeInOut, name: "easeInOut", duration: fan.overshootOut),
            delay: delays[i], to: peak),
          ExportMove(
            curve: .bezier(.easeInOut, name: "easeInOut", duration: fan.overshootBack), delay: 0,
            to: 1),
        ]
        return ExportAnimation(
          id: id, kind: kind, item: i, from: from, moves: moves, variant: m.variant)
      }
      var curveName = m.curve
      if m.variant == "overshoot" { curveName = "easeInOut" }
      var mm = m
      mm.curve = curveName
      let curve: ExportMove.Curve
      if let b = FanMotionBuilder.bezier(mm) {
        curve = .bezier(b, name: curveName, duration: m.duration)
      } else {
        curve = .uikitSpring(duration: m.duration, damping: m.damping, velocity: m.velocity)
      }
      return ExportAnimation(
        id: id, kind: kind, item: i, from: from,
        moves: [ExportMove(curve: curve, delay: delays[i], to: to)],
        variant: m.variant)
    }
  }

  /// Comments a platform needs about a variant it cannot express literally.
  /// `springsSnap` = the platform's spring ends exactly at T like UIKit's.
  static func notes(_ p: Preset, springsSnap: Bool) -> [String] {
    var notes: [String] = []
    for (name, m) in [("expand", p.fan.expand), ("collapse", p.fan.collapse)] {
      if m.variant == "sequential" {
        notes.append(
          "fan.\(name) is 'sequential' (each item starts when the previous ends): exported as per-item delays "
            + "of i × \(ExportNumber.format(m.duration)) s, which is the same timing the playground uses, "
            + "without completion chaining.")
      }
      if m.variant == "overshoot" && name == "expand" {
        notes.append(
          "fan.expand is the two-phase 'overshoot' (radius + \(ExportNumber.format(p.fan.overshoot)) pt, then back): "
            + "exported as two chained ease-in-out moves in progress units (1 = resting radius).")
      }
      if m.variant == "overshoot" && name == "collapse" {
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
