import Foundation

/// How far one frame's element has turned since the marked frame.
public struct AnglePoint: Sendable, Equatable {
  /// The frame's presentation time, seconds.
  public var t: Double
  /// Degrees, clockwise on screen (y down), relative to the marked frame;
  /// unwrapped (continuous from frame to frame: 370 after a full turn and 10°).
  /// Repeats the last trusted angle when not `found`.
  public var degrees: Double
  /// The centre of the turned template (pixel-centre coordinates: the
  /// top-left pixel's centre is 0, 0); the last trusted one when not `found`.
  public var x: Double
  public var y: Double
  /// The element's size relative to the marked frame (1 = as marked),
  /// estimated with the angle; the last trusted one when not `found`.
  public var size: Double = 1
  /// The gain of the template's grey levels in the frame (1 = as marked):
  /// how strongly the element stands out, which its opacity scales (a fan
  /// item fading in); the last trusted one when not `found`.
  public var gain: Double = 1
  /// Normalised cross-correlation of the turned template with the frame, −1…1.
  public var score: Double
  /// False when the score is below `ElementTracker.minimumCorrelation`.
  public var found: Bool
}

/// Follows the angle of an element that turns (the fan's main button, whose
/// icon turns in place): the disk of the marked region, cut from the marked
/// frame, is turned by candidate angles around a predicted one (the last
/// angle plus the last step), scored by NCC, the best refined by a parabola
/// through its neighbours, the size checked over a few ratios of its
/// prediction, then by Gauss–Newton on the pixels for the angle, the size,
/// a shift and the gain and offset of the grey levels.
///
/// why: tracked from frame to frame, never searched over a whole turn, so a
/// symmetric glyph ("+" looks the same every 90°) unwraps: each step is the
/// nearest match to the prediction, and the sum of steps is the angle.
/// why (disk): only a disk looks the same whatever its angle; a square
/// template's corners would turn onto the background, and on the main
/// button onto the items blooming from under it.
public struct AngleTracker: Sendable {
  /// Half a step's width of the coarse search beyond the predicted step (degrees).
  public static let searchHalfWidth = 12.0
  /// Gauss–Newton steps at most.
  static let iterations = 8
  /// Points scored by the coarse search at most (a subset of the disk).
  static let coarsePoints = 1500

  /// The marked centre, pixel-centre coordinates.
  let cx: Double
  let cy: Double
  /// Disk radius (px) and the template's points relative to the centre.
  let radius: Double
  let px: [Float]
  let py: [Float]
  /// Weighted template values about their weighted mean; the weights (0…1,
  /// tapered over the disk's last 2 px).
  let values: [Float]
  let weights: [Float]
  let coarse: [Int]
  /// Angle (radians, clockwise on screen) and shift (px) of the last trusted
  /// frame, and the step before it.
  var angle = 0.0
  var step = 0.0
  var shift = (x: 0.0, y: 0.0)
  var shiftStep = (x: 0.0, y: 0.0)
  var shiftStepBefore = (x: 0.0, y: 0.0)
  /// The element's size in this frame relative to the marked one: started
  /// from a guess (e.g. `ElementTracker`'s) or the last size times the last
  /// step's ratio, checked over `sizeChecks` and refined with the angle.
  var size = 1.0
  var sizeStep = 1.0
  /// The gain of the last trusted frame's grey levels over the template's.
  var gain = 1.0
  /// Ratios of the predicted size tried after the coarse angle search.
  /// why: an element that grows as it blooms changes size by up to 30 % a
  /// frame at 30 fps, beyond what Gauss–Newton reaches from one start
  static let sizeChecks = [0.7, 0.8, 0.9, 1.0, 1.1, 1.25]
  /// The grid of shifts tried around a predicted one (no guess given):
  /// ±`shiftChecks` steps of `shiftCheckStep` px each way.
  static let shiftChecks = 2
  static let shiftCheckStep = 1.5
  /// The smallest and largest size followed, relative to the marked one.
  static let sizeRange = 0.25...4.0

  /// The current angle relative to the marked frame, degrees.
  public var degrees: Double { angle * 180 / .pi }

