/// The floating bubble's phases (their names appear in the trace).
public enum BubblePhase: String, Sendable, Equatable {
  case idle, dragging, snapping, hidden
}

/// The assistive bubble (seed 002) as a value. Positions are centres in
/// device points; times absolute seconds. Input arrives already routed:
/// `press`, `move`, `release`; `advance(to:)` settles snaps and long presses.
public struct Bubble: Sendable, Equatable {
  public var config: BubblePreset
  public private(set) var phase: BubblePhase = .idle
  /// Resting or dragged centre (the snap tracks override it while snapping).
  public private(set) var position: Point
  public private(set) var xTrack: Track
  public private(set) var yTrack: Track
  private var snapEnd = 0.0
  /// Press bookkeeping: where and when, grab offset, largest |dx|+|dy| so far.
  private var pressPoint: Point?
  private var pressTime = 0.0
  /// The bubble's centre when the press began.
  private var pressOrigin = Point(0, 0)
  private var grab = Point(0, 0)
  public private(set) var moved = 0.0
  private var lastMoves: [(t: Double, p: Point)] = []
  /// Menu open state and its progress track (0 closed … 1 open).
  public private(set) var menuOpen = false
  public private(set) var menuTrack = Track(rest: 0)
  /// Set when a keyboard pushed the bubble up: the y to return to.
  public private(set) var savedY: Double?
  /// Last touch, for the idle fade.
  public private(set) var lastTouch = 0.0

  public init(config: BubblePreset, device: Device) {
    self.config = config
    let b = BubbleSnap.bounds(device: device, size: config.size, margin: config.margin)
    let x = config.startSide == .right ? b.maxX : b.minX
    position = BubbleSnap.clamp(Point(x, config.startY), b)
    xTrack = Track(rest: position.x)
    yTrack = Track(rest: position.y)
  }

  public static func == (a: Bubble, b: Bubble) -> Bool {
    a.config == b.config && a.phase == b.phase && a.position == b.position && a.xTrack == b.xTrack
      && a.yTrack == b.yTrack && a.snapEnd == b.snapEnd && a.pressPoint == b.pressPoint
      && a.pressTime == b.pressTime && a.pressOrigin == b.pressOrigin
      && a.moved == b.moved && a.menuOpen == b.menuOpen && a.menuTrack == b.menuTrack
      && a.savedY == b.savedY
      && a.lastTouch == b.lastTouch
  }

  public var radius: Double { config.size / 2 }
  public var isPressed: Bool { pressPoint != nil }

  /// Centre at `t`.
  public func center(at t: Double) -> Point {
    if phase == .snapping { return Point(xTrack.sample(t).x, yTrack.sample(t).x) }
    return position
  }

  /// Menu progress (0 closed … 1 open, may overshoot) at `t`.
  public func menuProgress(at t: Double) -> Double { menuTrack.sample(t).x }

  /// The menu's drawn scale about its anchor at `t`: 0.6 → 1 while opening,
  /// 1 → 0.8 while closing, following the menu spring (so it overshoots
  /// with it). What the drawer draws and the trace records.
  public func menuScale(at t: Double) -> Double {
    let p = menuProgress(at: t)
    let m = menuOpen ? MotionDescriptor.bubbleMenuOpening : MotionDescriptor.bubbleMenuClosing
    return m.scale.at(p)
  }

  /// The menu's opacity at `t`, 0…1: the progress clamped, and 0 while it is
  /// not drawn (progress ≤ 0.002, or the bubble hidden).
  public func menuAlpha(at t: Double) -> Double {
    let p = menuProgress(at: t)
    guard phase != .hidden, p > Bubble.menuDrawnFrom else { return 0 }
    let m = menuOpen ? MotionDescriptor.bubbleMenuOpening : MotionDescriptor.bubbleMenuClosing
    return m.alpha.clamped(p)
  }

  /// Menu progress from which the menu is drawn.
  public static let menuDrawnFrom = 0.002

  /// The idle fade (and tuck), seconds from full to idle alpha.
  public static let idleFadeDuration = 0.3

  /// Opacity at `t`: the idle fade after `idleDelay` seconds untouched.
  public func alpha(at t: Double) -> Double {
    guard phase != .hidden else { return 0 }
    guard config.idleDelay > 0, phase == .idle, !menuOpen else { return 1 }
    let k = min(1, max(0, (t - lastTouch - config.idleDelay) / Bubble.idleFadeDuration))
    return 1 - (1 - config.idleAlpha) * k
  }

  /// Horizontal tuck past the edge while idle, points (negative = leftward).
  public func tuck(at t: Double, device: Device) -> Double {
    guard config.idleTuck, config.idleDelay > 0, phase == .idle, !menuOpen else { return 0 }
    let k = min(1, max(0, (t - lastTouch - config.idleDelay) / Bubble.idleFadeDuration))
    let b = BubbleSnap.bounds(device: device, size: config.size, margin: config.margin)
    let onLeft = position.x <= (b.minX + b.maxX) / 2
    return (onLeft ? -1 : 1) * (radius + config.margin) * k
  }

