/// Drives free physics at a fixed step. Steps are counted, not summed, so the
/// number of steps taken by time t is ⌊t / dt⌋ whatever the frame rate: the
/// same inputs give bit-identical state on every machine.
public struct FixedStepClock: Sendable, Equatable {
  /// Seconds per step (1/240 s by default).
  public let dt: Double
  /// Steps taken so far.
  public private(set) var steps: Int = 0
  /// Steps dropped by the clamp; time after a drop is shifted by them.
  public private(set) var dropped: Int = 0
  /// Largest number of steps one `advance` may take; the rest is dropped
  /// (a stalled window must not spiral trying to catch up). `nil` = no clamp,
  /// which deterministic renders use.
  public var maxStepsPerAdvance: Int?

  public init(dt: Double = 1.0 / 240.0, maxStepsPerAdvance: Int? = nil) {
    self.dt = dt
    self.maxStepsPerAdvance = maxStepsPerAdvance
  }

  /// Time reached by the steps taken, seconds.
  public var time: Double { Double(steps) * dt }

  /// How many steps to take to reach absolute time `t` (seconds); records them.
  public mutating func advance(to t: Double) -> Int {
    // why: the tiny bias keeps t = k/240 exactly on step k despite rounding
    let target = Int((t / dt + 1e-9).rounded(.down)) - dropped
    var n = max(0, target - steps)
    if let cap = maxStepsPerAdvance, n > cap {
      dropped += n - cap
      n = cap
    }
    steps += n
    return n
  }
}
