/// One number a spring form edits in the panel (the UIKit form edits the
/// preset's own `duration`, `damping` and `velocity` fields instead).
public enum SpringFormParameter: String, CaseIterable, Sendable {
  /// SwiftUI's perceptual duration, seconds (2π/ω0).
  case swiftUIDuration
  /// SwiftUI's bounce: 1 − ζ for ζ ≤ 1, negative when overdamped.
  case bounce
  /// SwiftUI's response, seconds (2π/ω0).
  case response
  /// SwiftUI's damping fraction (ζ).
  case dampingFraction
  /// Physics stiffness k for the form's mass (N/m with m in kg; unitless here).
  case stiffness
  /// Physics damping coefficient c for the form's mass.
  case damping
  /// Physics mass; with k and c held, a heavier mass is slower.
  case mass
  /// Initial velocity in travels per second (1 = the whole distance per second).
  case velocity

  /// The panel's label: what the number is in its form, never a word
  /// another form uses for something else (UIKit's "Duration" is a
  /// settling time, SwiftUI's a perceptual one; UIKit's damping is a ratio,
  /// physics' a coefficient).
  public var label: String {
    switch self {
    case .swiftUIDuration: return "Perceptual dur."
    case .bounce: return "Bounce"
    case .response: return "Response"
    case .dampingFraction: return "Damping frac."
    case .stiffness: return "Stiffness"
    case .damping: return "Damping"
    case .mass: return "Mass"
    case .velocity: return "Velocity"
    }
  }

  /// What the number is, for the panel's tooltip and the guide.
  public var help: String {
    switch self {
    case .swiftUIDuration:
      return
        "SwiftUI's perceptual duration (Spring(duration:bounce:)), seconds: 2π/ω0, the pace of the spring. Not UIKit's settling duration: the spring keeps moving after it."
    case .bounce:
      return
        "SwiftUI's bounce: 0 = no overshoot (critically damped), up to 1 bouncier; 1 − damping ratio."
    case .response:
      return
        "SwiftUI's response (.spring(response:dampingFraction:)), seconds: 2π/ω0, the period of the undamped spring. Not a settling time."
    case .dampingFraction:
      return "SwiftUI's damping fraction: UIKit's damping ratio ζ; 1 = no overshoot, lower wobbles."
    case .stiffness:
      return "Physics stiffness k for the mass below (N/m with the mass in kg)."
    case .damping:
      return
        "Physics damping coefficient c (N·s/m with the mass in kg), not a ratio: ζ = c / (2√(k·m))."
    case .mass:
      return "Physics mass m; with k and c held, a heavier mass is slower and bouncier."
    case .velocity:
      return "Initial velocity in travels per second: 1 = the whole distance per second."
    }
  }

  public var unit: FieldUnit {
    switch self {
    case .swiftUIDuration, .response: return .seconds
    default: return .none
    }
  }

  /// The step the panel shows these numbers at (3 decimals): a stored
  /// spring rounded after a form edit must read back within half of it.
  public static let readBackStep = 0.001

  /// What a typed value may be.
  public var range: ClosedRange<Double> {
    switch self {
    case .swiftUIDuration, .response: return 0.01...60
    case .bounce: return -10...0.99
    case .dampingFraction: return 0.01...10
    case .stiffness: return 0.001...1_000_000
    case .damping: return 0...100_000
    case .mass: return 0.01...100
    case .velocity: return -20...20
    }
  }

  /// What a slider's drag spans (the values designers use).
  public var dragRange: ClosedRange<Double> {
    switch self {
    case .swiftUIDuration, .response: return 0.05...2
    case .bounce: return -0.5...0.95
    case .dampingFraction: return 0.05...1.5
    case .stiffness: return 1...2000
    case .damping: return 0...100
    case .mass: return 0.1...5
    case .velocity: return -2...6
    }
  }
}

extension SpringForm {
  /// The form's name in the panel.
  public var title: String {
    switch self {
    case .uikit: return "UIKit"
    case .swiftUIDurationBounce: return "SwiftUI bounce"
    case .swiftUIResponse: return "SwiftUI response"
    case .physics: return "Physics"
    }
  }

  /// The numbers the form edits; empty for `.uikit`, whose numbers are the
  /// preset's own fields.
  public var parameters: [SpringFormParameter] {
    switch self {
    case .uikit: return []
    case .swiftUIDurationBounce: return [.swiftUIDuration, .bounce, .velocity]
    case .swiftUIResponse: return [.response, .dampingFraction, .velocity]
    case .physics: return [.stiffness, .damping, .mass, .velocity]
    }
  }
}

/// A spring as presets store it: UIKit's duration (s), damping ratio and
/// initial velocity (travels per second).
public struct UIKitSpringValues: Sendable, Equatable {
  public var duration: Double
  public var damping: Double
  public var velocity: Double
  public init(duration: Double, damping: Double, velocity: Double) {
    self.duration = duration
    self.damping = damping
    self.velocity = velocity
  }

