/// One input to the scene, applied at the scene's current time. Points are
/// device points.
public enum SceneInput: Sendable, Equatable {
  case pointerDown(Point)
  case pointerMove(Point)
  case pointerUp(Point)
  /// A command a key or a script's `key` event gives (toggle the fan, the
  /// keyboard, rotate, …).
  case command(SceneCommand)
  case setDevice(DeviceModel)
  case setPreset(Preset)
}

/// What a pointer press landed on, topmost first.
public enum HitTarget: Sendable, Equatable {
  case bubbleMenu(Int)
  case bubble
  case fanItem(Int)
  case fanMain, page, mask
  /// A part of the i-th of the scene's further controls (`Scene.more`).
  case control(Int, ControlPart)
}

/// The whole simulated screen: device, fan menu, bubble, keyboard, toast and
/// floating bubbles. A value: `advance(to:)` moves time forward and `send`
/// applies input at the current time. Animations are closed form; only
/// floating bubbles step, at a fixed 1/240 s.
/// A pointer release: where (device points) and when (scene seconds).
public struct TouchRelease: Sendable, Equatable {
  public var point: Point
  public var time: Double
}

public struct Scene: Sendable, Equatable {
  public private(set) var preset: Preset
  public private(set) var device: Device
  public private(set) var now = 0.0
  public private(set) var fan: FanMenu
  public private(set) var bubble: Bubble
  public private(set) var keyboardShown = false
  private var keyboardTrack = Track(rest: 0)
  /// How far the device is still turned from its orientation, degrees
  /// (positive clockwise on screen): ±90 → 0 over `turnDuration` after O.
  private var turnTrack = Track(rest: 0)
  public private(set) var toast: Toast?
  public private(set) var floating: FloatingField
  /// Controls beyond the fan and the bubble (`SceneControls.more`), above them.
  public private(set) var more: [AnyControl]
  private var clock = FixedStepClock()
  private var pressed: HitTarget?
  /// Where the pointer is held down, for touch indicators; nil when up.
  public private(set) var pointer: Point?
  /// Where and when (scene seconds) the pointer was last released, for the
  /// touch indicator's fade: a scripted tap is instantaneous, so without a
  /// fade no dot would ever show for it.
  public private(set) var lastRelease: TouchRelease?

  /// Seconds a released touch's dot takes to fade out.
  public static let touchFade = 0.25

  /// The released touch's dot at `t`: where, and its opacity 1 → 0; nil
  /// once faded or while the pointer is down.
  public func fadingTouch(at t: Double) -> (point: Point, alpha: Double)? {
    guard pointer == nil, let r = lastRelease, t >= r.time, t - r.time < Scene.touchFade else {
      return nil
    }
    return (r.point, 1 - (t - r.time) / Scene.touchFade)
  }
  /// Most floating-field work (bodies moved + pairs compared, see
  /// `FloatingField.lastStepWork`) one `advance` may do; the steps beyond it
  /// are dropped and the field runs slower than real time. nil (the default,
  /// used by renders and traces) never drops a step, so results stay exact.
  public var catchUpBudget: Int?
  /// When floating steps were last dropped, scene seconds.
  public private(set) var floatingSlowedAt: Double?

  /// The budget the live window uses: a few milliseconds of stepping per frame.
  public static let liveCatchUpBudget = 3_000_000

  /// Whether the floating field is running slower than real time at `t`
  /// (steps were dropped within the last second).
  public func floatingSlowed(at t: Double) -> Bool {
    guard let s = floatingSlowedAt else { return false }
    return t - s < 1
  }

  /// A message shown from `start` until `until` (seconds).
  public struct Toast: Sendable, Equatable {
    public var text: String
    public var start: Double
    public var until: Double
  }

  /// Seconds the simulated keyboard takes to slide.
  public static let keyboardDuration = 0.25

  /// Seconds the device takes to turn after a rotation (O), eased in and
  /// out like iOS's own rotation (which takes about 0.3–0.4 s).
  public static let turnDuration = 0.35

  /// The scene at rest; `controls` are the further controls it holds.
  public init(preset: Preset, controls: [any SceneControl.Type] = SceneControls.more) {
    self.preset = preset
    device = Device.of(preset)
    let c = ControlContext(preset: preset, device: device)
    fan = FanMenu(c)
    bubble = Bubble(c)
    more = controls.map { AnyControl($0.init(c)) }
    floating = Scene.makeFloating(preset, device)
  }

