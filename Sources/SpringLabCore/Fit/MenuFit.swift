import Foundation

/// One fan item as the menu fit sees it.
public struct MenuFitItem: Sendable {
  /// Its place in the menu (0 = at the start angle).
  public var index: Int
  /// Its box on the last frame, pixels.
  public var region: FrameRegion
  /// Where it rests, pixels.
  public var restX: Double
  public var restY: Double
  /// Its direction from the origin, degrees (0° = right, clockwise on screen,
  /// as `FanLayout`), unwrapped so the items' angles increase with `index`.
  public var angle: Double
  /// Its distance from the origin at rest, points.
  public var radius: Double
  /// Its own start (seconds) in the fit with a start per item.
  public var start: Double
  /// Trusted samples fitted.
  public var samples: Int
}

/// One standard deviation of each number of a menu fit (∞ when the
/// recording does not determine it).
public struct MenuUncertainty: Sendable, Equatable {
  /// Damping ratio (no unit).
  public var dampingRatio: Double
  /// Response 2π/ω0, seconds.
  public var response: Double
  /// Initial velocity, travels per second.
  public var velocity: Double
  /// Stagger, seconds.
  public var stagger: Double
  /// Start of the first item, seconds.
  public var start: Double
  /// Radius, points.
  public var radius: Double
  /// Start and end angle, degrees.
  public var startAngle: Double
  public var endAngle: Double
}

/// A whole fan menu fitted from one recording: one spring (mass 1) shared by
/// every item, each item's start set by the stagger and order, and the arc
/// its items rest on. Item i's centre is `origin + offsetᵢ · P(t − startᵢ)`,
/// where P is the spring's progress (0 → 1, past 1 when it overshoots) and
/// `startᵢ = start + stagger · delayᵢ(order)` (`MotionPlan.delays`).
public struct MenuFit: Sendable {
  public var items: [MenuFitItem]
  /// The shared origin (the main button's centre), pixels.
  public var originX: Double
  public var originY: Double
  /// Pixels per device point of the recording.
  public var pixelsPerPoint: Double
  /// The shared spring (mass 1) and its initial velocity (travels per second).
  public var spring: Spring
  public var velocity: Double
  /// The first item's start, seconds.
  public var start: Double
  /// Delay between consecutive items, seconds.
  public var stagger: Double
  public var order: FanOrder
  /// RMS (seconds) of the items' own starts about each order's delays,
  /// the evidence for `order`.
  public var orderRMS: [(order: FanOrder, rms: Double)]
  /// The arc's radius (the items' shared distance from the origin), points.
  public var radius: Double
  /// The first and last item's angle, degrees (`MenuFitItem.angle`).
  public var startAngle: Double
  public var endAngle: Double
  /// Seconds after the start at which the spring jumps to its target as
  /// UIKit ends an animation, nil when settling fits as well.
  public var endsAfter: Double?
  /// RMS and largest residual of the item centres, pixels.
  public var rms: Double
  public var maxError: Double
  public var uncertainty: MenuUncertainty
  /// The changed areas that are not items, and why.
  public var excluded: [(region: FrameRegion, reason: String)]

  /// Response 2π/ω0, seconds.
  public var response: Double { 2 * .pi / spring.naturalFrequency }

  /// The item centres' RMS residual as a fraction of the radius (each
  /// item's travel), the single fit's measure.
  public var rmsFraction: Double {
    radius > 0 ? rms / (radius * pixelsPerPoint) : .infinity
  }
  /// Beyond `MotionFit.poorFitBound`: no one spring and stagger draws the
  /// items (seen on a clip cut mid-bloom: RMS 26 px on a 210 px radius,
  /// radius 56 ± 88 pt for a true 120), so nothing may be applied.
  public var isPoor: Bool { rmsFraction > MotionFit.poorFitBound }

  /// At least this many items must bloom from the shared origin.
  public static let minimumItems = 2
  /// An element that stays in place whose box centre lies within this
  /// share of the radius from the arc is an item at rest (the box is the
  /// element's on the last frame; its centre sits on the item's to a few px).
  public static let restingOnArcTolerance = 0.15

