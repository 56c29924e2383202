import Foundation

/// Where the tracked element was found in one frame.
public struct TrackPoint: Sendable, Equatable {
  /// The frame's presentation time, seconds.
  public var t: Double
  /// Centre in pixels (pixel-centre coordinates: the top-left pixel's centre is 0, 0).
  public var x: Double
  public var y: Double
  /// Size relative to the marked region.
  public var scale: Double
  /// Normalised cross-correlation of the best match, −1…1.
  public var score: Double
  /// False when the score is below `ElementTracker.minimumCorrelation`: the
  /// sample is dropped (x, y, scale then repeat the last trusted position).
  public var found: Bool
  /// Standard deviation of the grey levels under the element's weights at
  /// the match (0 when not found): how strongly it stands out from what is
  /// behind it, which an element fading in raises with its opacity.
  public var contrast: Double = 0
  /// How far the element has turned since the marked frame (degrees,
  /// clockwise on screen), when its angle was tracked (`AngleTracker`).
  public var angle: Double? = nil
  /// The element's opacity, 0…1 (noise may take it a little past 1), from
  /// the background model (`ElementTracker.recoverFaded`); nil when not
  /// measured (its contrast stands in).
  public var alpha: Double? = nil
}

/// Follows one element from frame to frame by normalised cross-correlation
/// (NCC): a template cut from the marked frame is searched in a window around
/// the position predicted from the last two, coarse to fine on an image
/// pyramid, over sizes 1.05ⁿ (elements that grow or shrink as they move),
/// with a parabola through the neighbouring scores for a first sub-pixel
/// peak, refined by Gauss–Newton on the pixels themselves (`refine`).
/// When the element is lost it is searched in the whole frame, so a later
/// reappearance is noticed (and reported as a gap) rather than missed.
///
/// Step it frame by frame with `step(_:)` (the window can feed it frames as
/// they decode); `track(frames:region:at:)` runs it both ways over a clip.
public struct ElementTracker: Sendable {
  /// Matches scoring below this are dropped, never guessed.
  public static let minimumCorrelation = 0.6
  /// A lost element is picked up again (around its path) only above this
  /// stricter score: similar-looking neighbours (a fan's main button) must
  /// not pass for it.
  public static let reacquireCorrelation = 0.85
  /// More dropped frames than this between two tracked ones: the element was lost.
  public static let maxGapFrames = 2
  /// Size steps searched: 1.05ⁿ for n in this range (0.38× … 1.34×).
  static let scaleSteps = -20...6
  /// Score a size step away from the current size must gain to be chosen.
  static let scalePenalty: Float = 0.004
  static let scaleBase = 1.05

  struct Template {
    var width: Int
    var height: Int
    /// Weight × (value − weighted mean).
    var values: [Float]
    /// Value − weighted mean, unweighted (the sub-pixel refinement's template).
    var centred: [Float]
    /// Per-pixel weight 0…1 (1 everywhere without a mask).
    var weights: [Float]
    var weightSum: Float
    var norm: Float
  }

  let regionWidth: Double
  let regionHeight: Double
  let refCenter: (x: Double, y: Double)
  let refPyramid: [FloatImage]
  /// Element weights over the reference frame (nil: the whole region counts).
  let maskPyramid: [FloatImage]?
  let levels: Int
  var templates: [Int: Template] = [:]
  public private(set) var x: Double
  public private(set) var y: Double
  var vx = 0.0
  var vy = 0.0
  var scaleIndex = 0
  var scaleOffset = 0.0
  /// False: only the marked size is searched (an element that moves without
  /// growing or shrinking).
  public var searchesSizes = true
  /// False: the sub-pixel centre is the parabolas' only, without `refine`
  /// (kept so the tests can show what the refinement removes).
  var refinesSubpixel = true
  /// Bounding box of the trusted positions so far (minX, minY, maxX, maxY).
  var path: (Double, Double, Double, Double)

