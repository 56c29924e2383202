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
  /// True when the move is a call of its own that starts once the previous
  /// call has finished (motion's `.then(() => animate(…))`), so a frame clock
  /// starts it on the frame the previous call ends on; false for moves timed
  /// on one clock (keyframes of one call, delays from the trigger).
  var chained = false
}

/// Reads emitted export text back into moves, by scanning with regular
/// expressions. Knows the text conventions (markers `[id]`, one token per
/// move), never the exporter's values.
enum ExportCheckParser {
  static let num = "(-?[0-9]+(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?)"

  /// Text between each `[id]` marker and the next, comments removed. `physics:` ids kept distinct.
  static func segments(_ text: String, css: Bool) -> [String: String] {
    let re = try! NSRegularExpression(
      pattern: "\\[((?:physics:|fallback:|ios17:)?[a-z]+(?:\\.[a-z0-9]+)+)\\]")
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

  /// iOS 17 `UIView.animate(springDuration:bounce:initialSpringVelocity:delay:…)`: SwiftUI's
  /// duration/bounce physics, velocity relative to the travel, settling on its own.
  static func uikit17(_ seg: String) -> [ParsedMove]? {
    var out: [ParsedMove] = []
    for (_, body) in chunks(seg, token: "UIView.animate(") {
      guard
        let v = first(
          "springDuration: \(num), bounce: \(num), initialSpringVelocity: \(num), delay: \(num)",
          in: body), v.count == 4
      else { return nil }
      let s = SwiftUISpring.spring(duration: v[0], bounce: v[1])
      out.append(
        ParsedMove(
          curve: .physics(
            mass: s.mass, stiffness: s.stiffness, damping: s.damping, velocity: v[2],
            relative: true, rest: .settle),
          delay: v[3], to: closureTarget(body)))
    }
    return out.isEmpty ? nil : out
  }

  static let swiftUICurves: [String: CubicBezier] = [
    "easeIn": .easeIn, "easeOut": .easeOut, "easeInOut": .easeInOut, "linear": .linear,
  ]

  /// SwiftUI: `.spring(duration:bounce:)`, `.interpolatingSpring(duration:bounce:initialVelocity:)`,
  /// `.interpolatingSpring([mass:]stiffness:damping:initialVelocity:)` (velocity relative to travel),
  /// `.easeIn(duration:)` and friends or `.timingCurve`, then an optional `.delay`.
  static func swiftui(_ seg: String) -> [ParsedMove]? {
    var out: [ParsedMove] = []
    for (_, body) in chunks(seg, token: "withAnimation(") {
      let delay =
        first("^withAnimation\\(\\.[a-zA-Z]+\\([^)]*\\)\\.delay\\(\(num)\\)", in: body)?.first ?? 0
      let to = closureTarget(body)
      func physics(_ s: Spring, _ v: Double) -> ParsedMove {
        ParsedMove(
          curve: .physics(
            mass: s.mass, stiffness: s.stiffness, damping: s.damping, velocity: v, relative: true,
            rest: .settle), delay: delay, to: to)
      }
      if let v = first(
        "^withAnimation\\(\\.spring\\(duration: \(num), bounce: \(num)\\)", in: body),
        v.count == 2
      {
        out.append(physics(SwiftUISpring.spring(duration: v[0], bounce: v[1]), 0))
      } else if let v = first(
        "^withAnimation\\(\\.interpolatingSpring\\(duration: \(num), bounce: \(num), initialVelocity: \(num)\\)",
        in: body), v.count == 3
      {
        out.append(physics(SwiftUISpring.spring(duration: v[0], bounce: v[1]), v[2]))
      } else if let v = first(
        "^withAnimation\\(\\.interpolatingSpring\\((?:mass: \(num), )?stiffness: \(num), damping: \(num), initialVelocity: \(num)\\)",
        in: body), v.count >= 3
      {
        let hasMass = v.count == 4
        let m = hasMass ? v[0] : 1
        let k = v[hasMass ? 1 : 0]
        let c = v[hasMass ? 2 : 1]
        out.append(physics(Spring(mass: m, stiffness: k, damping: c), v[hasMass ? 3 : 2]))
      } else if let v = first(
        "^withAnimation\\(\\.timingCurve\\(\(num), \(num), \(num), \(num), duration: \(num)\\)",
        in: body),
        v.count == 5
      {
        out.append(
          ParsedMove(
            curve: .bezier(CubicBezier(v[0], v[1], v[2], v[3]), duration: v[4]), delay: delay,
            to: to))
      } else if let name = body.range(
        of: "^withAnimation\\(\\.(easeInOut|easeIn|easeOut|linear)\\(duration: ",
        options: .regularExpression
      ).map({ String(body[$0].dropFirst("withAnimation(.".count).dropLast("(duration: ".count)) }),
        let b = swiftUICurves[name],
        let d = first("^withAnimation\\(\\.[a-zA-Z]+\\(duration: \(num)\\)", in: body)?.first
      {
        out.append(ParsedMove(curve: .bezier(b, duration: d), delay: delay, to: to))
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

  /// framer-motion: spring {stiffness, damping, mass, velocity (value units), restDelta, restSpeed, delay},
  /// tween, or keyframes `animate(v, [a, b, …], { duration, times, ease: [e1, …], delay })` (one
  /// eased segment per pair of keyframes on the call's one clock). Every call after the first
  /// is chained with `.then`.
  static func framer(_ seg: String) -> [ParsedMove]? {
    var out: [ParsedMove] = []
    for (i, (_, body)) in chunks(seg, token: "animate(").enumerated() {
      let before = out.count
      defer { if i > 0, out.count > before { out[before].chained = true } }
      let to = first("^animate\\([^,]+, \(num),", in: body)?.first
      if body.range(of: "^animate\\([^,]+, \\[", options: .regularExpression) != nil {
        guard let moves = framerKeyframes(body) else { return nil }
        out += moves
        continue
      }
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
      } else if let v = first(
        "type: \"tween\", duration: \(num), ease: \"(?:easeInOut|easeIn|easeOut|linear)\", delay: \(num)",
        in: body), v.count == 2,
        let r = body.range(of: "ease: \"[a-zA-Z]+\"", options: .regularExpression),
        let b = swiftUICurves[String(body[r].dropFirst("ease: \"".count).dropLast())]
      {
        // why: motion's named easings have the same control points as SwiftUI's and CSS's
        out.append(ParsedMove(curve: .bezier(b, duration: v[0]), delay: v[1], to: to))
      } else {
        return nil
      }
    }
    return out.isEmpty ? nil : out
  }

  /// `animate(v, [k0, k1, …], { duration: D, times: [0, …, 1], ease: [e, …], delay: d })`:
  /// segment j runs from keyframe j to j + 1 over (times[j+1] − times[j])·D with ease j (a
  /// motion name or `[x1, y1, x2, y2]`), the first after `delay`.
  static func framerKeyframes(_ body: String) -> [ParsedMove]? {
    func list(_ name: String) -> [Double]? {
      guard let re = try? NSRegularExpression(pattern: name + "\\[([^\\]]*)\\]"),
        let m = re.firstMatch(
          in: body, range: NSRange(location: 0, length: (body as NSString).length))
      else { return nil }
      let inner = (body as NSString).substring(with: m.range(at: 1))
      let parts = inner.split(separator: ",").map {
        Double($0.trimmingCharacters(in: .whitespaces))
      }
      guard !parts.contains(where: { $0 == nil }) else { return nil }
      return parts.compactMap { $0 }
    }
    guard let values = list("^animate\\([^,]+, "), let times = list("times: "),
      let d = first("\\], \\{ duration: \(num),", in: body)?.first,
      let delay = first("\\], delay: \(num) \\}", in: body)?.first,
      let easeStart = body.range(of: "ease: ["),
      let easeEnd = body.range(of: "], delay: ", range: easeStart.upperBound..<body.endIndex)
    else { return nil }
    let easeText = String(body[easeStart.upperBound..<easeEnd.lowerBound])
    guard
      let re = try? NSRegularExpression(
        pattern: "\"(easeInOut|easeIn|easeOut|linear)\"|\\[\(num), \(num), \(num), \(num)\\]")
    else { return nil }
    let ns = easeText as NSString
    var eases: [CubicBezier] = []
    for m in re.matches(in: easeText, range: NSRange(location: 0, length: ns.length)) {
      if m.range(at: 1).location != NSNotFound {
        guard let b = swiftUICurves[ns.substring(with: m.range(at: 1))] else { return nil }
        eases.append(b)
      } else {
        let v = (2...5).compactMap { Double(ns.substring(with: m.range(at: $0))) }
        guard v.count == 4 else { return nil }
        eases.append(CubicBezier(v[0], v[1], v[2], v[3]))
      }
    }
    guard values.count >= 2, times.count == values.count, eases.count == values.count - 1
    else { return nil }
    return (0..<eases.count).map { j in
      ParsedMove(
        curve: .bezier(eases[j], duration: (times[j + 1] - times[j]) * d),
        delay: j == 0 ? delay : 0, to: values[j + 1])
    }
  }
}
