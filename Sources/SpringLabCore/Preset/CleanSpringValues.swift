extension CleanNumbers {
  /// `u` with every number at the fewest decimals (the same count for all
  /// three, from 1 to 9) that UIKit accepts and can solve, that play within `tolerance`,
  /// keep the duration within `durationStep` and pass `accept` (a form edit
  /// asks that the numbers the designer sees read back as shown). `u`
  /// itself when no count qualifies (already clean, or not a spring UIKit
  /// can play).
  public static func uikit(
    _ u: UIKitSpringValues, accept: (UIKitSpringValues) -> Bool = { _ in true }
  ) -> UIKitSpringValues {
    let exact = UIKitSpring(duration: u.duration, dampingRatio: u.damping, velocity: u.velocity)
    let spring = exact.spring
    guard spring.stiffness.isFinite, spring.stiffness > 0 else { return u }
    for d in 1...9 {
      let c = UIKitSpringValues(
        duration: rounded(u.duration, decimals: d), damping: rounded(u.damping, decimals: d),
        velocity: rounded(u.velocity, decimals: d))
      if c == u { return u }
      guard UIKitSpring.durationRange.contains(c.duration),
        UIKitSpring.acceptsDamping(c.damping), UIKitSpring.velocityRange.contains(c.velocity),
        UIKitSpring(duration: c.duration, dampingRatio: c.damping, velocity: c.velocity)
          .unsolvableReason == nil,
        abs(c.duration - u.duration) <= durationStep / 2 + 1e-15
      else { continue }
      let s = UIKitSpring(duration: c.duration, dampingRatio: c.damping, velocity: c.velocity)
        .spring
      let span = min(u.duration, c.duration)
      if difference(spring, u.velocity, s, c.velocity, span: span) <= tolerance, accept(c) {
        return c
      }
    }
    return u
  }
}