  /// Starts on `region` of `frame` (pixels; clipped to the frame).
  /// `mask`: which pixels of `frame` belong to the element (frame-sized,
  /// row-major; e.g. `MotionFinder.elementMask`), so the background around
  /// it in the region does not pull the match; nil uses the whole region.
  public init(frame: GreyFrame, region: FrameRegion, mask: [Bool]? = nil) {
    regionWidth = max(4, min(region.width, Double(frame.width)))
    regionHeight = max(4, min(region.height, Double(frame.height)))
    x = region.centerX - 0.5
    y = region.centerY - 0.5
    refCenter = (x, y)
    path = (x, y, x, y)
    // why: the coarsest level keeps the template at least ~10 px on its short side
    var l = 0
    while l < 4 && min(regionWidth, regionHeight) / Double(1 << (l + 1)) >= 10 { l += 1 }
    levels = l
    var pyr = [FloatImage(frame, x0: 0, y0: 0, w: frame.width, h: frame.height)]
    for _ in 0..<(l + 2) { pyr.append(pyr.last!.halved()) }
    refPyramid = pyr
    if let m = mask, m.count == frame.width * frame.height {
      var mp = [
        FloatImage(width: frame.width, height: frame.height, data: m.map { $0 ? 1 : 0 })
      ]
      for _ in 0..<(l + 2) { mp.append(mp.last!.halved()) }
      maskPyramid = mp
    } else {
      maskPyramid = nil
    }
  }

  /// The current size relative to the marked region.
  public var scale: Double { pow(Self.scaleBase, Double(scaleIndex) + scaleOffset) }

  mutating func template(level: Int, n: Int) -> Template {
    template(level: level, steps: Double(n))
  }

  /// The template at size 1.05^`steps` (`steps` may be fractional: the
  /// finest level's sizes between two steps, `fineSizeSteps`).
  mutating func template(level: Int, steps: Double) -> Template {
    // why: fine sizes are fractions k/m with m ≤ 16, at least 1/256 step
    // apart, so keyed in 1/1024 steps no two share a template
    let key = level * 1_000_000 + Int((steps * 1024).rounded()) + 500_000
    if let t = templates[key] { return t }
    let s = pow(Self.scaleBase, steps)
    let f = Double(1 << level)
    let tw = max(3, Int((regionWidth * s / f).rounded()))
    let th = max(3, Int((regionHeight * s / f).rounded()))
    let ref = refPyramid[min(level, refPyramid.count - 1)]
    let cu = (refCenter.x + 0.5) / f - 0.5
    let cv = (refCenter.y + 0.5) / f - 0.5
    // why: the sampling step keeps the template covering the region at any size
    let stepX = regionWidth / f / Double(tw)
    let stepY = regionHeight / f / Double(th)
    var vals = [Float](repeating: 0, count: tw * th)
    var wts = [Float](repeating: 1, count: tw * th)
    let maskLevel = maskPyramid.map { $0[min(level, $0.count - 1)] }
    for j in 0..<th {
      for i in 0..<tw {
        let u = cu + (Double(i) - Double(tw - 1) / 2) * stepX
        let v = cv + (Double(j) - Double(th - 1) / 2) * stepY
        vals[j * tw + i] = ref.sample(u, v)
        if let m = maskLevel { wts[j * tw + i] = m.sample(u, v) }
      }
    }
    var wsum = wts.reduce(0, +)
    if wsum < 4 {
      wts = [Float](repeating: 1, count: tw * th)
      wsum = Float(tw * th)
    }
    // why: in Double, so the weighted values sum to 0 to Float precision
    var mean = 0.0
    for k in vals.indices { mean += Double(wts[k]) * Double(vals[k]) }
    mean /= Double(wsum)
    var ss = 0.0
    var centred = vals
    for k in vals.indices {
      let d = Double(vals[k]) - mean
      ss += Double(wts[k]) * d * d
      centred[k] = Float(d)
      vals[k] = Float(Double(wts[k]) * d)
    }
    let t = Template(
      width: tw, height: th, values: vals, centred: centred, weights: wts, weightSum: wsum,
      norm: Float(ss.squareRoot()))
    templates[key] = t
    return t
  }

  struct Match {
    var score: Float
    /// Centre in level coordinates.
    var u: Double
    var v: Double
    var n: Int
    /// Steps added to `n` on the finest level (`fineSizeSteps`), −1…1.
    var fine: Double = 0
    /// `ElementTracker.contrast` at the match (set for the final match only).
    var contrast: Float = 0
    /// The centre refined by `refine` (final match only; else u, v).
    var refined: (u: Double, v: Double)? = nil
  }

  /// Best integer placement of scale `n` (plus `fine` steps, on the finest
  /// level) within ±r of centre (u, v), level coordinates.
  mutating func search(
    _ img: FloatImage, level: Int, n: Int, fine: Double = 0, u: Double, v: Double, r: Int
  ) -> Match {
    let t = template(level: level, steps: Double(n) + fine)
    let hx = Double(t.width - 1) / 2
    let hy = Double(t.height - 1) / 2
    let x0 = Int((u - hx).rounded())
    let y0 = Int((v - hy).rounded())
    var best = Match(score: -3, u: u, v: v, n: n)
    for dy in -r...r {
      for dx in -r...r {
        let s = Self.ncc(img, t, x0 + dx, y0 + dy)
        if s > best.score {
          best = Match(
            score: s, u: Double(x0 + dx) + hx, v: Double(y0 + dy) + hy, n: n, fine: fine)
        }
      }
    }
    return best
  }

