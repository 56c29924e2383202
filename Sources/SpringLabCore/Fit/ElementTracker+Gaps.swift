import Foundation

// why: judging a finished track (was the element lost?) is apart from
// following it
extension ElementTracker {
  /// Throws `lostElement` when more than `maxGapFrames` consecutive points
  /// are dropped after the first tracked one: between two tracked points, or
  /// at the end (an element covered, or gone before the range ends — end the
  /// range with `--to` before it leaves). Dropped points before the first
  /// tracked one are fine: an element that appears during the motion (a fan
  /// item fading in) is marked on a later frame and is not there yet.
  public static func checkGaps(_ points: [TrackPoint]) throws(FitError) {
    guard let first = points.firstIndex(where: \.found) else { return }
    var run = 0
    var worst = 1.0
    var runStart = 0.0
    for p in points[first...] {
      if p.found {
        run = 0
        worst = 1
      } else {
        if run == 0 { runStart = p.t }
        run += 1
        worst = min(worst, p.score)
        if run > maxGapFrames { throw .lostElement(time: runStart, correlation: max(worst, -1)) }
      }
    }
  }
}