  /// What the controls see now.
  public var context: ControlContext {
    ControlContext(preset: preset, device: device, keyboard: keyboardTarget)
  }

  static func makeFloating(_ p: Preset, _ d: Device) -> FloatingField {
    FloatingField(
      count: p.bubble.floatingCount, radius: p.bubble.floatingRadius, speed: p.bubble.floatingSpeed,
      restitution: p.bubble.restitution, width: d.width, height: d.height)
  }

  // MARK: geometry

  /// The main button's centre now (lifted above the keyboard while it shows).
  public var mainCenter: Point { fan.mainCenter(on: device, at: now) }
  /// The fan's main button as a disc (centre, radius in points), now.
  public var mainButton: (center: Point, radius: Double) {
    (mainCenter, preset.fan.mainSize / 2)
  }

  /// The main button where it comes to rest (above the keyboard once it
  /// has slid, when it shows): what the bubble must not land on.
  public var mainButtonAtRest: (center: Point, radius: Double) {
    let rest = fan.mainCenter(on: device)
    let lift = FanMenu.lift(keyboard: keyboardTarget, on: device)
    return (Point(rest.x, rest.y - lift), preset.fan.mainSize / 2)
  }
  public var itemOffsets: [Point] { FanLayout.offsets(preset.fan, device: device) }

  public func fanItems(at t: Double) -> [FanItemVisual] { fan.items(at: t, on: device) }

  /// Visible keyboard height at `t`, points.
  public func keyboardHeight(at t: Double) -> Double { keyboardTrack.sample(t).x }

  /// When the keyboard's last slide (in or out) began, seconds; nil before any.
  public var keyboardSlideStart: Double? { keyboardTrack.tweens.first?.start }

  /// Whether the keyboard is still sliding at `t`.
  public func keyboardMoving(at t: Double) -> Bool { t < keyboardTrack.end }

  /// How far the device is still turned at `t`, degrees (positive
  /// clockwise): 0 at rest; after a rotation it starts at the angle that
  /// shows the old orientation (±90°, or what was left of a turn under way)
  /// and eases to 0. Scene time only, so renders and traces stay exact.
  public func turnAngle(at t: Double) -> Double { turnTrack.sample(t).x }

  /// Whether the device is still turning at `t`.
  public func turning(at t: Double) -> Bool { t < turnTrack.end }

  /// The keyboard height the bubble must stay above once the slide ends.
  public var keyboardTarget: Double { keyboardShown ? device.keyboard : 0 }

  // MARK: time

  /// Moves time forward to `t` (never backward): settles phases, reports
  /// item taps, fires long presses at their exact time, steps free physics.
  public mutating func advance(to t: Double) {
    guard t >= now else { return }
    if let lp = bubble.longPressTime, lp <= t, case .bubble = pressed {
      bubble.dismiss(at: lp)
      pressed = nil
    }
    fan.advance(to: t)
    bubble.advance(to: t)
    for i in more.indices { more[i].base.advance(to: t) }
    if let report = fan.pendingReport, report.at <= t, let i = fan.takeReport(upTo: t) {
      toast = Toast(
        text: "\(Scene.label(preset.fan, i)) tapped", start: report.at,
        until: report.at + preset.fan.toastDuration)
    }
    if let tt = toast, tt.until <= t { toast = nil }
    if floating.count > 0 {
      if let budget = catchUpBudget {
        // why: a field too heavy to step in real time must slow down, not
        // spiral into ever longer catch-ups that freeze the window
        clock.maxStepsPerAdvance = max(1, budget / max(1, floating.lastStepWork))
      }
      let dropped = clock.dropped
      let n = clock.advance(to: t)
      for _ in 0..<n { floating.step(dt: clock.dt) }
      if clock.dropped > dropped { floatingSlowedAt = t }
    } else {
      _ = clock.advance(to: t)
    }
    now = t
  }