  /// Looks for the element in `frame` near where it is expected; updates the
  /// position when found. When it is not there the frame is dropped, and the
  /// element is searched around the path it has taken so far: if found there,
  /// the next frame is searched from that spot (so a reappearance shows up as
  /// a gap of dropped frames, never as a silent jump).
  ///
  /// The point's centre is the refined one (`refine`); the search goes on
  /// from the parabolas' centre.
  /// why: the tracker's own path (the next window, the reacquisition box)
  /// stays as it was: fed back, the refined centres lost a fan item where
  /// the items overlap near the origin (the centre-order menu found 4 of 5)
  public mutating func step(_ frame: GreyFrame) -> TrackPoint {
    let m = locate(frame, global: false)
    let found = Double(m.score) >= Self.minimumCorrelation
    let previousScale = scale
    if found {
      vx = m.u - x
      vy = m.v - y
      x = m.u
      y = m.v
      scaleIndex = m.n
      path = (min(path.0, x), min(path.1, y), max(path.2, x), max(path.3, y))
    } else {
      vx = 0
      vy = 0
      let g = locate(frame, global: true)
      if Double(g.score) >= Self.reacquireCorrelation {
        x = g.u
        y = g.v
        scaleIndex = g.n
      }
    }
    return TrackPoint(
      t: frame.pts, x: found ? m.refined?.u ?? x : x, y: found ? m.refined?.v ?? y : y,
      scale: found ? scale : previousScale, score: Double(m.score),
      found: found, contrast: found ? Double(m.contrast) : 0)
  }