  /// Starts on the disk inscribed in `region` of `frame` (pixels).
  /// `maxPoints`: the disk's pixels are taken on a grid sparse enough to
  /// keep at most about this many (nil: every pixel), for a quick first look.
  public init(frame: GreyFrame, region: FrameRegion, maxPoints: Int? = nil) {
    cx = region.centerX - 0.5
    cy = region.centerY - 0.5
    radius = max(3, min(region.width, region.height) / 2 - 0.5)
    var xs: [Float] = []
    var ys: [Float] = []
    var vs: [Float] = []
    var ws: [Float] = []
    let r = Int(radius.rounded(.up))
    let ix = Int(cx.rounded())
    let iy = Int(cy.rounded())
    let area = Double.pi * radius * radius
    let every = maxPoints.map { max(1, Int((area / Double(max($0, 1))).squareRoot())) } ?? 1
    for j in stride(from: iy - r, through: iy + r, by: every) {
      for i in stride(from: ix - r, through: ix + r, by: every) {
        guard i >= 0, j >= 0, i < frame.width, j < frame.height else { continue }
        let dx = Double(i) - cx
        let dy = Double(j) - cy
        let d = (dx * dx + dy * dy).squareRoot()
        guard d < radius else { continue }
        xs.append(Float(dx))
        ys.append(Float(dy))
        vs.append(Float(frame[i, j]))
        ws.append(Float(min(1, (radius - d) / 2)))
      }
    }
    let wsum = ws.reduce(0, +)
    var mean = 0.0
    for k in vs.indices { mean += Double(ws[k]) * Double(vs[k]) }
    mean /= Double(max(wsum, 1e-9))
    px = xs
    py = ys
    values = vs.map { Float(Double($0) - mean) }
    weights = ws
    let stride = max(1, xs.count / Self.coarsePoints)
    coarse = Array(Swift.stride(from: 0, to: xs.count, by: stride))
  }

  /// The Keys cubic's taps (a = −0.5) at −1, 0, 1, 2 for a fraction f, and their derivatives.
  @inline(__always)
  static func keys(_ f: Float) -> (Float, Float, Float, Float, Float, Float, Float, Float) {
    let f2 = f * f
    let f3 = f2 * f
    return (
      -0.5 * f3 + f2 - 0.5 * f, 1.5 * f3 - 2.5 * f2 + 1, -1.5 * f3 + 2 * f2 + 0.5 * f,
      0.5 * f3 - 0.5 * f2,
      -1.5 * f2 + 2 * f - 0.5, 4.5 * f2 - 5 * f, -4.5 * f2 + 4 * f + 0.5, 1.5 * f2 - f
    )
  }

  /// NCC of the template turned by `a` (radians), scaled by `k` and shifted
  /// by `s` over the points `idx` of `img` (whose origin is `o`), bilinear;
  /// −2 when a point falls outside.
  func score(
    _ img: FloatImage, o: (x: Int, y: Int), a: Double, k: Double, s: (x: Double, y: Double),
    _ idx: [Int]
  )
    -> Double
  {
    let c = Float(k * cos(a))
    let sn = Float(k * sin(a))
    let ox = Float(cx + s.x - Double(o.x))
    let oy = Float(cy + s.y - Double(o.y))
    var sw = 0.0
    var si = 0.0
    var sii = 0.0
    var sti = 0.0
    var stt = 0.0
    for k in idx {
      let x = ox + c * px[k] - sn * py[k]
      let y = oy + sn * px[k] + c * py[k]
      guard x >= 0, y >= 0, x <= Float(img.width - 1), y <= Float(img.height - 1) else {
        return -2
      }
      let v = Double(img.sample(Double(x), Double(y)))
      let w = Double(weights[k])
      let t = Double(values[k])
      sw += w
      si += w * v
      sii += w * v * v
      sti += w * t * v
      stt += w * t * t
    }
    // why: the template values are about their weighted mean over the
    // whole disk, not over a subset: both are taken about the subset's means
    var st = 0.0
    for k in idx { st += Double(weights[k] * values[k]) }
    let varI = sii - si * si / max(sw, 1e-9)
    let varT = stt - st * st / max(sw, 1e-9)
    guard varI > 1e-6, varT > 1e-6 else { return 0 }
    let cross = sti - st * si / max(sw, 1e-9)
    return cross / (varI * varT).squareRoot()
  }

