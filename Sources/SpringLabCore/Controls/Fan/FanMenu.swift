/// The fan menu's phases (their names appear in the trace).
public enum FanPhase: String, Sendable, Equatable {
  case collapsed, expanding, expanded, collapsing
}

/// How one fan item looks at an instant. Centre in device points, rotation in degrees.
public struct FanItemVisual: Sendable, Equatable {
  public var center: Point
  public var scale: Double
  public var alpha: Double
  public var rotation: Double
  /// Progress along its path (0 at the main button, 1 at rest; may overshoot).
  public var progress: Double
}

/// The fan menu as a value: the phase, per-item progress tracks and the main
/// button's rotation track, all closed-form functions of time, played from
/// the preset's `MotionPlan`. Driven by
/// `toggle`, `tapItem`, `tapOutside` and `advance(to:)`.
public struct FanMenu: Sendable, Equatable {
  public var config: FanPreset
  public private(set) var phase: FanPhase = .collapsed
  public private(set) var items: [Track]
  /// Fly-out progress per item (0 = in place, 1 = at the screen edge, faded).
  public private(set) var fly: [Track]
  public private(set) var rotation = Track(rest: 0)
  /// When the current motion is over, absolute seconds.
  public private(set) var motionEnd = 0.0
  /// When the current (or last) motion began, absolute seconds: the status
  /// line's clock counts from here, as the graph's playhead does.
  public private(set) var motionStart = 0.0
  /// Item whose tap will be reported, and when.
  public private(set) var pendingReport: (index: Int, at: Double)?
  /// A fly-out's second page is showing (KYCircleMenu); `back` returns.
  public private(set) var pageShown = false
  /// How far the main button (and the menu around it) is lifted above its
  /// resting place, points, over time: while the keyboard shows, the button
  /// keeps its distance above the keyboard as it kept it above the screen's
  /// bottom, as iOS apps lift a floating button (`keyboardChanged`).
  public internal(set) var lift = Track(rest: 0)

  /// A menu at rest, closed or (`open`) fully expanded.
  public init(config: FanPreset, open: Bool = false) {
    self.config = config
    items = Array(repeating: Track(rest: open ? 1 : 0), count: config.count)
    fly = Array(repeating: Track(rest: 0), count: config.count)
    if open {
      phase = .expanded
      rotation = Track(rest: config.rotationAngle)
    }
  }

  public static func == (a: FanMenu, b: FanMenu) -> Bool {
    a.config == b.config && a.phase == b.phase && a.items == b.items && a.fly == b.fly
      && a.rotation == b.rotation
      && a.motionEnd == b.motionEnd && a.pendingReport?.index == b.pendingReport?.index
      && a.pendingReport?.at == b.pendingReport?.at && a.pageShown == b.pageShown
      && a.lift == b.lift
  }

  public var isMoving: Bool { phase == .expanding || phase == .collapsing }

  /// Settles phases whose motion has ended by `t`.
  public mutating func advance(to t: Double) {
    if isMoving && t >= motionEnd {
      phase = phase == .expanding ? .expanded : .collapsed
    }
  }

  /// The lift that keeps the main button above a keyboard of `height`
  /// points on `device` (0 when the keyboard is lower than the safe area's
  /// bottom inset, or hidden).
  public static func lift(keyboard height: Double, on device: Device) -> Double {
    max(0, height - device.safe.bottom)
  }

  /// The keyboard now shows `height` points (0: hidden): the main button
  /// slides to stay above it, from where it is, over `duration` seconds
  /// with the keyboard's own ease.
  public mutating func keyboardChanged(
    height: Double, at t: Double, device: Device, duration: Double
  ) {
    let from = lift.sample(t).x
    let to = FanMenu.lift(keyboard: height, on: device)
    lift = Track(
      rest: from,
      tweens: [
        Tween(start: t, from: from, to: to, duration: duration, curve: .bezier(.easeInOut))
      ])
  }

  /// Puts the main button at rest above a keyboard of `height` points (a
  /// new device or orientation while the keyboard shows, a script's start).
  public mutating func rest(keyboard height: Double, on device: Device) {
    lift = Track(rest: FanMenu.lift(keyboard: height, on: device))
  }

  /// Keeps `other`'s pending item report (a settings change rebuilds the menu
  /// between an item tap and its report; the toast must still come).
  mutating func carryReport(from other: FanMenu) {
    if let r = other.pendingReport, items.indices.contains(r.index) { pendingReport = r }
  }

  /// Reported item tap due by `t`, consumed.
  public mutating func takeReport(upTo t: Double) -> Int? {
    guard let r = pendingReport, r.at <= t else { return nil }
    pendingReport = nil
    return r.index
  }

