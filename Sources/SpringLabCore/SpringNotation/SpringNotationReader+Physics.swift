import Foundation

/// Compose `spring(…)`, Rebound/POP/Origami configurations, and `key = value` physics.
extension SnippetReader {
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
    // rebound-js `springSystem.createSpring(tension, friction)` takes Origami
    // tension and friction (`fromOrigamiTensionAndFriction`), and
    // `createSpringWithBouncinessAndSpeed(b, s)` bounciness and speed
    if let c = calls.first(where: { $0.name == "createSpringWithBouncinessAndSpeed" }) {
      let a = try arguments(
        c, allowed: ["bounciness", "speed"], positional: ["bounciness", "speed"])
      guard let b = a["bounciness"], let s = a["speed"] else {
        throw fail("createSpringWithBouncinessAndSpeed needs bounciness and speed")
      }
      return SpringReading(
        spring: try bouncy(b, s), form: "rebound-js createSpringWithBouncinessAndSpeed")
    }
    if let c = calls.first(where: { $0.name == "createSpring" && !($0.arguments ?? []).isEmpty }) {
      let a = try arguments(
        c, allowed: ["tension", "friction"], positional: ["tension", "friction"])
      guard let t = a["tension"], let f = a["friction"] else {
        throw fail("createSpring needs tension and friction")
      }
      return SpringReading(
        spring: try origami(t, f), form: "rebound-js createSpring(tension, friction) (Origami)")
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

  /// Keys whose value must be a number in a `key = value` / `key: value` snippet.
  static let numericKeys: Set<String> = [
    "stiffness", "damping", "mass", "tension", "friction", "bounce", "duration", "visualDuration",
    "velocity", "initialVelocity", "bounciness", "speed", "springBounciness", "springSpeed",
    "dynamicsTension", "dynamicsFriction", "dynamicsMass", "dampingRatio", "response",
    "dampingFraction", "settlingDuration",
  ]

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
        // why: animated values (`opacity: 1`, `from: { opacity: 0 }`) repeat freely
        guard values[a.key] == nil else {
          if Self.numericKeys.contains(a.key) { throw fail("`\(a.key)` is given twice") }
          continue
        }
        values[a.key] = x
      case .text(let s): texts[a.key] = s
      case .word(let w):
        // why: `let bounce = CASpringAnimation(…)` declares an object that happens to
        // share a key's name; only a property set or an option carries a number
        if a.at >= 3, let declaration = tokens[a.at - 3].word,
          ["let", "var", "val", "const"].contains(declaration)
        {
          continue
        }
        if let c = ComposeSpring.constant(w) {
          values[a.key] = c
        } else if Self.numericKeys.contains(a.key), !["true", "false", "null", "nil"].contains(w),
          // why: `spring.duration = spring.settlingDuration` is how Core Animation code ends
          !(a.key == "duration" && tokens.contains { $0.word == "CASpringAnimation" })
        {
          // why: a name where a number belongs would otherwise be dropped and its default played
          var end = a.at + 1
          while end + 1 < tokens.count, tokens[end] == .symbol("."), tokens[end + 1].word != nil {
            end += 2
          }
          if end < tokens.count, tokens[end] == .symbol("("),
            let (_, close) = tokens.arguments(from: end)
          {
            end = close + 1
          }
          throw fail(notANumber(a.key, tokens[a.at..<end]))
        }
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
    // React Spring: `config: { tension, friction, mass }` is k, c, m as they are
    // (defaults 170, 26, 1), unlike Origami's tension/friction scale
    let reactSpring =
      colon
      && tokens.contains {
        ["config", "useSpring", "useSprings", "useTransition", "useTrail", "useChain", "animated"]
          .contains($0.word ?? "")
      }
    // React Spring's named configs (@react-spring/shared `config`)
    let named: [String: (Double, Double)] = [
      "default": (170, 26), "gentle": (120, 14), "wobbly": (180, 12), "stiff": (210, 20),
      "slow": (280, 60), "molasses": (280, 120),
    ]
    if !has(["tension", "friction", "mass"]),
      let i = tokens.indices.first(where: {
        tokens[$0] == .word("config") && $0 + 2 < tokens.count && tokens[$0 + 1] == .symbol(".")
          && named[tokens[$0 + 2].word ?? ""] != nil
      }), let name = tokens[i + 2].word, let (k, c) = named[name]
    {
      return SpringReading(
        spring: Spring(mass: 1, stiffness: k, damping: c),
        form: "React Spring config.\(name) (tension \(Int(k)), friction \(Int(c)))")
    }
    if reactSpring, has(["duration"]),
      !has(["tension", "friction", "mass", "stiffness", "damping"])
    {
      // why: React Spring's `config.duration` switches the spring off for an eased tween
      throw fail(
        "React Spring's config { duration } plays an eased tween (linear unless `easing` is given), not a spring"
      )
    }
    if reactSpring, has(["tension", "friction", "mass"]) {
      guard !has(["stiffness", "damping"]) else {
        throw fail("tension/friction mixed with stiffness/damping")
      }
      var notes: [String] = []
      if has(["duration"]) {
        notes.append("React Spring's duration turns the spring into an eased tween: left out")
      }
      return SpringReading(
        spring: Spring(
          mass: try positive(values["mass"] ?? 1, "mass"),
          stiffness: try positive(values["tension"] ?? 170, "tension"),
          damping: try positive(values["friction"] ?? 26, "friction")),
        velocity: 0, form: "React Spring config { tension, friction, mass }", notes: notes)
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
      // why: motion resolves duration/bounce only when no physics key is set
      // (getSpringOptions), so there the physics keys win
      guard !has(["duration", "bounce", "visualDuration"]) || caSpring || colon else {
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
        let lost = ["duration", "bounce", "visualDuration"].filter { values[$0] != nil }
        if !lost.isEmpty {
          notes.append(
            "motion lets stiffness/damping/mass win: \(lost.joined(separator: ", ")) ignored")
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
        form: "motion { visualDuration, bounce }",
        notes: values["duration"] != nil ? ["motion lets visualDuration win: duration ignored"] : []
      )
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