  /// Gauss–Newton on Σw·(I(c + s + k·R(a)·p) − g·T(p) − b)² over the angle
  /// a (radians), the size k (relative to the marked one), the shift s (px),
  /// the gain g and the offset b, the image interpolated with Keys' cubic,
  /// from (a0, k0, s0); nil when a point leaves the image or the equations
  /// are singular.
  /// why: only the image is interpolated (as in `ElementTracker.refine`):
  /// the template stays on its own pixels, so its blur never depends on the angle
  /// why (k): an element that grows as it turns (a fan item's spin) matches
  /// the turned template only at its own size; a size taken from a tracker
  /// with an unturned template is off by the turn
  func refine(
    _ img: FloatImage, o: (x: Int, y: Int), a a0: Double, k k0: Double,
    s s0: (x: Double, y: Double)
  ) -> (a: Double, k: Double, s: (x: Double, y: Double), g: Double)? {
    var a = a0
    var k = k0
    var s = s0
    var g = 1.0
    let n = px.count
    let w = img.width
    let h = img.height
    for _ in 0..<Self.iterations {
      let c = Float(k * cos(a))
      let sn = Float(k * sin(a))
      let ox = Float(cx + s.x - Double(o.x))
      let oy = Float(cy + s.y - Double(o.y))
      // unknowns z = (da, dk, dsx, dsy, g, b); per point u = (ja, jk, gx, gy,
      // −T, −1) and the linearised residual I + u·z: (Σw·u·uᵀ)·z = −Σw·u·I
      var rows = [SIMD8<Float>](repeating: .zero, count: 6)
      var rhs = SIMD8<Float>.zero
      var m = [[Double]](repeating: [Double](repeating: 0, count: 6), count: 6)
      var r6 = [Double](repeating: 0, count: 6)
      var ok = true
      img.data.withUnsafeBufferPointer { d in
        for q in 0..<n {
          let rx = c * px[q] - sn * py[q]
          let ry = sn * px[q] + c * py[q]
          let x = ox + rx
          let y = oy + ry
          let fx0 = x.rounded(.down)
          let fy0 = y.rounded(.down)
          let ix = Int(fx0)
          let iy = Int(fy0)
          guard ix >= 1, iy >= 1, ix + 2 < w, iy + 2 < h else {
            ok = false
            return
          }
          let (x0, x1, x2, x3, dx0, dx1, dx2, dx3) = Self.keys(x - fx0)
          let (y0, y1, y2, y3, dy0, dy1, dy2, dy3) = Self.keys(y - fy0)
          var r = (iy - 1) * w + ix
          let ra = x0 * d[r - 1] + x1 * d[r] + x2 * d[r + 1] + x3 * d[r + 2]
          let da = dx0 * d[r - 1] + dx1 * d[r] + dx2 * d[r + 1] + dx3 * d[r + 2]
          r += w
          let rb = x0 * d[r - 1] + x1 * d[r] + x2 * d[r + 1] + x3 * d[r + 2]
          let db = dx0 * d[r - 1] + dx1 * d[r] + dx2 * d[r + 1] + dx3 * d[r + 2]
          r += w
          let rc = x0 * d[r - 1] + x1 * d[r] + x2 * d[r + 1] + x3 * d[r + 2]
          let dc = dx0 * d[r - 1] + dx1 * d[r] + dx2 * d[r + 1] + dx3 * d[r + 2]
          r += w
          let rd = x0 * d[r - 1] + x1 * d[r] + x2 * d[r + 1] + x3 * d[r + 2]
          let dd = dx0 * d[r - 1] + dx1 * d[r] + dx2 * d[r + 1] + dx3 * d[r + 2]
          let v = y0 * ra + y1 * rb + y2 * rc + y3 * rd
          let gx = y0 * da + y1 * db + y2 * dc + y3 * dd
          let gy = dy0 * ra + dy1 * rb + dy2 * rc + dy3 * rd
          // d(k·R·p)/da = (−ry, rx); d(k·R·p)/dk = (rx, ry) / k
          let ja = gx * -ry + gy * rx
          let jk = (gx * rx + gy * ry) / Float(k)
          let u = SIMD8<Float>(ja, jk, gx, gy, -values[q], -1, 0, 0)
          let wu = weights[q] * u
          for e in 0..<6 { rows[e] += wu[e] * u }
          rhs -= wu * v
          // why: partial sums in Float over a few hundred points, then in Double
          if q % 256 == 255 || q == n - 1 {
            for e in 0..<6 {
              for f in 0..<6 { m[e][f] += Double(rows[e][f]) }
              r6[e] += Double(rhs[e])
            }
            rows = [SIMD8<Float>](repeating: .zero, count: 6)
            rhs = .zero
          }
        }
      }
      guard ok, let z = LevenbergMarquardt.solve(m, r6) else { return nil }
      a += z[0]
      k += z[1]
      s = (s.x + z[2], s.y + z[3])
      g = z[4]
      guard Self.sizeRange.contains(k) else { return nil }
      if abs(z[0]) * radius < 1e-4 && abs(z[1]) * radius < 1e-4 && abs(z[2]) < 1e-4
        && abs(z[3]) < 1e-4
      {
        break
      }
    }
    return (a, k, s, g)
  }

