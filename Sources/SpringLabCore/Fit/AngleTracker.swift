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
  /// Normalised cross-correlation of the turned template with the frame, −1…1.
  public var score: Double
  /// False when the score is below `ElementTracker.minimumCorrelation`.
  public var found: Bool
}

/// Follows the angle of an element that turns (the fan's main button, whose
/// icon turns in place): the disk of the marked region, cut from the marked
/// frame, is turned by candidate angles around a predicted one (the last
/// angle plus the last step), scored by NCC, the best refined by a parabola
/// through its neighbours, then by Gauss–Newton on the pixels for the angle,
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
  /// The element's size in this frame relative to the marked one (e.g.
  /// `ElementTracker`'s): the template is scaled by it, not searched over it.
  var size = 1.0

  /// The current angle relative to the marked frame, degrees.
  public var degrees: Double { angle * 180 / .pi }

  /// Starts on the disk inscribed in `region` of `frame` (pixels).
  public init(frame: GreyFrame, region: FrameRegion) {
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
    for j in (iy - r)...(iy + r) {
      for i in (ix - r)...(ix + r) {
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

  /// NCC of the template turned by `a` (radians) and shifted by `s` over the
  /// points `idx` of `img` (whose origin is `o`), bilinear; −2 when a point falls outside.
  func score(
    _ img: FloatImage, o: (x: Int, y: Int), a: Double, s: (x: Double, y: Double), _ idx: [Int]
  )
    -> Double
  {
    let c = Float(size * cos(a))
    let sn = Float(size * sin(a))
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

  /// Gauss–Newton on Σw·(I(c + s + R(a)·p) − g·T(p) − b)² over the angle a
  /// (radians), the shift s (px), the gain g and the offset b, the image
  /// interpolated with Keys' cubic, from (a0, s0); nil when a point leaves
  /// the image or the equations are singular.
  /// why: only the image is interpolated (as in `ElementTracker.refine`):
  /// the template stays on its own pixels, so its blur never depends on the angle
  func refine(_ img: FloatImage, o: (x: Int, y: Int), a a0: Double, s s0: (x: Double, y: Double))
    -> (a: Double, s: (x: Double, y: Double))?
  {
    var a = a0
    var s = s0
    let n = px.count
    let w = img.width
    let h = img.height
    for _ in 0..<Self.iterations {
      // the template scaled by `size`: its turn's derivative scales with it
      let c = Float(size * cos(a))
      let sn = Float(size * sin(a))
      let ox = Float(cx + s.x - Double(o.x))
      let oy = Float(cy + s.y - Double(o.y))
      // unknowns z = (da, dsx, dsy, g, b); per point u = (ja, gx, gy, −T, −1)
      // and the linearised residual I + u·z: (Σw·u·uᵀ)·z = −Σw·u·I
      var m = [Double](repeating: 0, count: 25)
      var rhs = [Double](repeating: 0, count: 5)
      var acc = [Float](repeating: 0, count: 20)
      var ok = true
      img.data.withUnsafeBufferPointer { d in
        for k in 0..<n {
          let x = ox + c * px[k] - sn * py[k]
          let y = oy + sn * px[k] + c * py[k]
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
          // d(R·p)/da = (−sin·px − cos·py, cos·px − sin·py)
          let ja = gx * (-sn * px[k] - c * py[k]) + gy * (c * px[k] - sn * py[k])
          let t = values[k]
          let wt = weights[k]
          acc[0] += wt * ja * ja
          acc[1] += wt * ja * gx
          acc[2] += wt * ja * gy
          acc[3] -= wt * ja * t
          acc[4] -= wt * ja
          acc[5] += wt * gx * gx
          acc[6] += wt * gx * gy
          acc[7] -= wt * gx * t
          acc[8] -= wt * gx
          acc[9] += wt * gy * gy
          acc[10] -= wt * gy * t
          acc[11] -= wt * gy
          acc[12] += wt * t * t
          acc[13] += wt * t
          acc[14] += wt
          acc[15] -= wt * ja * v
          acc[16] -= wt * gx * v
          acc[17] -= wt * gy * v
          acc[18] += wt * t * v
          acc[19] += wt * v
          // why: partial sums in Float over a few hundred points, then in Double
          if k % 256 == 255 || k == n - 1 {
            for (q, e) in Self.upper.enumerated() { m[e] += Double(acc[q]) }
            for q in 0..<5 { rhs[q] += Double(acc[15 + q]) }
            for q in acc.indices { acc[q] = 0 }
          }
        }
      }
      guard ok else { return nil }
      for i in 0..<5 { for j in 0..<i { m[i * 5 + j] = m[j * 5 + i] } }
      let rows = (0..<5).map { i in Array(m[(i * 5)..<(i * 5 + 5)]) }
      guard let z = LevenbergMarquardt.solve(rows, rhs) else { return nil }
      a += z[0]
      s = (s.x + z[1], s.y + z[2])
      if abs(z[0]) * radius < 1e-4 && abs(z[1]) < 1e-4 && abs(z[2]) < 1e-4 { break }
    }
    return (a, s)
  }

  /// The upper triangle of the 5 × 5 normal matrix, row-major, in the order
  /// `refine` accumulates it.
  static let upper = [0, 1, 2, 3, 4, 6, 7, 8, 9, 12, 13, 14, 18, 19, 24]

  /// Looks for the element's angle in `frame` around the prediction (the
  /// last trusted angle plus the last step); `shift`: where the element's
  /// centre is, relative to the marked one (px, e.g. from `ElementTracker`),
  /// nil to start from the last shift found; `size`: its size relative to
  /// the marked one (nil: the last size given). Updates the angle when found.
  public mutating func step(
    _ frame: GreyFrame, shift guess: (x: Double, y: Double)? = nil, size k: Double? = nil
  ) -> AnglePoint {
    let sg = guess ?? shift
    if let k, k > 0.05, k.isFinite { size = k }
    let predicted = angle + step
    // the crop around the element covers the disk at any angle, plus the taps
    let half = Int((radius * max(1, size) + 6).rounded(.up))
    let ox = Int((cx + sg.x).rounded()) - half
    let oy = Int((cy + sg.y).rounded()) - half
    let img = FloatImage(frame, x0: ox, y0: oy, w: 2 * half + 1, h: 2 * half + 1)
    let o = (x: ox, y: oy)
    // why: a step of ~0.7 px at the disk's rim keeps the coarse peak sampled
    let delta = min(2, max(0.25, 0.7 / (radius * size) * 180 / .pi)) * .pi / 180
    let width = (Self.searchHalfWidth * .pi / 180 + 0.5 * abs(step))
    let count = Int((width / delta).rounded(.up))
    var scores: [Double] = []
    for i in -count...count {
      scores.append(score(img, o: o, a: predicted + Double(i) * delta, s: sg, coarse))
    }
    let bi = scores.indices.max { scores[$0] < scores[$1] }!
    var a0 = predicted + Double(bi - count) * delta
    if bi > 0, bi < scores.count - 1 {
      let (l, m, r) = (scores[bi - 1], scores[bi], scores[bi + 1])
      let den = l - 2 * m + r
      if den < -1e-12 { a0 += max(-0.5, min(0.5, 0.5 * (l - r) / den)) * delta }
    }
    var a = a0
    var s = sg
    // why: a refinement that wanders off by more than a coarse step is
    // matching another shape (a neighbour, a blur): the parabola's angle stands
    if let r = refine(img, o: o, a: a0, s: sg), abs(r.a - a0) <= 2 * delta,
      abs(r.s.x - sg.x) <= 2, abs(r.s.y - sg.y) <= 2
    {
      a = r.a
      s = r.s
    }
    let sc = score(img, o: o, a: a, s: s, Array(px.indices))
    let found = sc >= ElementTracker.minimumCorrelation
    if found {
      step = a - angle
      angle = a
      shift = s
    } else {
      step = 0
    }
    return AnglePoint(
      t: frame.pts, degrees: degrees, x: cx + shift.x, y: cy + shift.y, score: sc, found: found)
  }

  /// Tracks the angle of the disk inscribed in `region`, marked on
  /// `frames[index]`, forwards to the end and backwards to the start; one
  /// point per frame, in frame order (the marked frame at 0°). `shifts`:
  /// per frame, where the element's centre is relative to the marked one
  /// (px; nil entries, or nil, follow the shift found in the last frame).
  /// `sizes`: per frame, the element's size relative to the marked one
  /// (nil entries, or nil, keep the last).
  public static func track(
    frames: [GreyFrame], region: FrameRegion, at index: Int,
    shifts: [(x: Double, y: Double)?]? = nil, sizes: [Double?]? = nil
  ) -> [AnglePoint] {
    guard frames.indices.contains(index) else { return [] }
    var out = [AnglePoint?](repeating: nil, count: frames.count)
    let start = AngleTracker(frame: frames[index], region: region)
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
