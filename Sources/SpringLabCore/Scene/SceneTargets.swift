/// The bubble menu's container and items, device points.
public struct BubbleMenuLayout: Sendable, Equatable {
  /// Container rectangle at full size.
  public var x, y, w, h: Double
  /// Item centres at full size.
  public var items: [Point]
  /// The point the container grows from (the bubble's side).
  public var anchor: Point
  /// Item diameter, points.
  public static let itemSize = 40.0
  /// The menu's actions, in order: (icon name, label for the toast).
  public static let actions: [(icon: String, label: String)] = [
    ("gear", "Settings"), ("search", "Search"), ("bell", "Alerts"), ("heart", "Favourites"),
    ("share", "Share"), ("mic", "Voice"), ("pin", "Pin"), ("star", "Star"),
  ]
}

extension Scene {
  /// The menu beside the bubble, on the side away from its edge (bubble on
  /// the left half → opens to the right), vertically centred and kept on screen.
  public func bubbleMenuLayout(at t: Double) -> BubbleMenuLayout {
    let c = bubble.center(at: t)
    let n = Double(preset.bubble.menuCount)
    let pad = 8.0
    let w = n * BubbleMenuLayout.itemSize + (n + 1) * pad
    let h = BubbleMenuLayout.itemSize + 2 * pad
    let toRight = c.x <= device.width / 2
    let gap = 10.0
    var x = toRight ? c.x + bubble.radius + gap : c.x - bubble.radius - gap - w
    x = min(max(x, 4), max(4, device.width - w - 4))
    let y = min(max(c.y - h / 2, device.safe.top), max(device.safe.top, device.height - h))
    let items = (0..<Int(n)).map { i in
      Point(
        x + pad + BubbleMenuLayout.itemSize / 2 + Double(i) * (BubbleMenuLayout.itemSize + pad),
        y + h / 2)
    }
    return BubbleMenuLayout(
      x: x, y: y, w: w, h: h, items: items, anchor: Point(toRight ? x : x + w, y + h / 2))
  }

  /// Radius of a fan item's hit area, points (half the preset's hit size).
  public var itemHitRadius: Double { preset.fan.hitSize / 2 }
  /// Radius of the main button's hit area: at least 44 pt across.
  public var mainHitRadius: Double { max(preset.fan.mainSize, 44) / 2 }

  /// The topmost target under `p` now, or nil. The fan's mask (tap outside)
  /// sits below the items; the bubble's circle, not its square, is hit.
  public func hitTest(_ p: Point) -> HitTarget? {
    let t = now
    if bubble.menuOpen {
      let m = bubbleMenuLayout(at: t)
      for (i, c) in m.items.enumerated()
      where p.distance(to: c) <= BubbleMenuLayout.itemSize / 2 + 4 {
        return .bubbleMenu(i)
      }
    }
    if preset.bubble.enabled && bubble.hits(p, at: t) { return .bubble }
    if fan.phase(at: t) != .collapsed && !fan.pageShown {
      let items = fanItems(at: t)
      // why: later items draw on top, so they win overlaps
      for i in items.indices.reversed() where items[i].alpha > 0.05 {
        if p.distance(to: items[i].center) <= itemHitRadius { return .fanItem(i) }
      }
    }
    if p.distance(to: mainCenter) <= mainHitRadius { return .fanMain }
    if fan.pageShown { return .page }
    if fan.phase(at: t) != .collapsed { return .mask }
    return nil
  }

  /// Resolves a script's named target to a point now: `fan.main`, `fan.item`
  /// (+ index), `bubble`, `bubble.menu` (+ index), `outside`. Nil when the
  /// target does not exist (index out of range, bubble hidden).
  public func targetPoint(_ name: String, index: Int?) -> Point? {
    let t = now
    switch name {
    case "fan.main": return mainCenter
    case "fan.item":
      guard let i = index else { return nil }
      let items = fanItems(at: t)
      guard items.indices.contains(i) else { return nil }
      // a collapsed item's target is its resting point, where a tap would land once open
      return fan.phase(at: t) == .collapsed ? mainCenter + itemOffsets[i] : items[i].center
    case "bubble":
      return bubble.phase == .hidden || !preset.bubble.enabled ? nil : bubble.center(at: t)
    case "bubble.menu":
      guard let i = index else { return nil }
      let m = bubbleMenuLayout(at: t)
      return m.items.indices.contains(i) ? m.items[i] : nil
    case "outside": return outsidePoint()
    default: return nil
    }
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
