import Foundation

/// Why a fit could not be made. Every case is an input problem (exit 3 in the
/// CLI): the tool never guesses a fit from too little or untrustworthy data.
public enum FitError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The samples file or video cannot be read or parsed; `reason` names the line or field.
  case unreadable(String)
  /// Nothing moves by more than the noise (`MotionFit.minimumTravel`).
  case noMotion(String)
  /// The tracked element vanished mid-motion (correlation below the threshold
  /// for more than `ElementTracker.maxGapFrames` frames between tracked frames).
  case lostElement(time: Double, correlation: Double)
  /// `lostElement` for the element picked without `--region` (the largest
  /// moving area, `region` px on the frame at `at` seconds).
  case lostPickedElement(time: Double, correlation: Double, region: FrameRegion, at: Double)
  /// Fewer than `MotionFit.minimumSamples` usable samples.
  case tooFewSamples(Int)
  /// `--menu`: fewer than `MenuFit.minimumItems` elements bloom from a shared origin.
  case notAMenu(String)
  /// The element goes out and comes back (an open and a close, a drag and
  /// its snap back): two motions, farthest out at `farthest` seconds.
  case thereAndBack(farthest: Double, back: Double)

  public var description: String {
    switch self {
    case .unreadable(let r): return r
    case .noMotion(let r): return "no motion found: \(r)"
    case .lostElement(let t, let c):
      return
        "element lost at t = \(JSONWriter.number(t, places: 3)) s (correlation \(JSONWriter.number(c, places: 2)) < \(JSONWriter.number(ElementTracker.minimumCorrelation, places: 2)) for more than \(ElementTracker.maxGapFrames) frames): end the range before it vanishes or changes (--to, or ] in the window)"
    case .lostPickedElement(let t, let c, let r, let at):
      return
        "element lost at t = \(JSONWriter.number(t, places: 3)) s (correlation \(JSONWriter.number(c, places: 2)) < \(JSONWriter.number(ElementTracker.minimumCorrelation, places: 2))): it was the largest moving area, \(r) px at \(JSONWriter.number(at, places: 3)) s; mark the element with --region X,Y,W,H --region-at T (a rectangle in the window)"
    case .notAMenu(let r): return "no fan menu found: \(r)"
    case .thereAndBack(let t, let back):
      return
        "two motions: the element goes out and comes back (farthest at \(JSONWriter.number(t, places: 3)) s, \(JSONWriter.number(back * 100, places: 0)) % of the way back by the end); fit one at a time with --from/--to ([ and ] in the window)"
    case .tooFewSamples(let n):
      return
        "too few samples: \(n) usable, at least \(MotionFit.minimumSamples) needed: a longer stretch (--from/--to), or a recording at a higher frame rate"
    }
  }
}
