import Foundation

/// A move read back from export text, with the platform semantics it has.
struct ParsedMove {
  enum Curve {
    /// UIView.animate spring: duration s, damping ratio, velocity (travels/s); snaps at T.
    case uikitAnimate(duration: Double, damping: Double, velocity: Double)
    /// Raw physics; `velocity` relative to travel (UIKit params, SwiftUI) or in value units (Compose, framer).
    case physics(
      mass: Double, stiffness: Double, damping: Double, velocity: Double, relative: Bool, rest: Rest
    )
    case bezier(CubicBezier, duration: Double)
    /// CSS linear() stops (input fraction, output), over `duration` seconds.
    case linear([(Double, Double)], duration: Double)
  }
  /// How a physics spring stops: never (settles), Compose's visibility threshold, framer's rest thresholds.
  enum Rest {
    case settle
    case visibility(Double)
    case framer(delta: Double, speed: Double)
  }
  var curve: Curve
  var delay: Double
  /// Target progress if the text states one.
  var to: Double?
}

/// Reads emitted export text back into moves, by scanning with regular
/// expressions. Knows the text conventions (markers `[id]`, one token per
/// move), never the exporter's values.
enum ExportCheckParser {
  static let num = "(-?[0-9]+(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?)"

  /// Text between each `[id]` marker and the next, comments removed. `physics:` ids kept distinct.
  static func segments(_ text: String, css: Bool) -> [String: String] {
    let re = try! NSRegularExpression(pattern: "\\[((?:physics:)?[a-z]+(?:\\.[a-z0-9]+)+)\\]")
    let ns = text as NSString
    let ms = re.matches(in: text, range: NSRange(location: 0, length: ns.length))
    var out: [String: String] = [:]
    for (i, m) in ms.enumerated() {
      let id = ns.substring(with: m.range(at: 1))
      // why: start after the marker's comment line so its description is not parsed
      let lineEnd = ns.range(
        of: "\n", options: [],
        range: NSRange(location: m.range.location, length: ns.length - m.range.location))
      let start = lineEnd.location == NSNotFound ? ns.length : lineEnd.location
      let end = i + 1 < ms.count ? ms[i + 1].range.location : ns.length
      guard end > start else {
        out[id] = ""
        continue
      }
      out[id] = stripComments(
        ns.substring(with: NSRange(location: start, length: end - start)), css: css)
    }
    return out
  }

  static func stripComments(_ s: String, css: Bool) -> String {
    var t = s.replacingOccurrences(of: "/\\*[\\s\\S]*?\\*/", with: " ", options: .regularExpression)
    if !css { t = t.replacingOccurrences(of: "//[^\n]*", with: " ", options: .regularExpression) }
    return t
  }

  /// Splits `seg` at every occurrence of `token`: (text before since the last token, text from it to the next).
  static func chunks(_ seg: String, token: String) -> [(pre: String, body: String)] {
    var out: [(String, String)] = []
    var ranges: [Range<String.Index>] = []
    var from = seg.startIndex
    while let r = seg.range(of: token, range: from..<seg.endIndex) {
      ranges.append(r)
      from = r.upperBound
    }
    for (i, r) in ranges.enumerated() {
      let preStart = i == 0 ? seg.startIndex : ranges[i - 1].lowerBound
      let bodyEnd = i + 1 < ranges.count ? ranges[i + 1].lowerBound : seg.endIndex
      out.append((String(seg[preStart..<r.lowerBound]), String(seg[r.lowerBound..<bodyEnd])))
    }
    return out
  }

  static func first(_ pattern: String, in s: String) -> [Double]? {
    guard let re = try? NSRegularExpression(pattern: pattern) else { return nil }
    let ns = s as NSString
    guard let m = re.firstMatch(in: s, range: NSRange(location: 0, length: ns.length)) else {
      return nil
    }
    return (1..<m.numberOfRanges).compactMap { i in
      let r = m.range(at: i)
      return r.location == NSNotFound ? nil : Double(ns.substring(with: r))
    }
  }

  static func last(_ pattern: String, in s: String) -> [Double]? {
    guard let re = try? NSRegularExpression(pattern: pattern) else { return nil }
    let ns = s as NSString
    guard let m = re.matches(in: s, range: NSRange(location: 0, length: ns.length)).last else {
      return nil
    }
    return (1..<m.numberOfRanges).compactMap { Double(ns.substring(with: m.range(at: $0))) }
  }