  private func samples(at t: Double) -> [(x: Double, v: Double)] { items.map { $0.sample(t) } }

  private mutating func start(_ target: Double, at t: Double) {
    let interrupting = isMoving
    let open = target == 1
    let current = samples(at: t)
    let plan = MotionPlan.fanItems(config, expand: open)
    items = plan.indices.map { i in
      plan[i].track(at: t, from: current[i].x, carried: interrupting ? current[i].v : nil)
    }
    rotation = MotionPlan.rotation(config, open: open).track(
      at: t, from: rotation.sample(t).x, carried: nil, scale: config.rotationAngle)
    motionEnd = max(rotation.end, items.map(\.end).max() ?? t, t)
    motionStart = t
    phase = target == 1 ? .expanding : .collapsing
  }

  /// Expands if closed, collapses if open. Under `lock`, ignored while moving.
  /// Returns whether anything happened.
  @discardableResult
  public mutating func toggle(at t: Double) -> Bool {
    advance(to: t)
    if isMoving && config.policy != .interrupt { return false }
    if pageShown { return back(at: t) }
    switch phase {
    case .collapsed, .collapsing: start(1, at: t)
    case .expanded, .expanding: start(0, at: t)
    }
    return true
  }

  /// Collapses an open menu (tap outside, Esc). Returns whether it acted.
  @discardableResult
  public mutating func collapse(at t: Double) -> Bool {
    advance(to: t)
    if pageShown { return back(at: t) }
    if phase == .expanded || (phase == .expanding && config.policy == .interrupt) {
      start(0, at: t)
      return true
    }
    return false
  }

  /// An item was tapped: collapse (or fly out), then report after the delay.
  @discardableResult
  public mutating func tapItem(_ i: Int, at t: Double) -> Bool {
    advance(to: t)
    guard phase == .expanded || (phase == .expanding && config.policy == .interrupt),
      items.indices.contains(i)
    else { return false }
    if config.flyOut {
      flyOut(at: t)
    } else {
      start(0, at: t)
    }
    pendingReport = (i, t + config.tapReportDelay)
    return true
  }

  /// The fly-out's slide, out to the edge and back, seconds (KYCircleMenu's).
  public static let flyOutDuration = 0.3

  /// KYCircleMenu: items slide out to the screen edge and fade while a second page pushes in.
  private mutating func flyOut(at t: Double) {
    let d = FanMenu.flyOutDuration
    fly = (0..<items.count).map { i in
      Track(
        rest: 0, tweens: [Tween(start: t, from: 0, to: 1, duration: d, curve: .bezier(.easeIn))])
    }
    motionEnd = t + d
    motionStart = t
    phase = .collapsing
    pageShown = true
  }

  /// Leaves the fly-out page: items come back from the edge.
  private mutating func back(at t: Double) -> Bool {
    guard pageShown else { return false }
    pageShown = false
    let d = FanMenu.flyOutDuration
    fly = fly.map { tr in
      let f = tr.sample(t).x
      return Track(
        rest: f, tweens: [Tween(start: t, from: f, to: 0, duration: d, curve: .bezier(.easeOut))])
    }
    motionEnd = t + d
    motionStart = t
    phase = .expanding
    return true
  }

  /// Every item's look at `t`, given the main button centre and rest offsets.
  /// Fly-out moves items along their own direction by `flyDistance` points.
  public func visuals(at t: Double, main: Point, offsets: [Point], flyDistance: Double = 500)
    -> [FanItemVisual]
  {
    (0..<items.count).map { i in
      let p = items[i].sample(t).x
      let f = fly[i].sample(t).x
      let off = i < offsets.count ? offsets[i] : Point(0, 0)
      let len = off.length
      let dir = len > 1e-9 ? off * (1 / len) : Point(0, -1)
      let m = MotionDescriptor.fanItem
      let out = MotionDescriptor.flyOutMapping
      let center = main + off * m.position.at(p) + dir * (flyDistance * out.position.at(f))
      let alpha = m.alpha.clamped(p) * out.alpha.clamped(f)
      return FanItemVisual(
        center: center, scale: m.scale.at(p), alpha: alpha,
        rotation: config.spin * m.rotation.at(p), progress: p)
    }
  }

  /// The main button's rotation at `t`, degrees.
  public func mainRotation(at t: Double) -> Double { rotation.sample(t).x }

  /// The phase as it will be at `t` (without mutating).
  public func phase(at t: Double) -> FanPhase {
    if isMoving && t >= motionEnd { return phase == .expanding ? .expanded : .collapsed }
    return phase
  }
}
