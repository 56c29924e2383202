import Foundation

/// Every equivalent form of a spring: what `springlab spring` prints and the
/// window's paste shows. Computed once from a `SpringReading`.
public struct SpringEquivalents: Sendable {
  public let reading: SpringReading
  /// The motion with mass 1 (k/m, c/m).
  public let unit: Spring
  public let dampingRatio: Double
  /// SwiftUI `.spring(response:dampingFraction:)` response, seconds (2π/ω0).
  public let response: Double
  /// SwiftUI `Spring(duration:bounce:)`.
  public let swiftuiDuration: Double
  public let bounce: Double
  /// Seconds until the motion stays within ±0.5 % of the travel.
  public let settle: Double
  /// The true largest excursion past the target, fraction of the travel
  /// (0 = none), wherever it falls (`Spring.maximumOvershoot`).
  public let overshoot: Double
  /// UIKit `animate(withDuration:…usingSpringWithDamping:initialSpringVelocity:)`
  /// values giving this spring, or nil (`uikitRefusal` says why).
  public let uikit: (duration: Double, dampingRatio: Double, velocity: Double)?
  public let uikitRefusal: String?
  /// Origami tension and friction (Rebound's OrigamiValueConverter).
  public let origami: (tension: Double, friction: Double)
  /// POP / Rebound bounciness and speed, or nil when none gives this spring.
  public let bouncy: (bounciness: Double, speed: Double)?
  /// CSS `linear()` over `settle` seconds, within 0.1 % of travel.
  public let cssLinear: String

  /// Settle tolerance, fraction of travel.
  public static let settleTolerance = 0.005

  public init(_ r: SpringReading) {
    reading = r
    let s = r.unitMass
    unit = s
    dampingRatio = s.dampingRatio
    let rd = SwiftUISpring.responseDamping(of: s)
    response = rd.response
    let db = SwiftUISpring.durationBounce(of: s)
    swiftuiDuration = db.duration
    bounce = db.bounce
    settle = s.settleTime(x0: -1, v0: r.velocity, epsilon: Self.settleTolerance)
    // why: the peak can come after the ±0.5 % settle time (ζ 0.88: 0.297 %)
    overshoot = s.maximumOvershoot(x0: -1, v0: r.velocity)
    let z = dampingRatio
    var refusal: String?
    var ui: (Double, Double, Double)?
    if z > 1 + 1e-9 {
      refusal = "damping ratio \(ExportNumber.format(z, decimals: 4)) > 1"
    } else if z < UIKitSpring.dampingRange.lowerBound - 1e-12 {
      refusal = "damping ratio \(ExportNumber.format(z, decimals: 4)) < 0.05"
    } else {
      let zz = min(z, 1)
      if let T = UIKitSpring.duration(
        naturalFrequency: s.naturalFrequency, dampingRatio: zz, velocity: r.velocity)
      {
        ui = (T, zz, r.velocity)
      } else {
        refusal = "its duration would fall outside 0.01…10 s"
      }
    }
    uikit = ui
    uikitRefusal = refusal
    origami = (
      OrigamiSpring.tension(stiffness: s.stiffness), OrigamiSpring.friction(damping: s.damping)
    )
    bouncy = BouncySpring.bouncinessSpeed(of: s)
    let span = max(settle, 0.01)
    let v = r.velocity
    let e = LinearEasing.fit(segments: 800, tolerance: 0.001) { x in
      x >= 1 ? 1 : 1 + s.state(at: x * span, x0: -1, v0: v).x
    }
    cssLinear = e.css
  }

