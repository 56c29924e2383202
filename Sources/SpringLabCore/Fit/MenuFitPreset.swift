import Foundation

extension MenuFit {
  /// The spring's UIKit numbers (duration s, damping ratio, velocity in
  /// travels per second), nil when it has none (ζ > 1, or a duration
  /// outside 0.01…10 s).
  public var uikit: (duration: Double, dampingRatio: Double, velocity: Double)? {
    SpringEquivalents(
      SpringReading(spring: spring, velocity: presetVelocity, form: "fitted menu spring")
    ).uikit
  }

  /// The initial velocity the preset gets, travels per second: the fitted
  /// one when the recording pins it (more than 2 σ from 0), else 0. The
  /// items' first moments hide under the main button, so the velocity is
  /// often noise (−3 ± 7); written as is it would change the UIKit duration
  /// a designer reads while the spring (ω0, ζ) stays the one fitted.
  public var presetVelocity: Double {
    uncertainty.velocity.isFinite && abs(velocity) > 2 * uncertainty.velocity ? velocity : 0
  }

  /// `base` with the menu's fields set to the fit: `fan.count`, an `arc`
  /// with `inclusive` spacing (the fitted angles are the first and last
  /// item's own), the radius and angles, and the expand as a UIKit spring
  /// with the stagger and order. Nil when the spring has no UIKit form.
  /// Numbers are rounded to 0.1 pt, 0.1°, 0.1 ms and 0.0001 of the spring's
  /// (finer than the recording tells apart) and kept within the fields' ranges.
  public func applied(to base: Preset) -> Preset? {
    guard let u = uikit else { return nil }
    // why: (x / d).rounded() * d left float noise in saved files
    // (0.7221000000000001); the decimal the writers spell is exact
    func r(_ x: Double, _ d: Double) -> Double {
      CleanNumbers.rounded(x, decimals: Int((-log10(d)).rounded()))
    }
    var p = base
    p.fan.count = min(max(items.count, 1), 12)
    p.fan.layout = .arc
    p.fan.spacing = .inclusive
    p.fan.radius = min(max(r(radius, 0.1), 0), 600)
    p.fan.startAngle = min(max(r(startAngle, 0.1), -720), 720)
    p.fan.endAngle = min(max(r(endAngle, 0.1), -720), 720)
    p.fan.expand.variant = .stagger
    p.fan.expand.curve = .spring
    p.fan.expand.duration = min(max(r(u.duration, 0.0001), 0.01), 10)
    p.fan.expand.damping = UIKitSpring.acceptedDamping(r(u.dampingRatio, 0.0001))
    p.fan.expand.velocity = min(max(r(u.velocity, 0.01), -20), 20)
    p.fan.expand.stagger = min(max(r(stagger, 0.0001), 0), 2)
    p.fan.expand.order = order
    return p
  }
}
