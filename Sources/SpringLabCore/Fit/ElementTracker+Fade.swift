import Foundation

// why: an element fading in or out over a textured background is matched by
// a model of its own (a composite over that background), a concern apart
// from the correlation search that follows it while it is shown
extension ElementTracker {
  /// A fading element's frame is kept only when the background model
  /// explains it this well: the correlation (uncentred, −1…1) of
  /// frame − background with template − background at the best placement
  /// (`composite`).
  /// why: measured on the rendered clips, the bubble menu's panel 16…60 %
  /// shown over the list's text scores 0.94…0.985 (its centre within
  /// 0.25 px, its size within 1 %); a fan item coming out from under the
  /// turning main button (occluded, not faded) in a CRF 35 re-encode
  /// scored 0.92 with its centre 0.8 px off, and kept it moved that clip's
  /// damping ratio from +0.60 % to +1.30 %. Below the bound the frame stays
  /// dropped: never a guessed sample
  public static let fadeCorrelation = 0.93
  /// The template must differ from the background frame by at least this
  /// RMS (grey levels) where it is matched: else the element is in the
  /// background frame too (or looks like it), and the model says nothing.
  public static let minimumFadeEnergy = 8.0
  /// Opacities below this are not kept: the difference is mostly noise.
  public static let minimumFadeAlpha = 0.08
  /// Sizes (relative to the marked region) the background model searches:
  /// the tracker's own (`scaleSteps`, 1.05⁻²⁰…1.05⁶).
  static let fadeSizes = 0.37...1.35

  /// A placement of the element: centre (pixel-centre coordinates) and
  /// size relative to the marked region.
  struct Placement: Equatable {
    var x: Double
    var y: Double
    var scale: Double
  }

  /// How well `frame` at `p` is the template composited over `background`.
  struct Composite {
    /// Correlation of frame − background with template − background, −1…1.
    var score: Double
    /// Least-squares opacity: frame − background ≈ alpha · (template − background).
    var alpha: Double
    /// RMS of template − background under the weights, grey levels.
    var energy: Double
  }

  /// Scores placement `p` of the element in `frame` as frame = a·T + (1 − a)·B:
  /// the template T (the marked frame's pixels, warped to `p`; bilinear)
  /// over its footprint (the element's mask, or its region's coverage of
  /// each pixel when there is none), B the same pixels of `background`.
  /// Scored over the footprint's box widened by half its size and 2 px
  /// (`fadeMargin`), where the model says the frame is the background.
  /// `stride` skips pixels (2: every other row and column) for the coarse
  /// search. nil when no footprint falls inside the frame.
  /// why: a faint panel is mostly its flat fill over the text behind, so
  /// scored on its own footprint only, any smaller placement inside it
  /// (flat fill too) matches as well as the true one (a 60 fps menu frame
  /// went to 0.30 of the panel's size, scored 0.98); the widened box makes
  /// the part of the frame the placement leaves out count against it
  func composite(
    _ frame: GreyFrame, background: GreyFrame, at p: Placement, stride: Int = 1
  ) -> Composite? {
    let ref = refPyramid[0]
    let mask = maskPyramid?[0]
    let hw = regionWidth * p.scale / 2
    let hh = regionHeight * p.scale / 2
    let mw = hw * (1 + Self.fadeMargin) + 2
    let mh = hh * (1 + Self.fadeMargin) + 2
    let x0 = max(0, Int((p.x - mw).rounded(.down)))
    let x1 = min(frame.width - 1, Int((p.x + mw).rounded(.up)))
    let y0 = max(0, Int((p.y - mh).rounded(.down)))
    let y1 = min(frame.height - 1, Int((p.y + mh).rounded(.up)))
    guard x1 >= x0, y1 >= y0 else { return nil }
    var sm = 0.0
    var sme = 0.0
    var sde = 0.0
    var see = 0.0
    var sdd = 0.0
    let inv = 1 / p.scale
    for py in Swift.stride(from: y0, through: y1, by: stride) {
      let dy = Double(py) - p.y
      // why: a pixel counts by how much of it the region covers, so the
      // score changes smoothly with the placement (no pixel pops in or out)
      let cy = min(1, max(0, hh + 0.5 - abs(dy)))
      let v = refCenter.y + dy * inv
      let row = py * frame.width
      for px in Swift.stride(from: x0, through: x1, by: stride) {
        let b = Double(background.pixels[row + px])
        let d = Double(frame.pixels[row + px]) - b
        sdd += d * d
        let dx = Double(px) - p.x
        var m = min(1, max(0, hw + 0.5 - abs(dx))) * cy
        if m <= 0 { continue }
        let u = refCenter.x + dx * inv
        if let mk = mask { m *= Double(mk.sample(u, v)) }
        if m <= 0 { continue }
        let e = Double(ref.sample(u, v)) - b
        sm += m
        sme += m * e * e
        let me = m * e
        sde += d * me
        see += me * me
      }
    }
    guard sm > 0, see > 0 else { return nil }
    let score = sdd > 0 ? sde / (sdd * see).squareRoot() : 0
    return Composite(score: score, alpha: sde / see, energy: (sme / sm).squareRoot())
  }

