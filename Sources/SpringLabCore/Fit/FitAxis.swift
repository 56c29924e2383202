import Foundation

/// Which one-dimensional value of a tracked element is fitted.
public enum FitAxis: String, Sendable, CaseIterable {
  /// Horizontal centre.
  case x
  /// Vertical centre.
  case y
  /// Tracked size relative to the marked region (1 = as marked).
  case scale
  /// How far the element has turned since the marked frame, degrees,
  /// clockwise on screen (`MotionSample.angle`; e.g. the fan's main button).
  case angle
  /// The distance along the line from the first positions to the last
  /// (means of three; 0 at the first sample). When the centre moves less
  /// than `FitAxis.minimumAutoTravel`: `angle` when every sample has an
  /// angle and it spans more than `minimumAutoAngle`, else `scale` when the
  /// size changes by more than 5 %. When it travels: `angle` when every
  /// sample has an angle spanning more than `minimumAutoSpin` (the distance
  /// along the travel is then a channel of the fit, `MotionFit.channels`).
  case auto

  /// Below this travel (units) `auto` looks at the angle and the size instead.
  public static let minimumAutoTravel = 1.0
  /// The smallest span of the angle (degrees) `auto` takes as a turn.
  public static let minimumAutoAngle = 2.0
  /// The smallest span of the angle (degrees) `auto` takes as a turn of an
  /// element that also travels (a fan item's spin).
  /// why: a travelling element's angle drifts by a few degrees where its
  /// glyph is small or faint; a spin is tens of degrees or more
  public static let minimumAutoSpin = 20.0

  /// The axis named on the command line: a case's name, or `rotation` for `angle`.
  public static func named(_ s: String) -> FitAxis? {
    s == "rotation" ? .angle : FitAxis(rawValue: s)
  }

  /// The net travel of the centre (units): from the mean of the first three
  /// samples to the mean of the last three; 0 for one-dimensional samples.
  public static func netTravel(_ samples: [MotionSample]) -> Double {
    guard samples.first?.y != nil else { return 0 }
    let (dx, dy) = direction(samples)
    return (dx * dx + dy * dy).squareRoot()
  }

  static func direction(_ samples: [MotionSample]) -> (Double, Double) {
    let k = min(3, samples.count)
    func mean(_ s: ArraySlice<MotionSample>) -> (Double, Double) {
      (
        s.map(\.x).reduce(0, +) / Double(s.count),
        s.map { $0.y ?? 0 }.reduce(0, +) / Double(s.count)
      )
    }
    let a = mean(samples.prefix(k))
    let b = mean(samples.suffix(k))
    return (b.0 - a.0, b.1 - a.1)
  }

  /// True when every sample has an angle and it spans more than `degrees`
  /// (default `minimumAutoAngle`).
  public static func turns(_ samples: [MotionSample], by degrees: Double = minimumAutoAngle)
    -> Bool
  {
    let angles = samples.compactMap(\.angle)
    guard angles.count == samples.count, let lo = angles.min(), let hi = angles.max() else {
      return false
    }
    return hi - lo > degrees
  }

  /// The name of the fit's first channel on this axis: "scale", "angle"
  /// (degrees) or "position".
  public var channel: String {
    switch self {
    case .scale: return "scale"
    case .angle: return "angle"
    case .x, .y, .auto: return "position"
    }
  }

  /// The values to fit and the axis actually used (never `auto`).
  /// One-dimensional samples (`t,value`) always give their value.
  public func project(_ samples: [MotionSample]) -> (values: [Double], axis: FitAxis) {
    guard let first = samples.first, first.y != nil else { return (samples.map(\.x), .x) }
    switch self {
    case .x: return (samples.map(\.x), .x)
    case .y: return (samples.map { $0.y ?? 0 }, .y)
    case .scale: return (samples.map { $0.scale ?? 1 }, .scale)
    case .angle: return (samples.map { $0.angle ?? 0 }, .angle)
    case .auto:
      let (dx, dy) = Self.direction(samples)
      let len = (dx * dx + dy * dy).squareRoot()
      // why: an element that turns as it travels carries its motion in its
      // angle as well as its centre; the angle, fitted with the distance
      // along the travel, its size and opacity, is seen where they are not
      if len >= FitAxis.minimumAutoTravel && Self.turns(samples, by: FitAxis.minimumAutoSpin) {
        return (samples.map { $0.angle ?? 0 }, .angle)
      }
      // why: a turn in place (the main button's icon) moves no centre; its
      // angle is the motion, before any size change its glyph may fake
      if len < FitAxis.minimumAutoTravel && Self.turns(samples) {
        return (samples.map { $0.angle ?? 0 }, .angle)
      }
      let scales = samples.compactMap(\.scale)
      if len < FitAxis.minimumAutoTravel, let lo = scales.min(), let hi = scales.max(),
        hi - lo > 0.05
      {
        return (samples.map { $0.scale ?? 1 }, .scale)
      }
      // why: with no net travel (a shake), fall back to the axis that moves most
      if len < 1e-9 {
        let xs = samples.map(\.x)
        let ys = samples.map { $0.y ?? 0 }
        let rx = (xs.max() ?? 0) - (xs.min() ?? 0)
        let ry = (ys.max() ?? 0) - (ys.min() ?? 0)
        return rx >= ry ? (xs, .x) : (ys, .y)
      }
      return (Self.alongTravel(samples), .auto)
    }
  }

  /// The distance of each sample along the line from the first positions to
  /// the last (means of three), 0 at the first sample; zeros when the
  /// centre does not travel.
  public static func alongTravel(_ samples: [MotionSample]) -> [Double] {
    let (dx, dy) = direction(samples)
    let len = (dx * dx + dy * dy).squareRoot()
    guard let first = samples.first, len >= 1e-9 else { return samples.map { _ in 0 } }
    let ux = dx / len
    let uy = dy / len
    let x0 = first.x
    let y0 = first.y ?? 0
    return samples.map { ($0.x - x0) * ux + (($0.y ?? 0) - y0) * uy }
  }
}