  /// Target set inside a closure: `{ item(0, 1.12) }` / `{ rotate(1) }`.
  static func closureTarget(_ s: String) -> Double? {
    first("\\{ *\\w+\\((?:[0-9]+, *)?\(num)\\) *\\}", in: s)?.first
  }

  static let uikitCurves: [String: CubicBezier] = [
    ".curveEaseIn": .easeIn, ".curveEaseOut": .easeOut, ".curveEaseInOut": .easeInOut,
    ".curveLinear": .linear,
  ]

  /// UIView.animate moves (spring or eased). Documented: no curve option = ease-in-out.
  static func uikit(_ seg: String) -> [ParsedMove]? {
    var out: [ParsedMove] = []
    for (pre, body) in chunks(seg, token: "UIView.animate(") {
      if let v = first(
        "withDuration: \(num), delay: \(num), usingSpringWithDamping: \(num), initialSpringVelocity: \(num)",
        in: body),
        v.count == 4
      {
        out.append(
          ParsedMove(
            curve: .uikitAnimate(duration: v[0], damping: v[2], velocity: v[3]), delay: v[1],
            to: closureTarget(body)))
        continue
      }
      guard let v = first("withDuration: \(num), delay: \(num), options: \\[", in: body),
        v.count == 2
      else { return nil }
      var curve = CubicBezier.easeInOut
      let opts =
        body.range(of: "options: \\[[^\\]]*\\]", options: .regularExpression).map {
          String(body[$0])
        } ?? ""
      // why: exact option names (".curveEaseIn" is a prefix of ".curveEaseInOut")
      let names = opts.dropFirst("options: [".count).dropLast().split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      for n in names { if let b = uikitCurves[n] { curve = b } }
      if let cp = last("controlPoints: \(num), \(num), \(num), \(num)\\)", in: pre), cp.count == 4 {
        curve = CubicBezier(cp[0], cp[1], cp[2], cp[3])
      }
      out.append(
        ParsedMove(curve: .bezier(curve, duration: v[0]), delay: v[1], to: closureTarget(body)))
    }
    return out.isEmpty ? nil : out
  }

  /// UISpringTimingParameters: v0 = initialVelocity.dx × travel (documented: relative to the distance).
  static func uikitPhysics(_ seg: String) -> [ParsedMove]? {
    var out: [ParsedMove] = []
    for (_, body) in chunks(seg, token: "UISpringTimingParameters(") {
      guard
        let v = first(
          "mass: \(num), stiffness: \(num), damping: \(num), initialVelocity: CGVector\\(dx: \(num), dy: \(num)\\)\\), delay: \(num)",
          in: body), v.count == 6
      else { return nil }
      out.append(
        ParsedMove(
          curve: .physics(
            mass: v[0], stiffness: v[1], damping: v[2], velocity: v[3], relative: true,
            rest: .settle),
          delay: v[5], to: closureTarget(body)))
    }
    return out.isEmpty ? nil : out
  }

  /// SwiftUI: interpolatingSpring (velocity relative to travel) or timingCurve, then `.delay`.
  static func swiftui(_ seg: String) -> [ParsedMove]? {
    var out: [ParsedMove] = []
    for (_, body) in chunks(seg, token: "withAnimation(") {
      let delay = first("\\.delay\\(\(num)\\)", in: body)?.first ?? 0
      if let v = first(
        "interpolatingSpring\\(mass: \(num), stiffness: \(num), damping: \(num), initialVelocity: \(num)\\)",
        in: body),
        v.count == 4
      {
        out.append(
          ParsedMove(
            curve: .physics(
              mass: v[0], stiffness: v[1], damping: v[2], velocity: v[3], relative: true,
              rest: .settle),
            delay: delay, to: closureTarget(body)))
      } else if let v = first(
        "timingCurve\\(\(num), \(num), \(num), \(num), duration: \(num)\\)", in: body), v.count == 5
      {
        out.append(
          ParsedMove(
            curve: .bezier(CubicBezier(v[0], v[1], v[2], v[3]), duration: v[4]), delay: delay,
            to: closureTarget(body)))
      } else {
        return nil
      }
    }
    return out.isEmpty ? nil : out
  }

