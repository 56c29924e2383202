/// The curve of one planned move.
public enum PlannedCurve: Sendable, Equatable {
  /// UIKit `animate(withDuration:…usingSpringWithDamping:initialSpringVelocity:)`:
  /// duration seconds, damping ratio, velocity in travels per second (toward the target).
  case uikitSpring(duration: Double, damping: Double, velocity: Double)
  /// A cubic Bézier ease over `duration` seconds; `name` is the preset's curve name.
  case bezier(CubicBezier, name: MotionCurveName, duration: Double)

  /// Seconds the move lasts (a UIKit spring ends exactly then).
  public var duration: Double {
    switch self {
    case .uikitSpring(let d, _, _): return d
    case .bezier(_, _, let d): return d
    }
  }

  /// A stored spring's UIKit numbers as a planned curve.
  public static func of(_ s: SpringSpec) -> PlannedCurve {
    .uikitSpring(duration: s.duration, damping: s.damping, velocity: s.velocity)
  }

  /// The curve a preset move names (`spring` or a timing curve).
  public static func of(_ m: FanMotion, name: MotionCurveName? = nil) -> PlannedCurve {
    let name = name ?? m.curve
    switch name {
    case .spring: return .of(m.spring)
    case .easeIn: return .bezier(.easeIn, name: name, duration: m.duration)
    case .easeOut: return .bezier(.easeOut, name: name, duration: m.duration)
    case .easeInOut: return .bezier(.easeInOut, name: name, duration: m.duration)
    case .caDefault: return .bezier(.caDefault, name: name, duration: m.duration)
    case .linear: return .bezier(.linear, name: name, duration: m.duration)
    case .custom: return .bezier(m.bezier.curve, name: name, duration: m.duration)
    }
  }

  /// The Bézier of an eased curve, nil for a spring.
  public var bezier: CubicBezier? {
    if case .bezier(let b, _, _) = self { return b }
    return nil
  }

  /// The runtime move from `from` to `to` starting at absolute time `start`.
  /// `v0` is a carried velocity (units per second; an interruption), nil for
  /// a move from rest, which for a spring uses the planned UIKit velocity.
  /// `duration` overrides the planned one (the bubble following a keyboard).
  public func tween(
    start: Double, from: Double, to: Double, v0: Double?, duration: Double? = nil
  ) -> Tween {
    let d = duration ?? self.duration
    switch self {
    case .bezier(let b, _, _):
      return Tween(start: start, from: from, to: to, v0: v0 ?? 0, duration: d, curve: .bezier(b))
    case .uikitSpring(_, let damping, let velocity):
      let travel = to - from
      // why: UIKit picks ω0 from the velocity in "distances per second"; an
      // interrupted move carries its real velocity, expressed in that unit
      let uikitV: Double
      if let v = v0 { uikitV = abs(travel) > 1e-9 ? v / travel : 0 } else { uikitV = velocity }
      var t = Tween.uikit(
        start: start, from: from, to: to, duration: d, damping: damping, velocity: uikitV)
      if let v = v0 { t.v0 = v }
      return t
    }
  }
}

/// One move of a planned animation, in progress units (0 = where the
/// animation starts from, 1 = its resting end for a plain move).
public struct PlannedMove: Sendable, Equatable {
  public var curve: PlannedCurve
  /// Seconds before this move starts: from the animation's trigger for the
  /// first move, from the previous move's end for the others (they chain).
  public var delay: Double
  /// Progress this move ends on (may exceed 1: an overshoot).
  public var to: Double

  public var duration: Double { curve.duration }
}

/// Which of a preset's animations a planned animation is.
public enum PlannedAnimationKind: String, Sendable, Equatable, CaseIterable {
  case fanExpand, fanCollapse, rotationOpen, rotationClose, bubbleSnap, bubbleMenuOpen,
    bubbleMenuClose
  /// An animation of a further control (`ControlRegistry.more`), found by its
  /// `motion`: lint, the graph and every export read it.
  case other

