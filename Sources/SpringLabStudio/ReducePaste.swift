import SpringLabCore
import SpringLabUI

extension StudioState {
  /// Ctrl+V: applies a spring or curve read from the clipboard (SwiftUI,
  /// UIKit, Compose, motion, CSS, … via `SpringNotationReader`) to the motion
  /// the graph shows, in one undo step, and says what was read.
  mutating func paste(_ text: String?) {
    guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      flash("The clipboard holds no text to read a spring from")
      return
    }
    let target = graphSettings.target
    let before = preset
    switch SpringPaste.apply(text, to: target, in: before) {
    case .success(let (p, summary)):
      applyPreset(p)
      document.history.record(from: before, to: p)
      flash(summary)
    case .failure(let e): flash(e.message)
    }
  }
}

/// Turning a pasted snippet into preset values for one graphed motion.
enum SpringPaste {
  /// The preset with the snippet applied to `target`, and the toast's text;
  /// or one line saying why nothing was applied.
  static func apply(_ text: String, to target: GraphTarget, in preset: Preset) -> Result<
    (Preset, String), StudioFailure
  > {
    let current = currentDuration(target, preset)
    let reading: SpringNotation
    do {
      reading = try SpringNotationReader.read(text, duration: current)
    } catch {
      return .failure(StudioFailure("Paste: \(error.description)"))
    }
    return apply(reading, to: target, in: preset)
  }

  /// The preset with a spring or curve (pasted, or fitted to a video)
  /// applied to `target`, and the toast's text; or why it cannot take it.
  static func apply(_ reading: SpringNotation, to target: GraphTarget, in preset: Preset)
    -> Result<(Preset, String), StudioFailure>
  {
    var p = preset
    switch reading {
    case .spring(let r):
      let motion = SpringMotion(spring: r.unitMass, velocity: r.velocity)
      var u: (duration: Double, damping: Double, velocity: Double)
      switch SpringForms.uikit(motion) {
      case .success(let v): u = v
      case .failure(let e):
        return .failure(
          StudioFailure("Read \(r.form), but \(target.title) cannot take it: \(e.reason)"))
      }
      guard UIKitSpring.velocityRange.contains(u.velocity) else {
        return .failure(
          StudioFailure(
            "Read \(r.form), but its velocity \(Fmt.fixed(u.velocity, 2)) is outside −20…20"))
      }
      guard u.damping >= UIKitSpring.dampingRange.lowerBound else {
        return .failure(
          StudioFailure(
            "Read \(r.form), but its damping ratio \(Fmt.fixed(u.damping, 3)) is under UIKit's \(Fmt.fixed(UIKitSpring.dampingRange.lowerBound, 2))"
          ))
      }
      // why: the preset keeps UIKit's underdamped range or exactly 1, and a
      // converted number is stored without its float noise
      let clean = CleanNumbers.uikit(
        UIKitSpringValues(
          duration: u.duration, damping: UIKitSpring.acceptedDamping(u.damping),
          velocity: u.velocity))
      let z = clean.damping
      u = (clean.duration, z, clean.velocity)
      if let reason = UIKitSpring(duration: u.duration, dampingRatio: z, velocity: u.velocity)
        .unsolvableReason
      {
        return .failure(
          StudioFailure("Read \(r.form), but \(target.title) cannot take it: \(reason)"))
      }
      guard let spring = target.descriptor.spring else {
        return .failure(
          StudioFailure("The keyboard's slide is fixed; pick a motion on the graph first"))
      }
      if let m = spring.curve { p[keyPath: m].curve = .spring }
      p[keyPath: spring.duration] = u.duration
      p[keyPath: spring.damping] = z
      p[keyPath: spring.velocity] = u.velocity
      return .success(
        (
          p,
          "Pasted \(r.form) → \(target.title): duration \(Fmt.fixed(u.duration, 3)) s, damping \(Fmt.fixed(z, 3)), velocity \(Fmt.fixed(u.velocity, 2))"
        ))
    case .curve(let c):
      let name = curveName(c)
      func set(_ m: inout FanMotion) {
        m.curve = name
        if name == .custom {
          (m.bezier.x1, m.bezier.y1, m.bezier.x2, m.bezier.y2) = (
            c.bezier.x1, c.bezier.y1, c.bezier.x2, c.bezier.y2
          )
        }
        if let d = c.duration { m.duration = d }
      }
      guard let m = target.descriptor.curve else {
        return .failure(
          StudioFailure("Read \(c.form), a timing curve; \(target.title) is a spring"))
      }
      set(&p[keyPath: m])
      return .success(
        (
          p,
          "Pasted \(c.form) → \(target.title): \(name == .custom ? "cubic-bezier(\(c.bezier.x1), \(c.bezier.y1), \(c.bezier.x2), \(c.bezier.y2))" : ChoiceNames.human(name.rawValue))"
            + (c.duration.map { ", \(Fmt.fixed($0, 3)) s" } ?? "")
        ))
    }
  }

  /// The named curve a reading matches exactly, else `.custom`.
  static func curveName(_ c: CurveReading) -> MotionCurveName {
    let named: [(MotionCurveName, CubicBezier)] = [
      (.easeIn, .easeIn), (.easeOut, .easeOut), (.easeInOut, .easeInOut), (.linear, .linear),
    ]
    for (n, b) in named
    where b.x1 == c.bezier.x1 && b.y1 == c.bezier.y1 && b.x2 == c.bezier.x2 && b.y2 == c.bezier.y2 {
      return n
    }
    return .custom
  }

  /// The graphed motion's duration, for snippets that need one.
  static func currentDuration(_ target: GraphTarget, _ p: Preset) -> Double {
    target.descriptor.duration(p)
  }
}
