import SpringLabCore
import SpringLabUI

extension StudioState {
  // MARK: backdrop video

  /// A dropped or typed backdrop: an image is checked, a video decoded at
  /// the screen's size on the window (both in the shell).
  mutating func openBackdrop(_ path: String, _ fx: inout [StudioEffect]) {
    guard DroppedFile(path: path) == .video else {
      fx.append(.checkBackdrop(path: path))
      flash("Loading \(StudioFiles.lastComponent(path))…")
      return
    }
    let r = screenRect
    // why: decoded at display size (the frames are drawn stretched to the
    // screen and tracked there), never larger than `maxSide`
    let k = min(1, Double(VideoBackdrop.maxSide) / max(r.w, r.h, 1))
    fx.append(
      .decodeVideo(
        VideoDecodeRequest(
          path: path, width: max(16, Int((r.w * k).rounded())),
          height: max(16, Int((r.h * k).rounded())), maxBytes: VideoBackdrop.memoryCap)))
    flash("Decoding \(StudioFiles.lastComponent(path))…")
  }

  mutating func videoLoaded(_ path: String, _ r: Result<DecodedVideo, StudioFailure>) {
    switch r {
    case .failure(let e): flash(e.message)
    case .success(let v):
      guard !v.frames.isEmpty else {
        flash("\(StudioFiles.lastComponent(path)): no video frames")
        return
      }
      // why: the video's first frame shows at timeline time 0, so a scripted session
      // (--play, --pause-at) shows the same frame at the same time whenever it loaded
      videoBackdrop = VideoBackdrop(video: v, origin: 0)
      overlays.backdrop = nil
      var text =
        "Backdrop: \(StudioFiles.lastComponent(path)), \(v.frames.count) frames · drag a rectangle around the element, then F to fit"
      if v.keptEvery > 1 {
        text =
          "Backdrop: \(StudioFiles.lastComponent(path)): only 1 frame in \(v.keptEvery) kept (\(VideoBackdrop.memoryCap >> 20) MiB limit) · drag a rectangle, then F"
      }
      flash(text)
    }
  }

  /// M: drags on the canvas mark the element, or reach the scene again.
  mutating func toggleMarking() {
    guard var v = videoBackdrop else {
      flash("Drop a video on the window first (it becomes the backdrop)")
      return
    }
    v.marking.toggle()
    videoBackdrop = v
    flash(
      v.marking
        ? "Mark: drag a rectangle around the element on the video"
        : "Mark off: drags reach the scene")
  }

  /// Starts a rectangle when marking and the press is on the screen.
  mutating func beginMark(_ x: Double, _ y: Double) -> Bool {
    guard let v = videoBackdrop, v.marking, screenRect.contains(x, y) else { return false }
    let at = v.video.times[v.frameIndex(at: timeline.time)]
    gesture = .markRegion(from: videoPixel(v, x, y), at: at, replacing: v.region)
    return true
  }

