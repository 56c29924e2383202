import Foundation

/// How the element of a video was chosen and followed.
public struct VideoTrack: Sendable {
  /// The region it was marked with, and the frame (index, time) it was marked on.
  public var region: FrameRegion
  public var markedIndex: Int
  public var markedTime: Double
  /// True when the largest moving blob was chosen (no `--region` given).
  public var chosenAutomatically: Bool
  /// One point per frame in the range; dropped ones have `found == false`.
  public var points: [TrackPoint]
  /// The motion start taken from pixel changes, when the element was not
  /// visible before it started moving (e.g. a fan item fading in).
  public var pixelStart: Double?
}

/// When `VideoFit.track` measures the element's angle too (`AngleTracker`).
public enum AngleTracking: Sendable {
  /// Never (the element's centre or size carries its motion).
  case never
  /// When its centre stays within `FitAxis.minimumAutoTravel`; the angle is
  /// kept when it spans more than `FitAxis.minimumAutoAngle`.
  case whenStill
  /// As `whenStill`, and for an element that travels too: its angle is
  /// kept when it spans more than `FitAxis.minimumAutoSpin` (`--axis auto`).
  case whenTurning
  /// Always, and always kept (`--axis angle`).
  case always
}

/// Tracks an element through grey frames and fits its motion: the pure part
/// of `springlab fit VIDEO` (decoding lives outside SpringLabCore).
public enum VideoFit {
  /// A moving blob whose box covers more of the frame than this, or whose
  /// frame-to-frame changes span more of it (the box of their middle 90 %
  /// across and down), is not taken as one element.
  public static let maximumBlobShare = 0.25
  /// The smallest travel (pixels) that counts as motion in a video.
  public static let minimumTravel = 1.0

  /// Where the element is: marked by `region` on the frame nearest
  /// `regionAt` (default: the first frame), or the largest moving blob.
  /// `progress(done, total)`: the tracker's steps (`ElementTracker.track`).
  /// `mask`: the element's own pixels on the marked frame (frame-sized),
  /// when known (`MenuFinder`); else they are found (`MotionFinder.elementMask`).
  /// `changeLevel`: the clip's `MotionFinder.level`, when already known (a
  /// menu tracks several elements of one clip).
  /// `angles`: when the element's angle is tracked too; when it is kept,
  /// each point carries it and a frame whose angle is not found is dropped.
  /// `recoverFades`: look again at the frames dropped while the element
  /// fades over a still background (`ElementTracker.recoverFaded`).
  public static func track(
    frames: [GreyFrame], region: FrameRegion?, regionAt: Double?, mask known: [Bool]? = nil,
    changeLevel: Int? = nil, angles: AngleTracking = .never, recoverFades: Bool = true,
    progress: ((Int, Int) -> Void)? = nil
  ) throws(FitError) -> VideoTrack {
    guard frames.count >= 2 else { throw .tooFewSamples(frames.count) }
    var index = 0
    var rect: FrameRegion
    var auto = false
    if let r = region {
      if let at = regionAt {
        index = frames.indices.min { abs(frames[$0].pts - at) < abs(frames[$1].pts - at) }!
      }
      rect = r
      let w = Double(frames[0].width)
      let h = Double(frames[0].height)
      guard r.x >= 0, r.y >= 0, r.x + r.width <= w, r.y + r.height <= h else {
        throw .unreadable(
          "--region \(r) is outside the \(frames[0].width)x\(frames[0].height) frame")
      }
    } else {
      guard let blob = MotionFinder.largestMovingBlob(frames) else {
        throw .noMotion(
          "no pixel changes by more than \(MotionFinder.changeLevel) grey levels in at least \(MotionFinder.minimumChangedPixels) pixels between frames"
        )
      }
      // why: changes spread over much of the frame are grain, compression or
      // a scroll, not one element; a fit of that would be made up. Grain can
      // leave a small blob (where the element arrives, bridged by noise) while
      // its changes fill the frame, so where the changes lie is judged too
      let share = max(
        blob.spread,
        blob.region.width * blob.region.height / Double(frames[0].width * frames[0].height))
      guard share <= maximumBlobShare else {
        throw .noMotion(
          "no single moving element: the changing pixels span \(Int((share * 100).rounded())) % of the frame (more than \(Int(maximumBlobShare * 100)) %); mark the element with --region"
        )
      }
      index = blob.index
      rect = blob.region
      auto = true
    }
    let mask = known ?? MotionFinder.elementMask(frames, region: rect, at: index)
    var points = ElementTracker.track(
      frames: frames, region: rect, at: index, mask: mask, progress: progress)
    if recoverFades {
      points = ElementTracker.recoverFaded(
        points, frames: frames, region: rect, at: index, mask: mask)
    }
    do throws(FitError) {
      if angles == .never {
        try ElementTracker.checkGaps(points)
      } else {
        points = try turned(points, frames: frames, region: rect, at: index, angles: angles)
      }
    } catch {
      // why: with no --region the designer never chose what was followed;
      // "element lost" alone did not say which area had been picked
      if auto, case .lostElement(let t, let c) = error {
        throw .lostPickedElement(time: t, correlation: c, region: rect, at: frames[index].pts)
      }
      throw error
    }
    var pixelStart: Double?
    // why: an element hidden before it moves (fading or growing in) gives no
    // resting samples, so the start time cannot come from its track; the last
    // still frame of its path's pixels gives it instead
    if let first = points.firstIndex(where: \.found), first > 0 {
      let found = points.filter(\.found)
      let pad = max(rect.width, rect.height) * 0.75
      let xs = found.map(\.x)
      let ys = found.map(\.y)
      let box = FrameRegion(
        x: xs.min()! - pad, y: ys.min()! - pad, width: xs.max()! - xs.min()! + 2 * pad,
        height: ys.max()! - ys.min()! + 2 * pad)
      if let still = MotionFinder.lastStillFrame(
        frames, in: box, upTo: first, level: changeLevel)
      {
        pixelStart = frames[still].pts
      }
    }
    return VideoTrack(
      region: rect, markedIndex: index, markedTime: frames[index].pts, chosenAutomatically: auto,
      points: points, pixelStart: pixelStart)
  }

