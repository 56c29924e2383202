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

  /// The areas that differ between the last still frame and the last frame,
  /// largest first: each a connected group of changed pixels, split where
  /// they only just touch. Each has its box on the last frame (pixels), the
  /// pixels the tracker matches (its own, grown by 3 px for its outline and
  /// shadow) and its centre (pixel-centre coordinates).
  /// why: first from the pixels that change strongly (by `strongLevel`, or
  /// twice the change level): a soft shadow below an item changes faintly and
  /// would put the centre off the item's own, an offset its growth 0.4 → 1
  /// turns into a wrong arc; then, when that finds fewer than two areas (an
  /// element close to the background's grey), from every changed pixel
  /// `level`: the clip's `MotionFinder.level`, when already known.
  public static func changedAreas(_ frames: [GreyFrame], level known: Int? = nil) -> [(
    region: FrameRegion, mask: [Bool], centre: (x: Double, y: Double)
  )] {
    guard frames.count > 2 else { return [] }
    let lv = known ?? MotionFinder.level(frames)
    let still = MotionFinder.lastStillFrame(frames, in: nil, level: lv) ?? 0
    let a = MotionFinder.blurred(frames[still], in: nil)
    let c = MotionFinder.blurred(frames[frames.count - 1], in: nil)
    let centres = areas(a, c, level: max(2 * lv, strongLevel)).map(\.centre)
    // why: tracked by the boxes and pixels of all the changes (the tracker
    // needs the outline and shadow), centred on the strong changes inside
    return areas(a, c, level: lv).map { e in
      let r = e.region
      let inside = centres.filter {
        $0.x >= r.x && $0.y >= r.y && $0.x <= r.x + r.width && $0.y <= r.y + r.height
      }
      return (e.region, e.mask, inside.count == 1 ? inside[0] : e.centre)
    }
  }

  /// `changedAreas` for the pixels that change by more than `level` between `a` and `c`.
  static func areas(_ a: GreyFrame, _ c: GreyFrame, level lv: Int) -> [(
    region: FrameRegion, mask: [Bool], centre: (x: Double, y: Double)
  )] {
    let w = a.width
    let h = a.height
    var mask = [Bool](repeating: false, count: w * h)
    for k in 0..<(w * h) where abs(Int(a.pixels[k]) - Int(c.pixels[k])) > lv { mask[k] = true }
    // why: an item's icon may match what was behind it (a white glyph on a
    // white card); the hole it leaves would break the disc into pieces as
    // it is worn away below
    var outside = [Bool](repeating: false, count: w * h)
    var stack: [Int] = []
    for x in 0..<w { stack += [x, (h - 1) * w + x] }
    for y in 0..<h { stack += [y * w, y * w + w - 1] }
    while let q = stack.popLast() {
      guard !mask[q], !outside[q] else { continue }
      outside[q] = true
      let x = q % w
      let y = q / w
      if x > 0 { stack.append(q - 1) }
      if x < w - 1 { stack.append(q + 1) }
      if y > 0 { stack.append(q - w) }
      if y < h - 1 { stack.append(q + w) }
    }
    for k in mask.indices where !outside[k] { mask[k] = true }
    // why: items at rest can nearly touch (seed 000's are 7 px apart at
    // 0.74 px/pt, their shadows closer); the changed pixels are worn away
    // a pixel at a time and the depth that splits them into the most areas
    // of a like size wins
    var best: [Area] = []
    var bestDepth = 0
    // why: worn away `depth` times by 4-neighbours (the frame's edge
    // counting as unchanged), what is left is exactly the pixels whose
    // city-block distance to an unchanged pixel exceeds `depth`: one
    // distance pass instead of a whole-frame pass per depth
    let distance = cityBlockDistance(mask, width: w, height: h)
    let changed = mask.indices.filter { mask[$0] }
    // why: the width of the necks joining items grows with the recording's
    // pixels per point (their shadows merge): seed 000's needed 14 px per
    // px/pt, 28 px at 2× and 41 px at 3× (a screen recording 393 pt wide),
    // where a depth of w / 40 left three of five items joined
    let deepest = max(maximumErosion, maximumErosion * w / erosionReferenceWidth)
    for depth in 0...deepest {
      let found = areas(
        changed, above: Int32(depth), distance: distance, width: w, height: h, pad: depth + 2)
      if found.count > best.count {
        best = found
        bestDepth = depth
      }
      if found.isEmpty { break }
    }
    let frame = Double(w * h)
    return best.filter { $0.box.width * $0.box.height <= VideoFit.maximumBlobShare * frame }
      .map { e in
        // why: the centre of what is left after wearing away is the
        // element's (a disc wears to a smaller disc); grown back by the
        // depth, kept to changed pixels (what stays still would hold the
        // tracker in place; a neighbour's edge stays out), then by 2 px for
        // the outline the tracker needs to find a flat-coloured disc
        let cx = Double(e.pixels.reduce(0) { $0 + $1 % w }) / Double(e.count)
        let cy = Double(e.pixels.reduce(0) { $0 + $1 / w }) / Double(e.count)
        var own = grow(e.pixels, by: bestDepth, width: w, height: h)
        for k in own.indices where own[k] && !mask[k] { own[k] = false }
        own = grow(own.indices.filter { own[$0] }, by: 2, width: w, height: h)
        return (e.box, own, (cx, cy))
      }
  }

  /// `pixels` (indices into a `width` × `height` frame) grown by `r` pixels
  /// each way, as a frame-sized mask. `diamond`: within r steps across and
  /// down together (what wearing away by 4-neighbours removes).
  static func grow(_ pixels: [Int], by r: Int, width w: Int, height h: Int, diamond: Bool = false)
    -> [Bool]
  {
    var m = [Bool](repeating: false, count: w * h)
    for p in pixels {
      let x = p % w
      let y = p / w
      for yy in max(0, y - r)...min(h - 1, y + r) {
        let span = diamond ? r - abs(yy - y) : r
        for xx in max(0, x - span)...min(w - 1, x + span) { m[yy * w + xx] = true }
      }
    }
    return m
  }

  /// A connected area of changed pixels.
  struct Area {
    var count: Int
    var box: FrameRegion
    var pixels: [Int]
  }

  /// Grey levels (at least; or twice the change level) by which a pixel
  /// must change to count towards where an element is centred.
  public static let strongLevel = 40

  /// Pixels worn away at most from each changed area's edge to split it,
  /// in a frame up to `erosionReferenceWidth` wide (scaled with the width
  /// beyond it).
  public static let maximumErosion = 12
  /// The frame width (pixels) `maximumErosion` is for: a phone's screen
  /// (about 393 pt wide) recorded at 0.6 px/pt; the depth grows with the
  /// width beyond it (59 px for a 1180 px recording at 3×).
  public static let erosionReferenceWidth = 240

  /// Each pixel's city-block distance (4-neighbour steps) to the nearest
  /// pixel outside `mask` or beyond the frame's edge; 0 outside `mask`.
  static func cityBlockDistance(_ mask: [Bool], width w: Int, height h: Int) -> [Int32] {
    var d = [Int32](repeating: 0, count: w * h)
    // why: two raster passes give the exact city-block distance
    for y in 0..<h {
      for x in 0..<w where mask[y * w + x] {
        let up = y > 0 ? d[(y - 1) * w + x] : 0
        let left = x > 0 ? d[y * w + x - 1] : 0
        d[y * w + x] = min(up, left) + 1
      }
    }
    for y in stride(from: h - 1, through: 0, by: -1) {
      for x in stride(from: w - 1, through: 0, by: -1) where mask[y * w + x] {
        let down = y < h - 1 ? d[(y + 1) * w + x] : 0
        let right = x < w - 1 ? d[y * w + x + 1] : 0
        d[y * w + x] = min(d[y * w + x], min(down, right) + 1)
      }
    }
    return d
  }

  /// The connected areas (4-neighbours) of the pixels of `candidates` whose
  /// `distance` exceeds `depth` (the mask worn away `depth` times), holding
  /// at least `minimumShareOfLargest` of the largest one's pixels, largest
  /// first, each box padded by `pad` pixels; only those pixels are visited.
  static func areas(
    _ candidates: [Int], above depth: Int32, distance: [Int32], width w: Int, height h: Int,
    pad: Int
  ) -> [Area] {
    var seen = [Bool](repeating: false, count: w * h)
    var out: [Area] = []
    var stack: [Int] = []
    for s in candidates where distance[s] > depth && !seen[s] {
      seen[s] = true
      stack = [s]
      var box = (w, h, -1, -1)
      var pixels: [Int] = []
      while let p = stack.popLast() {
        let x = p % w
        let y = p / w
        pixels.append(p)
        box = (min(box.0, x), min(box.1, y), max(box.2, x), max(box.3, y))
        for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
        where nx >= 0 && ny >= 0 && nx < w && ny < h {
          let q = ny * w + nx
          if distance[q] > depth && !seen[q] {
            seen[q] = true
            stack.append(q)
          }
        }
      }
      guard pixels.count >= MotionFinder.minimumChangedPixels else { continue }
      out.append(area(pixels, box: box, pad: pad, width: w, height: h))
    }
    return largestShare(out)
  }

  /// An area of `pixels` whose box (x0, y0, x1, y1) is padded by `pad`
  /// pixels, kept inside the frame.
  static func area(
    _ pixels: [Int], box: (Int, Int, Int, Int), pad: Int, width w: Int, height h: Int
  )
    -> Area
  {
    let x0 = max(0, box.0 - pad)
    let y0 = max(0, box.1 - pad)
    let x1 = min(w - 1, box.2 + pad)
    let y1 = min(h - 1, box.3 + pad)
    return Area(
      count: pixels.count,
      box: FrameRegion(
        x: Double(x0), y: Double(y0), width: Double(x1 - x0 + 1), height: Double(y1 - y0 + 1)),
      pixels: pixels)
  }

  /// `out` largest first, keeping those with at least
  /// `minimumShareOfLargest` of the largest one's pixels.
  static func largestShare(_ out: [Area]) -> [Area] {
    let sorted = out.sorted { $0.count > $1.count }
    guard let largest = sorted.first?.count else { return [] }
    return sorted.filter { Double($0.count) >= minimumShareOfLargest * Double(largest) }
  }

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