  /// Why a reading's physics cannot be printed as numbers, or nil: k, c, m,
  /// the velocity, k/m, c/m, ω0 and ζ must be finite (k/m and ω0 > 0, the
  /// mass-1 stiffness not rounded to 0), and so must every figure `json`
  /// prints (settle, overshoot, response, …). Such input (1e308 over 1e−308)
  /// is refused, never printed as NaN, inf or 0.
  public static func nonFiniteReason(_ r: SpringReading) -> String? {
    let s = r.spring
    for (name, x) in [
      ("stiffness", s.stiffness), ("damping", s.damping), ("mass", s.mass),
      ("velocity", r.velocity),
    ] where !x.isFinite {
      return "its \(name) is not a finite number (the numbers overflow a Double)"
    }
    let u = r.unitMass
    for (name, x) in [
      ("stiffness / mass", u.stiffness), ("damping / mass", u.damping),
      ("the natural frequency √(k/m)", u.naturalFrequency), ("the damping ratio", u.dampingRatio),
    ] where !x.isFinite {
      return
        "\(name) overflows (\(JSONWriter.number(s.stiffness)), \(JSONWriter.number(s.damping)), \(JSONWriter.number(s.mass)) are past what a Double can hold)"
    }
    guard u.stiffness > 0, u.naturalFrequency > 0 else {
      return "stiffness / mass underflows to 0; the spring never moves"
    }
    let e = SpringEquivalents(r)
    if let bad = e.json.firstNonFinite() {
      return "its \(bad) is not a finite number; the physics overflows"
    }
    // why: the text form prints the overshoot in percent and the CSS over the settle time
    guard (e.overshoot * 100).isFinite, e.overshoot < 1e6 else {
      return
        "its overshoot (\(JSONWriter.number(e.overshoot)) travels) is past any motion; the velocity \(JSONWriter.number(r.velocity)) overflows the physics"
    }
    // why: `settleTime` stops at 60 s; a spring still outside the band there has
    // no settle time to state, only a made-up 60
    let tail = u.state(at: e.settle, x0: -1, v0: r.velocity).x
    if e.settle >= 60 - 1e-9, !(abs(tail) <= settleTolerance) {
      return
        "it does not settle within 60 s (±0.5 % of travel); ω0 = \(JSONWriter.number(u.naturalFrequency)) rad/s is too slow to state"
    }
    return nil
  }

  /// A figure in text: fixed decimals, or 6 significant digits when the
  /// decimals would print a nonzero value as 0 or it is huge.
  static func f(_ x: Double, _ d: Int = 4) -> String {
    if x != 0, x.isFinite, abs(x) < 0.5 * pow(10, -Double(d)) || abs(x) >= 1e15 {
      return String(format: "%.6g", x)
    }
    return ExportNumber.format(x, decimals: d)
  }

  /// The text `springlab spring` prints: what was read, then `forms`.
  public var lines: [String] {
    ["read: \(reading.form)"] + reading.notes.map { "note: \($0)" } + forms
  }

  /// Every equivalent form, one per line (`springlab fit` prints these
  /// under its own header).
  public var forms: [String] {
    func f(_ x: Double, _ d: Int = 4) -> String { Self.f(x, d) }
    let s = unit
    let r = reading
    var o: [String] = []
    var physics =
      "stiffness/damping/mass:  stiffness \(f(r.spring.stiffness)), damping \(f(r.spring.damping)), mass \(f(r.spring.mass))"
    if r.spring.mass != 1 {
      physics += " (mass 1: stiffness \(f(s.stiffness)), damping \(f(s.damping)))"
    }
    o.append(physics)
    o.append("damping ratio:           \(f(dampingRatio))")
    if r.velocity != 0 {
      o.append("initial velocity:        \(f(r.velocity)) travels/s")
    }
    if let u = uikit {
      o.append(
        "UIKit:                   UIView.animate(withDuration: \(f(u.duration)), delay: 0, usingSpringWithDamping: \(f(u.dampingRatio)), initialSpringVelocity: \(f(u.velocity)), options: [], animations: { … })"
      )
    } else {
      o.append("UIKit:                   not expressible in UIKit (\(uikitRefusal ?? ""))")
    }
    o.append(
      "UIKit (iOS 17):          UIView.animate(springDuration: \(f(swiftuiDuration)), bounce: \(f(bounce)), initialSpringVelocity: \(f(r.velocity)), animations: { … })"
    )
    o.append(
      "UIKit physics:           UISpringTimingParameters(mass: \(f(r.spring.mass)), stiffness: \(f(r.spring.stiffness)), damping: \(f(r.spring.damping)), initialVelocity: CGVector(dx: \(f(r.velocity)), dy: \(f(r.velocity))))"
    )
    o.append(
      "SwiftUI:                 Spring(duration: \(f(swiftuiDuration)), bounce: \(f(bounce))) · .spring(response: \(f(response)), dampingFraction: \(f(dampingRatio)))"
    )
    o.append(
      "SwiftUI with velocity:   .interpolatingSpring(mass: \(f(r.spring.mass)), stiffness: \(f(r.spring.stiffness)), damping: \(f(r.spring.damping)), initialVelocity: \(f(r.velocity)))"
    )
    o.append(
      "Compose:                 spring(dampingRatio = \(f(dampingRatio))f, stiffness = \(f(s.stiffness))f)"
    )
    var motion =
      "motion:                  { type: \"spring\", stiffness: \(f(r.spring.stiffness)), damping: \(f(r.spring.damping)), mass: \(f(r.spring.mass)) }"
    if dampingRatio >= 0.05 - 1e-12 && dampingRatio <= 1 + 1e-12 {
      let visual = 2 * Double.pi / (1.2 * s.naturalFrequency)
      motion +=
        " · { type: \"spring\", visualDuration: \(f(visual)), bounce: \(f(1 - min(dampingRatio, 1))) }"
    }
    o.append(motion)
    o.append(
      "Origami:                 tension \(f(origami.tension)), friction \(f(origami.friction))")
    if let b = bouncy {
      o.append("POP / Rebound:           bounciness \(f(b.bounciness)), speed \(f(b.speed))")
    } else {
      o.append("POP / Rebound:           no bounciness/speed gives this spring")
    }
    o.append("settle (±0.5 % of travel): \(f(settle, 3)) s")
    o.append("peak overshoot:          \(f(overshoot * 100, 3)) % of travel")
    o.append(
      "CSS:                     transition-timing-function: \(cssLinear); transition-duration: \(f(max(settle, 0.01), 3))s"
    )
    return o
  }