  public var motion: SpringMotion {
    SpringForms.fromUIKit(duration: duration, damping: damping, velocity: velocity)
  }
}

/// Edits a stored spring in any form: reads the form's numbers from the
/// UIKit values and turns an edited number back into UIKit values through
/// `SpringForms`, or says why UIKit cannot hold the result.
public enum SpringFormEditor {
  /// The form's numbers for `u`; `mass` is the physics form's mass.
  public static func values(_ form: SpringForm, of u: UIKitSpringValues, mass: Double)
    -> [SpringFormParameter: Double]
  {
    let m = u.motion
    switch form {
    case .uikit: return [:]
    case .swiftUIDurationBounce:
      let db = SpringForms.swiftUIDurationBounce(m)
      return [.swiftUIDuration: db.duration, .bounce: db.bounce, .velocity: m.velocity]
    case .swiftUIResponse:
      let rd = SpringForms.swiftUIResponse(m)
      return [.response: rd.response, .dampingFraction: rd.dampingFraction, .velocity: m.velocity]
    case .physics:
      let s = m.spring
      return [
        .stiffness: s.stiffness / s.mass * mass, .damping: s.damping / s.mass * mass, .mass: mass,
        .velocity: m.velocity,
      ]
    }
  }

  /// The spring the form's numbers name (mass-normalised except physics).
  public static func motion(_ form: SpringForm, _ v: [SpringFormParameter: Double]) -> SpringMotion?
  {
    let vel = v[.velocity] ?? 0
    switch form {
    case .uikit: return nil
    case .swiftUIDurationBounce:
      guard let d = v[.swiftUIDuration], let b = v[.bounce] else { return nil }
      return SpringForms.fromSwiftUI(duration: d, bounce: b, velocity: vel)
    case .swiftUIResponse:
      guard let r = v[.response], let z = v[.dampingFraction] else { return nil }
      return SpringForms.fromSwiftUI(response: r, dampingFraction: z, velocity: vel)
    case .physics:
      guard let k = v[.stiffness], let c = v[.damping], let m = v[.mass] else { return nil }
      return SpringMotion(spring: Spring(mass: m, stiffness: k, damping: c), velocity: vel)
    }
  }

  /// `u` with one of `form`'s numbers set to `value`, the others held, and
  /// the physics mass (changed only by `.mass`); or why presets cannot store
  /// it (they keep UIKit's numbers: ζ ≤ 1, duration 0.01…10 s, velocity
  /// −20…20). A damping ratio in UIKit's gap (0.999…1) becomes 0.999 or 1.
  public static func set(
    _ p: SpringFormParameter, to value: Double, form: SpringForm, in u: UIKitSpringValues,
    mass: Double
  ) -> Result<(UIKitSpringValues, mass: Double), SpringFormUnavailable> {
    guard value.isFinite, p.range.contains(value) else {
      return .failure(
        SpringFormUnavailable(
          reason:
            "\(p.label) must be \(JSONWriter.number(p.range.lowerBound))…\(JSONWriter.number(p.range.upperBound))"
        ))
    }
    var v = values(form, of: u, mass: mass)
    guard let current = v[p] else {
      return .failure(SpringFormUnavailable(reason: "\(form.title) has no \(p.label.lowercased())"))
    }
    // why: setting a number to what it reads changes nothing, not even the
    // last digit of the stored values (a save stays byte for byte)
    if value == current { return .success((u, mass)) }
    v[p] = value
    guard let m = motion(form, v), m.spring.stiffness > 0, m.spring.mass > 0 else {
      return .failure(SpringFormUnavailable(reason: "not a spring"))
    }
    guard UIKitSpring.velocityRange.contains(m.velocity) else {
      return .failure(SpringFormUnavailable(reason: "UIKit's velocity must be −20…20"))
    }
    switch SpringForms.uikit(m) {
    case .failure(let e): return .failure(e)
    case .success(let t):
      let z = UIKitSpring.acceptedDamping(t.damping)
      // why: moving ζ out of UIKit's gap can leave the velocity past the mapping's bound
      if let r = UIKitSpring(duration: t.duration, dampingRatio: z, velocity: t.velocity)
        .unsolvableReason
      {
        return .failure(SpringFormUnavailable(reason: r))
      }
      // why: a converted number carries float noise (0.6999999999999998);
      // stored at the fewest digits that play the same to 0.01 % of travel
      // and still show the form's numbers as the designer left them
      let m = v[.mass] ?? mass
      let clean = CleanNumbers.uikit(
        UIKitSpringValues(duration: t.duration, damping: z, velocity: t.velocity)
      ) { c in
        let back = values(form, of: c, mass: m)
        return form.parameters.allSatisfy { q in
          guard let want = v[q], let got = back[q] else { return false }
          return abs(got - want) <= SpringFormParameter.readBackStep / 2
        }
      }
      return .success((clean, m))
    }
  }
}
