/// The fan menu as a scene control: its plan, hit targets and trace.
extension FanMenu: SceneControl {
  public static let name = "fan"

  public static func plan(_ preset: Preset) -> [PlannedAnimation] { MotionPlan.fan(preset.fan) }

  public init(_ context: ControlContext) { self.init(config: context.preset.fan) }

  /// New settings: the fan comes to rest in its current open state (changes
  /// show on the next replay), keeping a pending item report.
  public mutating func apply(_ context: ControlContext, at t: Double) {
    guard context.preset.fan != config else { return }
    let open = phase == .expanded || phase == .expanding
    let before = self
    self = FanMenu(config: context.preset.fan, open: open)
    carryReport(from: before)
    // why: the keyboard still shows; the button stays where it slid to
    lift = before.lift
  }

  public func isAnimating(at t: Double) -> Bool {
    let p = phase(at: t)
    return p == .expanding || p == .collapsing || pendingReport != nil
  }

  /// The main button's resting centre on `device` (no keyboard): what the
  /// layout, lint and exports place items around.
  public func mainCenter(on device: Device) -> Point {
    FanLayout.mainCenter(config, device: device)
  }

  /// The main button's centre at `t`: its resting place lifted above the
  /// keyboard while it shows (`lift`).
  public func mainCenter(on device: Device, at t: Double) -> Point {
    let rest = mainCenter(on: device)
    return Point(rest.x, rest.y - lift.sample(t).x)
  }

  /// Every item's look at `t` on `device` (fly-outs travel a screen's length).
  public func items(at t: Double, on device: Device) -> [FanItemVisual] {
    visuals(
      at: t, main: mainCenter(on: device, at: t),
      offsets: FanLayout.offsets(config, device: device),
      flyDistance: max(device.width, device.height))
  }

  /// Radius of the largest item's hit area, points: half the preset's hit
  /// size, or of the largest item when that is larger (`itemHitRadius(_:)`).
  public var itemHitRadius: Double { max(config.hitSize, config.largestItemSize) / 2 }
  /// Radius of item `i`'s hit area, points: half the preset's hit size, or
  /// half the item's own size when it is larger (a big item is hit where it is drawn).
  public func itemHitRadius(_ i: Int) -> Double { max(config.hitSize, config.size(i)) / 2 }
  /// Radius of the main button's hit area: at least 44 pt across.
  public var mainHitRadius: Double { max(config.mainSize, 44) / 2 }

  public func hitTargets(at t: Double, _ context: ControlContext) -> [ControlTarget] {
    var out: [ControlTarget] = []
    let open = phase(at: t) != .collapsed
    if open && !pageShown {
      let items = items(at: t, on: context.device)
      // why: later items draw on top, so they win overlaps
      for i in items.indices.reversed() where items[i].alpha > 0.05 {
        out.append(ControlTarget(.item(i), .circle(items[i].center, radius: itemHitRadius(i))))
      }
    }
    out.append(
      ControlTarget(.main, .circle(mainCenter(on: context.device, at: t), radius: mainHitRadius)))
    if pageShown { out.append(ControlTarget(.page, .everywhere)) }
    if open { out.append(ControlTarget(.mask, .everywhere)) }
    return out
  }

  public mutating func activate(_ part: ControlPart, at t: Double, _ context: ControlContext)
    -> String?
  {
    switch part {
    case .main: toggle(at: t)
    case .item(let i): tapItem(i, at: t)
    case .page, .mask: collapse(at: t)
    case .body, .menuItem: break
    }
    // why: an item's toast comes later, when its report is due
    return nil
  }

  public func trace(at t: Double, _ context: ControlContext) -> JSONValue {
    func n(_ d: Double) -> JSONValue { .number(roundTrace(d)) }
    func pt(_ p: Point) -> [(String, JSONValue)] { [("x", n(p.x)), ("y", n(p.y))] }
    let items: [JSONValue] = items(at: t, on: context.device).map { v in
      .object(pt(v.center) + [("scale", n(v.scale)), ("alpha", n(max(0, min(1, v.alpha))))])
    }
    return .object([
      ("phase", .string(phase(at: t).rawValue)), ("rotation", n(mainRotation(at: t))),
      ("main", .object(pt(mainCenter(on: context.device, at: t)))), ("items", .array(items)),
    ])
  }
}
