import Foundation

/// Finds the items of a fan menu in grey frames: the elements that appear
/// between the last still frame and the last frame and bloom outwards from
/// one shared origin. The pure first half of `springlab fit VIDEO --menu`.
public enum MenuFinder {
  /// An element that changed between the last still frame and the last
  /// frame, tracked back from the last frame.
  public struct Candidate: Sendable {
    /// Its box on the last frame, pixels.
    public var region: FrameRegion
    /// Its track, nil when it could not be followed (`reason` says why).
    public var track: VideoTrack?
    /// Its trusted samples (pixels, seconds).
    public var samples: [MotionSample]
    /// Why it is not a menu item, nil for an item.
    public var reason: String?
    /// It blooms from the shared origin but was followed on its line out of
    /// it in fewer than `MotionFit.minimumSamples` frames: an item the
    /// clip shows too briefly to fit.
    public var seenTooBriefly = false
    /// It changed between the last still frame and the last frame but
    /// hardly moves in the clip (an item at rest from the first frame, the
    /// main button's icon).
    public var staysInPlace = false
  }

  /// A changed area is an element when it holds at least this share of the
  /// largest one's changed pixels.
  /// why: the main button's icon turning, a ticking clock or compression
  /// blocks change far fewer pixels than an item appearing
  public static let minimumShareOfLargest = 0.15
  /// An item's travel must be at least this share of the median travel
  /// (and at least `VideoFit.minimumTravel` × 4 pixels).
  public static let minimumTravelShare = 0.3
  /// An item's line may pass the shared origin at most this share of its
  /// rest's distance from the origin away.
  public static let maximumMissShare = 0.2

  /// Every changed area tracked back from the last frame, and which of them
  /// bloom from a shared origin (`reason == nil`), each keeping only the
  /// samples on its own line out of the origin (`onLine`). `origin`: where
  /// their lines meet (pixels), nil when fewer than two move.
  public static func candidates(_ frames: [GreyFrame]) -> (
    candidates: [Candidate], origin: (x: Double, y: Double)?
  ) {
    guard let last = frames.last else { return ([], nil) }
    let lv = MotionFinder.level(frames)
    var out: [Candidate] = changedAreas(frames, level: lv).map { (r, mask, centre) -> Candidate in
      do throws(FitError) {
        // why: an item fades in under the main button, where only the
        // samples from 20 % of its way out are fitted (`onLine`); the fade
        // pass there cost `bench`'s phone-size menu 1 s
        // (5.0 → 4.0 s on its 2 s clip, runs back to back)
        let tr = try VideoFit.track(
          frames: frames, region: r, regionAt: last.pts, mask: mask, changeLevel: lv,
          recoverFades: false)
        var s = VideoFit.samples(tr)
        // why: the tracker follows the box's centre, `scale` times its
        // offset from the element's own centre
        if tr.points.indices.contains(tr.markedIndex) {
          let c = centre
          let m = tr.points[tr.markedIndex]
          let (ox, oy) = (m.x - c.x, m.y - c.y)
          for i in s.indices {
            let k = s[i].scale ?? 1
            s[i].x -= k * ox
            s[i].y = s[i].y.map { $0 - k * oy }
          }
        }
        guard s.count >= MotionFit.minimumSamples else {
          return Candidate(
            region: r, track: tr, samples: s,
            reason: "too few samples (\(s.count), at least \(MotionFit.minimumSamples))")
        }
        return Candidate(region: r, track: tr, samples: s, reason: nil)
      } catch {
        return Candidate(region: r, track: nil, samples: [], reason: error.description)
      }
    }
    // how far each track ever gets from where it rests
    let spans = out.map { c -> Double in
      guard let r = c.samples.last else { return 0 }
      return c.samples.map { hypot($0.x - r.x, ($0.y ?? 0) - (r.y ?? 0)) }.max() ?? 0
    }
    // why: the travel above counts the whole track, as an item whose track
    // strays to a neighbour still moved; its line and fit take only the
    // stretch the tracker held it
    for i in out.indices { out[i].samples = continuous(out[i].samples) }
    // why: the median, as a track that strays far (to the main button, off
    // the arc) must not make the items' own travel look small
    let sorted = spans.sorted()
    let typical = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    for i in out.indices where out[i].reason == nil {
      let d = spans[i]
      if d < max(4 * VideoFit.minimumTravel, minimumTravelShare * typical) {
        out[i].staysInPlace = true
        out[i].reason =
          "stays in place (travel \(JSONWriter.number(d, places: 1)) px; the median \(JSONWriter.number(typical, places: 1)) px)"
      }
    }
    let lines = out.map { line($0.samples) }
    // why: the worst-fitting one left out at a time, so an element moving
    // elsewhere (a bubble, a scroll) cannot pull the origin the items share
    // off their lines
    var origin: (x: Double, y: Double)?
    while true {
      // why: a track held only at rest gives no line; its item still counts
      let moving = out.indices.filter {
        out[$0].reason == nil && (lines[$0]?.reach ?? 0) >= minimumReach
      }
      guard moving.count >= 2, let o = meetingPoint(moving.map { lines[$0]! }) else {
        for i in out.indices where out[i].reason == nil {
          out[i].reason = "no shared origin: fewer than 2 elements were followed along a line"
        }
        return (out, nil)
      }
      origin = o
      var worst: (index: Int, share: Double, miss: Double)?
      for i in moving {
        let l = lines[i]!
        let miss = abs(-l.dy * (o.x - l.x) + l.dx * (o.y - l.y))
        let share = miss / max(hypot(l.x - o.x, l.y - o.y), 1e-9)
        if share > maximumMissShare, share > (worst?.share ?? 0) { worst = (i, share, miss) }
      }
      guard let w = worst else { break }
      out[w.index].reason =
        "does not bloom from the shared origin (its line passes \(JSONWriter.number(w.miss, places: 1)) px from it)"
    }
    if let o = origin {
      for i in out.indices where out[i].reason == nil {
        let kept = onLine(out[i].samples, origin: o)
        if kept.count < MotionFit.minimumSamples {
          out[i].reason =
            "too few samples on its line out of the origin (\(kept.count), at least \(MotionFit.minimumSamples))"
          out[i].seenTooBriefly = true
        }
        out[i].samples = kept
      }
    }
    return (out, origin)
  }

