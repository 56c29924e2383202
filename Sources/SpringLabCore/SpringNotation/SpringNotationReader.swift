import Foundation

/// Reads a spring or a timing curve out of a snippet pasted from UIKit,
/// SwiftUI, Jetpack Compose, motion (framer-motion), CSS, Origami or
/// POP/Rebound, or written as `stiffness=… damping=… mass=…`. Pure: text in,
/// a `SpringNotation` or one `SpringNotationError` out. Each framework's
/// documented defaults fill what the snippet leaves out.
public enum SpringNotationReader {
  /// `duration` (seconds) completes snippets that need one and lack it
  /// (`UISpringTimingParameters(dampingRatio:)`, a bare CSS `linear()`).
  public static func read(_ text: String, duration: Double? = nil) throws(SpringNotationError)
    -> SpringNotation
  {
    var r = Reader(text: text, duration: duration)
    return try r.read()
  }
}

private struct Reader {
  let text: String
  let duration: Double?
  var tokens: [SnippetToken] = []
  var calls: [SnippetCall] = []

  init(text: String, duration: Double?) {
    self.text = text
    self.duration = duration
  }

  func fail(_ reason: String) -> SpringNotationError {
    SpringNotationError(snippet: text, reason: reason)
  }

  mutating func read() throws(SpringNotationError) -> SpringNotation {
    guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      throw fail("the snippet is empty")
    }
    guard text.count <= 10_000 else { throw fail("longer than 10,000 characters") }
    guard let t = SnippetLexer.tokens(text) else { throw fail("an unterminated string") }
    tokens = t
    calls = t.calls()
    if let r = try css() { return r }
    if let r = try uikit() { return .spring(r) }
    if let r = try swiftUI() { return r }
    if let r = try compose() { return .spring(r) }
    if let r = try rebound() { return .spring(r) }
    if let r = try assigned() { return .spring(r) }
    throw fail("no spring or curve form recognised; see `springlab spring --help`")
  }

  // MARK: values

  /// A plain number (Kotlin `f`/`d` suffixes allowed), a Compose constant, or `CGFloat(x)`/`Double(x)`.
  func number(_ v: ArraySlice<SnippetToken>) -> Double? {
    let a = Array(v)
    if a.count == 1, case .number(let x, let unit) = a[0],
      ["", "f", "F", "d", "D"].contains(unit), x.isFinite
    {
      return x
    }
    // Spring.StiffnessLow, StiffnessLow
    if let last = a.last?.word, let c = ComposeSpring.constant(last),
      a.count == 1 || (a.count == 3 && a[0] == .word("Spring") && a[1] == .symbol("."))
    {
      return c
    }
    // CGFloat(0.5), Double(0.5), 0.5.toFloat() is not supported
    if a.count == 4, let w = a[0].word, ["CGFloat", "Double", "Float", "TimeInterval"].contains(w),
      a[1] == .symbol("("), a[3] == .symbol(")")
    {
      return number(v.dropFirst(2).dropLast())
    }
    return nil
  }

  /// A duration in seconds: a number, `0.3s` or `300ms`.
  func seconds(_ t: SnippetToken) -> Double? {
    guard case .number(let x, let unit) = t, x.isFinite else { return nil }
    switch unit {
    case "s": return x
    case "ms": return x / 1000
    default: return nil
    }
  }

  /// The labelled (and positional, in `order`) numeric arguments of a call.
  /// Labels in `ignored` are accepted and skipped; any other label is refused.
  func arguments(
    _ call: SnippetCall, allowed: [String], ignored: Set<String> = [], positional: [String] = []
  ) throws(SpringNotationError) -> [String: Double] {
    var out: [String: Double] = [:]
    var next = 0
    for a in call.arguments ?? [] {
      let label: String
      if let l = a.label {
        label = l
      } else {
        guard next < positional.count else {
          throw fail("\(call.name)(…) has an unexpected unlabelled argument")
        }
        label = positional[next]
        next += 1
      }
      if ignored.contains(label) { continue }
      guard allowed.contains(label) else {
        throw fail("\(call.name)(…) has no argument `\(label)`")
      }
      guard out[label] == nil else { throw fail("`\(label)` is given twice") }
      guard let x = number(a.value) else { throw fail("`\(label)` is not a number") }
      out[label] = x
    }
    return out
  }

  func positive(_ x: Double, _ name: String) throws(SpringNotationError) -> Double {
    guard x.isFinite, x > 0 else { throw fail("\(name) must be a number > 0") }
    return x
  }

  /// SwiftUI's bounce range: −1 < b < 1.
  func bounce(_ b: Double) throws(SpringNotationError) -> Double {
    guard b > -1, b < 1 else { throw fail("bounce must be between −1 and 1") }
    return b
  }

  func duration(named name: String) throws(SpringNotationError) -> Double {
    guard let d = duration else {
      throw fail("\(name) needs a duration; add --duration SECONDS")
    }
    return d
  }

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

  // MARK: UIKit

  func velocityVector(_ v: ArraySlice<SnippetToken>) throws(SpringNotationError) -> (
    Double, String?
  ) {
    let a = Array(v)
    if a.count == 2, a[0] == .symbol("."), a[1] == .word("zero") { return (0, nil) }
    let inner = a.calls()
    guard let cg = inner.first, cg.name == "CGVector" else {
      throw fail("initialVelocity must be CGVector(dx:dy:)")
    }
    let xy = try arguments(cg, allowed: ["dx", "dy"], positional: ["dx", "dy"])
    let dx = xy["dx"] ?? 0
    let dy = xy["dy"] ?? 0
    return (dx, dx != dy ? "velocity read from dx (\(JSONWriter.number(dx))); dy ignored" : nil)
  }

  mutating func uikit() throws(SpringNotationError) -> SpringReading? {
    let ignored: Set<String> = ["delay", "options", "animations", "completion"]
    if let c = calls.first(where: {
      $0.name == "animate" && ($0.arguments ?? []).contains { $0.label == "usingSpringWithDamping" }
    }) {
      let a = try arguments(
        c, allowed: ["withDuration", "usingSpringWithDamping", "initialSpringVelocity"],
        ignored: ignored)
      guard let T = a["withDuration"] else { throw fail("withDuration is missing") }
      let z = a["usingSpringWithDamping"]!
      guard T > 0, T.isFinite else { throw fail("withDuration must be > 0") }
      guard z > 0, z <= 1 else { throw fail("usingSpringWithDamping must be > 0 and ≤ 1") }
      let v = a["initialSpringVelocity"] ?? 0
      let u = UIKitSpring(duration: T, dampingRatio: z, velocity: v)
      return SpringReading(
        spring: u.spring, velocity: v,
        form:
          "UIKit UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:)")
    }
    if let c = calls.first(where: {
      $0.name == "animate" && ($0.arguments ?? []).contains { $0.label == "springDuration" }
    }) {
      let a = try arguments(
        c, allowed: ["springDuration", "bounce", "initialSpringVelocity"], ignored: ignored)
      let d = try positive(a["springDuration"] ?? SwiftUISpring.defaultDuration, "springDuration")
      let b = try bounce(a["bounce"] ?? 0)
      return SpringReading(
        spring: SwiftUISpring.spring(duration: d, bounce: b),
        velocity: a["initialSpringVelocity"] ?? 0,
        form: "UIKit UIView.animate(springDuration:bounce:initialSpringVelocity:) (iOS 17)")
    }
    if let c = calls.first(where: { $0.name == "UISpringTimingParameters" }) {
      var args = c.arguments ?? []
      var velocity = 0.0
      var notes: [String] = []
      if let i = args.firstIndex(where: { $0.label == "initialVelocity" }) {
        let (v, note) = try velocityVector(args[i].value)
        velocity = v
        if let note { notes.append(note) }
        args.remove(at: i)
      }
      var plain = c
      plain.arguments = args
      let labels = Set(args.compactMap(\.label))
      if labels.contains("dampingRatio") {
        let a = try arguments(plain, allowed: ["dampingRatio"])
        let z = a["dampingRatio"]!
        guard z > 0, z <= 1 else { throw fail("dampingRatio must be > 0 and ≤ 1") }
        // the duration comes from the animator the parameters are given to
        var T = duration
        if let anim = calls.first(where: { $0.name == "UIViewPropertyAnimator" }),
          let dArg = anim.arguments?.first(where: { $0.label == "duration" }),
          let d = number(dArg.value)
        {
          T = d
        }
        guard let T else {
          throw fail(
            "UISpringTimingParameters(dampingRatio:) takes its duration from the animator; add --duration SECONDS"
          )
        }
        _ = try positive(T, "duration")
        return SpringReading(
          spring: UIKitSpring(duration: T, dampingRatio: z, velocity: velocity).spring,
          velocity: velocity, form: "UIKit UISpringTimingParameters(dampingRatio:initialVelocity:)",
          notes: notes)
      }
      if labels.contains("stiffness") || labels.contains("mass") || labels.contains("damping") {
        let a = try arguments(plain, allowed: ["mass", "stiffness", "damping"])
        guard let m = a["mass"], let k = a["stiffness"], let cc = a["damping"] else {
          throw fail("UISpringTimingParameters needs mass, stiffness and damping")
        }
        return SpringReading(
          spring: Spring(
            mass: try positive(m, "mass"), stiffness: try positive(k, "stiffness"),
            damping: try positive(cc, "damping")),
          velocity: velocity,
          form: "UIKit UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)",
          notes: notes)
      }
      if labels.contains("duration") || labels.contains("bounce") {
        let a = try arguments(plain, allowed: ["duration", "bounce"])
        let d = try positive(a["duration"] ?? SwiftUISpring.defaultDuration, "duration")
        return SpringReading(
          spring: SwiftUISpring.spring(duration: d, bounce: try bounce(a["bounce"] ?? 0)),
          velocity: velocity,
          form: "UIKit UISpringTimingParameters(duration:bounce:initialVelocity:) (iOS 17)",
          notes: notes)
      }
      throw fail("UISpringTimingParameters without dampingRatio, stiffness or duration")
    }
    if let c = calls.first(where: {
      $0.name == "CASpringAnimation"
        && ($0.arguments ?? []).contains { $0.label == "perceptualDuration" }
    }) {
      let a = try arguments(c, allowed: ["perceptualDuration", "bounce"])
      let d = try positive(a["perceptualDuration"]!, "perceptualDuration")
      return SpringReading(
        spring: SwiftUISpring.spring(duration: d, bounce: try bounce(a["bounce"] ?? 0)),
        form: "Core Animation CASpringAnimation(perceptualDuration:bounce:) (iOS 17)")
    }
    return nil
  }

  // MARK: SwiftUI

  static let swiftUICurves: [String: CubicBezier] = [
    "easeIn": .easeIn, "easeOut": .easeOut, "easeInOut": .easeInOut, "linear": .linear,
  ]

  /// A SwiftUI member: written `.name` or `Animation.name` / `Spring.name`.
  func swiftUIMember(_ c: SnippetCall) -> Bool {
    (c.leadingDot && c.path.count == 1)
      || (c.path.count == 2 && (c.path[0] == "Animation" || c.path[0] == "Spring"))
  }

  mutating func swiftUI() throws(SpringNotationError) -> SpringNotation? {
    for c in calls where swiftUIMember(c) {
      switch c.name {
      case "spring":
        // .spring(.snappy) / .spring(Spring(duration:…)): read the inner spring
        if let args = c.arguments, args.count >= 1, args[0].label == nil,
          number(args[0].value) == nil
        {
          var inner = Reader(text: text, duration: duration)
          inner.tokens = Array(args[0].value)
          inner.calls = inner.tokens.calls()
          if let r = try inner.swiftUI() { return r }
          throw fail(".spring(_:) needs a Spring")
        }
        let labels = Set((c.arguments ?? []).compactMap(\.label))
        if labels.contains("duration") || labels.contains("bounce") {
          let a = try arguments(c, allowed: ["duration", "bounce"], ignored: ["blendDuration"])
          let d = try positive(a["duration"] ?? SwiftUISpring.defaultDuration, "duration")
          return .spring(
            SpringReading(
              spring: SwiftUISpring.spring(duration: d, bounce: try bounce(a["bounce"] ?? 0)),
              form: "SwiftUI .spring(duration:bounce:)"))
        }
        let a = try arguments(
          c, allowed: ["response", "dampingFraction"], ignored: ["blendDuration"])
        let r = try positive(a["response"] ?? SwiftUISpring.defaultResponse, "response")
        let z = try positive(
          a["dampingFraction"] ?? SwiftUISpring.defaultDampingFraction, "dampingFraction")
        return .spring(
          SpringReading(
            spring: SwiftUISpring.spring(response: r, dampingFraction: z),
            form: c.arguments?.isEmpty ?? true
              ? "SwiftUI .spring (defaults: response 0.5, dampingFraction 0.825)"
              : "SwiftUI .spring(response:dampingFraction:)"))
      case "interactiveSpring":
        let a = try arguments(
          c, allowed: ["response", "dampingFraction"], ignored: ["blendDuration"])
        let r = try positive(a["response"] ?? SwiftUISpring.interactiveResponse, "response")
        let z = try positive(
          a["dampingFraction"] ?? SwiftUISpring.interactiveDampingFraction, "dampingFraction")
        return .spring(
          SpringReading(
            spring: SwiftUISpring.spring(response: r, dampingFraction: z),
            form: "SwiftUI .interactiveSpring(response:dampingFraction:)"))
      case "interpolatingSpring":
        let labels = Set((c.arguments ?? []).compactMap(\.label))
        if labels.contains("stiffness") || labels.contains("damping") || labels.contains("mass") {
          let a = try arguments(c, allowed: ["mass", "stiffness", "damping", "initialVelocity"])
          guard let k = a["stiffness"], let d = a["damping"] else {
            throw fail(".interpolatingSpring needs stiffness and damping")
          }
          return .spring(
            SpringReading(
              spring: Spring(
                mass: try positive(a["mass"] ?? 1, "mass"), stiffness: try positive(k, "stiffness"),
                damping: try positive(d, "damping")),
              velocity: a["initialVelocity"] ?? 0,
              form: "SwiftUI .interpolatingSpring(mass:stiffness:damping:initialVelocity:)"))
        }
        let a = try arguments(c, allowed: ["duration", "bounce", "initialVelocity"])
        let d = try positive(a["duration"] ?? SwiftUISpring.defaultDuration, "duration")
        return .spring(
          SpringReading(
            spring: SwiftUISpring.spring(duration: d, bounce: try bounce(a["bounce"] ?? 0)),
            velocity: a["initialVelocity"] ?? 0,
            form: "SwiftUI .interpolatingSpring(duration:bounce:initialVelocity:)"))
      case "smooth", "snappy", "bouncy":
        let a = try arguments(c, allowed: ["duration", "extraBounce"], ignored: ["blendDuration"])
        let d = try positive(a["duration"] ?? SwiftUISpring.defaultDuration, "duration")
        let b = try bounce(SwiftUISpring.baseBounce(of: c.name)! + (a["extraBounce"] ?? 0))
        return .spring(
          SpringReading(
            spring: SwiftUISpring.spring(duration: d, bounce: b),
            form:
              "SwiftUI .\(c.name) (duration \(JSONWriter.number(d)) s, bounce \(JSONWriter.number(b)))"
          ))
      case "easeIn", "easeOut", "easeInOut", "linear":
        let a = try arguments(c, allowed: ["duration"])
        return .curve(
          CurveReading(
            bezier: Self.swiftUICurves[c.name]!, keyword: c.name,
            duration: try a["duration"].map { x throws(SpringNotationError) in
              try positive(x, "duration")
            } ?? duration,
            form: "SwiftUI .\(c.name)"))
      case "timingCurve":
        let a = try arguments(
          c, allowed: ["c0x", "c0y", "c1x", "c1y", "duration"],
          positional: ["c0x", "c0y", "c1x", "c1y"])
        guard let x1 = a["c0x"], let y1 = a["c0y"], let x2 = a["c1x"], let y2 = a["c1y"] else {
          throw fail(".timingCurve needs four control values")
        }
        guard (0...1).contains(x1), (0...1).contains(x2) else {
          throw fail(".timingCurve x values must be 0…1")
        }
        return .curve(
          CurveReading(
            bezier: CubicBezier(x1, y1, x2, y2), keyword: nil, duration: a["duration"] ?? duration,
            form: "SwiftUI .timingCurve"))
      default: continue
      }
    }
    // Spring(duration:bounce:), Spring(response:dampingRatio:), Spring(mass:stiffness:damping:)
    if let c = calls.first(where: {
      $0.path == ["Spring"] && !$0.leadingDot && $0.arguments != nil
    }) {
      let labels = Set((c.arguments ?? []).compactMap(\.label))
      if labels.contains("response") || labels.contains("dampingRatio") {
        let a = try arguments(c, allowed: ["response", "dampingRatio"])
        guard let r = a["response"], let z = a["dampingRatio"] else {
          throw fail("Spring(response:dampingRatio:) needs both")
        }
        return .spring(
          SpringReading(
            spring: SwiftUISpring.spring(
              response: try positive(r, "response"),
              dampingFraction: try positive(z, "dampingRatio")),
            form: "SwiftUI Spring(response:dampingRatio:)"))
      }
      if labels.contains("stiffness") || labels.contains("damping") {
        let a = try arguments(
          c, allowed: ["mass", "stiffness", "damping"], ignored: ["allowOverDamping"])
        guard let k = a["stiffness"], let d = a["damping"] else {
          throw fail("Spring(mass:stiffness:damping:) needs stiffness and damping")
        }
        return .spring(
          SpringReading(
            spring: Spring(
              mass: try positive(a["mass"] ?? 1, "mass"), stiffness: try positive(k, "stiffness"),
              damping: try positive(d, "damping")),
            form: "SwiftUI Spring(mass:stiffness:damping:)"))
      }
      let a = try arguments(c, allowed: ["duration", "bounce"])
      let d = try positive(a["duration"] ?? SwiftUISpring.defaultDuration, "duration")
      return .spring(
        SpringReading(
          spring: SwiftUISpring.spring(duration: d, bounce: try bounce(a["bounce"] ?? 0)),
          form: "SwiftUI Spring(duration:bounce:)"))
    }
    return nil
  }

  // MARK: Compose

  func compose() throws(SpringNotationError) -> SpringReading? {
    guard
      let c = calls.first(where: {
        ($0.path == ["spring"] || $0.path == ["SpringSpec"]) && !$0.leadingDot
          && $0.arguments != nil
      })
    else { return nil }
    let args = c.arguments ?? []
    // why: Kotlin Floats need an f suffix or a constant; bare positional decimals are JavaScript's spring(), not Compose
    let kotlin =
      args.contains { $0.label != nil } || args.isEmpty
      || args.contains { a in
        a.value.contains {
          if case .number(_, let u) = $0 { return u == "f" || u == "F" } else { return false }
        }
          || a.value.contains { $0.word.map { ComposeSpring.constant($0) != nil } ?? false }
      }
    guard kotlin, !args.contains(where: { $0.label != nil && $0.value.first == .symbol("{") })
    else {
      return nil
    }
    let a = try arguments(
      c, allowed: ["dampingRatio", "stiffness"], ignored: ["visibilityThreshold"],
      positional: ["dampingRatio", "stiffness", "visibilityThreshold"])
    let z = try positive(a["dampingRatio"] ?? ComposeSpring.dampingRatioNoBouncy, "dampingRatio")
    let k = try positive(a["stiffness"] ?? ComposeSpring.stiffnessMedium, "stiffness")
    return SpringReading(
      spring: ComposeSpring.spring(dampingRatio: z, stiffness: k),
      form: "Jetpack Compose spring(dampingRatio, stiffness)")
  }

  // MARK: Rebound / POP / Origami calls

  func rebound() throws(SpringNotationError) -> SpringReading? {
    if let c = calls.first(where: { $0.name == "fromOrigamiTensionAndFriction" }) {
      let a = try arguments(
        c, allowed: ["tension", "friction"], positional: ["tension", "friction"])
      guard let t = a["tension"], let f = a["friction"] else {
        throw fail("fromOrigamiTensionAndFriction needs tension and friction")
      }
      return SpringReading(
        spring: try origami(t, f), form: "Rebound SpringConfig.fromOrigamiTensionAndFriction")
    }
    if let c = calls.first(where: { $0.name == "fromBouncinessAndSpeed" }) {
      let a = try arguments(
        c, allowed: ["bounciness", "speed"], positional: ["bounciness", "speed"])
      guard let b = a["bounciness"], let s = a["speed"] else {
        throw fail("fromBouncinessAndSpeed needs bounciness and speed")
      }
      return SpringReading(
        spring: try bouncy(b, s), form: "Rebound SpringConfig.fromBouncinessAndSpeed")
    }
    return nil
  }

  func origami(_ t: Double, _ f: Double) throws(SpringNotationError) -> Spring {
    let s = OrigamiSpring.spring(tension: t, friction: f)
    guard s.stiffness > 0, s.damping >= 0 else {
      throw fail(
        "Origami tension \(JSONWriter.number(t)) / friction \(JSONWriter.number(f)) is no spring")
    }
    return s
  }

  func bouncy(_ b: Double, _ s: Double) throws(SpringNotationError) -> Spring {
    guard b >= 0, s >= 0 else { throw fail("bounciness and speed must be ≥ 0") }
    let spring = BouncySpring.spring(bounciness: b, speed: s)
    guard spring.stiffness > 0, spring.damping > 0 else {
      throw fail("bounciness \(JSONWriter.number(b)), speed \(JSONWriter.number(s)) is no spring")
    }
    return spring
  }

  // MARK: key = value, key: value

  func assigned() throws(SpringNotationError) -> SpringReading? {
    let all = tokens.assignments()
    var values: [String: Double] = [:]
    var texts: [String: String] = [:]
    var colon = false
    var dotted = false
    for a in all {
      switch a.value {
      case .number(let x, let unit):
        guard ["", "f", "F", "d", "D"].contains(unit), x.isFinite else {
          throw fail("`\(a.key)` is not a number")
        }
        guard values[a.key] == nil else { throw fail("`\(a.key)` is given twice") }
        values[a.key] = x
      case .text(let s): texts[a.key] = s
      case .word(let w):
        if let c = ComposeSpring.constant(w) { values[a.key] = c }
      default: continue
      }
      colon = colon || a.colon
      dotted = dotted || a.dotted
    }
    let keys = Set(values.keys)
    func has(_ k: [String]) -> Bool { !keys.isDisjoint(with: k) }
    if let type = texts["type"], type != "spring" {
      throw fail("type \"\(type)\" is not a spring")
    }
    if has(["springBounciness", "springSpeed", "bounciness", "speed"]) {
      let b = values["springBounciness"] ?? values["bounciness"] ?? BouncySpring.defaultBounciness
      let s = values["springSpeed"] ?? values["speed"] ?? BouncySpring.defaultSpeed
      return SpringReading(spring: try bouncy(b, s), form: "POP / Rebound bounciness and speed")
    }
    if has(["dynamicsTension", "dynamicsFriction", "dynamicsMass"]) {
      guard let k = values["dynamicsTension"], let c = values["dynamicsFriction"] else {
        throw fail("POP dynamics need dynamicsTension and dynamicsFriction")
      }
      return SpringReading(
        spring: Spring(
          mass: try positive(values["dynamicsMass"] ?? 1, "dynamicsMass"),
          stiffness: try positive(k, "dynamicsTension"),
          damping: try positive(c, "dynamicsFriction")),
        form: "POP dynamicsTension / dynamicsFriction / dynamicsMass")
    }
    if has(["tension", "friction"]) {
      guard !has(["stiffness", "damping"]) else {
        throw fail("tension/friction mixed with stiffness/damping")
      }
      let t = values["tension"] ?? OrigamiSpring.defaultTension
      let f = values["friction"] ?? OrigamiSpring.defaultFriction
      return SpringReading(spring: try origami(t, f), form: "Origami tension and friction")
    }
    let caSpring = tokens.contains { $0.word == "CASpringAnimation" }
    if has(["stiffness", "damping", "mass"]) {
      guard !has(["duration", "bounce", "visualDuration"]) || caSpring else {
        throw fail("physics (stiffness, damping, mass) mixed with duration/bounce")
      }
      if caSpring || dotted {
        let s = Spring(
          mass: try positive(values["mass"] ?? 1, "mass"),
          stiffness: try positive(values["stiffness"] ?? 100, "stiffness"),
          damping: try positive(values["damping"] ?? 10, "damping"))
        return SpringReading(
          spring: s, velocity: values["initialVelocity"] ?? 0,
          form:
            "Core Animation CASpringAnimation properties (defaults mass 1, stiffness 100, damping 10)"
        )
      }
      if colon {
        var notes: [String] = []
        if values["velocity"] != nil {
          notes.append("motion's velocity is in value units per second: left out")
        }
        let s = Spring(
          mass: try positive(values["mass"] ?? MotionSpring.defaultMass, "mass"),
          stiffness: try positive(
            values["stiffness"] ?? MotionSpring.defaultStiffness, "stiffness"),
          damping: try positive(values["damping"] ?? MotionSpring.defaultDamping, "damping"))
        return SpringReading(
          spring: s, form: "motion / framer-motion { stiffness, damping, mass }", notes: notes)
      }
      guard let k = values["stiffness"], let c = values["damping"] else {
        throw fail("stiffness=… damping=… needs both (mass defaults to 1)")
      }
      return SpringReading(
        spring: Spring(
          mass: try positive(values["mass"] ?? 1, "mass"), stiffness: try positive(k, "stiffness"),
          damping: try positive(c, "damping")),
        velocity: values["velocity"] ?? 0, form: "stiffness=… damping=… mass=…")
    }
    if colon, has(["visualDuration"]) {
      let v = try positive(values["visualDuration"]!, "visualDuration")
      let b = values["bounce"] ?? 0
      return SpringReading(
        spring: MotionSpring.spring(visualDuration: v, bounce: b),
        form: "motion { visualDuration, bounce }")
    }
    if colon, has(["bounce"]) || (has(["duration"]) && texts["type"] == "spring") {
      let d = try positive(values["duration"] ?? MotionSpring.defaultDuration, "duration")
      let b = values["bounce"] ?? MotionSpring.defaultBounce
      var notes: [String] = []
      if values["velocity"] != nil {
        notes.append("motion's findSpring leaves the velocity out of duration/bounce: left out")
      }
      return SpringReading(
        spring: MotionSpring.spring(duration: d, bounce: b),
        form: "motion { duration, bounce } (findSpring)", notes: notes)
    }
    return nil
  }
}