  public mutating func advance(to t: Double) {
    if phase == .snapping && t >= snapEnd {
      position = Point(xTrack.final, yTrack.final)
      phase = .idle
    }
  }

  /// When the current press becomes a long press (if it stays still), or nil.
  public var longPressTime: Double? {
    pressPoint != nil && moved < config.tapDistance ? pressTime + config.longPress : nil
  }

  public mutating func press(at p: Point, time t: Double) {
    advance(to: t)
    let c = center(at: t)
    // why: a press that catches a snap mid-flight stops it there; if the press
    // turns out to be a tap (or a long press), the bubble goes back to where
    // the snap was taking it, not to the mid-flight point
    pressOrigin = phase == .snapping ? Point(xTrack.final, yTrack.final) : c
    position = c
    phase = .idle
    pressPoint = p
    pressTime = t
    grab = c - p
    moved = 0
    lastMoves = [(t, p)]
    lastTouch = t
  }

  public mutating func move(to p: Point, time t: Double, device: Device, keyboard: Double) {
    guard let start = pressPoint else { return }
    moved = max(moved, abs(p.x - start.x) + abs(p.y - start.y))
    let b = BubbleSnap.bounds(
      device: device, size: config.size, margin: config.margin, keyboard: keyboard)
    position = BubbleSnap.clamp(p + grab, b)
    if moved > 0 { phase = .dragging }
    lastMoves.append((t, p))
    // why: velocity from the last 100 ms only, like a gesture recognizer
    lastMoves.removeAll { $0.t < t - 0.1 }
    lastTouch = t
  }

  /// Whether a release at `t` counts as a tap: moved less than the tap
  /// distance (seed 002's 10 pt rule), or released within the quick time
  /// having moved less than the quick distance (SpringLab's own addition).
  public func isTap(at t: Double) -> Bool {
    moved < config.tapDistance
      || (t - pressTime < config.quickTapTime && moved < config.quickTapDistance)
  }

  /// Ends a press. Returns true when it was a tap (the caller toggles the menu).
  public mutating func release(at p: Point, time t: Double, device: Device, keyboard: Double)
    -> Bool
  {
    guard pressPoint != nil else { return false }
    move(to: p, time: t, device: device, keyboard: keyboard)
    let tap = isTap(at: t)
    var v = Point(0, 0)
    if let first = lastMoves.first, let last = lastMoves.last, last.t > first.t {
      v = (last.p - first.p) * (1 / (last.t - first.t))
    }
    pressPoint = nil
    lastTouch = t
    if tap {
      phase = .idle
      // why: a tap may have dragged the bubble up to the tap distance off its
      // resting place; spring it back instead of leaving it off its edge
      if position != pressOrigin {
        let b = BubbleSnap.bounds(
          device: device, size: config.size, margin: config.margin, keyboard: keyboard)
        moveTo(
          BubbleSnap.clamp(pressOrigin, b), from: position, at: t, duration: config.snap.duration)
      }
      return true
    }
    snap(from: position, velocity: v, at: t, device: device, keyboard: keyboard)
    return false
  }

  /// Springs to the snap target from the current state (seed 002: UIKit
  /// spring 0.35 s, damping 0.8, velocity 0.4 by default).
  public mutating func snap(
    from p: Point, velocity v: Point, at t: Double, device: Device, keyboard: Double
  ) {
    let b = BubbleSnap.bounds(
      device: device, size: config.size, margin: config.margin, keyboard: keyboard)
    let target = BubbleSnap.target(
      from: p, velocity: v, mode: config.snapMode, deceleration: config.deceleration, bounds: b)
    moveTo(target, from: p, at: t, duration: config.snap.duration)
    // why: the user placed it; a keyboard hiding later must not pull it back
    // to the y it had before the keyboard pushed it up
    savedY = nil
  }

  /// The bubble's animation of `kind` in its motion plan.
  private func planned(_ kind: PlannedAnimationKind) -> PlannedAnimation {
    MotionPlan.bubble(config).first { $0.kind == kind }!
  }

  /// Springs to `target` with the snap spring (over `duration` seconds).
  private mutating func moveTo(_ target: Point, from p: Point, at t: Double, duration: Double) {
    let snap = planned(.bubbleSnap).moves[0].curve
    xTrack = Track(
      rest: p.x,
      tweens: [snap.tween(start: t, from: p.x, to: target.x, v0: nil, duration: duration)])
    yTrack = Track(
      rest: p.y,
      tweens: [snap.tween(start: t, from: p.y, to: target.y, v0: nil, duration: duration)])
    position = target
    snapEnd = t + duration
    phase = .snapping
  }