  /// Coarse-to-fine search. Returns the centre in full-resolution pixels.
  mutating func locate(_ frame: GreyFrame, global: Bool) -> Match {
    let s = pow(Self.scaleBase, Double(scaleIndex))
    let size = max(regionWidth, regionHeight) * s
    // why: a lost element is looked for only around its path so far (plus
    // its size): repeated backgrounds elsewhere (list rows) must not capture it
    let px = global ? (path.0 + path.2) / 2 : x + vx
    let py = global ? (path.1 + path.3) / 2 : y + vy
    let radius =
      global
      ? max(path.2 - path.0, path.3 - path.1) / 2 + 1.5 * size
      : max(16, 0.75 * size, 1.2 * (vx * vx + vy * vy).squareRoot())
    let coarse = global ? min(levels + 2, refPyramid.count - 1) : levels
    let f = 1 << coarse
    // crop (aligned to the coarse grid) covering the search and the largest template
    let margin = radius + size * 1.3 / 2 + Double(2 * f)
    var cx0 = Int((px - margin).rounded(.down))
    var cy0 = Int((py - margin).rounded(.down))
    var cx1 = Int((px + margin).rounded(.up))
    var cy1 = Int((py + margin).rounded(.up))
    cx0 = max(0, cx0) / f * f
    cy0 = max(0, cy0) / f * f
    cx1 = min(frame.width, cx1)
    cy1 = min(frame.height, cy1)
    guard cx1 - cx0 >= 4, cy1 - cy0 >= 4 else { return Match(score: -3, u: x, v: y, n: scaleIndex) }
    var pyr = [FloatImage(frame, x0: cx0, y0: cy0, w: cx1 - cx0, h: cy1 - cy0)]
    for _ in 0..<coarse { pyr.append(pyr.last!.halved()) }
    func toLevel(_ X: Double, _ l: Int, origin: Int) -> Double {
      (X - Double(origin) + 0.5) / Double(1 << l) - 0.5
    }
    func fromLevel(_ u: Double, _ l: Int, origin: Int) -> Double {
      Double(origin) + (u + 0.5) * Double(1 << l) - 0.5
    }
    // why: a size change must earn its keep; without this the size drifts to
    // whatever crops the most background out of a still element's template
    func penalised(_ m: Match) -> Float {
      m.score - Self.scalePenalty * Float(abs(m.n - scaleIndex))
    }
    let spread = searchesSizes ? (global ? 3 : 2) : 0
    let lo = max(Self.scaleSteps.lowerBound, scaleIndex - spread)
    let hi = min(Self.scaleSteps.upperBound, scaleIndex + spread)
    let r = Int((radius / Double(f)).rounded(.up))
    var best = Match(score: -3, u: 0, v: 0, n: scaleIndex)
    for n in lo...hi {
      let m = search(
        pyr[coarse], level: coarse, n: n, u: toLevel(px, coarse, origin: cx0),
        v: toLevel(py, coarse, origin: cy0), r: r)
      if penalised(m) > penalised(best) { best = m }
    }
    guard best.score > -2 else { return best }
    // refine level by level
    var u = fromLevel(best.u, coarse, origin: cx0)
    var v = fromLevel(best.v, coarse, origin: cy0)
    var n = best.n
    if coarse > 0 {
      for l in stride(from: coarse - 1, through: 1, by: -1) {
        let m = search(
          pyr[l], level: l, n: n, u: toLevel(u, l, origin: cx0), v: toLevel(v, l, origin: cy0), r: 2
        )
        u = fromLevel(m.u, l, origin: cx0)
        v = fromLevel(m.v, l, origin: cy0)
      }
    }
    // finest level: neighbouring scales too, then parabolas
    var around: [Int: Match] = [:]
    let near = searchesSizes ? 1 : 0
    for k in max(Self.scaleSteps.lowerBound, n - near)...min(Self.scaleSteps.upperBound, n + near) {
      around[k] = search(pyr[0], level: 0, n: k, u: u - Double(cx0), v: v - Double(cy0), r: 2)
    }
    var top = around.values.max { penalised($0) < penalised($1) }!
    n = top.n
    // why: one 5 % step moves a large element's edges by several pixels (a
    // 148 px menu panel's by 3.7 px on each side), so between two steps its
    // match falls apart (correlation 0.85 at 1.0 for a panel drawn at 1.016,
    // 0.98 at its own size) and a parabola through three steps cannot find
    // the size; sizes between the steps, each moving the edges by at most
    // half a pixel, find it
    let fine = Self.fineSizeSteps(max(regionWidth, regionHeight) * pow(Self.scaleBase, Double(n)))
    var fineScores: [Int: Float] = [:]
    if searchesSizes && fine > 1 {
      // why: as between whole steps, a size away from the last one must earn
      // its keep (the penalty per step, in proportion); else a still 40 px
      // fan item (searched this finely under a 1 px bound) settled half a
      // step large, where its interpolated template scored a hair higher
      let last = Double(scaleIndex) + scaleOffset
      func kept(_ m: Match) -> Float {
        m.score - Self.scalePenalty * Float(abs(Double(m.n) + m.fine - last))
      }
      var best = top
      for k in -fine...fine where k != 0 {
        let m = search(
          pyr[0], level: 0, n: n, fine: Double(k) / Double(fine), u: top.u, v: top.v, r: 1)
        fineScores[k] = m.score
        if kept(m) > kept(best) { best = m }
      }
      fineScores[0] = top.score
      top = best
    }
    let t = template(level: 0, steps: Double(n) + top.fine)
    let tlx = Int((top.u - Double(t.width - 1) / 2).rounded())
    let tly = Int((top.v - Double(t.height - 1) / 2).rounded())
    func peak(_ a: Float, _ b: Float, _ c: Float) -> Double {
      guard a > -2, c > -2 else { return 0 }
      let d = Double(a - 2 * b + c)
      guard d < -1e-9 else { return 0 }
      return max(-0.5, min(0.5, 0.5 * Double(a - c) / d))
    }
    let sx = peak(
      Self.ncc(pyr[0], t, tlx - 1, tly), top.score, Self.ncc(pyr[0], t, tlx + 1, tly))
    let sy = peak(
      Self.ncc(pyr[0], t, tlx, tly - 1), top.score, Self.ncc(pyr[0], t, tlx, tly + 1))
    if !fineScores.isEmpty {
      let k = Int((top.fine * Double(fine)).rounded())
      let a = fineScores[k - 1] ?? -3
      let c = fineScores[k + 1] ?? -3
      scaleOffset = (Double(k) + peak(a, top.score, c)) / Double(fine)
    } else if let a = around[n - 1], let c = around[n + 1] {
      scaleOffset = peak(a.score, top.score, c.score)
    } else {
      scaleOffset = 0
    }
    let contrast = Self.contrast(pyr[0], t, tlx, tly)
    var offset = (x: sx, y: sy)
    if refinesSubpixel {
      if let r = Self.refine(pyr[0], t, tlx, tly, from: offset),
        abs(r.x - offset.x) <= Self.refineReach, abs(r.y - offset.y) <= Self.refineReach
      {
        offset = r
      }
    }
    return Match(
      score: top.score, u: Double(cx0) + top.u + sx, v: Double(cy0) + top.v + sy,
      n: n, contrast: contrast,
      refined: (Double(cx0) + top.u + offset.x, Double(cy0) + top.v + offset.y))
  }

