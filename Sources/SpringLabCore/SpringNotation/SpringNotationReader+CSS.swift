import Foundation

/// CSS: keywords, `cubic-bezier()`, a time, and a spring-made `linear()`.
extension SnippetReader {
  // MARK: CSS

  static let cssKeywords: [String: CubicBezier] = [
    "ease": .caDefault, "ease-in": .easeIn, "ease-out": .easeOut, "ease-in-out": .easeInOut,
    "linear": .linear,
  ]

  /// The first time value (`0.3s`, `300ms`) outside any parentheses, else `--duration`.
  func cssDuration() -> Double? {
    var depth = 0
    for t in tokens {
      if t == .symbol("(") { depth += 1 }
      if t == .symbol(")") { depth -= 1 }
      if depth == 0, let s = seconds(t) { return s }
    }
    return duration
  }

  func css() throws(SpringNotationError) -> SpringNotation? {
    if let c = calls.first(where: { $0.name == "cubic-bezier" }) {
      guard let args = c.arguments, args.count == 4, args.allSatisfy({ $0.label == nil }) else {
        throw fail("cubic-bezier() takes four numbers")
      }
      let v = args.compactMap { number($0.value) }
      guard v.count == 4 else { throw fail("cubic-bezier() takes four numbers") }
      guard (0...1).contains(v[0]), (0...1).contains(v[2]) else {
        throw fail("cubic-bezier() x1 and x2 must be 0…1")
      }
      return .curve(
        CurveReading(
          bezier: CubicBezier(v[0], v[1], v[2], v[3]), keyword: nil, duration: cssDuration(),
          form: "CSS cubic-bezier()"))
    }
    if let c = calls.first(where: { $0.name == "linear" && !$0.leadingDot && $0.arguments != nil })
    {
      return .spring(try cssLinear(c))
    }
    // keywords only when the snippet is CSS-like: no calls with arguments, no leading-dot members
    let words = tokens.compactMap(\.word)
    let hasCode = calls.contains { $0.leadingDot || $0.path.count > 1 || $0.arguments != nil }
    if !hasCode, let k = words.first(where: { Self.cssKeywords[$0] != nil }) {
      // why: a call with arguments would be code; a "(" left here never
      // closed (`linear(`), so the text is a broken call, not the keyword
      if tokens.contains(.symbol("(")) {
        throw fail("“\(k)(” is never closed; write \(k) alone or a whole call")
      }
      let known: Set<String> = [
        "transition", "transition-timing-function", "animation-timing-function",
        "animation", "all", "transform", "opacity", "translate", "scale", "rotate", "top",
        "left", "right", "bottom", "width", "height", "color", "background", "filter",
      ]
      guard words.allSatisfy({ Self.cssKeywords[$0] != nil || known.contains($0) }) else {
        return nil
      }
      return .curve(
        CurveReading(
          bezier: Self.cssKeywords[k]!, keyword: k, duration: cssDuration(), form: "CSS \(k)"))
    }
    return nil
  }

  func cssLinear(_ c: SnippetCall) throws(SpringNotationError) -> SpringReading {
    // why: the stops' own grammar ("0.5 10%", "1 90% 100%") is read from the text, not the tokens
    let args = c.arguments ?? []
    var stops: [(Double?, Double)] = []
    for a in args {
      let v = Array(a.value)
      guard let first = v.first, case .number(let y, let u) = first, u.isEmpty else {
        throw fail("linear() stops must be numbers")
      }
      var percents: [Double] = []
      for t in v.dropFirst() {
        guard case .number(let x, "%") = t else { throw fail("linear() stops must be numbers") }
        percents.append(x / 100)
      }
      guard percents.count <= 2 else { throw fail("linear() stops must be numbers") }
      if percents.isEmpty { stops.append((nil, y)) }
      for p in percents { stops.append((p, y)) }
    }
    guard stops.count >= 3 else { throw fail("a linear() with fewer than 3 stops is no spring") }
    guard let d = cssDuration() else {
      throw fail("a linear() needs its duration; add --duration SECONDS")
    }
    let filled = LinearStops.resolve(stops)
    guard let fit = LinearSpringFit.fit(filled, duration: d) else {
      throw fail("this linear() does not follow a spring")
    }
    return SpringReading(
      spring: fit.spring, velocity: fit.velocity, form: "CSS linear() (spring fitted)",
      notes: [
        "fitted to the stops: max error \(JSONWriter.number(fit.maxError * 100, places: 3)) % of travel"
      ])
  }
}