  /// Finds the items in `frames` and fits them (`MenuFinder`, `fit(items:)`).
  /// Throws `.notAMenu` when fewer than `minimumItems` bloom from one origin.
  public static func fit(frames: [GreyFrame], pixelsPerPoint: Double) throws(FitError) -> MenuFit {
    guard frames.count >= MotionFit.minimumSamples else {
      throw .tooFewSamples(frames.count)
    }
    let (cands, origin) = MenuFinder.candidates(frames)
    let items = cands.filter { $0.reason == nil }
    guard items.count >= minimumItems, let o = origin else {
      let found = items.count
      let others = cands.count - found
      throw .notAMenu(
        "\(found) element\(found == 1 ? "" : "s") bloom\(found == 1 ? "s" : "") from a shared origin (\(minimumItems) needed)"
          + (others > 0 ? "; \(others) other changed area\(others == 1 ? "" : "s") left out" : "")
          // why: a clip that opens and closes ends with the menu gone, and
          // the walk-through read "0 elements bloom" as the bloom not found
          + "; --menu fits a menu's opening, so the menu must be open on the last frame: end the clip before it closes (--to, or ] in the window)"
      )
    }
    // why: an item seen too briefly on its way out still blooms from the
    // origin; fitting the menu without it wrote fan.count 2 for a 30 fps
    // clip of 5 items, a confident wrong menu
    let brief = cands.filter(\.seenTooBriefly)
    guard brief.isEmpty else {
      let counts = brief.map { $0.samples.count }
      throw .notAMenu(
        "\(brief.count) of the \(items.count + brief.count) items bloom from the shared origin in too few frames to fit (\(counts.min()!)–\(counts.max()!), at least \(MotionFit.minimumSamples)); the count and arc would be wrong: record a longer clip or at a higher frame rate"
      )
    }
    var f = try fit(
      items: items.map { ($0.region, $0.samples, $0.track?.pixelStart) }, origin: o,
      pixelsPerPoint: pixelsPerPoint)
    f.excluded = cands.compactMap { c in c.reason.map { (c.region, $0) } }
    // why: an element at rest on the arc (at the items' radius from their
    // origin) is an item whose bloom happened before the clip began; left
    // out, a clip cut after the tap gave fan.count 4 for 5 items
    let radiusPx = f.radius * pixelsPerPoint
    let resting = cands.filter { c in
      guard c.staysInPlace else { return false }
      let (cx, cy) = (c.region.x + c.region.width / 2, c.region.y + c.region.height / 2)
      return abs(hypot(cx - f.originX, cy - f.originY) / radiusPx - 1) <= restingOnArcTolerance
    }
    guard resting.isEmpty else {
      throw .notAMenu(
        "\(resting.count) of the \(f.items.count + resting.count) items are at rest on the arc from the first frame: the clip starts after \(resting.count == 1 ? "it" : "they") bloomed, so the count, stagger and arc would be wrong; use a clip from before the tap"
      )
    }
    return f
  }