  /// The plan's name for one animation of this kind (export comments,
  /// `export --check`): the path of the settings it plays (`fan.expand`,
  /// `fan.rotation`, `bubble.menu`), with the direction for a motion played
  /// both ways (`fan.rotation.open`) and the item for a fan move
  /// (`fan.expand.item2`); each motion descriptor's path starts it. A
  /// further control's animations name themselves.
  public func animationID(item: Int = 0) -> String {
    func parent(_ id: FieldID) -> String { String(id.path[..<id.path.lastIndex(of: ".")!]) }
    let rotation = parent(.fanRotationAngle)
    switch self {
    case .fanExpand: return PresetSpring.fanExpand.prefix + ".item\(item)"
    case .fanCollapse: return PresetSpring.fanCollapse.prefix + ".item\(item)"
    case .rotationOpen: return rotation + ".open"
    case .rotationClose: return rotation + ".close"
    case .bubbleSnap: return PresetSpring.bubbleSnap.prefix
    case .bubbleMenuOpen: return PresetSpring.bubbleMenu.prefix + ".open"
    case .bubbleMenuClose: return PresetSpring.bubbleMenu.prefix + ".close"
    case .other: return rawValue
    }
  }
}

/// What an animation moves.
public enum AnimationTarget: Sendable, Equatable, Hashable {
  /// A fan item's progress along its path (0 at the main button, 1 at rest).
  case fanItem(Int)
  /// The main button's rotation (1 = the preset's open angle).
  case fanRotation
  /// The bubble's centre, from where it is released (0) to its snap target (1).
  case bubblePosition
  /// The bubble menu's progress (0 closed, 1 open).
  case bubbleMenu
  /// A property of a further control, named by it.
  case other(String)
}

/// One animation of the plan: a chain of moves from `from` (progress).
public struct PlannedAnimation: Sendable, Equatable {
  /// Stable id used as a marker in every export, e.g. `fan.expand.item0`.
  public var id: String
  public var kind: PlannedAnimationKind
  public var target: AnimationTarget
  public var from: Double
  public var moves: [PlannedMove]
  /// The preset's variant for fan moves, nil for the others.
  public var variant: FanVariant?
  /// The motion it plays, for a further control's animations (the graph
  /// and the exports find them by it); nil for the fan's and the bubble's.
  public var motion: MotionID? = nil

  /// The final progress.
  public var to: Double { moves.last?.to ?? from }
  /// Seconds from the trigger to the end of the last move.
  public var end: Double { moves.reduce(0) { $0 + $1.delay + $1.duration } }

  /// The runtime track playing this animation from trigger time `t0`,
  /// starting from the current value `value` (in the animated property's
  /// units; `scale` converts progress to them, e.g. degrees for a rotation).
  /// `carried` is the current velocity when the animation interrupts another
  /// one, which also drops the delays so nothing freezes mid-air.
  public func track(at t0: Double, from value: Double, carried: Double?, scale: Double = 1) -> Track
  {
    var tweens: [Tween] = []
    var start = t0
    var at = value
    for (k, m) in moves.enumerated() {
      start += k == 0 && carried != nil ? 0 : m.delay
      let to = m.to * scale
      let t = m.curve.tween(start: start, from: at, to: to, v0: k == 0 ? carried : nil)
      tweens.append(t)
      start = t.end
      at = to
    }
    return Track(rest: value, tweens: tweens)
  }
}

/// Every animation a preset plays, built once per preset: the only
/// description of the motion. The runtime (`FanMenu`, `Bubble`) plays it,
/// lint and the curve graph read its timings, the exporters print it.
public struct MotionPlan: Sendable, Equatable {
  public var animations: [PlannedAnimation]

  /// A plan of the given animations (`MotionPlan(preset)` collects every
  /// control's share).
  public init(animations: [PlannedAnimation]) { self.animations = animations }

  /// The animations of one kind (fan moves: one per item, in item order).
  public func animations(_ kind: PlannedAnimationKind) -> [PlannedAnimation] {
    animations.filter { $0.kind == kind }
  }

  /// Seconds from the trigger until every animation of `kind` has ended.
  public func totalTime(_ kind: PlannedAnimationKind) -> Double {
    animations(kind).map(\.end).max() ?? 0
  }

  /// The fan's animations: per-item expand and collapse, then the main
  /// button's rotation open and close.
  public static func fan(_ f: FanPreset) -> [PlannedAnimation] {
    fanItems(f, expand: true) + fanItems(f, expand: false) + [
      rotation(f, open: true), rotation(f, open: false),
    ]
  }

