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

extension Bubble {
  /// The menu beside the bubble, on the side away from its edge (bubble on
  /// the left half → opens to the right), vertically centred and kept on screen.
  public func menuLayout(at t: Double, device: Device) -> BubbleMenuLayout {
    let c = center(at: t)
    let n = Double(config.menuCount)
    let pad = 8.0
    let w = n * BubbleMenuLayout.itemSize + (n + 1) * pad
    let h = BubbleMenuLayout.itemSize + 2 * pad
    let toRight = c.x <= device.width / 2
    let gap = 10.0
    var x = toRight ? c.x + radius + gap : c.x - radius - gap - w
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
}
