/// How device points map to window pixels: `px = x + pt × scale`.
public struct ViewTransform: Sendable, Equatable {
  public var x: Double
  public var y: Double
  public var scale: Double
  public init(x: Double, y: Double, scale: Double) {
    self.x = x
    self.y = y
    self.scale = scale
  }
  public func toPixels(_ p: Point) -> (Double, Double) { (x + p.x * scale, y + p.y * scale) }
  public func toPoints(_ px: Double, _ py: Double) -> Point {
    Point((px - x) / scale, (py - y) / scale)
  }
}