  /// The item's label for toasts: its icon's name (a file icon's asset
  /// name, `IconRef.assetName`), capitalised.
  public static func label(_ fan: FanPreset, _ i: Int) -> String {
    let name: String
    switch fan.look(i).icon.map({ IconRef.isPath($0) ? IconRef.file($0) : .builtin($0) }) {
    case .file(let path)?: name = IconRef.assetName(path)
    case .builtin(let n)?: name = n
    case nil:
      let icons = fan.icons.isEmpty ? ["item"] : fan.icons
      name = icons[i % icons.count]
    }
    return name.prefix(1).uppercased() + name.dropFirst()
  }

  // MARK: input

  public mutating func send(_ input: SceneInput) {
    let t = now
    switch input {
    case .pointerDown(let p):
      // why: a press while one is still held (a lost release, a second
      // "down" in a script) ends the first one where the pointer was, so
      // no control is left pressed or dragging forever
      if let held = pointer {
        let target = pressed
        pressed = nil
        release(target, at: held)
        lastRelease = TouchRelease(point: held, time: t)
      }
      pointer = p
      pressed = hitTest(p)
      if case .bubble = pressed { bubble.press(at: p, time: t) }
    case .pointerMove(let p):
      if pointer != nil { pointer = p }
      if case .bubble = pressed {
        bubble.move(to: p, time: t, device: device, keyboard: keyboardTarget)
      }
    case .pointerUp(let p):
      pointer = nil
      lastRelease = TouchRelease(point: p, time: t)
      let target = pressed
      pressed = nil
      release(target, at: p)
    case .command(let c): run(c)
    case .setDevice(let model):
      var p = preset
      p.device = model
      apply(p)
    case .setPreset(let p): apply(p)
    }
  }

  /// Which target (if any) is pressed; a button acts on release only if the
  /// release is still on it.
  public var pressedTarget: HitTarget? { pressed }

  private mutating func release(_ target: HitTarget?, at p: Point) {
    let t = now
    switch target {
    case .bubble:
      if bubble.release(at: p, time: t, device: device, keyboard: keyboardTarget) {
        bubble.setMenu(open: !bubble.menuOpen, at: t)
      }
    case .bubbleMenu(let i):
      if hitTest(p) == .bubbleMenu(i) { show(bubble.activate(.menuItem(i), at: t, context)) }
    case .fanMain:
      if hitTest(p) == .fanMain { _ = fan.activate(.main, at: t, context) }
    case .fanItem(let i):
      if hitTest(p) == .fanItem(i) { _ = fan.activate(.item(i), at: t, context) }
    case .page, .mask:
      _ = fan.activate(target == .page ? .page : .mask, at: t, context)
      bubble.tapElsewhere(at: t)
      for k in more.indices { more[k].base.tapElsewhere(at: t) }
    case .control(let i, let part):
      if hitTest(p) == target { show(more[i].base.activate(part, at: t, context)) }
    case nil:
      bubble.tapElsewhere(at: t)
      for k in more.indices { more[k].base.tapElsewhere(at: t) }
    }
  }

  /// Shows a control's message as a toast now.
  private mutating func show(_ message: String?) {
    guard let text = message else { return }
    toast = Toast(text: text, start: now, until: now + preset.fan.toastDuration)
  }

  private mutating func run(_ command: SceneCommand) {
    let t = now
    switch command {
    case .toggleKeyboard:
      keyboardShown.toggle()
      let h = keyboardHeight(at: t)
      keyboardTrack = Track(
        rest: h,
        tweens: [
          Tween(
            start: t, from: h, to: keyboardTarget, duration: Scene.keyboardDuration,
            curve: .bezier(.easeInOut))
        ])
      bubble.keyboardChanged(
        height: keyboardTarget, at: t, device: device, duration: Scene.keyboardDuration,
        avoiding: mainButtonAtRest)
      fan.keyboardChanged(
        height: keyboardTarget, at: t, device: device, duration: Scene.keyboardDuration)
    case .rotate:
      var p = preset
      p.orientation = p.orientation.turned
      // why: the picture stays continuous: the new orientation starts turned
      // by what the old one looked like (landscape is portrait turned 90°)
      let from = turnAngle(at: t) + (p.orientation == .landscape ? -90.0 : 90.0)
      turnTrack = Track(
        rest: from,
        tweens: [
          Tween(
            start: t, from: from, to: 0, duration: Scene.turnDuration,
            curve: .bezier(.easeInOut))
        ])
      apply(p)
    case .toggleFan: fan.toggle(at: t)
    case .escape:
      if !fan.collapse(at: t) { bubble.setMenu(open: false, at: t) }
    case .showBubble:
      bubble.show(at: t, device: device, keyboard: keyboardTarget)
    case .toggleBubbleMenu:
      if bubble.phase != .hidden && preset.bubble.enabled {
        bubble.setMenu(open: !bubble.menuOpen, at: t)
      }
    case .replaySnap: replaySnap()
    case .control(let name):
      let c = context
      for i in more.indices { more[i].base.key(name, at: t, c) }
    }
  }

