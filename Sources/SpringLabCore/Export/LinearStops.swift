/// CSS `linear()` stop positions as CSS Easing Level 2 fills them in: the
/// first at 0, the last at 1, runs without a position spread evenly, and a
/// position below an earlier one raised to it.
enum LinearStops {
  static func resolve(_ input: [(Double?, Double)]) -> [(Double, Double)] {
    var pts = input
    guard pts.count >= 2 else { return pts.map { ($0.0 ?? 0, $0.1) } }
    if pts[0].0 == nil { pts[0].0 = 0 }
    if pts[pts.count - 1].0 == nil { pts[pts.count - 1].0 = 1 }
    var maxSoFar = 0.0
    for i in pts.indices {
      if let x = pts[i].0 {
        maxSoFar = max(maxSoFar, x)
        pts[i].0 = maxSoFar
      }
    }
    var i = 0
    while i < pts.count {
      if pts[i].0 == nil {
        var j = i
        while pts[j].0 == nil { j += 1 }
        let a = pts[i - 1].0!
        let b = pts[j].0!
        for k in i..<j { pts[k].0 = a + (b - a) * Double(k - i + 1) / Double(j - i + 1) }
        i = j
      }
      i += 1
    }
    return pts.map { ($0.0!, $0.1) }
  }
}