  /// Compose: spring (mass 1, c = 2ζ√k, velocity in value units, ends under visibilityThreshold)
  /// after a coroutine `delay(ms)`, or tween(durationMillis, delayMillis, CubicBezierEasing).
  static func compose(_ seg: String) -> [ParsedMove]? {
    var out: [ParsedMove] = []
    for (pre, body) in chunks(seg, token: ".animateTo(") {
      let to = first("^\\.animateTo\\(\(num)f", in: body)?.first
      if let v = first(
        "spring\\(dampingRatio = \(num)f, stiffness = \(num)f, visibilityThreshold = \(num)f\\), initialVelocity = \(num)f",
        in: body),
        v.count == 4
      {
        let delay = (last("\\bdelay\\(([0-9]+)L?\\)", in: pre)?.first ?? 0) / 1000
        let c = 2 * v[0] * v[1].squareRoot()
        out.append(
          ParsedMove(
            curve: .physics(
              mass: 1, stiffness: v[1], damping: c, velocity: v[3], relative: false,
              rest: .visibility(v[2])),
            delay: delay, to: to))
      } else if let v = first(
        "tween\\(durationMillis = ([0-9]+), delayMillis = ([0-9]+), easing = CubicBezierEasing\\(\(num)f, \(num)f, \(num)f, \(num)f\\)\\)",
        in: body), v.count == 6
      {
        out.append(
          ParsedMove(
            curve: .bezier(CubicBezier(v[2], v[3], v[4], v[5]), duration: v[0] / 1000),
            delay: v[1] / 1000, to: to))
      } else {
        return nil
      }
    }
    return out.isEmpty ? nil : out
  }

  /// framer-motion: spring {stiffness, damping, mass, velocity (value units), restDelta, restSpeed, delay} or tween.
  static func framer(_ seg: String) -> [ParsedMove]? {
    var out: [ParsedMove] = []
    for (_, body) in chunks(seg, token: "animate(") {
      let to = first("^animate\\([^,]+, \(num),", in: body)?.first
      if let v = first(
        "type: \"spring\", stiffness: \(num), damping: \(num), mass: \(num), velocity: \(num), restDelta: \(num), restSpeed: \(num), delay: \(num)",
        in: body), v.count == 7
      {
        out.append(
          ParsedMove(
            curve: .physics(
              mass: v[2], stiffness: v[0], damping: v[1], velocity: v[3], relative: false,
              rest: .framer(delta: v[4], speed: v[5])),
            delay: v[6], to: to))
      } else if let v = first(
        "type: \"tween\", duration: \(num), ease: \\[\(num), \(num), \(num), \(num)\\], delay: \(num)",
        in: body),
        v.count == 6
      {
        out.append(
          ParsedMove(
            curve: .bezier(CubicBezier(v[1], v[2], v[3], v[4]), duration: v[0]), delay: v[5], to: to
          ))
      } else {
        return nil
      }
    }
    return out.isEmpty ? nil : out
  }

  /// CSS: `transition: <prop> <dur>s linear(<stops>) <delay>s`.
  static func css(_ seg: String) -> [ParsedMove]? {
    guard
      let re = try? NSRegularExpression(
        pattern: "transition: *[-a-z]+ +\(num)s +linear\\(([^)]*)\\) +\(num)s")
    else { return nil }
    let ns = seg as NSString
    guard let m = re.firstMatch(in: seg, range: NSRange(location: 0, length: ns.length)) else {
      return nil
    }
    guard let d = Double(ns.substring(with: m.range(at: 1))),
      let delay = Double(ns.substring(with: m.range(at: 3))),
      let stops = linearStops(ns.substring(with: m.range(at: 2)))
    else { return nil }
    return [ParsedMove(curve: .linear(stops, duration: d), delay: delay, to: nil)]
  }

  /// CSS Easing Level 2 `linear()` stops: missing inputs — first 0, last 1, runs spread evenly;
  /// an input below an earlier one is raised to it.
  static func linearStops(_ s: String) -> [(Double, Double)]? {
    var pts: [(Double?, Double)] = []
    for part in s.split(separator: ",") {
      let w = part.split(separator: " ").map(String.init)
      guard let y = w.first.flatMap(Double.init) else { return nil }
      if w.count >= 2 {
        guard w[1].hasSuffix("%"), let x = Double(w[1].dropLast()) else { return nil }
        pts.append((x / 100, y))
        // a second percentage makes two stops
        if w.count >= 3, w[2].hasSuffix("%"), let x2 = Double(w[2].dropLast()) {
          pts.append((x2 / 100, y))
        }
      } else {
        pts.append((nil, y))
      }
    }
    guard pts.count >= 2 else { return nil }
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