  /// A track's line: through its rest (last) sample, along the axis of the
  /// samples more than 3 px from the rest, pointing from them towards it
  /// (unit dx, dy), and the farthest such sample's distance (`reach`,
  /// pixels). The samples are taken from the last back while each lies
  /// within `lineAngle` of the axis of those after it (the first three set
  /// it; an overshoot beyond the rest lies on the same axis).
  /// why: items overlap as they leave the origin and the tracker may follow
  /// a neighbour there for many frames; the late samples, where the items
  /// are apart, show the way
  static func line(_ s: [MotionSample]) -> (
    x: Double, y: Double, dx: Double, dy: Double, reach: Double
  )? {
    guard let r = s.last else { return nil }
    let ry = r.y ?? 0
    // the axis as a doubled angle (cos 2θ, sin 2θ), weighted by distance,
    // so samples on either side of the rest add up
    var cx = 0.0
    var cy = 0.0
    var taken = 0
    var reach = 0.0
    var along = 0.0
    var accepted: [(Double, Double)] = []
    for p in s.reversed() {
      let (vx, vy) = (p.x - r.x, (p.y ?? 0) - ry)
      let d = hypot(vx, vy)
      guard d > 3 else { continue }
      let t = atan2(vy, vx)
      if taken >= 3 {
        var turn = abs(t - atan2(cy, cx) / 2)
        turn = turn.truncatingRemainder(dividingBy: .pi)
        turn = min(turn, .pi - turn)
        guard turn <= lineAngle * .pi / 180 else { break }
      }
      cx += d * cos(2 * t)
      cy += d * sin(2 * t)
      taken += 1
      reach = max(reach, d)
      accepted.append((vx, vy))
    }
    guard taken > 0 else { return (r.x, ry, 1, 0, 0) }
    let axis = atan2(cy, cx) / 2
    var (ux, uy) = (cos(axis), sin(axis))
    // why: pointing from where the samples came from (the farther side)
    for (vx, vy) in accepted { along += vx * ux + vy * uy }
    if along > 0 { (ux, uy) = (-ux, -uy) }
    return (r.x, ry, ux, uy, reach)
  }