  /// `points` with the element's angle (`AngleTracker`, the disk inscribed
  /// in `region` marked on `frames[index]`) when `angles` asks for it. When
  /// the angle is kept, the angle tracker's points stand: its centre, size,
  /// contrast (its gain times the marked frame's contrast), score and which
  /// frames it found; when not, `points` as they were, checked for gaps.
  /// why: a glyph turned by 45° no longer matches the position tracker's
  /// unturned template (the main button's region scored 0.58 and was
  /// "lost"); the angle tracker follows the centre as well as the angle
  static func turned(
    _ points: [TrackPoint], frames: [GreyFrame], region: FrameRegion, at index: Int,
    angles: AngleTracking
  ) throws(FitError) -> [TrackPoint] {
    var lost: FitError?
    do { try ElementTracker.checkGaps(points) } catch { lost = error }
    if angles == .whenStill, lost == nil,
      FitAxis.netTravel(samples(fromPoints: points)) >= FitAxis.minimumAutoTravel
    {
      return points
    }
    let origin = points[index]
    // why: a lost track's centres are no guide; the angle tracker then
    // follows the centre from its own last shift
    let shifts =
      lost != nil
      ? nil
      : points.map { p -> (x: Double, y: Double)? in
        p.found ? (p.x - origin.x, p.y - origin.y) : nil
      }
    // why: an element that grows as it turns (a fan item's spin) matches
    // the marked template only at its own size
    let sizes = lost != nil ? nil : points.map { $0.found ? $0.scale : nil }
    // why: most travelling elements do not turn; a look on a sparse grid
    // of the disk (a tenth of the work on a large element) says whether
    // this one does before it is followed on every pixel
    if angles == .whenTurning, lost == nil,
      FitAxis.netTravel(samples(fromPoints: points)) >= FitAxis.minimumAutoTravel
    {
      let look = AngleTracker.track(
        frames: frames, region: region, at: index, shifts: shifts, sizes: sizes,
        maxPoints: Self.turnLookPoints)
      guard Self.spins(look.filter(\.found)) else { return points }
    }
    let turns = AngleTracker.track(
      frames: frames, region: region, at: index, shifts: shifts, sizes: sizes)
    let seen = turns.filter(\.found)
    let still =
      FitAxis.netTravel(seen.map { MotionSample(t: $0.t, x: $0.x, y: $0.y) })
      < FitAxis.minimumAutoTravel
    let span = (seen.map(\.degrees).max() ?? 0) - (seen.map(\.degrees).min() ?? 0)
    // why: an element that travels and turns (a fan item's spin) is fitted
    // on its angle with its position, size and opacity; one that travels
    // without turning must not be: its angle is the tracker's drift, a few
    // degrees where its glyph is small or faint
    let spins = angles == .whenTurning && !still && Self.spins(seen)
    guard angles == .always || (still && span > FitAxis.minimumAutoAngle) || spins else {
      if let e = lost { throw e }
      return points
    }
    var out = points
    // why: the turned template's size and gain are the element's own; the
    // position tracker's unturned one reads a turned glyph as smaller and fainter
    let shown = points[index].contrast
    for i in out.indices {
      out[i].x = turns[i].x
      out[i].y = turns[i].y
      out[i].scale = turns[i].size
      out[i].contrast = turns[i].gain * shown
      out[i].score = turns[i].score
      out[i].found = turns[i].found
      out[i].angle = turns[i].found ? turns[i].degrees : nil
    }
    try ElementTracker.checkGaps(out)
    return out
  }

