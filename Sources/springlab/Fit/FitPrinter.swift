import Foundation
import SpringLabCore

/// How a fitted spring is printed in every vocabulary. One small seam: the
/// shared printer of `springlab spring` can replace `lines` and `json` here.
enum FitPrinter {
  static func f(_ x: Double, _ d: Int = 4) -> String { JSONWriter.number(x, places: d) }

  /// One form per line.
  static func lines(_ v: SpringVocabulary) -> [String] {
    let s = v.spring
    var o: [String] = []
    o.append(
      "stiffness/damping/mass:  stiffness \(f(s.stiffness)), damping \(f(s.damping)), mass \(f(s.mass))"
    )
    o.append("damping ratio:           \(f(v.dampingRatio))")
    o.append("initial velocity:        \(f(v.velocity)) travels/s")
    if let u = v.uikit {
      o.append(
        "UIKit:                   UIView.animate(withDuration: \(f(u.duration)), delay: 0, usingSpringWithDamping: \(f(u.dampingRatio)), initialSpringVelocity: \(f(u.velocity)), options: [], animations: { … })"
      )
    } else {
      o.append(
        "UIKit:                   not expressible with usingSpringWithDamping (damping ratio \(f(v.dampingRatio)), velocity \(f(v.velocity)))"
      )
    }
    o.append(
      "UIKit physics:           UISpringTimingParameters(mass: 1, stiffness: \(f(s.stiffness)), damping: \(f(s.damping)), initialVelocity: CGVector(dx: \(f(v.velocity)), dy: \(f(v.velocity))))"
    )
    o.append(
      "SwiftUI:                 Spring(duration: \(f(v.swiftuiDuration)), bounce: \(f(v.bounce))) · .spring(response: \(f(v.response)), dampingFraction: \(f(v.dampingRatio)))"
    )
    o.append(
      "SwiftUI with velocity:   .interpolatingSpring(mass: 1, stiffness: \(f(s.stiffness)), damping: \(f(s.damping)), initialVelocity: \(f(v.velocity)))"
    )
    o.append(
      "Compose:                 spring(dampingRatio = \(f(v.dampingRatio))f, stiffness = \(f(s.stiffness))f)"
    )
    o.append(
      "motion:                  { type: \"spring\", stiffness: \(f(s.stiffness)), damping: \(f(s.damping)), mass: 1, velocity: \(f(v.velocity)) }"
    )
    o.append("settle (±0.5 % of travel): \(f(v.settle, 3)) s")
    o.append("peak overshoot:          \(f(v.overshoot * 100, 3)) % of travel")
    return o
  }

  /// `springlab spring --json`'s keys.
  static func json(_ v: SpringVocabulary) -> [(String, JSONValue)] {
    let uk: JSONValue =
      v.uikit.map {
        .object([
          ("duration", .number($0.duration)), ("dampingRatio", .number($0.dampingRatio)),
          ("velocity", .number($0.velocity)),
        ])
      } ?? .null
    return [
      ("stiffness", .number(v.spring.stiffness)), ("damping", .number(v.spring.damping)),
      ("mass", .number(v.spring.mass)), ("dampingRatio", .number(v.dampingRatio)),
      ("response", .number(v.response)), ("bounce", .number(v.bounce)),
      ("swiftuiDuration", .number(v.swiftuiDuration)), ("settle", .number(v.settle)),
      ("overshoot", .number(v.overshoot)), ("velocity", .number(v.velocity)), ("uikit", uk),
    ]
  }

  /// The Bézier tween in the vocabularies that take a timing curve.
  static func tweenLines(_ t: TweenFit) -> [String] {
    let c = t.curve
    let pts = "\(f(c.x1)), \(f(c.y1)), \(f(c.x2)), \(f(c.y2))"
    return [
      "tween:                   cubic-bezier(\(pts)) over \(f(t.duration, 3)) s",
      "CSS:                     transition: transform \(f(t.duration, 3))s cubic-bezier(\(pts))",
      "UIKit:                   CAMediaTimingFunction(controlPoints: \(pts)), duration \(f(t.duration, 3))",
      "SwiftUI:                 .timingCurve(\(pts), duration: \(f(t.duration, 3)))",
      "Compose:                 tween(durationMillis = \(Int((t.duration * 1000).rounded())), easing = CubicBezierEasing(\(f(c.x1))f, \(f(c.y1))f, \(f(c.x2))f, \(f(c.y2))f))",
    ]
  }
}
