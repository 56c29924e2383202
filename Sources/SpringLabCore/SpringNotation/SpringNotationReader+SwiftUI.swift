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

  mutating func swiftUI() throws(SpringNotationError) -> SpringNotation? {
    for c in calls where swiftUIMember(c) {
      switch c.name {
      case "spring":
        // .spring(.snappy) / .spring(Spring(duration:…)): read the inner spring
        if let args = c.arguments, args.count >= 1, args[0].label == nil,
          number(args[0].value) == nil
        {
          var inner = SnippetReader(text: text, duration: duration)
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
}