  /// The `--json` object: stiffness, damping, mass, dampingRatio, response,
  /// bounce, swiftuiDuration, settle (s), overshoot (fraction of travel),
  /// uikit {duration, dampingRatio, velocity} or null.
  public var json: JSONValue {
    let uk: JSONValue
    if let u = uikit {
      uk = .object([
        ("duration", .number(u.duration)), ("dampingRatio", .number(u.dampingRatio)),
        ("velocity", .number(u.velocity)),
      ])
    } else {
      uk = .null
    }
    return .object([
      ("stiffness", .number(reading.spring.stiffness)),
      ("damping", .number(reading.spring.damping)),
      ("mass", .number(reading.spring.mass)), ("dampingRatio", .number(dampingRatio)),
      ("response", .number(response)), ("bounce", .number(bounce)),
      ("swiftuiDuration", .number(swiftuiDuration)), ("settle", .number(settle)),
      ("overshoot", .number(overshoot)), ("uikit", uk),
    ])
  }
}

extension JSONValue {
  /// The key path of the first number that is NaN or infinite, or nil.
  func firstNonFinite(_ prefix: String = "") -> String? {
    switch self {
    case .number(let x): return x.isFinite ? nil : (prefix.isEmpty ? "value" : prefix)
    case .object(let members):
      for (k, v) in members {
        if let p = v.firstNonFinite(prefix.isEmpty ? k : prefix + "." + k) { return p }
      }
      return nil
    case .array(let items):
      for (i, v) in items.enumerated() {
        if let p = v.firstNonFinite("\(prefix)[\(i)]") { return p }
      }
      return nil
    default: return nil
    }
  }
}

/// The equivalent forms of a timing curve.
public struct CurveEquivalents: Sendable {
  public let reading: CurveReading
  /// Largest excursion past 1, fraction of the travel.
  public let overshoot: Double

  public init(_ r: CurveReading) {
    reading = r
    var peak = 0.0
    for k in 0...1000 {
      let y = r.bezier.value(at: Double(k) / 1000)
      peak = max(peak, y - 1)
    }
    overshoot = peak
  }

  public var lines: [String] {
    ["read: \(reading.form)", "a timing curve, not a spring: no physics to convert"] + forms
  }

  /// Every equivalent form, one per line.
  public var forms: [String] {
    let f = { (x: Double) in ExportNumber.format(x, decimals: 4) }
    let b = reading.bezier
    let d = reading.duration
    let ds = d.map { f($0) } ?? "DURATION"
    var o: [String] = []
    let cp = "\(f(b.x1)), \(f(b.y1)), \(f(b.x2)), \(f(b.y2))"
    o.append("CSS:                     cubic-bezier(\(cp))\(d.map { " \(f($0))s" } ?? "")")
    o.append("UIKit:                   CAMediaTimingFunction(controlPoints: \(cp))")
    o.append("SwiftUI:                 .timingCurve(\(cp), duration: \(ds))")
    o.append(
      "Compose:                 tween(durationMillis = \(d.map { ExportNumber.millis($0) } ?? "MILLIS"), easing = CubicBezierEasing(\(f(b.x1))f, \(f(b.y1))f, \(f(b.x2))f, \(f(b.y2))f))"
    )
    o.append("motion:                  { duration: \(ds), ease: [\(cp)] }")
    o.append(
      "peak overshoot:          \(ExportNumber.format(overshoot * 100, decimals: 3)) % of travel")
    return o
  }

  /// The same keys as a spring's, spring-only ones null; `settle` is the
  /// curve's duration when known.
  public var json: JSONValue {
    .object([
      ("stiffness", .null), ("damping", .null), ("mass", .null), ("dampingRatio", .null),
      ("response", .null), ("bounce", .null), ("swiftuiDuration", .null),
      ("settle", reading.duration.map { .number($0) } ?? .null), ("overshoot", .number(overshoot)),
      ("uikit", .null),
    ])
  }
}