  /// Looks for the element's angle and size in `frame` around the
  /// prediction (the last trusted angle plus the last step, the last size
  /// times the last step's ratio); `shift`: where the element's centre is,
  /// relative to the marked one (px, e.g. from `ElementTracker`), nil to
  /// start from the last shift found plus the last step's; `size`: a guess
  /// of its size relative to the marked one (nil: the prediction). Updates
  /// the angle, size, shift and gain when found.
  public mutating func step(
    _ frame: GreyFrame, shift guess: (x: Double, y: Double)? = nil, size k: Double? = nil
  ) -> AnglePoint {
    // why: with no guess, the shift is predicted at constant acceleration: a
    // spring's element speeds up frame by frame as it is followed backwards
    // to its start, by more than the disk's refinement reaches at 30 fps
    var sg =
      guess
      ?? (
        shift.x + 2 * shiftStep.x - shiftStepBefore.x,
        shift.y + 2 * shiftStep.y - shiftStepBefore.y
      )
    var kg = min(max(size * sizeStep, Self.sizeRange.lowerBound), Self.sizeRange.upperBound)
    if let k, Self.sizeRange.contains(k) { kg = k }
    let predicted = angle + step
    // the crop around the element covers the disk at any angle and size, plus the taps
    let half = Int((radius * max(1, kg * Self.sizeChecks.last!) + 6).rounded(.up))
    let ox = Int((cx + sg.x).rounded()) - half
    let oy = Int((cy + sg.y).rounded()) - half
    let img = FloatImage(frame, x0: ox, y0: oy, w: 2 * half + 1, h: 2 * half + 1)
    let o = (x: ox, y: oy)
    // why: a predicted shift misses by a few pixels where the element's
    // speed changes fastest; the turned template is placed on the best of
    // a small grid around it before its angle is searched
    if guess == nil {
      var best = -2.0
      var at = sg
      for j in -Self.shiftChecks...Self.shiftChecks {
        for i in -Self.shiftChecks...Self.shiftChecks {
          let c = (
            x: sg.x + Double(i) * Self.shiftCheckStep, y: sg.y + Double(j) * Self.shiftCheckStep
          )
          let v = score(img, o: o, a: predicted, k: kg, s: c, coarse)
          if v > best {
            best = v
            at = c
          }
        }
      }
      sg = at
    }
    // why: a step of ~0.7 px at the disk's rim keeps the coarse peak sampled
    let delta = min(2, max(0.25, 0.7 / (radius * kg) * 180 / .pi)) * .pi / 180
    let width = (Self.searchHalfWidth * .pi / 180 + 0.5 * abs(step))
    let count = Int((width / delta).rounded(.up))
    var scores: [Double] = []
    for i in -count...count {
      scores.append(score(img, o: o, a: predicted + Double(i) * delta, k: kg, s: sg, coarse))
    }
    let bi = scores.indices.max { scores[$0] < scores[$1] }!
    var a0 = predicted + Double(bi - count) * delta
    if bi > 0, bi < scores.count - 1 {
      let (l, m, r) = (scores[bi - 1], scores[bi], scores[bi + 1])
      let den = l - 2 * m + r
      if den < -1e-12 { a0 += max(-0.5, min(0.5, 0.5 * (l - r) / den)) * delta }
    }
    // the size: the best of a few ratios of the prediction at the coarse angle
    let k0 =
      Self.sizeChecks.map { kg * $0 }.filter(Self.sizeRange.contains).max {
        score(img, o: o, a: a0, k: $0, s: sg, coarse)
          < score(img, o: o, a: a0, k: $1, s: sg, coarse)
      } ?? kg
    var a = a0
    var kk = k0
    var s = sg
    var g = gain
    // why: a refinement that wanders off by more than a coarse step is
    // matching another shape (a neighbour, a blur): the parabola's angle
    // stands; the shift may move by a third of the disk (a fast element's
    // prediction misses by a few pixels)
    let reach = max(2, radius * k0 / 3)
    if let r = refine(img, o: o, a: a0, k: k0, s: sg), abs(r.a - a0) <= 2 * delta,
      abs(r.s.x - sg.x) <= reach, abs(r.s.y - sg.y) <= reach, abs(r.k / k0 - 1) <= 0.1
    {
      a = r.a
      kk = r.k
      s = r.s
      g = r.g
    }
    let sc = score(img, o: o, a: a, k: kk, s: s, Array(px.indices))
    let found = sc >= ElementTracker.minimumCorrelation
    if found {
      step = a - angle
      angle = a
      sizeStep = kk / size
      size = kk
      shiftStepBefore = shiftStep
      shiftStep = (s.x - shift.x, s.y - shift.y)
      shift = s
      gain = g
    } else {
      step = 0
      sizeStep = 1
      shiftStep = (0, 0)
      shiftStepBefore = (0, 0)
    }
    return AnglePoint(
      t: frame.pts, degrees: degrees, x: cx + shift.x, y: cy + shift.y, size: size, gain: gain,
      score: sc, found: found)
  }