  /// The joint fit of tracked items (samples in pixels) around a first
  /// guess of their origin: first with a start per item (which gives the
  /// order: the one whose delays the starts follow best), then with the
  /// starts tied by the order and one stagger.
  public static func fit(
    items raw: [(region: FrameRegion, samples: [MotionSample], pixelStart: Double?)],
    origin o: (x: Double, y: Double), pixelsPerPoint ppp: Double
  ) throws(FitError) -> MenuFit {
    let n = raw.count
    // rest positions and their angles; items numbered along the arc
    func rest(_ s: [MotionSample]) -> (Double, Double) {
      let tail = s.suffix(3)
      return (
        tail.map(\.x).reduce(0, +) / Double(tail.count),
        tail.map { $0.y ?? 0 }.reduce(0, +) / Double(tail.count)
      )
    }
    let rests = raw.map { rest($0.samples) }
    let raw0 = rests.map { angleDegrees($0.0 - o.x, $0.1 - o.y) }
    let arc = arcOrder(raw0)
    let items = arc.indices.map { raw[$0] }
    let angles0 = arc.angles
    // per-item first guesses from a one-dimensional fit along its line
    var guesses: [SpringFit] = []
    for it in items {
      let (rx, ry) = rest(it.samples)
      let len = max(hypot(rx - o.x, ry - o.y), 1e-9)
      let (ux, uy) = ((rx - o.x) / len, (ry - o.y) / len)
      let values = it.samples.map { ($0.x - o.x) * ux + (($0.y ?? 0) - o.y) * uy }
      // why: a start from the pixels is where the first item left the
      // origin (every item's path box holds it), too early for the others
      guesses.append(SpringFit.fit(times: it.samples.map(\.t), values: values))
    }
    func median(_ v: [Double]) -> Double {
      let s = v.sorted()
      return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
    let w0 = median(guesses.map { $0.spring.naturalFrequency })
    let z0 = median(guesses.map { $0.spring.dampingRatio })
    let model = MenuModel(items: items.map(\.samples))
    // stage 1: a start per item
    var p1 = [o.x, o.y, log(w0), log(z0), 0.0]
    var s1 = [1e-3, 1e-3, 1e-5, 1e-5, 1e-4]
    for (k, it) in items.enumerated() {
      let (rx, ry) = rest(it.samples)
      p1 += [guesses[k].start, rx - o.x, ry - o.y]
      s1 += [1e-5, 1e-3, 1e-3]
    }
    let starts1: [[Double]] = [0.0, 1, 3].map { v in
      var p = p1
      p[4] = v
      return p
    }
    let free = LevenbergMarquardt.bestOf(
      starts: starts1, steps: s1, refine: 2, maxIterations: 300
    ) { model.residuals($0, starts: .free, snaps: false) }
    let ownStarts = (0..<n).map { free.parameters[5 + 3 * $0] }
    // why: an item seen only at rest (its track held it only there) has no
    // start of its own; the order and stagger come from the others
    let seen = (0..<n).filter { k in
      let s = items[k].samples
      guard let r = s.last else { return false }
      return s.contains { hypot($0.x - r.x, ($0.y ?? 0) - (r.y ?? 0)) >= MenuFinder.minimumReach }
    }
    guard seen.count >= MenuFit.minimumItems else {
      throw .notAMenu(
        "only \(seen.count) of the \(n) items were followed while they moved (\(MenuFit.minimumItems) needed)"
      )
    }
    // the order whose delays the items' own starts follow best
    var orderRMS: [(order: FanOrder, rms: Double)] = []
    var best: (order: FanOrder, t0: Double, stagger: Double, sse: Double) = (
      .forward, ownStarts.min() ?? 0, 0, .infinity
    )
    for order in FanOrder.allCases {
      let all = MotionPlan.delays(count: n, stagger: 1, order: order)
      let y = seen.map { ownStarts[$0] }
      var (t0, s, sse) = regress(y, on: seen.map { all[$0] })
      // why: a negative stagger is the mirrored order; this order then
      // explains the starts no better than all at once
      if s < 0 {
        t0 = y.reduce(0, +) / Double(y.count)
        s = 0
        sse = y.reduce(0) { $0 + ($1 - t0) * ($1 - t0) }
      }
      orderRMS.append((order, (sse / Double(seen.count)).squareRoot()))
      if sse < best.sse - 1e-12 { best = (order, t0, s, sse) }
    }
    // stage 2: the starts tied by the order
    let delays = MotionPlan.delays(count: n, stagger: 1, order: best.order)
    let tied = MenuModel.Starts.tied(delays)
    var p2 = Array(free.parameters[0..<5]) + [best.t0, best.stagger]
    var s2 = Array(s1[0..<5]) + [1e-5, 1e-5]
    // why: the arc's own model, one radius and an angle per item: the
    // items' shared distance pins the origin along their lines, which their
    // motion alone leaves loose (their first 30 % is hidden)
    let own: [(Double, Double)] = (0..<n).map { k in
      (free.parameters[6 + 3 * k], free.parameters[7 + 3 * k])
    }
    let distances: [Double] = own.map { hypot($0.0, $0.1) }
    p2.append(distances.reduce(0, +) / Double(n))
    s2.append(1e-3)
    for k in 0..<n {
      p2.append(unwrap(angleDegrees(own[k].0, own[k].1), near: angles0[k]) * .pi / 180)
      s2.append(1e-6)
    }
    var result = LevenbergMarquardt.minimise(start: p2, steps: s2, maxIterations: 300) {
      model.residuals($0, starts: tied, snaps: false)
    }
    // why: UIKit ends its animation at its duration with a jump of up to
    // 0.1 % of the travel, which a settling spring cannot draw (`SpringFit`)
    let snapped = LevenbergMarquardt.minimise(
      start: result.parameters, steps: s2, maxIterations: 200
    ) { model.residuals($0, starts: tied, snaps: true) }
    let snaps = snapped.cost < result.cost
    if snaps { result = snapped }
    let p = result.parameters
    let res = model.residuals(p, starts: tied, snaps: snaps)
    let count = res.count / 2
    var sq = 0.0
    var mx = 0.0
    for i in 0..<count {
      let e = hypot(res[2 * i], res[2 * i + 1])
      sq += e * e
      mx = max(mx, e)
    }
    let numbers = MenuModel.numbers(p, count: n, pixelsPerPoint: ppp, reference: angles0)
    // uncertainty: the larger of the Jacobian's (through each number's
    // gradient) and the jackknife's spread over blocks of samples
    var sigma = [Double](repeating: .infinity, count: numbers.count)
    if let cov = LevenbergMarquardt.covariance(
      at: p, steps: s2, residuals: { model.residuals($0, starts: tied, snaps: snaps) })
    {
      for j in numbers.indices {
        var g = [Double](repeating: 0, count: p.count)
        for k in p.indices where s2[k] != 0 {
          var a = p
          var b = p
          a[k] += s2[k]
          b[k] -= s2[k]
          let na = MenuModel.numbers(a, count: n, pixelsPerPoint: ppp, reference: angles0)[j]
          let nb = MenuModel.numbers(b, count: n, pixelsPerPoint: ppp, reference: angles0)[j]
          g[k] = (na - nb) / (2 * s2[k])
        }
        var v = 0.0
        for a in p.indices { for b in p.indices { v += g[a] * cov[a][b] * g[b] } }
        sigma[j] = v > 0 ? v.squareRoot() : .infinity
      }
    }
    if let jk = BlockJackknife.spread(
      parameters: p, steps: s2, count: count,
      residuals: { q, lo, hi in model.residuals(q, starts: tied, snaps: snaps, skip: lo..<hi) },
      numbers: { MenuModel.numbers($0, count: n, pixelsPerPoint: ppp, reference: angles0) })
    {
      for j in sigma.indices where sigma[j].isFinite { sigma[j] = max(sigma[j], jk[j]) }
    }
    // why: the items' first moments hide under the main button, so the
    // start and the initial velocity trade off almost freely (as in
    // `SpringFit`); a σ past what the numbers can be is "undetermined"
    if !(sigma[2] <= UIKitSpring.velocityRange.upperBound) { sigma[2] = .infinity }
    let times = items.flatMap { $0.samples.map(\.t) }
    if !(sigma[4] <= (times.max() ?? 0) - (times.min() ?? 0)) { sigma[4] = .infinity }
    let w = exp(p[2])
    let z = exp(p[3])
    let spring = Spring(mass: 1, stiffness: w * w, damping: 2 * z * w)
    // each item as the fit with a start and offset of its own saw it
    let fitted = (0..<n).map { k -> MenuFitItem in
      let (dx, dy) = own[k]
      return MenuFitItem(
        index: k, region: items[k].region, restX: free.parameters[0] + dx,
        restY: free.parameters[1] + dy,
        angle: unwrap(angleDegrees(dx, dy), near: angles0[k]), radius: hypot(dx, dy) / ppp,
        start: ownStarts[k], samples: items[k].samples.count)
    }
    // why: a stagger is never negative; the fit may wander just below 0
    let stagger = max(0, p[6])
    return MenuFit(
      items: fitted, originX: p[0], originY: p[1], pixelsPerPoint: ppp, spring: spring,
      velocity: p[4], start: p[5], stagger: stagger, order: best.order, orderRMS: orderRMS,
      radius: numbers[5], startAngle: numbers[6], endAngle: numbers[7],
      endsAfter: snaps ? SpringFit.uikitEnd(spring: spring, relativeVelocity: p[4]) : nil,
      rms: (sq / Double(max(count, 1))).squareRoot(), maxError: mx,
      uncertainty: MenuUncertainty(
        dampingRatio: sigma[0], response: sigma[1], velocity: sigma[2], stagger: sigma[3],
        start: sigma[4], radius: sigma[5], startAngle: sigma[6], endAngle: sigma[7]),
      excluded: [])
  }

  /// Least squares `y ≈ a + b·x`: (a, b, sum of squared residuals).
  static func regress(_ y: [Double], on x: [Double]) -> (Double, Double, Double) {
    let n = Double(y.count)
    let mx = x.reduce(0, +) / n
    let my = y.reduce(0, +) / n
    var sxy = 0.0
    var sxx = 0.0
    for i in y.indices {
      sxy += (x[i] - mx) * (y[i] - my)
      sxx += (x[i] - mx) * (x[i] - mx)
    }
    let b = sxx > 0 ? sxy / sxx : 0
    let a = my - b * mx
    let sse = y.indices.reduce(0.0) { $0 + pow(y[$1] - a - b * x[$1], 2) }
    return (a, b, sse)
  }

  /// Degrees of (dx, dy) on screen: 0° right, 90° down, in [0, 360).
  static func angleDegrees(_ dx: Double, _ dy: Double) -> Double {
    let a = atan2(dy, dx) * 180 / .pi
    return a < 0 ? a + 360 : a
  }

  /// `a` plus a whole number of turns, nearest `ref`.
  static func unwrap(_ a: Double, near ref: Double) -> Double {
    a + 360 * ((ref - a) / 360).rounded()
  }

  /// The items in arc order: angles increasing (clockwise on screen) from the
  /// one after the widest gap between neighbours, unwrapped so they rise
  /// past 360° when the arc crosses 0°. Returns the original indices in that
  /// order and their angles.
  /// why: a menu drawn from its end angle to its start with the opposite
  /// order looks the same frame by frame; the arc is reported increasing,
  /// so the order says which end moves first
  static func arcOrder(_ angles: [Double]) -> (indices: [Int], angles: [Double]) {
    let sorted = angles.indices.sorted { angles[$0] < angles[$1] }
    guard sorted.count > 1 else { return (sorted, sorted.map { angles[$0] }) }
    var widest = 0
    var gap = -1.0
    for k in sorted.indices {
      let a = angles[sorted[k]]
      let b = k + 1 < sorted.count ? angles[sorted[k + 1]] : angles[sorted[0]] + 360
      if b - a > gap {
        gap = b - a
        widest = k
      }
    }
    let first = (widest + 1) % sorted.count
    let order = (0..<sorted.count).map { sorted[(first + $0) % sorted.count] }
    var out: [Double] = []
    for i in order {
      var a = angles[i]
      if let last = out.last { while a < last { a += 360 } }
      out.append(a)
    }
    return (order, out)
  }
}

/// The menu's model and its residuals (x and y of every trusted sample of
/// every item, in pixels). Parameters: origin x, y; ln ω0; ln ζ; velocity
/// (travels/s); then either a start and offset (dx, dy) per item
/// (`.free`) or one start and the stagger, then the radius (pixels) and an
/// angle per item (radians) (`.tied`: the arc).
struct MenuModel {
  var items: [[MotionSample]]