  /// Re-clamps after a bounds change (rotation, device, split view), animated.
  /// `previous` is the rectangle the centre was kept in before the change:
  /// x is carried across proportionally so a bubble keeps its side (a bubble
  /// on the right edge of a portrait screen must not end on the left edge of
  /// the landscape one just because the screen got wider); y is only clamped.
  /// `avoiding` is a disc the bubble must not come to rest on (the fan's
  /// main button, centre and radius in points): a place that would overlap
  /// it moves past it along the bubble's edge (`BubbleSnap.clear`).
  public mutating func reclamp(
    at t: Double, device: Device, keyboard: Double,
    previous: (minX: Double, maxX: Double, minY: Double, maxY: Double)? = nil,
    avoiding: (center: Point, radius: Double)? = nil
  ) {
    advance(to: t)
    let c = center(at: t)
    let b = BubbleSnap.bounds(
      device: device, size: config.size, margin: config.margin, keyboard: keyboard)
    func carried(_ p: Point) -> Point {
      var q = p
      if let old = previous, old.maxX > old.minX {
        let f = min(1, max(0, (p.x - old.minX) / (old.maxX - old.minX)))
        q.x = b.minX + f * (b.maxX - b.minX)
      }
      let side = BubbleSnap.target(
        from: q, velocity: Point(0, 0), mode: .sides, deceleration: 0.998, bounds: b)
      guard let o = avoiding else { return side }
      return BubbleSnap.clear(side, radius: radius, of: o, gap: config.margin, bounds: b)
    }
    let target = carried(c)
    // the resting place a tap or long press returns to moves with the screen too
    if pressPoint != nil { pressOrigin = carried(pressOrigin) }
    // why: a hidden bubble must come back on its side of the new screen too,
    // not at its old x (mid-screen after a rotation to landscape)
    if phase == .hidden {
      position = target
      return
    }
    if phase == .dragging {
      position = BubbleSnap.clamp(position, b)
    } else if target != c {
      moveTo(target, from: c, at: t, duration: config.snap.duration)
    } else if phase == .snapping {
      // why: already where it belongs, but a snap toward the old bounds'
      // target (e.g. two rotations in one instant) must not carry on
      position = c
      phase = .idle
    }
  }

  /// A keyboard of `height` points appears (or hides with 0): move above it
  /// and remember the former y; return there when it hides.
  /// `avoiding`: the disc the bubble must not come to rest on (the main
  /// button, lifted above the keyboard too), as for `reclamp`.
  public mutating func keyboardChanged(
    height: Double, at t: Double, device: Device, duration: Double,
    avoiding: (center: Point, radius: Double)? = nil
  ) {
    guard phase != .hidden, phase != .dragging else { return }
    advance(to: t)
    let c = center(at: t)
    // why: mid-snap, the bubble is still on its way (and may overshoot past
    // the edge); keep the x it is heading for, not the one it passes through
    let x = phase == .snapping ? xTrack.final : c.x
    let b = BubbleSnap.bounds(
      device: device, size: config.size, margin: config.margin, keyboard: height)
    func clear(_ p: Point) -> Point {
      guard let o = avoiding else { return p }
      return BubbleSnap.clear(p, radius: radius, of: o, gap: config.margin, bounds: b)
    }
    if height > 0 {
      let restY = phase == .snapping ? yTrack.final : c.y
      let rest = Point(phase == .snapping ? xTrack.final : c.x, restY)
      if restY > b.maxY {
        if savedY == nil { savedY = restY }
        moveTo(clear(BubbleSnap.clamp(Point(x, b.maxY), b)), from: c, at: t, duration: duration)
      } else if clear(rest) != rest {
        // why: the lifted main button slides up to where the bubble rests
        if savedY == nil { savedY = restY }
        moveTo(clear(rest), from: c, at: t, duration: duration)
      }
    } else if let y = savedY {
      savedY = nil
      moveTo(BubbleSnap.clamp(Point(x, y), b), from: c, at: t, duration: duration)
    }
  }

  public mutating func setMenu(open: Bool, at t: Double) {
    guard open != menuOpen else { return }
    let p = menuTrack.sample(t).x
    menuOpen = open
    menuTrack = planned(open ? .bubbleMenuOpen : .bubbleMenuClose).track(
      at: t, from: p, carried: nil)
    lastTouch = t
  }

  /// Long press: hide the bubble (the scene's "show bubble" brings it back).
  public mutating func dismiss(at t: Double) {
    if pressPoint != nil { position = pressOrigin }
    pressPoint = nil
    setMenu(open: false, at: t)
    phase = .hidden
  }

  public mutating func show(at t: Double, device: Device, keyboard: Double) {
    guard phase == .hidden else { return }
    phase = .idle
    lastTouch = t
    let b = BubbleSnap.bounds(
      device: device, size: config.size, margin: config.margin, keyboard: keyboard)
    position = BubbleSnap.clamp(position, b)
  }

  /// Restores a remembered position, clamped to the current bounds.
  public mutating func restore(_ p: Point, device: Device) {
    let b = BubbleSnap.bounds(device: device, size: config.size, margin: config.margin)
    position = BubbleSnap.clamp(p, b)
    phase = .idle
  }
}