  /// The smallest correlation between a travelling element's angle and its
  /// distance along its travel for `auto` to fit its angle.
  public static let minimumTurnTravelCorrelation = 0.99

  /// |Pearson correlation| of the angle and the distance along the travel
  /// (`FitAxis.alongTravel`) over `turns` (found points); 0 when either is constant.
  static func travelCorrelation(_ turns: [AnglePoint]) -> Double {
    let along = FitAxis.alongTravel(turns.map { MotionSample(t: $0.t, x: $0.x, y: $0.y) })
    let a = turns.map(\.degrees)
    let n = Double(a.count)
    guard a.count >= 3 else { return 0 }
    let ma = a.reduce(0, +) / n
    let mb = along.reduce(0, +) / n
    var sab = 0.0
    var saa = 0.0
    var sbb = 0.0
    for i in a.indices {
      sab += (a[i] - ma) * (along[i] - mb)
      saa += (a[i] - ma) * (a[i] - ma)
      sbb += (along[i] - mb) * (along[i] - mb)
    }
    guard saa > 0, sbb > 0 else { return 0 }
    return abs(sab) / (saa * sbb).squareRoot()
  }

  /// True when the angle follows the travel (`travelCorrelation` at least
  /// `minimumTurnTravelCorrelation`): both then carry one progress, as a fan
  /// item's spin does with its bloom.
  /// why: a plain disk (the bubble) has no angle to follow; the tracker's
  /// angle then drifts, by 20° or more on a noisy clip, with no relation to its travel
  static func turnFollowsTravel(_ turns: [AnglePoint]) -> Bool {
    travelCorrelation(turns) >= minimumTurnTravelCorrelation
  }

  /// True when the found `turns` span more than `FitAxis.minimumAutoSpin`
  /// and follow the travel (`turnFollowsTravel`).
  static func spins(_ turns: [AnglePoint]) -> Bool {
    let a = turns.map(\.degrees)
    return (a.max() ?? 0) - (a.min() ?? 0) > FitAxis.minimumAutoSpin && turnFollowsTravel(turns)
  }

  /// The disk's points at most in the first look at a travelling element's angle.
  static let turnLookPoints = 400

  /// The trusted samples of a track.
  public static func samples(_ track: VideoTrack) -> [MotionSample] {
    samples(fromPoints: track.points)
  }

  /// The trusted points as samples (what a window feeding the tracker frame by
  /// frame hands to `MotionFit.fit`).
  /// Each sample's `alpha` is its contrast over the element's contrast when
  /// fully shown: the larger of the medians of the first three and the last
  /// three trusted points (an element fades in or out); or, when every
  /// trusted point has one, the opacity the background model measured
  /// (`ElementTracker.recoverFaded`).
  public static func samples(fromPoints points: [TrackPoint]) -> [MotionSample] {
    let found = points.filter(\.found)
    if !found.isEmpty, found.allSatisfy({ $0.alpha != nil }) {
      return found.map {
        MotionSample(
          t: $0.t, x: $0.x, y: $0.y, scale: $0.scale, score: $0.score, alpha: $0.alpha,
          angle: $0.angle)
      }
    }
    func median(_ s: ArraySlice<TrackPoint>) -> Double {
      let c = s.map(\.contrast).sorted()
      return c.isEmpty ? 0 : c[c.count / 2]
    }
    let shown = max(median(found.prefix(3)), median(found.suffix(3)))
    return found.map {
      MotionSample(
        t: $0.t, x: $0.x, y: $0.y, scale: $0.scale, score: $0.score,
        alpha: shown > 0 ? $0.contrast / shown : nil, angle: $0.angle)
    }
  }

  /// Tracks and fits.
  public static func fit(
    frames: [GreyFrame], region: FrameRegion?, regionAt: Double?, axis: FitAxis,
    progress: ((Int, Int) -> Void)? = nil
  ) throws(FitError) -> (track: VideoTrack, fit: MotionFit) {
    let turns: AngleTracking = axis == .angle ? .always : axis == .auto ? .whenTurning : .never
    let tr = try track(
      frames: frames, region: region, regionAt: regionAt, angles: turns, progress: progress)
    let f = try MotionFit.fit(
      samples(tr), axis: axis, minimumTravel: minimumTravel, fixedStart: tr.pixelStart)
    return (tr, f)
  }
}