  /// Replays the bubble's snap: released at rest from 40 % of the way
  /// toward the screen's middle, so the snap spring plays back to where it
  /// was (for `edges`, to the nearest edge from there).
  private mutating func replaySnap() {
    guard bubble.phase == .idle, preset.bubble.enabled else { return }
    let b = BubbleSnap.bounds(
      device: device, size: bubble.config.size, margin: bubble.config.margin,
      keyboard: keyboardTarget)
    let c = bubble.center(at: now)
    let mid = Point((b.minX + b.maxX) / 2, (b.minY + b.maxY) / 2)
    // why: sideways only (corners: diagonally), so the snap lands where the bubble was
    let dy = preset.bubble.snapMode == .corner ? (mid.y - c.y) * 0.4 : 0
    let from = Point(c.x + (mid.x - c.x) * 0.4, c.y + dy)
    bubble.snap(
      from: from, velocity: Point(0, 0), at: now, device: device, keyboard: keyboardTarget)
  }

  /// Applies new settings. The fan comes to rest in its current open state
  /// (changes show on the next replay); the bubble keeps its place, re-clamped.
  private mutating func apply(_ p: Preset) {
    let t = now
    let old = preset
    let oldBounds = BubbleSnap.bounds(
      device: device, size: bubble.config.size, margin: bubble.config.margin,
      keyboard: keyboardTarget)
    preset = p
    device = Device.of(p)
    let c = ControlContext(preset: p, device: device, keyboard: keyboardTarget)
    fan.apply(c, at: t)
    bubble.apply(c, at: t)
    for i in more.indices { more[i].base.apply(c, at: t) }
    if keyboardShown {
      keyboardTrack = Track(rest: device.keyboard)
      fan.rest(keyboard: device.keyboard, on: device)
    }
    // why: a rotation can carry the bubble's side and height onto the main
    // button (landscape, bottom right); it must never come to rest there
    bubble.reclamp(
      at: t, device: device, keyboard: keyboardTarget, previous: oldBounds,
      avoiding: mainButtonAtRest)
    if p.device != old.device || p.orientation != old.orientation
      || p.bubble.floatingCount != old.bubble.floatingCount
      || p.bubble.size != old.bubble.size || p.bubble.floatingSpeed != old.bubble.floatingSpeed
    {
      floating = Scene.makeFloating(p, device)
    }
    floating.restitution = p.bubble.restitution
  }

  /// Puts the bubble where a previous session left it (clamped).
  public mutating func restoreBubble(_ p: Point) { bubble.restore(p, device: device) }

  /// Puts the scene in a script's starting state (before any event).
  public mutating func apply(start: ScriptStart) {
    if let b = start.bubble { restoreBubble(b) }
    if start.fanOpen { fan = FanMenu(config: preset.fan, open: true) }
    if start.keyboard {
      keyboardShown = true
      keyboardTrack = Track(rest: device.keyboard)
      fan.rest(keyboard: device.keyboard, on: device)
      // why: the recording starts with the bubble already above the keyboard
      bubble.keyboardChanged(height: device.keyboard, at: now, device: device, duration: 0.01)
      bubble.advance(to: now + 0.01)
    }
    if start.bubbleHidden { bubble.dismiss(at: now) }
  }

  /// The state a recording starting now must begin from.
  public var startState: ScriptStart {
    let b = bubble.center(at: now)
    let home = Bubble(config: preset.bubble, device: device).position
    return ScriptStart(
      bubble: bubble.phase == .hidden || b == home ? nil : b,
      fanOpen: fan.phase(at: now) == .expanded || fan.phase(at: now) == .expanding,
      keyboard: keyboardShown, bubbleHidden: bubble.phase == .hidden)
  }
}
