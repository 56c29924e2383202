import Foundation

extension MotionFit {
  /// `base` with the fan main button's turn set from this fit of an angle
  /// (`axis == .angle`, degrees clockwise on screen from the marked frame):
  /// `fan.rotation.angle` is the turn's travel — for the close (`open`
  /// false) the travel back, so a button marked open that turns −45° to
  /// rest reads 45° — and the open or close duration is the tween's.
  /// why the tween's even when a spring fits closer: the button's turn is
  /// always ease-in-out (its fields hold an angle and a duration only), and
  /// the tween is fitted to the same samples.
  /// Rounded to 0.1° and 0.1 ms (finer than a recording tells apart) and
  /// kept within the fields' ranges (±360°, 0…10 s). Nil when the fit is not
  /// of an angle or does not turn.
  public func turnApplied(to base: Preset, open: Bool) -> Preset? {
    guard axis == .angle else { return nil }
    // why: (x / d).rounded() * d left float noise in saved files
    // (0.7221000000000001); the decimal the writers spell is exact
    func r(_ x: Double, _ d: Double) -> Double {
      CleanNumbers.rounded(x, decimals: Int((-log10(d)).rounded()))
    }
    let angle = min(max(r(open ? to - from : from - to, 0.1), -360), 360)
    guard angle != 0, tween.duration.isFinite else { return nil }
    var p = base
    p.fan.rotationAngle = angle
    let duration = min(max(r(tween.duration, 0.0001), 0), 10)
    if open { p.fan.rotationOpen = duration } else { p.fan.rotationClose = duration }
    return p
  }
}
