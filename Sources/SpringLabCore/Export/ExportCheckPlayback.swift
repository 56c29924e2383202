import Foundation

/// How a framework's clock turns the frames it draws into the time its
/// animation is evaluated at.
enum PlaybackClock: Sendable {
  /// motion (framer-motion): the animation starts at the tap
  /// (`performance.now()`), each frame evaluates it at the elapsed time
  /// rounded to whole milliseconds (`Math.round(timestamp - startTime)`), and
  /// a call chained with `.then(…)` starts at the frame its predecessor
  /// finished on (the earliest its promise can resolve).
  case motion
  /// Core Animation (UIKit, SwiftUI), Compose's frame clock and Chromium's
  /// CSS transitions: each frame evaluates the curve at the frame's exact
  /// time since the start.
  case frameTime

  /// The clock that plays an export in `format`.
  init(playing format: ExportFormat) {
    switch format {
    // why: motion alone evaluates at rounded milliseconds and starts `.then` calls on a frame
    case .framer: self = .motion
    case .uikit, .swiftui, .compose, .css, .json: self = .frameTime
    }
  }
}

/// The frames the as-played check draws: 60 and 120 Hz displays, each tap
/// landing at a seeded random phase inside a frame.
public struct PlaybackSampling: Sendable, Equatable {
  /// Display refresh rates the check uses, Hz.
  public static let standardRates: [Double] = [60, 120]
  /// Display refresh rates of this sampling, Hz.
  public let refreshRates: [Double]
  /// Random tap phases tried per refresh rate.
  public static let phasesPerRate = 16
  /// The seed of the tap phases (printed with the table so a run replays).
  public let seed: UInt64
  /// Where each tap lands inside a frame, as a fraction of the frame in [0, 1).
  public let phases: [Double]

  public init(seed: UInt64) {
    self.seed = seed
    var rng = SplitMix(seed: seed)
    phases = (0..<Self.phasesPerRate).map { _ in rng.unit() }
    refreshRates = Self.standardRates
  }

  /// Chosen phases (fractions of a frame in [0, 1)) at chosen rates, Hz:
  /// to replay a measured tap.
  init(phases: [Double], refreshRates: [Double]) {
    seed = 0
    self.phases = phases
    self.refreshRates = refreshRates
  }
}

/// The largest error of an export as its framework plays it, and what
/// motion's whole-millisecond clock alone would cost a perfect export.
struct PlayedError {
  /// Largest |played − playground| over the frames, in travel units.
  var error: Double
  /// Largest |playground at the rounded time − playground at the true time|,
  /// in travel units: the error a perfect export would show under motion's
  /// clock (0 for the other clocks).
  var allowance: Double
}

extension CheckCurve {
  /// Seconds from the curve's start until its last move is over (for a
  /// spring with a rest rule, the instant it is declared done).
  var end: Double { steps.last?.end ?? 0 }
}

enum AsPlayed {
  /// JavaScript's `Math.round` of `seconds` in milliseconds (halves round up), back in seconds.
  static func wholeMilliseconds(_ seconds: Double) -> Double {
    (seconds * 1000 + 0.5).rounded(.down) / 1000
  }

  /// Plays `moves` as `clock` does at every refresh rate and tap phase of
  /// `sampling`, and compares each drawn frame over [0, T) with the
  /// playground's curve at the frame's true time since the tap.
  static func error(
    _ moves: [ParsedMove], _ ref: CheckReference, clock: PlaybackClock,
    sampling: PlaybackSampling
  ) -> PlayedError {
    let whole = CheckCurve(moves: moves, from: ref.from, finalTo: ref.to)
    // why: under motion each `.then` call has its own start, so each is a curve of its own
    var calls: [[ParsedMove]] = []
    for m in moves {
      if m.chained || calls.isEmpty { calls.append([m]) } else { calls[calls.count - 1].append(m) }
    }
    var curves: [CheckCurve] = []
    var value = ref.from
    for (i, c) in calls.enumerated() {
      let last = i == calls.count - 1
      let curve = CheckCurve(moves: c, from: value, finalTo: last ? ref.to : (c.last?.to ?? ref.to))
      value = curve.steps.last?.to ?? value
      curves.append(curve)
    }
    var worst = 0.0
    var allowance = 0.0
    for rate in sampling.refreshRates {
      let frame = 1 / rate
      for phase in sampling.phases {
        var call = 0
        var callStart = 0.0
        var k = 0.0
        while true {
          // why: the tap lands `phase` of a frame after a vsync; the next frame is drawn at the following vsync
          let t = (1 - phase) * frame + k * frame
          k += 1
          // a zero-length animation still draws one frame, which must be on its target
          if t >= ref.end && (ref.end > 0 || k > 1) { break }
          let played: Double
          switch clock {
          case .frameTime:
            played = whole.value(at: t)
          case .motion:
            let local = wholeMilliseconds(t - callStart)
            played = curves[call].value(at: local)
            if local >= curves[call].end && call + 1 < curves.count {
              call += 1
              callStart = t
            }
            allowance = max(allowance, abs(ref.sample(wholeMilliseconds(t)) - ref.sample(t)))
          }
          worst = max(worst, abs(played - ref.sample(t)))
        }
      }
    }
    return PlayedError(error: worst, allowance: allowance)
  }
}
