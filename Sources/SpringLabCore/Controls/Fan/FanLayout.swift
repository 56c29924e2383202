import Foundation

/// Where each fan item rests, as an offset from the main button's centre
/// (points). Angles in degrees, 0° = right, increasing clockwise on screen.
public enum FanLayout {
  /// The main button's centre: `x = width − safeRight − mainRight`,
  /// `y = height − safeBottom − mainBottom`.
  public static func mainCenter(_ fan: FanPreset, device: Device) -> Point {
    let s = device.safe
    return Point(device.width - s.right - fan.mainRight, device.height - s.bottom - fan.mainBottom)
  }

  /// Angles for an arc from `s` to `e` degrees: inclusive puts the first and
  /// last item on the ends, inset spaces them `(i+1)/(n+1)`. One item sits in
  /// the middle of the arc.
  public static func arcAngles(count n: Int, start s: Double, end e: Double, inset: Bool)
    -> [Double]
  {
    guard n > 0 else { return [] }
    if inset { return (0..<n).map { s + (e - s) * Double($0 + 1) / Double(n + 1) } }
    if n == 1 { return [(s + e) / 2] }
    return (0..<n).map { s + (e - s) * Double($0) / Double(n - 1) }
  }

  static func polar(_ r: Double, _ deg: Double) -> Point {
    let a = deg * .pi / 180
    return Point(r * cos(a), r * sin(a))
  }

  /// Offsets for every item of `fan` on `device`.
  public static func offsets(_ fan: FanPreset, device: Device) -> [Point] {
    let n = fan.count
    switch fan.layout {
    case .ring:
      // KYCircleMenu: evenly round the circle (360°/n) from the start angle
      return (0..<n).map { polar(fan.radius, fan.startAngle + 360 * Double($0) / Double(n)) }
    case .custom:
      let arc = arcAngles(
        count: n, start: fan.startAngle, end: fan.endAngle, inset: fan.spacing == .inset)
      return (0..<n).map { i in i < fan.offsets.count ? fan.offsets[i] : polar(fan.radius, arc[i]) }
    case .auto:
      return autoArc(fan, device: device).map { polar(fan.radius, $0) }
    case .arc:
      return arcAngles(
        count: n, start: fan.startAngle, end: fan.endAngle, inset: fan.spacing == .inset
      )
      .map { polar(fan.radius, $0) }
    }
  }

  /// An arc with the preset's sweep (widened if items would overlap) turned
  /// to face away from the nearest screen edges: of all orientations in 2°
  /// steps, the one with the fewest items outside the safe area, then the one
  /// closest to pointing at the safe area's centre.
  public static func autoArc(_ fan: FanPreset, device: Device) -> [Double] {
    let n = fan.count
    let main = mainCenter(fan, device: device)
    let s = device.safe
    let centre = Point(
      (s.left + device.width - s.right) / 2, (s.top + device.height - s.bottom) / 2)
    let toCentre = atan2(centre.y - main.y, centre.x - main.x) * 180 / .pi
    var sweep = abs(fan.endAngle - fan.startAngle)
    if n > 1, fan.radius > 0 {
      // chord between neighbours must clear an item: 2r·sin(Δ/2) ≥ size.
      // why: neighbours are sweep/(n−1) apart when inclusive but sweep/(n+1)
      // apart when inset; widening by n−1 alone left inset items overlapping
      let gaps = Double(fan.spacing == .inset ? n + 1 : n - 1)
      let need = 2 * asin(min(1, fan.itemSize / (2 * fan.radius))) * 180 / .pi
      let step = min(360 / Double(n), max(sweep / gaps, need))
      sweep = step * gaps
    }
    let half = fan.itemSize / 2
    var best: (score: Double, angles: [Double]) = (.infinity, [])
    for step in 0..<180 {
      let mid = toCentre + Double(step % 2 == 0 ? step : -step - 1)
      let angles = arcAngles(
        count: n, start: mid - sweep / 2, end: mid + sweep / 2, inset: fan.spacing == .inset)
      var outside = 0
      for a in angles {
        let p = main + polar(fan.radius, a)
        if p.x - half < s.left || p.x + half > device.width - s.right || p.y - half < s.top
          || p.y + half > device.height - s.bottom
        {
          outside += 1
        }
      }
      let score = Double(outside) * 1000 + abs(mid - toCentre)
      if score < best.score { best = (score, angles) }
    }
    return best.angles
  }
}
