import Foundation

/// Which one-dimensional value of a tracked element is fitted.
public enum FitAxis: String, Sendable, CaseIterable {
  /// Horizontal centre.
  case x
  /// Vertical centre.
  case y
  /// Tracked size relative to the marked region (1 = as marked).
  case scale
  /// The distance along the line from the first positions to the last
  /// (means of three; 0 at the first sample); `scale` when the centre moves less than
  /// `FitAxis.minimumAutoTravel` but the size changes by more than 5 %.
  case auto

  /// Below this travel (units) `auto` looks at the size instead.
  public static let minimumAutoTravel = 1.0

  /// The values to fit and the axis actually used (never `auto`).
  /// One-dimensional samples (`t,value`) always give their value.
  public func project(_ samples: [MotionSample]) -> (values: [Double], axis: FitAxis) {
    guard let first = samples.first, first.y != nil else { return (samples.map(\.x), .x) }
    switch self {
    case .x: return (samples.map(\.x), .x)
    case .y: return (samples.map { $0.y ?? 0 }, .y)
    case .scale: return (samples.map { $0.scale ?? 1 }, .scale)
    case .auto:
      let k = min(3, samples.count)
      func mean(_ s: ArraySlice<MotionSample>) -> (Double, Double) {
        (
          s.map(\.x).reduce(0, +) / Double(s.count),
          s.map { $0.y ?? 0 }.reduce(0, +) / Double(s.count)
        )
      }
      let a = mean(samples.prefix(k))
      let b = mean(samples.suffix(k))
      let dx = b.0 - a.0
      let dy = b.1 - a.1
      let len = (dx * dx + dy * dy).squareRoot()
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
      let ux = dx / len
      let uy = dy / len
      let x0 = first.x
      let y0 = first.y ?? 0
      return (samples.map { ($0.x - x0) * ux + (($0.y ?? 0) - y0) * uy }, .auto)
    }
  }
}
