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
      throw fail(notANumber("initialVelocity", v))
    }
    // why: a message about `dx` alone would not say which argument of the snippet is meant
    let xy: [String: Double]
    do {
      xy = try arguments(cg, allowed: ["dx", "dy"], positional: ["dx", "dy"])
    } catch {
      throw fail(notANumber("initialVelocity", v))
    }
    let dx = xy["dx"] ?? 0
    let dy = xy["dy"] ?? 0
    return (dx, dx != dy ? "velocity read from dx (\(JSONWriter.number(dx))); dy ignored" : nil)
  }

  /// The numbers of an Objective-C message `animateWithDuration:0.5 delay:0
  /// usingSpringWithDamping:0.7 initialSpringVelocity:0.3 options:… animations:^{`
  /// starting at `start`: `label:value` parts until the message's `]` or its
  /// block; `delay`, `options`, `animations`, `completion` are skipped.
  func objectiveCMessage(from start: Int) throws(SpringNotationError) -> [String: Double] {
    let labels: [String: String] = [
      "animateWithDuration": "withDuration", "usingSpringWithDamping": "usingSpringWithDamping",
      "initialSpringVelocity": "initialSpringVelocity",
    ]
    var out: [String: Double] = [:]
    var i = start
    while i + 1 < tokens.count, let w = tokens[i].word,
      tokens[i + 1] == .symbol(":")
    {
      // the value runs to the next `label:` (or `]` / `^`)
      var j = i + 2
      var depth = 0
      while j < tokens.count {
        let t = tokens[j]
        if depth == 0, t.word != nil, j + 1 < tokens.count, tokens[j + 1] == .symbol(":"),
          j > i + 2
        {
          break
        }
        if depth == 0, t == .symbol("]") || t == .symbol("^") || t == .symbol(";") { break }
        if t == .symbol("(") || t == .symbol("[") { depth += 1 }
        if t == .symbol(")") || t == .symbol("]") { depth -= 1 }
        j += 1
      }
      if let name = labels[w] {
        guard let x = number(tokens[(i + 2)..<j]) else {
          throw fail(notANumber(w, tokens[(i + 2)..<j]))
        }
        out[name] = x
      }
      if j >= tokens.count || tokens[j].word == nil { break }
      i = j
    }
    return out
  }

  mutating func uikit() throws(SpringNotationError) -> SpringReading? {
    let ignored: Set<String> = ["delay", "options", "animations", "completion"]
    // why: Swift 3+ `animate(withDuration:…)`, Swift 2 `animateWithDuration(0.6, …)`
    // (the duration unlabelled) and Objective-C `[UIView animateWithDuration:0.5 …]`
    // are one API
    var read: [String: Double]?
    var spelling =
      "UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:)"
    if let c = calls.first(where: {
      ($0.name == "animate" || $0.name == "animateWithDuration")
        && ($0.arguments ?? []).contains { $0.label == "usingSpringWithDamping" }
    }) {
      read = try arguments(
        c, allowed: ["withDuration", "usingSpringWithDamping", "initialSpringVelocity"],
        ignored: ignored, positional: c.name == "animateWithDuration" ? ["withDuration"] : [])
      if c.name == "animateWithDuration" {
        spelling =
          "UIView.animateWithDuration(_:delay:usingSpringWithDamping:initialSpringVelocity:) (Swift 2)"
      }
    } else if let i = tokens.indices.first(where: {
      tokens[$0] == .word("animateWithDuration") && $0 + 1 < tokens.count
        && tokens[$0 + 1] == .symbol(":")
    }), tokens.contains(.word("usingSpringWithDamping")) {
      read = try objectiveCMessage(from: i)
      spelling =
        "Objective-C [UIView animateWithDuration:delay:usingSpringWithDamping:initialSpringVelocity:…]"
    }
    if let a = read {
      guard let T = a["withDuration"] else { throw fail("withDuration is missing") }
      guard let z = a["usingSpringWithDamping"] else {
        throw fail("usingSpringWithDamping is missing")
      }
      guard T > 0, T.isFinite else { throw fail("withDuration must be > 0") }
      guard z > 0, z <= 1 else { throw fail("usingSpringWithDamping must be > 0 and ≤ 1") }
      let v = a["initialSpringVelocity"] ?? 0
      let u = UIKitSpring(duration: T, dampingRatio: z, velocity: v)
      if let r = u.unsolvableReason { throw fail(r) }
      return SpringReading(spring: u.spring, velocity: v, form: "UIKit " + spelling)
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
      // why: with physics or duration/bounce given, a velocity held in a
      // variable does not change the spring: read it and say so
      var velocityRefusal: SpringNotationError?
      if let i = args.firstIndex(where: { $0.label == "initialVelocity" }) {
        do {
          let (v, note) = try velocityVector(args[i].value)
          velocity = v
          if let note { notes.append(note) }
        } catch {
          velocityRefusal = error
          notes.append("\(error.reason); the velocity is read as 0")
        }
        args.remove(at: i)
      }
      var plain = c
      plain.arguments = args
      let labels = Set(args.compactMap(\.label))
      if labels.contains("dampingRatio") {
        // why: UIKit's mapping from damping ratio and duration depends on the velocity
        if let velocityRefusal { throw velocityRefusal }
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