  /// How far beyond its footprint (a fraction of its size, each side) a
  /// placement is scored by `composite`.
  /// why: the sizes searched reach 0.3 (natural log, ×0.74) below the
  /// guess, whose footprint a quarter smaller must still leave the true
  /// one inside the scored box
  static let fadeMargin = 0.5

  /// The best placement near `guess` by the background model: a grid of
  /// ±`reach` px (2 px apart, every `coarseStride`-th pixel scored) over
  /// sizes ±`sizeReach` (natural log, 0.05 apart), then a compass search
  /// halving its steps down to 1/64 px and 0.001 in log size.
  func fadeSearch(
    _ frame: GreyFrame, background: GreyFrame, near guess: Placement, reach: Double,
    sizeReach: Double = 0.3
  ) -> (Placement, Composite)? {
    var best: (Placement, Double)?
    // why: the grid only picks the basin; ~20 pixels across the element's
    // short side find it. Every other pixel of a 1080p fan item (~150 px)
    // would be ~10⁸ pixel scores a frame over the ±24 px, 13-size grid
    let short = min(regionWidth, regionHeight) * guess.scale
    let coarseStride = max(2, Int(short / 20))
    let r = Int((reach / 2).rounded(.up))
    let k = Int((sizeReach / 0.05).rounded())
    for n in -k...k {
      let s = guess.scale * exp(0.05 * Double(n))
      guard s >= Self.fadeSizes.lowerBound, s <= Self.fadeSizes.upperBound else { continue }
      for j in -r...r {
        for i in -r...r {
          let p = Placement(x: guess.x + 2 * Double(i), y: guess.y + 2 * Double(j), scale: s)
          guard let c = composite(frame, background: background, at: p, stride: coarseStride) else {
            continue
          }
          if best == nil || c.score > best!.1 { best = (p, c.score) }
        }
      }
    }
    guard var (p, _) = best, var c = composite(frame, background: background, at: p) else {
      return nil
    }
    var step = (xy: 1.0, log: 0.025)
    while step.xy >= 1.0 / 64 {
      var moved = true
      while moved {
        moved = false
        var tries = [
          Placement(x: p.x + step.xy, y: p.y, scale: p.scale),
          Placement(x: p.x - step.xy, y: p.y, scale: p.scale),
          Placement(x: p.x, y: p.y + step.xy, scale: p.scale),
          Placement(x: p.x, y: p.y - step.xy, scale: p.scale),
        ]
        // why: an element growing about an edge or corner (a menu about its
        // anchor) keeps that edge still, so its centre and size move
        // together: a search moving one at a time stalls in that diagonal
        // valley (a 60 fps menu frame stopped 1.2 px and 3 % off); each
        // size step is tried with each edge and corner kept in place
        for sign in [1.0, -1.0] {
          let s = p.scale * exp(sign * step.log)
          let gx = regionWidth * (s - p.scale) / 2
          let gy = regionHeight * (s - p.scale) / 2
          for kx in [-1.0, 0, 1] {
            for ky in [-1.0, 0, 1] {
              tries.append(Placement(x: p.x + kx * gx, y: p.y + ky * gy, scale: s))
            }
          }
        }
        for q in tries where Self.fadeSizes.contains(q.scale) {
          if let d = composite(frame, background: background, at: q), d.score > c.score {
            p = q
            c = d
            moved = true
          }
        }
      }
      step = (step.xy / 2, max(0.001, step.log / 2))
    }
    return (p, c)
  }

  /// Whether composite `c` is a kept sample of a fading element.
  static func keeps(_ c: Composite) -> Bool {
    c.score >= fadeCorrelation && c.energy >= minimumFadeEnergy && c.alpha >= minimumFadeAlpha
      && c.alpha <= 1.25
  }