  /// Per-item start delays, seconds, for `order` (`center` = middle item first).
  public static func delays(count n: Int, stagger: Double, order: FanOrder) -> [Double] {
    switch order {
    case .forward: return (0..<n).map { Double($0) * stagger }
    case .reverse: return (0..<n).map { Double(n - 1 - $0) * stagger }
    case .center:
      let c = Double(n - 1) / 2
      let dist = (0..<n).map { abs(Double($0) - c) }
      let lo = dist.min() ?? 0
      return dist.map { ($0 - lo) * stagger }
    }
  }

  /// Per-item animations of an expand (0 → 1) or collapse (1 → 0) from rest.
  public static func fanItems(_ fan: FanPreset, expand: Bool) -> [PlannedAnimation] {
    let m = expand ? fan.expand : fan.collapse
    let n = fan.count
    let delays: [Double]
    switch m.variant {
    case .allAtOnce: delays = Array(repeating: 0, count: n)
    // seed 003: each item starts when the previous one ends
    case .sequential: delays = MotionPlan.delays(count: n, stagger: m.duration, order: m.order)
    case .stagger, .overshoot:
      delays = MotionPlan.delays(count: n, stagger: m.stagger, order: m.order)
    }
    let from = expand ? 0.0 : 1.0
    let to = expand ? 1.0 : 0.0
    let kind: PlannedAnimationKind = expand ? .fanExpand : .fanCollapse
    return (0..<n).map { i in
      let id = kind.animationID(item: i)
      let moves: [PlannedMove]
      if m.variant == .overshoot, expand, fan.radius > 0 {
        // KYCircleMenu: out to radius + overshoot (ease-in-out), then back
        let peak = 1 + fan.overshoot / fan.radius
        moves = [
          PlannedMove(
            curve: .bezier(.easeInOut, name: .easeInOut, duration: fan.overshootOut),
            delay: delays[i], to: peak),
          PlannedMove(
            curve: .bezier(.easeInOut, name: .easeInOut, duration: fan.overshootBack), delay: 0,
            to: 1),
        ]
      } else {
        // why: a collapse (or a zero radius) has no second phase; the
        // overshoot variant still eases in and out
        let curve = PlannedCurve.of(m, name: m.variant == .overshoot ? .easeInOut : nil)
        moves = [PlannedMove(curve: curve, delay: delays[i], to: to)]
      }
      return PlannedAnimation(
        id: id, kind: kind, target: .fanItem(i), from: from, moves: moves, variant: m.variant)
    }
  }

  /// The main button's rotation: always ease-in-out, 0 → 1 of the open angle.
  public static func rotation(_ f: FanPreset, open: Bool) -> PlannedAnimation {
    PlannedAnimation(
      id: (open ? PlannedAnimationKind.rotationOpen : .rotationClose).animationID(),
      kind: open ? .rotationOpen : .rotationClose, target: .fanRotation, from: open ? 0 : 1,
      moves: [
        PlannedMove(
          curve: .bezier(
            .easeInOut, name: .easeInOut, duration: open ? f.rotationOpen : f.rotationClose),
          delay: 0, to: open ? 1 : 0)
      ], variant: nil)
  }

  /// The bubble's snap (a UIKit spring), its menu opening (a UIKit spring)
  /// and closing (ease-in).
  public static func bubble(_ b: BubblePreset) -> [PlannedAnimation] {
    [
      PlannedAnimation(
        id: PlannedAnimationKind.bubbleSnap.animationID(), kind: .bubbleSnap,
        target: .bubblePosition,
        from: 0,
        moves: [
          PlannedMove(
            curve: .of(b.snap),
            delay: 0, to: 1)
        ], variant: nil),
      PlannedAnimation(
        id: PlannedAnimationKind.bubbleMenuOpen.animationID(), kind: .bubbleMenuOpen,
        target: .bubbleMenu,
        from: 0,
        moves: [
          PlannedMove(
            curve: .of(b.menu),
            delay: 0, to: 1)
        ], variant: nil),
      PlannedAnimation(
        id: PlannedAnimationKind.bubbleMenuClose.animationID(), kind: .bubbleMenuClose,
        target: .bubbleMenu,
        from: 1,
        moves: [
          PlannedMove(
            curve: .bezier(.easeIn, name: .easeIn, duration: b.menuCloseDuration), delay: 0, to: 0)
        ], variant: nil),
    ]
  }
}
