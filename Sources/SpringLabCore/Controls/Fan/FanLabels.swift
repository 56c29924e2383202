/// Where an item's label sits (`fan.items[i].label`): a chip beside the
/// item, on the side away from the nearer screen edge (left of an item in
/// the right half, right of one in the left half), vertically centred on
/// it. The drawer draws it there and lint checks the same boxes, so a
/// warning about labels that collide describes what the screen shows.
public enum FanLabels {
  /// The label text's size, points.
  public static let fontSize = 13.0
  /// The chip's height, points.
  public static let height = 24.0
  /// Space between the item's edge and the chip, points.
  public static let gap = 8.0
  /// Padding on each side of the text inside the chip, points.
  public static let padding = 10.0
  /// An estimate of the width of one character at `fontSize`, points: the
  /// UI font's average advance (Core cannot measure text; a long label of
  /// wide letters may run a few points past its estimate).
  public static let advance = 7.2

  /// The chip's box in device points for an item of `diameter` centred at
  /// `center`, scaled by `scale` about that centre; nil when `text` is empty.
  public static func box(
    _ text: String, center: Point, diameter: Double, device: Device, scale: Double = 1
  ) -> Rect? {
    guard !text.isEmpty else { return nil }
    let w = (Double(text.count) * advance + 2 * padding) * scale
    let h = height * scale
    let reach = (diameter / 2 + gap) * scale
    let onLeft = center.x > device.width / 2
    let x = onLeft ? center.x - reach - w : center.x + reach
    return Rect(x: x, y: center.y - h / 2, width: w, height: h)
  }

  /// Whether the chip is on the item's left (the text ends next to it).
  public static func isOnLeft(center: Point, device: Device) -> Bool {
    center.x > device.width / 2
  }
}
