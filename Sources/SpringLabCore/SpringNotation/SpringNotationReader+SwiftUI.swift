import Foundation

/// SwiftUI: `.spring…`, `.smooth/.snappy/.bouncy`, `Spring(…)`, `.interpolatingSpring`, curves.
extension SnippetReader {
  // MARK: SwiftUI

  static let swiftUICurves: [String: CubicBezier] = [
    "easeIn": .easeIn, "easeOut": .easeOut, "easeInOut": .easeInOut, "linear": .linear,
  ]

  /// A SwiftUI member: written `.name` or `Animation.name` / `Spring.name`.
  func swiftUIMember(_ c: SnippetCall) -> Bool {
    (c.leadingDot && c.path.count == 1)
      || (c.path.count == 2 && (c.path[0] == "Animation" || c.path[0] == "Spring"))
  }

  /// A SwiftUI animation with its `.speed(x)` and `.delay(x)` modifiers:
  /// speed s plays the motion s times faster, x(t) → x(s·t), which is the
  /// spring k·s², c·s (mass kept) with the velocity times s, and a curve's
  /// duration over s; a delay only shifts the start (a note).
  mutating func swiftUI() throws(SpringNotationError) -> SpringNotation? {
    guard let base = try swiftUIBase() else { return nil }
    var speed = 1.0
    var notes: [String] = []
    for c in calls where c.leadingDot && (c.name == "speed" || c.name == "delay") {
      guard let args = c.arguments else { continue }
      let a = try arguments(c, allowed: [c.name], positional: [c.name])
      guard let x = a[c.name], !args.isEmpty else {
        throw fail(".\(c.name)(…) needs a number")
      }
      if c.name == "speed" {
        speed *= try positive(x, "speed")
      } else {
        guard x >= 0 else { throw fail("delay must be ≥ 0") }
        notes.append("delay \(JSONWriter.number(x)) s before the spring starts (not part of it)")
      }
    }
    if speed != 1 {
      notes.insert(
        "speed \(JSONWriter.number(speed)): the spring plays \(JSONWriter.number(speed))× faster",
        at: 0)
    }
    switch base {
    case .spring(var r):
      r.spring = Spring(
        mass: r.spring.mass, stiffness: r.spring.stiffness * speed * speed,
        damping: r.spring.damping * speed)
      r.velocity *= speed
      r.notes += notes
      return .spring(r)
    case .curve(var c):
      c.duration = c.duration.map { $0 / speed }
      return .curve(c)
    }
  }

  mutating func swiftUIBase() throws(SpringNotationError) -> SpringNotation? {
    for var c in calls {
      // why: `.bouncy.speed(2)` lexes as one path; its base is the bare `.bouncy`
      if c.leadingDot, c.path.count >= 2,
        c.path.dropFirst().allSatisfy({ $0 == "speed" || $0 == "delay" })
      {
        c.path = [c.path[0]]
        c.arguments = nil
      }
      guard swiftUIMember(c) else { continue }
      switch c.name {
      case "spring":
        // .spring(.snappy) / .spring(Spring(duration:…)): read the inner spring
        if let args = c.arguments, args.count >= 1, args[0].label == nil,
          number(args[0].value) == nil
        {
          var inner = SnippetReader(text: text, duration: duration)
          inner.tokens = Array(args[0].value)
          inner.calls = inner.tokens.calls()
          if let r = try inner.swiftUIBase() { return r }
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
        // iOS 17: .interpolatingSpring(.bouncy, initialVelocity: 0.3) — a Spring first
        if let args = c.arguments, let first = args.first, first.label == nil,
          number(first.value) == nil
        {
          var inner = SnippetReader(text: text, duration: duration)
          inner.tokens = Array(first.value)
          inner.calls = inner.tokens.calls()
          guard case .spring(var r)? = try inner.swiftUIBase() else {
            throw fail(".interpolatingSpring(_:initialVelocity:) needs a Spring")
          }
          var rest = c
          rest.arguments = Array(args.dropFirst())
          let a = try arguments(rest, allowed: ["initialVelocity"])
          r.velocity = a["initialVelocity"] ?? 0
          r.form = "SwiftUI .interpolatingSpring(_:initialVelocity:) with " + r.form
          return .spring(r)
        }
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
}
