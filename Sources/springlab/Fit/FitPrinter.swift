import Foundation
import SpringLabCore

/// How a fit is printed: the spring and the tween go through the shared
/// printer of `springlab spring` (`SpringEquivalents`, `CurveEquivalents`),
/// so both commands print every form the same way.
enum FitPrinter {
  static func f(_ x: Double, _ d: Int = 4) -> String { JSONWriter.number(x, places: d) }

  /// The fitted spring as `springlab spring` reads one (mass 1, velocity in
  /// travels per second).
  static func equivalents(_ fit: MotionFit) -> SpringEquivalents {
    SpringEquivalents(
      SpringReading(
        spring: fit.spring.spring, velocity: fit.spring.relativeVelocity, form: "fitted spring"))
  }

  /// Every form of the spring, one per line.
  static func lines(_ e: SpringEquivalents) -> [String] { e.forms }

  /// `springlab spring --json`'s keys, then the initial velocity (travels/s),
  /// which a fit always has.
  static func json(_ e: SpringEquivalents) -> [(String, JSONValue)] {
    guard case .object(let pairs) = e.json else { return [] }
    return pairs + [("velocity", .number(e.reading.velocity))]
  }

  /// The Bézier tween in the vocabularies that take a timing curve.
  static func tweenLines(_ t: TweenFit) -> [String] {
    CurveEquivalents(CurveReading(bezier: t.curve, duration: t.duration, form: "fitted tween"))
      .forms
  }
}