  /// The rectangle from the press to (x, y), in video pixels.
  mutating func dragMark(from a: Point, at: Double, _ x: Double, _ y: Double) {
    guard var v = videoBackdrop else { return }
    let b = videoPixel(v, x, y)
    v.region = FrameRegion(
      x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    v.regionAt = at
    videoBackdrop = v
  }

  mutating func endMark(
    from a: Point, at: Double, _ x: Double, _ y: Double, replacing old: FrameRegion?
  ) {
    dragMark(from: a, at: at, x, y)
    guard var v = videoBackdrop, let r = v.region else { return }
    guard r.width >= VideoBackdrop.minimumRegion, r.height >= VideoBackdrop.minimumRegion else {
      v.region = nil
      videoBackdrop = v
      // why: a click is how a mark is cleared, and "drag a larger
      // rectangle" read as an error to the designer who meant to clear it
      flash(
        old != nil
          ? "Mark cleared · drag a rectangle around the element to mark it again"
          : "Drag a larger rectangle around the element (at least 4 × 4 video pixels)")
      return
    }
    let range = v.rangeArguments.isEmpty ? "" : " " + v.rangeArguments
    flash(
      "Element marked at \(Fmt.fixed(at, 3)) s (--region \(r) --region-at \(Fmt.fixed(at, 3))\(range)) · F fits it onto \(graphSettings.target.title)"
    )
  }

  /// After a frame step with a backdrop video: which of its frames shows.
  /// why: marking on the right frame and setting `[`/`]` needs the video's
  /// own time, which nothing on the window showed while stepping
  mutating func sayVideoFrame() {
    guard let v = videoBackdrop else { return }
    let i = v.frameIndex(at: timeline.time)
    flash(
      "Video \(Fmt.fixed(v.video.times[i], 3)) s · frame \(i + 1) of \(v.video.times.count)")
  }

  /// `[` / `]`: the fit's range starts or ends at the frame shown (video
  /// seconds); again on the same frame clears that end. An end that would
  /// fall on the wrong side of the other clears the other.
  mutating func setFitRange(start: Bool) {
    guard var v = videoBackdrop else {
      flash("Drop a video on the window first (it becomes the backdrop)")
      return
    }
    let t = v.video.times[v.frameIndex(at: timeline.time)]
    // why: an end on the wrong side of the other clears the other, which the
    // toast must say (the walk-through saw its --to vanish unexplained)
    var dropped: String?
    if start {
      v.fitFrom = v.fitFrom == t ? nil : t
      if let a = v.fitFrom, let b = v.fitTo, a >= b {
        v.fitTo = nil
        dropped = "its end at \(Fmt.fixed(b, 3)) s was not after it, so it is cleared"
      }
    } else {
      v.fitTo = v.fitTo == t ? nil : t
      if let a = v.fitFrom, let b = v.fitTo, a >= b {
        v.fitFrom = nil
        dropped = "its start at \(Fmt.fixed(a, 3)) s was not before it, so it is cleared"
      }
    }
    videoBackdrop = v
    let range = v.rangeArguments
    flash(
      range.isEmpty
        ? "Fit range cleared: F looks at the whole clip"
        : "Fit range \(range) (\(v.framesInRange.count) frames)"
          + (dropped.map { " · " + $0 } ?? " · F fits only that stretch"))
  }

  /// F: tracks the marked element and fits, in the shell.
  mutating func fitBackdrop(_ fx: inout [StudioEffect]) {
    guard var v = videoBackdrop else {
      flash("Fit needs a backdrop video: drop one on the window")
      return
    }
    guard !v.fitting else {
      flash("A fit is already running")
      return
    }
    let target = graphSettings.target
    let keep = v.framesInRange
    guard keep.count >= 3 else {
      fitRefused("Fit: the range holds \(keep.count) frames; widen it ([ and ] again clear it)")
      return
    }
    let frames = keep.map { v.video.frames[$0] }
    let times = keep.map { v.video.times[$0] }
    // why: the frames of the range, and any the backdrop skipped between
    // them, are the ones the full-size decode keeps
    let range: ClosedRange<Double>? =
      v.fitFrom == nil && v.fitTo == nil ? nil : (times[0] - 1e-6)...(times[times.count - 1] + 1e-6)
    // why: with no element marked while the graph shows the fan's expand,
    // the whole menu is what the designer wants from the recording
    if v.region == nil && target == .fanExpand {
      guard let first = frames.first else { return }
      v.fitting = true
      videoBackdrop = v
      fx.append(
        .fitMenu(
          MenuFitRequest(
            frames: frames, times: times,
            pixelsPerPoint: Double(first.width) / timeline.scene.device.width,
            source: VideoFitSource(
              path: v.video.path, range: range,
              pixelsPerPoint: Double(v.video.sourceWidth) / timeline.scene.device.width))))
      flash("Finding and fitting the whole menu…")
      return
    }
    guard let r = v.region, let at = v.regionAt else {
      fitRefused(
        "Fit: drag a rectangle around the element on the video first (M), or graph the fan's expand (G) to fit the whole menu"
      )
      return
    }
    guard target != .keyboard else {
      fitRefused("The keyboard's slide is fixed; pick a motion on the graph first (G)")
      return
    }
    guard at >= times[0] - 1e-9, at <= times[times.count - 1] + 1e-9 else {
      fitRefused(
        "Fit: the element was marked at \(Fmt.fixed(at, 3)) s, outside the range \(v.rangeArguments): mark it inside, or clear the range ([ or ] again there)"
      )
      return
    }
    v.fitting = true
    videoBackdrop = v
    fx.append(
      .fitVideo(
        VideoFitRequest(
          frames: frames, times: times, region: v.frameRegion(r), regionAt: at, target: target,
          source: VideoFitSource(path: v.video.path, range: range, region: r))))
    flash("Tracking and fitting \(target.title)…")
  }

  /// A fit came back: applied to `target` in one undo step, its samples on
  /// the graph; an error or a poor fit changes nothing but says why.
  mutating func fitFinished(_ target: GraphTarget, _ r: Result<MotionFit, StudioFailure>) {
    videoBackdrop?.fitting = false
    videoBackdrop?.lastFit = []
    let fit: MotionFit
    switch r {
    case .failure(let e):
      fitSays("Fit: " + e.message)
      return
    case .success(let f): fit = f
    }
    videoBackdrop?.lastFit = FitReport.lines(fit)
    videoBackdrop?.overlay = FitOverlay(
      target: target, points: Self.overlayPoints(fit, falling: target == .fanCollapse))
    graphSettings.target = target
    if fit.isPoor {
      fitSays(
        "Fit: poor (RMS \(Fmt.fixed(fit.rmsFraction * 100, 1)) % of the travel > \(Fmt.fixed(MotionFit.poorFitBound * 100, 0)) %): not applied; mark the element more tightly, or fit from later ([) if it passes others"
      )
      return
    }
    // why: a spring through a neighbour's samples ran 101× past what the
    // clip showed with a tiny residual, and would have been applied
    if let r = fit.extrapolation {
      fitSays(
        "Fit: not one element's motion (its travel is \(Fmt.fixed(r, 0))× what the clip shows): not applied; fit from later ([) where it is apart from the others, or fit the whole menu"
      )
      return
    }
    // why: a fan item's collapse seen in one frame before it faded out came
    // back as ζ 0.49, response 0.51 s (truth 0.75, 0.17 s), numbers the
    // recording does not hold, and were applied like any other
    if fit.seenTooBriefly {
      fitSays(
        "Fit: seen moving in \(fit.motionSamples) of the \(SpringFit.minimumSamplesInMotion) frames a spring needs: not applied; record at a higher frame rate, or fit the opening"
      )
      return
    }
    let useTween = fit.model == .tween && (target == .fanExpand || target == .fanCollapse)
    // why: the bubble's motions take the spring even when the tween won; a
    // drag before the snap, fitted with it, drew a tween the spring missed
    // by 8.4 px (3 % of the travel), and that spring (1.0 s for a 0.35 s
    // snap) was applied without a word
    let springMiss = fit.travel > 0 ? fit.spring.rms / fit.travel : .infinity
    if fit.axis != .angle, !useTween, springMiss > MotionFit.poorFitBound {
      fitSays(
        "Fit: no spring follows it (RMS \(Fmt.fixed(springMiss * 100, 1)) % of the travel > \(Fmt.fixed(MotionFit.poorFitBound * 100, 0)) %): not applied; fit from the release on ([ on that frame)"
      )
      return
    }
    // why: a turn is the main button's (its angle and duration), never the
    // graphed items' spring: F on the turning button once set the expand's
    // items to the button's ease-in-out 0.25 s
    if fit.axis == .angle {
      turnFitFinished(fit, target)
      return
    }
    let reading: SpringNotation
    if useTween {
      reading = .curve(
        CurveReading(
          bezier: fit.tween.curve, duration: fit.tween.duration, form: "the video's tween"))
    } else {
      reading = .spring(
        SpringReading(
          spring: fit.spring.spring, velocity: fit.spring.presetVelocity,
          form: "the video's spring"))
    }
    let before = preset
    switch SpringPaste.apply(reading, to: target, in: before) {
    case .failure(let e): fitSays("Fit: " + e.message)
    case .success(let (p, summary)):
      applyPreset(p)
      document.history.record(from: before, to: p)
      showFitted(target.motion.descriptor.spring?.fields.duration)
      let rms = useTween ? fit.tween.rms : fit.spring.rms
      let travel = abs(useTween ? fit.tween.to - fit.tween.from : fit.spring.to - fit.spring.from)
      let pct = travel > 0 ? rms / travel * 100 : 0
      fitSays(
        summary.replacingOccurrences(of: "Pasted ", with: "Fitted ")
          + " · RMS \(Fmt.fixed(pct, 2)) % of travel · Ctrl+Z undoes")
    }
  }

  /// A fitted turn: the fan main button's angle and open (expand graphed)
  /// or close (collapse graphed) duration, in one undo step; any other
  /// graphed motion has no turn to take it, which the toast says.
  mutating func turnFitFinished(_ fit: MotionFit, _ target: GraphTarget) {
    let travel = Fmt.fixed(fit.to - fit.from, 1)
    let open: Bool
    switch target {
    case .fanExpand: open = true
    case .fanCollapse: open = false
    default:
      fitSays(
        "Fit: the element turns \(travel)°; only the fan's main button turns: graph the fan's expand or collapse (G), then F"
      )
      return
    }
    let before = preset
    guard let p = fit.turnApplied(to: before, open: open) else {
      fitSays("Fit: the element does not turn; nothing changed")
      return
    }
    applyPreset(p)
    document.history.record(from: before, to: p)
    showFitted(.fanRotationAngle)
    let duration = open ? p.fan.rotationOpen : p.fan.rotationClose
    var note =
      "Fitted the main button's turn (\(open ? "open" : "close")): \(Fmt.fixed(p.fan.rotationAngle, 1))° over \(Fmt.fixed(duration, 3)) s"
    // why: the button always turns ease-in-out; a designer must hear when the
    // video's turn is something else
    if fit.model == .spring {
      note +=
        " (the video's turn is a spring, ζ \(Fmt.fixed(fit.spring.spring.dampingRatio, 2)); the button turns ease-in-out)"
    } else if fit.tween.named != .easeInOut {
      note +=
        " (the video's curve is \(fit.tween.named?.rawValue ?? "custom"); the button turns ease-in-out)"
    }
    fitSays(note + " · Ctrl+Z undoes")
  }

  /// F refused before any fit runs: a toast, and the panel's last-fit
  /// report says it instead of the previous fit's (which still read
  /// "Ctrl+Z undoes" after its undo, walk-through).
  mutating func fitRefused(_ text: String) {
    flash(text)
    videoBackdrop?.lastFit = [text]
  }

  /// A fit's outcome: a toast, and a line of the panel's last-fit report.
  mutating func fitSays(_ text: String) {
    flash(text)
    videoBackdrop?.lastFit.append(text)
  }

  /// Opens the panel's tab at `field`, the first the fit set, selected.
  /// why: a fit onto the bubble's menu while the Fan tab was open changed
  /// numbers the designer could not see (seen under Xvfb)
  mutating func showFitted(_ field: FieldID?) {
    guard let field else { return }
    select(field)
  }

  /// A whole-menu fit came back: its fields (`MenuFit.applied`) set on the
  /// preset in one undo step; an error changes nothing but says why.
  mutating func menuFitFinished(_ r: Result<MenuFit, StudioFailure>) {
    videoBackdrop?.fitting = false
    videoBackdrop?.lastFit = []
    let fit: MenuFit
    switch r {
    case .failure(let e):
      fitSays("Fit: " + e.message)
      return
    case .success(let f): fit = f
    }
    guard !fit.isPoor else {
      fitSays(
        "Fit: no one spring and stagger draws these items (RMS \(Fmt.fixed(fit.rmsFraction * 100, 1)) % of the radius > \(Fmt.fixed(MotionFit.poorFitBound * 100, 0)) %): nothing changed; use a clip from before the tap"
      )
      return
    }
    let before = preset
    guard let p = fit.applied(to: before) else {
      fitSays(
        "Fit: the menu's spring (damping ratio \(Fmt.fixed(fit.spring.dampingRatio, 3))) has no UIKit form; nothing changed"
      )
      return
    }
    applyPreset(p)
    document.history.record(from: before, to: p)
    showFitted(.fanExpandDuration)
    fitSays(
      // why: short enough for the toast band over the canvas (about 80
      // characters at 1280 px); the panel shows every fitted number
      "Fitted the whole menu: \(fit.items.count) items \(fit.order.rawValue), \(Fmt.fixed(fit.stagger * 1000, 0)) ms apart, r \(Fmt.fixed(p.fan.radius, 0)) pt, \(Fmt.fixed(p.fan.expand.duration, 2)) s ζ \(Fmt.fixed(fit.spring.dampingRatio, 2)) · Ctrl+Z"
    )
  }

  /// The fitted samples as (seconds since the start, progress), drawn on
  /// the curve the fit sets: from the start of the spring the preset gets
  /// (its velocity 0 when the recording does not pin it), and falling 1 → 0
  /// on a graph whose curves fall (the collapse: its dots rose 0 → 1 beside
  /// curves falling 1 → 0, walk-through).
  static func overlayPoints(_ fit: MotionFit, falling: Bool) -> [Point] {
    let d = fit.to - fit.from
    guard d != 0 else { return [] }
    let start =
      fit.model == .spring
      ? fit.spring.presetStart(times: fit.samples.map(\.t), values: fit.values) : fit.start
    return zip(fit.samples, fit.values).map { s, v in
      let p = (v - fit.from) / d
      return Point(s.t - start, falling ? 1 - p : p)
    }
  }
}
