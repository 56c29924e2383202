/// An axis-aligned rectangle in device points (origin top-left, y down).
public struct Rect: Sendable, Equatable, Hashable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  public var maxX: Double { x + width }
  public var maxY: Double { y + height }

  /// Whether the two overlap by more than touching edges.
  public func intersects(_ o: Rect) -> Bool {
    x < o.maxX && o.x < maxX && y < o.maxY && o.y < maxY
  }

  /// Whether `o` lies wholly inside (edges included).
  public func contains(_ o: Rect) -> Bool {
    o.x >= x && o.y >= y && o.maxX <= maxX && o.maxY <= maxY
  }

  /// Whether the rectangle overlaps the disc at `c` of radius `r`.
  public func intersects(circle c: Point, radius r: Double) -> Bool {
    let nx = max(x, min(c.x, maxX))
    let ny = max(y, min(c.y, maxY))
    return Point(nx, ny).distance(to: c) < r
  }
}
