import Foundation

/// UIKit: `UIView.animate(…usingSpringWithDamping:…)`, `UISpringTimingParameters`, `CASpringAnimation`.
extension SnippetReader {
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
      if let r = u.unsolvableReason { throw fail(r) }
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
        if let r = UIKitSpring(duration: T, dampingRatio: z, velocity: velocity).unsolvableReason {
          throw fail(r)
        }
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
}
