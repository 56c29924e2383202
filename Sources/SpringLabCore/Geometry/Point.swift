/// A point in device points (origin top-left, y down).
public struct Point: Sendable, Equatable, Hashable {
  public var x: Double
  public var y: Double
  public init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }
  public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
  public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
  public static func * (a: Point, k: Double) -> Point { Point(a.x * k, a.y * k) }
  public var length: Double { (x * x + y * y).squareRoot() }
  public func distance(to o: Point) -> Double { (self - o).length }
}