  enum Starts {
    case free
    /// Each item's delay in staggers (`MotionPlan.delays` with stagger 1).
    case tied([Double])
  }

  /// Spring progress τ seconds after the start (0 before it).
  static func progress(_ tau: Double, spring: Spring, velocity v: Double, end: Double?) -> Double {
    if tau <= 0 { return 0 }
    if let e = end, tau >= e { return 1 }
    return 1 + spring.state(at: tau, x0: -1, v0: v).x
  }

  /// The residuals; `skip` leaves out samples by their place in the items'
  /// samples laid end to end (a jackknife block).
  func residuals(_ p: [Double], starts: Starts, snaps: Bool, skip: Range<Int>? = nil)
    -> [Double]
  {
    let w = exp(p[2])
    let z = exp(p[3])
    let total = items.reduce(0) { $0 + $1.count } - (skip?.count ?? 0)
    guard (0.3...3000).contains(w), (0.01...40).contains(z) else {
      return [Double](repeating: .infinity, count: 2 * total)
    }
    let spring = Spring(mass: 1, stiffness: w * w, damping: 2 * z * w)
    let end = snaps ? SpringFit.uikitEnd(spring: spring, relativeVelocity: p[4]) : nil
    var r: [Double] = []
    r.reserveCapacity(2 * total)
    var place = 0
    for (k, samples) in items.enumerated() {
      let t0: Double
      let dx: Double
      let dy: Double
      switch starts {
      case .free:
        (t0, dx, dy) = (p[5 + 3 * k], p[6 + 3 * k], p[7 + 3 * k])
      case .tied(let d):
        (t0, dx, dy) = (p[5] + p[6] * d[k], p[7] * cos(p[8 + k]), p[7] * sin(p[8 + k]))
      }
      for s in samples {
        defer { place += 1 }
        if let sk = skip, sk.contains(place) { continue }
        let g = MenuModel.progress(s.t - t0, spring: spring, velocity: p[4], end: end)
        r.append(p[0] + dx * g - s.x)
        r.append(p[1] + dy * g - (s.y ?? 0))
      }
    }
    return r
  }

  /// The reported numbers of tied parameters `p`: damping ratio, response
  /// (s), velocity (travels/s), stagger (s), start (s), radius (pt),
  /// start and end angle (degrees, unwrapped near `reference`).
  static func numbers(_ p: [Double], count n: Int, pixelsPerPoint ppp: Double, reference: [Double])
    -> [Double]
  {
    [
      exp(p[3]), 2 * .pi / exp(p[2]), p[4], p[6], p[5], p[7] / ppp,
      MenuFit.unwrap(p[8] * 180 / .pi, near: reference[0]),
      MenuFit.unwrap(p[7 + n] * 180 / .pi, near: reference[n - 1]),
    ]
  }
}