  /// Tracks the angle of the disk inscribed in `region`, marked on
  /// `frames[index]`, forwards to the end and backwards to the start; one
  /// point per frame, in frame order (the marked frame at 0°). `shifts`:
  /// per frame, where the element's centre is relative to the marked one
  /// (px; nil entries, or nil, follow the shift found in the last frame).
  /// `sizes`: per frame, a guess of the element's size relative to the
  /// marked one (nil entries, or nil, follow the last size and its step).
  /// `maxPoints`: as for `init`.
  public static func track(
    frames: [GreyFrame], region: FrameRegion, at index: Int,
    shifts: [(x: Double, y: Double)?]? = nil, sizes: [Double?]? = nil, maxPoints: Int? = nil
  ) -> [AnglePoint] {
    guard frames.indices.contains(index) else { return [] }
    var out = [AnglePoint?](repeating: nil, count: frames.count)
    let start = AngleTracker(frame: frames[index], region: region, maxPoints: maxPoints)
    out[index] = AnglePoint(
      t: frames[index].pts, degrees: 0, x: start.cx, y: start.cy, score: 1, found: true)
    func guess(_ i: Int) -> (x: Double, y: Double)? {
      guard let s = shifts, s.indices.contains(i) else { return nil }
      return s[i]
    }
    func size(_ i: Int) -> Double? {
      guard let s = sizes, s.indices.contains(i) else { return nil }
      return s[i]
    }
    var fwd = start
    for i in (index + 1)..<max(index + 1, frames.count) {
      out[i] = fwd.step(frames[i], shift: guess(i), size: size(i))
    }
    var back = start
    for i in stride(from: index - 1, through: 0, by: -1) {
      out[i] = back.step(frames[i], shift: guess(i), size: size(i))
    }
    return out.map { $0! }
  }
}
