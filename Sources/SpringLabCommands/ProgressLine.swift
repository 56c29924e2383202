import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One progress line on stderr for a long command (`render`, `fit`):
/// `render: 120/300 frames, 40 %, 0:03 left`, redrawn in place with `\r` and
/// cleared at the end. Only when stderr is a terminal: a pipe, a file or a
/// test's captured stderr gets nothing.
package final class ProgressLine {
  let label: String
  let unit: String
  let total: Int
  let start = ContinuousClock.now
  /// How long a run goes before its line is first drawn.
  static let quiet = Duration.milliseconds(500)
  var lastDrawn: ContinuousClock.Instant?
  var drawn = false

  /// A line for `total` steps, or nil when stderr is not a terminal
  /// (`isTerminal` is asked of stderr unless given).
  static func onTerminal(
    _ label: String, total: Int, unit: String, isTerminal: Bool = isatty(2) == 1
  ) -> ProgressLine? {
    guard isTerminal, total > 0 else { return nil }
    return ProgressLine(label: label, total: total, unit: unit)
  }

  init(label: String, total: Int, unit: String) {
    self.label = label
    self.total = total
    self.unit = unit
  }

  /// Redraws the line for `done` steps, at most ten times a second, and
  /// not in the first half second (a quick run shows no line at all).
  func update(_ done: Int) {
    let now = ContinuousClock.now
    if now - start < Self.quiet { return }
    if let last = lastDrawn, now - last < .milliseconds(100), done < total { return }
    lastDrawn = now
    let elapsed = Self.seconds(now - start)
    let text = Self.format(label, done: done, total: total, unit: unit, elapsed: elapsed)
    // why: `\r` back to the line's start, ESC [K erases what a longer line left
    _ = Console.write("\r" + text + "\u{1B}[K", to: 2)
    drawn = true
  }

  /// Erases the line, leaving the cursor where the line began.
  func clear() {
    guard drawn else { return }
    _ = Console.write("\r\u{1B}[K", to: 2)
    drawn = false
  }

  static func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
  }

  /// The line's text: `LABEL: DONE/TOTAL UNIT, P %, M:SS left`; the time
  /// left is the elapsed time per step so far times the steps left, shown
  /// as `…` before the first step is done.
  static func format(_ label: String, done: Int, total: Int, unit: String, elapsed: Double)
    -> String
  {
    let d = min(max(done, 0), total)
    let percent = total > 0 ? d * 100 / total : 100
    let left: String
    if d == 0 || !elapsed.isFinite || elapsed < 0 {
      left = "…"
    } else {
      let s = Int((elapsed * Double(total - d) / Double(d)).rounded(.up))
      left =
        s >= 3600
        ? "\(s / 3600):" + twoDigits(s / 60 % 60) + ":" + twoDigits(s % 60)
        : "\(s / 60):" + twoDigits(s % 60)
    }
    return "\(label): \(d)/\(total) \(unit), \(percent) %, \(left) left"
  }

  static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
