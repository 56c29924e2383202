import SpringLabCore
import SpringLabUI

// why: what the graph says in words (headline, A's line, the settle rule)
// is read and tested apart from the drawing
extension GraphView {
  /// The headline: total and settle time for springs (and, when the card
  /// is wide, overshoot), the total for tweens: the `MotionTiming` lint and
  /// the panel show.
  /// While A is pinned the headline is B's figures and the line under it
  /// A's, in the same words (`compared`), so the two read as a pair.
  static func headline(_ g: MotionGraph, _ state: StudioState, narrow: Bool = false) -> String {
    var line = g.target.title + ": "
    let t = g.timing
    if g.comparedTiming != nil {
      // why: a narrow card has room for settle and overshoot, the figures a
      // designer compares; the chip above names the motion
      line = narrow ? "B: " + compared(t) : line + "B " + figures(t)
    } else if let st = t.settle, let os = t.overshoot {
      line += "total \(Fmt.fixed(t.total, 3)) s · settles "
      line +=
        narrow
        ? "\(Fmt.fixed(st, 3)) s" : "at \(Fmt.fixed(st, 3)) s · overshoot \(Fmt.fixed(os, 1)) %"
    } else {
      line += "eased, total \(Fmt.fixed(t.total, 3)) s"
    }
    if state.timeline.speed != 1 { line += " · " + Fmt.speed(state.timeline.speed) }
    if state.timeline.paused { line += " · paused" }
    return line
  }

  /// "total 0.855 s · settles at 0.747 s · overshoot 3.2 %" (springs) or
  /// "total 0.300 s" (tweens): one motion's figures in one line.
  static func figures(_ t: MotionTiming) -> String {
    guard let st = t.settle, let os = t.overshoot else { return "total \(Fmt.fixed(t.total, 3)) s" }
    return
      "total \(Fmt.fixed(t.total, 3)) s · settles at \(Fmt.fixed(st, 3)) s · overshoot \(Fmt.fixed(os, 1)) %"
  }

  /// "settles 0.474 s · overshoot 3.8 %" (springs) or "eased, total
  /// 0.300 s" (tweens): what A and B are compared by in a narrow card.
  static func compared(_ t: MotionTiming) -> String {
    guard let st = t.settle, let os = t.overshoot else {
      return "eased, total \(Fmt.fixed(t.total, 3)) s"
    }
    return "settles \(Fmt.fixed(st, 3)) s · overshoot \(Fmt.fixed(os, 1)) %"
  }

  /// The line under the headline: A's figures while a comparison is drawn,
  /// else the settle rule (after the overshoot when the headline had no room).
  static func rule(_ g: MotionGraph, short: Bool = false) -> String {
    if let a = g.comparedTiming { return "A: " + (short ? compared(a) : figures(a)) }
    if short {
      guard let os = g.overshoot else { return "total: gesture to last move's end" }
      return "overshoot \(Fmt.fixed(os, 1)) % · settle band ±0.5 % of travel"
    }
    return g.isSpring
      ? "settled = last time outside ±0.5 % of travel (green band) · total = last move's end"
      : "total = from the gesture to the end of the last move"
  }
}