  /// A track's line counts towards the origin when it was seen over at
  /// least this many pixels.
  public static let minimumReach = 3.0

  /// How far (degrees) a sample's direction from the rest may turn from the
  /// later samples' to count towards the line.
  public static let lineAngle = 8.0

  /// An item's samples from the last one back while they lie on the line
  /// from `origin` to its rest, within `lineTolerance` of its distance (at
  /// least 1.5 px), and at least `originClearance` of it from the origin.
  /// why: near the origin the items overlap each other and the main button;
  /// a track that strays off its line there has followed something else,
  /// and so has everything before it
  static func onLine(_ s: [MotionSample], origin o: (x: Double, y: Double)) -> [MotionSample] {
    guard let r = s.last else { return [] }
    let ry = r.y ?? 0
    let len = hypot(r.x - o.x, ry - o.y)
    guard len > 0 else { return [] }
    let (ux, uy) = ((r.x - o.x) / len, (ry - o.y) / len)
    let tol = max(1.5, lineTolerance * len)
    var first = s.count
    for i in stride(from: s.count - 1, through: 0, by: -1) {
      let px = s[i].x - o.x
      let py = (s[i].y ?? 0) - o.y
      let across = abs(-uy * px + ux * py)
      let along = ux * px + uy * py
      guard across <= tol, along >= originClearance * len else { break }
      first = i
    }
    return Array(s[first...])
  }

  /// A track from its last sample back to the first step faster than
  /// `jumpGrowth` times the step after it plus `jumpSlack` pixels (each in
  /// pixels per typical frame interval).
  /// why: a moving element's speed changes smoothly from frame to frame; a
  /// track that leaps from an item at rest to its neighbour has lost it
  /// (NCC finds a like disc nearby), and everything before is the other's
  static func continuous(_ s: [MotionSample]) -> [MotionSample] {
    guard s.count > 2 else { return s }
    let gaps = zip(s, s.dropFirst()).map { $1.t - $0.t }.sorted()
    let frame = max(gaps[gaps.count / 2], 1e-6)
    var first = s.count - 1
    var after = 0.0
    for i in stride(from: s.count - 2, through: 0, by: -1) {
      let dt = max(s[i + 1].t - s[i].t, 1e-6)
      // speed in pixels per frame interval
      let speed = hypot(s[i].x - s[i + 1].x, (s[i].y ?? 0) - (s[i + 1].y ?? 0)) / dt * frame
      guard speed <= jumpGrowth * after + jumpSlack else { break }
      after = speed
      first = i
    }
    return Array(s[first...])
  }

  /// A step may be this many times the next one (walking back) …
  public static let jumpGrowth = 3.0
  /// … plus this many pixels.
  public static let jumpSlack = 3.0

  /// How far off its line (share of its rest distance) a trusted sample may lie.
  public static let lineTolerance = 0.04
  /// How near the origin (share of the rest distance) samples are dropped.
  public static let originClearance = 0.2

  /// The point nearest (least squares, each line weighted by its reach
  /// squared) to every line (a point and a unit direction). Nil when the lines are (nearly) parallel.
  static func meetingPoint(_ lines: [(x: Double, y: Double, dx: Double, dy: Double, reach: Double)])
    -> (x: Double, y: Double)?
  {
    var a = [[0.0, 0.0], [0.0, 0.0]]
    var b = [0.0, 0.0]
    for l in lines {
      // why: a line seen over a longer reach points more surely
      let wt = l.reach * l.reach
      let (nx, ny) = (-l.dy * wt.squareRoot(), l.dx * wt.squareRoot())
      // why: the distance to the line is n·(q − p); summing (n nᵀ) q = (n nᵀ) p
      let c = nx * l.x + ny * l.y
      a[0][0] += nx * nx
      a[0][1] += nx * ny
      a[1][1] += ny * ny
      b[0] += nx * c
      b[1] += ny * c
    }
    a[1][0] = a[0][1]
    let det = a[0][0] * a[1][1] - a[0][1] * a[1][0]
    guard abs(det) > 1e-9 * max(1, a[0][0] * a[1][1]) else { return nil }
    return (
      (b[0] * a[1][1] - a[0][1] * b[1]) / det, (a[0][0] * b[1] - a[1][0] * b[0]) / det
    )
  }
}