  /// Sizes searched between two 5 % steps on the finest level, for an
  /// element `size` px across: 1 (the steps alone) while a step moves its
  /// edges by at most `fineSizeEdgeMove` px, else as many as keep each
  /// step's move within half a pixel, at most 16.
  static func fineSizeSteps(_ size: Double) -> Int {
    let edgeMove = size * (scaleBase - 1) / 2
    guard edgeMove > fineSizeEdgeMove else { return 1 }
    // why: steps of a whole pixel took the menu panel's response at 120 fps
    // from −0.39 % (half a pixel) to −1.14 %
    return min(16, Int((edgeMove / 0.5).rounded(.up)))
  }

  /// The edge move (px, each side) of one 5 % step up to which the steps
  /// alone are searched.
  /// why: up to ~2 px a step stays within the correlation's peak (edges are
  /// drawn over a pixel or two) and the parabola through three sizes finds
  /// the size between them, as the position parabolas find a centre between
  /// pixels; sizes between the steps there (a 1 px bound) took a 40 px fan
  /// item's bloom at 30 fps from a response of +0.3 % to +1.2 %. The 148 px
  /// menu panel moves its edges 3.7 px.
  public static let fineSizeEdgeMove = 2.0

  /// Sized tracks whose sizes all lie within this factor of the marked one
  /// are tracked again at the marked size only (see `track`).
  public static let steadySizeBound = 1.1

  /// Tracks `region` marked on `frames[index]` forwards to the end and
  /// backwards to the start. One point per frame, in frame order; points
  /// with `found == false` are dropped samples.
  ///
  /// When every size found lies within `steadySizeBound` of the marked one,
  /// the element does not grow or shrink, and it is tracked again at its
  /// marked size (kept unless that finds fewer frames).
  /// why: on an element of constant size the search hops between size steps
  /// (1.00 ↔ 1.05 on the bubble as it snaps, where compression blurs it), and
  /// each hop moves the matched centre by up to 0.15 px; measured against the
  /// render's trace this bias shifted the fitted response by 0.6–0.9 %, and
  /// tracking at one size takes it to 0.1–0.2 %
  ///
  /// `progress(done, total)` is told after each frame stepped to; `total`
  /// counts both passes, and reaches `done` at once when the second is not needed.
  public static func track(
    frames: [GreyFrame], region: FrameRegion, at index: Int, mask: [Bool]? = nil,
    progress: ((Int, Int) -> Void)? = nil
  ) -> [TrackPoint] {
    let steps = max(0, frames.count - 1)
    let sized = track(frames: frames, region: region, at: index, mask: mask, sizes: true) {
      progress?($0, 2 * steps)
    }
    let found = sized.filter(\.found)
    guard !found.isEmpty,
      found.allSatisfy({ abs(log($0.scale)) <= log(steadySizeBound) })
    else {
      progress?(2 * steps, 2 * steps)
      return sized
    }
    let steady = track(frames: frames, region: region, at: index, mask: mask, sizes: false) {
      progress?(steps + $0, 2 * steps)
    }
    return steady.filter(\.found).count >= found.count ? steady : sized
  }

  /// One pass both ways from the marked frame; `stepped(n)` after each of
  /// the n frames looked at so far.
  static func track(
    frames: [GreyFrame], region: FrameRegion, at index: Int, mask: [Bool]?, sizes: Bool,
    stepped: (Int) -> Void = { _ in }
  ) -> [TrackPoint] {
    guard frames.indices.contains(index) else { return [] }
    var out = [TrackPoint?](repeating: nil, count: frames.count)
    var start = ElementTracker(frame: frames[index], region: region, mask: mask)
    start.searchesSizes = sizes
    let marked = start.template(level: 0, n: 0)
    out[index] = TrackPoint(
      t: frames[index].pts, x: start.x, y: start.y, scale: 1, score: 1, found: true,
      contrast: Double(marked.norm / max(marked.weightSum, 1).squareRoot()))
    var fwd = start
    var n = 0
    for i in (index + 1)..<max(index + 1, frames.count) {
      out[i] = fwd.step(frames[i])
      n += 1
      stepped(n)
    }
    var back = start
    for i in stride(from: index - 1, through: 0, by: -1) {
      out[i] = back.step(frames[i])
      n += 1
      stepped(n)
    }
    return out.map { $0! }
  }
}