  /// `points` (a track of `region` marked on `frames[index]`) with the
  /// dropped frames before the first found point and after the last one
  /// looked at again with the background model (`composite`): an element
  /// fading in is there, faint, before the correlation finds it (text behind
  /// a panel under ~70 % opacity outweighs it), and one fading out after.
  ///
  /// The background is the range's first frame for the frames before
  /// (fade-in), its last for those after (fade-out): the end the element
  /// is least present at. It serves only when the model explains the found
  /// point next to the run (`keeps`: the element stands out from the
  /// background there, so it is not in the background frame). From that
  /// point outwards each frame is searched around the placement its two
  /// neighbours predict, and kept while the model fits (`keeps`); the first
  /// frame it does not fit ends the run (fainter ones further out are not
  /// tried).
  ///
  /// When a frame was kept, every found point's opacity is measured by the
  /// model too (`TrackPoint.alpha`), so the opacity channel is one
  /// measurement throughout; when some found point does not fit the model
  /// (the element crosses something the background frame lacks), none is,
  /// and the kept frames carry their contrast as the found ones do.
  static func recoverFaded(
    _ points: [TrackPoint], frames: [GreyFrame], region: FrameRegion, at index: Int,
    mask: [Bool]?
  ) -> [TrackPoint] {
    guard frames.count == points.count, frames.indices.contains(index),
      let first = points.firstIndex(where: \.found),
      let last = points.lastIndex(where: \.found)
    else { return points }
    var tracker = ElementTracker(frame: frames[index], region: region, mask: mask)
    var out = points
    var kept = 0
    // (run from the found boundary outwards, background frame index)
    let runs: [([Int], Int)] = [
      (Array(stride(from: first - 1, through: 0, by: -1)), 0),
      (Array((last + 1)..<points.count), points.count - 1),
    ]
    var backgrounds: [Int] = []
    for (run, bg) in runs where !run.isEmpty {
      let background = frames[bg]
      let edge = run[0] < first ? first : last
      let inner = run[0] < first ? first + 1 : last - 1
      let e = out[edge]
      guard
        let c = tracker.composite(
          frames[edge], background: background, at: Placement(x: e.x, y: e.y, scale: e.scale)),
        keeps(c)
      else { continue }
      backgrounds.append(bg)
      // the two latest placements, nearest the run last
      var prev = Placement(x: e.x, y: e.y, scale: e.scale)
      var before = prev
      if out.indices.contains(inner), out[inner].found {
        before = Placement(x: out[inner].x, y: out[inner].y, scale: out[inner].scale)
      }
      for i in run where i != bg {
        let guess = Placement(
          x: 2 * prev.x - before.x, y: 2 * prev.y - before.y,
          scale: min(
            max(prev.scale * prev.scale / before.scale, fadeSizes.lowerBound),
            fadeSizes.upperBound))
        let travel = hypot(prev.x - before.x, prev.y - before.y)
        // why: the prediction is a straight line; a spring's first frames
        // bend away from it by up to about its last step
        let reach = min(24, max(4, travel + 3))
        guard
          let (p, c) = tracker.fadeSearch(
            frames[i], background: background, near: guess, reach: reach),
          keeps(c)
        else { break }
        out[i].x = p.x
        out[i].y = p.y
        out[i].scale = p.scale
        out[i].score = c.score
        out[i].found = true
        out[i].alpha = c.alpha
        out[i].contrast = Double(tracker.contrast(frames[i], at: p))
        kept += 1
        before = prev
        prev = p
      }
    }
    guard kept > 0 else { return points }
    // every found point's opacity from the model, or none's
    var alphas: [Int: Double] = [:]
    for i in out.indices where out[i].found && out[i].alpha == nil {
      let p = Placement(x: out[i].x, y: out[i].y, scale: out[i].scale)
      var a: Double?
      for bg in backgrounds {
        if let c = tracker.composite(frames[i], background: frames[bg], at: p), keeps(c) {
          a = c.alpha
          break
        }
      }
      // why: half the channel from the model and half from the contrast
      // would be two measurements of different bias in one channel; the
      // kept frames' contrast stands in, as for every found one
      guard let a else {
        return out.map {
          var q = $0
          q.alpha = nil
          return q
        }
      }
      alphas[i] = a
    }
    for (i, a) in alphas { out[i].alpha = a }
    return out
  }

  /// `ElementTracker.contrast` of `frame` under the template at placement
  /// `p` (whole pixels: the contrast hardly changes within one).
  mutating func contrast(_ frame: GreyFrame, at p: Placement) -> Float {
    let t = template(level: 0, steps: log(p.scale) / log(Self.scaleBase))
    let tlx = Int((p.x - Double(t.width - 1) / 2).rounded())
    let tly = Int((p.y - Double(t.height - 1) / 2).rounded())
    guard tlx >= 0, tly >= 0, tlx + t.width <= frame.width, tly + t.height <= frame.height else {
      return 0
    }
    let img = FloatImage(frame, x0: tlx, y0: tly, w: t.width, h: t.height)
    return Self.contrast(img, t, 0, 0)
  }
}
