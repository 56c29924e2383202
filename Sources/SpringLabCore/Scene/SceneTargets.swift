extension Scene {
  /// The menu beside the bubble at `t` (see `Bubble.menuLayout`).
  public func bubbleMenuLayout(at t: Double) -> BubbleMenuLayout {
    bubble.menuLayout(at: t, device: device)
  }

  /// Radius of a fan item's hit area, points (half the preset's hit size).
  public var itemHitRadius: Double { fan.itemHitRadius }
  /// Radius of the main button's hit area: at least 44 pt across.
  public var mainHitRadius: Double { fan.mainHitRadius }

  /// The topmost target under `p` now, or nil: further controls above the
  /// bubble, the bubble (its menu above it) above the fan, whose mask (tap
  /// outside) sits below its items.
  public func hitTest(_ p: Point) -> HitTarget? {
    let t = now
    let c = context
    for i in more.indices.reversed() {
      if let part = more[i].base.part(at: p, time: t, c) { return .control(i, part) }
    }
    switch bubble.part(at: p, time: t, c) {
    case .menuItem(let i)?: return .bubbleMenu(i)
    case .body?: return .bubble
    default: break
    }
    switch fan.part(at: p, time: t, c) {
    case .item(let i)?: return .fanItem(i)
    case .main?: return .fanMain
    case .page?: return .page
    case .mask?: return .mask
    default: return nil
    }
  }

  /// Resolves a script's named target to a point now: `fan.main`, `fan.item`
  /// (+ index), `bubble`, `bubble.menu` (+ index), `outside`. Nil when the
  /// target does not exist (index out of range, bubble hidden).
  public func targetPoint(_ name: NamedTarget, index: Int?) -> Point? {
    let t = now
    switch name {
    case .fanMain: return mainCenter
    case .fanItem:
      guard let i = index else { return nil }
      let items = fanItems(at: t)
      guard items.indices.contains(i) else { return nil }
      // a collapsed item's target is its resting point, where a tap would land once open
      return fan.phase(at: t) == .collapsed ? mainCenter + itemOffsets[i] : items[i].center
    case .bubble:
      return bubble.phase == .hidden || !preset.bubble.enabled ? nil : bubble.center(at: t)
    case .bubbleMenu:
      guard let i = index else { return nil }
      let m = bubbleMenuLayout(at: t)
      return m.items.indices.contains(i) ? m.items[i] : nil
    case .outside: return outsidePoint()
    }
  }

  /// `targetPoint` for a target named in text; nil for an unknown name.
  public func targetPoint(_ name: String, index: Int?) -> Point? {
    NamedTarget(rawValue: name).flatMap { targetPoint($0, index: index) }
  }

  /// A point of the safe area at least 30 pt from every hit area and above
  /// the keyboard, scanning a 10 pt grid from the top-left.
  public func outsidePoint() -> Point {
    let s = device.safe
    let top = s.top + 10
    let bottom = device.height - max(s.bottom, keyboardHeight(at: now)) - 10
    var candidates: [Point] =
      [mainCenter, bubble.center(at: now)] + fanItems(at: now).map(\.center)
    if bubble.menuOpen { candidates += bubbleMenuLayout(at: now).items }
    let clear = max(itemHitRadius, mainHitRadius, bubble.radius) + 30
    var y = top
    while y <= bottom {
      var x = s.left + 10
      while x <= device.width - s.right - 10 {
        let p = Point(x, y)
        if candidates.allSatisfy({ $0.distance(to: p) > clear }) { return p }
        x += 10
      }
      y += 10
    }
    return Point(device.width / 2, top)
  }
}
