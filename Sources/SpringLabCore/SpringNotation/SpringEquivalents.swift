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
  /// Largest excursion past the target, fraction of the travel (0 = none).
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
    overshoot = s.peakOvershoot(x0: -1, v0: r.velocity, horizon: min(10, max(settle, 0.001)))
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

  static func f(_ x: Double, _ d: Int = 4) -> String { ExportNumber.format(x, decimals: d) }

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
