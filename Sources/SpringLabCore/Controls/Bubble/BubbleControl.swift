/// The assistive bubble as a scene control: its plan, hit targets and trace.
/// Dragging it, the keyboard and rotations are wired in `Scene`.
extension Bubble: SceneControl {
  public static let name = "bubble"

  public static func plan(_ preset: Preset) -> [PlannedAnimation] {
    MotionPlan.bubble(preset.bubble)
  }

  public init(_ context: ControlContext) {
    self.init(config: context.preset.bubble, device: context.device)
  }

  /// New settings: the bubble keeps its place (the scene re-clamps it); a
  /// disabled bubble closes its menu.
  public mutating func apply(_ context: ControlContext, at t: Double) {
    guard context.preset.bubble != config else { return }
    config = context.preset.bubble
    if !config.enabled { setMenu(open: false, at: t) }
  }

  public func isAnimating(at t: Double) -> Bool {
    phase == .snapping || phase == .dragging || isPressed || menuMoving(at: t)
  }

  /// Whether the menu is still opening or closing at `t`.
  public func menuMoving(at t: Double) -> Bool {
    let p = menuProgress(at: t)
    return menuOpen ? p != 1 : p != 0
  }

  public func hitTargets(at t: Double, _ context: ControlContext) -> [ControlTarget] {
    var out: [ControlTarget] = []
    if menuOpen {
      for (i, c) in menuLayout(at: t, device: context.device).items.enumerated() {
        out.append(
          ControlTarget(.menuItem(i), .circle(c, radius: BubbleMenuLayout.itemSize / 2 + 4)))
      }
    }
    // why: the circle, not the square, is hit: the corners pass through
    if config.enabled && phase != .hidden {
      out.append(ControlTarget(.body, .circle(center(at: t), radius: radius)))
    }
    return out
  }

  /// A menu item closes the menu and names its action for the toast; the
  /// bubble's own press, drag and release are wired in `Scene`.
  public mutating func activate(_ part: ControlPart, at t: Double, _ context: ControlContext)
    -> String?
  {
    guard case .menuItem(let i) = part else { return nil }
    setMenu(open: false, at: t)
    return "\(BubbleMenuLayout.actions[i % BubbleMenuLayout.actions.count].label) tapped"
  }

  /// A tap anywhere else closes the menu.
  public mutating func tapElsewhere(at t: Double) { setMenu(open: false, at: t) }

  public func trace(at t: Double, _ context: ControlContext) -> JSONValue {
    let b = center(at: t)
    func n(_ d: Double) -> JSONValue { .number(roundTrace(d)) }
    return .object([
      ("x", n(b.x)), ("y", n(b.y)), ("phase", .string(phase.rawValue)),
      ("menuOpen", .bool(menuOpen)),
      // why: added after menuOpen (the trace is a contract: fields are only added)
      ("menuScale", n(menuScale(at: t))), ("menuAlpha", n(menuAlpha(at: t))),
    ])
  }
}
