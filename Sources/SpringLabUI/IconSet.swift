import Foundation
import SpringLabCore

/// Line icons drawn by the project (`IconSet.builtin`): each icon is a list
/// of strokes, each stroke a polyline in a `size` × `size` box (24 units).
public struct IconSet: Sendable {
  public var size: Double
  public var icons: [String: [[Point]]]

  public init(size: Double = 24, icons: [String: [[Point]]] = [:]) {
    self.size = size
    self.icons = icons
  }

  /// Parses the icon file; throws a message naming the problem.
  public static func parse(_ data: Data) throws -> IconSet {
    let v = try StrictJSONParser.parse(data, maxDepth: 8)
    guard case .number(let size)? = v["size"], case .object(let members)? = v["icons"] else {
      throw LoadError(
        FieldProblem(file: "icons.json", path: "", value: nil, reason: "needs size and icons"))
    }
    var out: [String: [[Point]]] = [:]
    for (name, strokes) in members {
      guard case .array(let list) = strokes else { continue }
      out[name] = list.compactMap { s -> [Point]? in
        guard case .array(let pts) = s else { return nil }
        return pts.compactMap { p in
          guard case .array(let xy) = p, xy.count == 2, case .number(let x) = xy[0],
            case .number(let y) = xy[1]
          else {
            return nil
          }
          return Point(x, y)
        }
      }
    }
    return IconSet(size: size, icons: out)
  }
}

extension DrawList {
  /// Strokes icon `name` centred at (cx, cy) pixels, `side` pixels wide,
  /// rotated by `degrees`. Unknown names draw nothing.
  public mutating func icon(
    _ set: IconSet, _ name: String, cx: Double, cy: Double, side: Double, degrees: Double = 0,
    width: Double,
    _ color: RGBA
  ) {
    guard let strokes = set.icons[name], set.size > 0 else { return }
    let k = side / set.size
    let a = degrees * .pi / 180
    let c = cos(a)
    let s = sin(a)
    for stroke in strokes {
      let pts = stroke.map { p -> (Double, Double) in
        let x = (p.x - set.size / 2) * k
        let y = (p.y - set.size / 2) * k
        return (cx + x * c - y * s, cy + x * s + y * c)
      }
      polyline(pts, width: width, color)
    }
  }
}
