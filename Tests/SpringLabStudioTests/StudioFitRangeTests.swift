import Foundation
import SpringLabCore
import Testing

@testable import SpringLabStudio

/// The window's fit of a stretch of the video (`[` and `]`, as `springlab
/// fit --from/--to`), its refusals, and the last fit's report in the panel.
@Suite("Studio fit range and report")
struct StudioFitRangeTests {
  /// A 60-frame video loaded, paused, with an element marked at the frame shown.
  func marked() -> StudioHarness {
    let h = StudioHarness(preset: .seedDefault)
    let v = syntheticVideo(times: (0..<60).map { Double($0) / 60 })
    h.send(.dropFile(v.path))
    h.send(.videoLoaded(path: v.path, .success(v)))
    h.draw()
    h.key("p")
    let s = h.state.screenRect
    h.drag(from: (s.x + s.w * 0.25, s.y + s.h * 0.5), to: (s.x + s.w * 0.4, s.y + s.h * 0.6))
    return h
  }

  /// The video time of the frame shown.
  func shown(_ h: StudioHarness) -> Double {
    let v = h.state.videoBackdrop!
    return v.video.times[v.frameIndex(at: h.state.timeline.time)]
  }

  /// `[` on one frame and `]` on a later one: F sends only the frames in
  /// between (ends included); `[` again on the same frame clears its end.
  @Test func bracketsSetTheStretchFSends() throws {
    let h = marked()
    for _ in 0..<5 { h.key(",") }
    let from = shown(h)
    // each step says which of the video's frames shows
    let index = h.state.videoBackdrop!.frameIndex(at: h.state.timeline.time)
    #expect(
      h.state.toast?.text == "Video \(Fmt.fixed(from, 3)) s · frame \(index + 1) of 60",
      "\(h.state.toast?.text ?? "-")")
    h.key("[")
    #expect(h.state.videoBackdrop?.fitFrom == from)
    // to the millisecond, rounded outwards: pasted into `fit` it keeps the frame
    let fromText = Fmt.fixed((from * 1000).rounded(.down) / 1000, 3)
    #expect(
      h.state.toast?.text.hasPrefix("Fit range --from \(fromText)") == true,
      "\(h.state.toast?.text ?? "-")")
    for _ in 0..<20 { h.key(".") }
    let to = shown(h)
    h.key("]")
    #expect(h.state.videoBackdrop?.fitTo == to)
    let toText = Fmt.fixed((to * 1000).rounded(.up) / 1000, 3)
    #expect(
      h.state.toast?.text.contains("--to \(toText) ") == true, "\(h.state.toast?.text ?? "-")")
    h.key("f")
    let req = try #require(h.lastFitRequest)
    #expect(req.times.first == from && req.times.last == to, "\(req.times)")
    #expect(req.frames.count == req.times.count && req.times.count == 21)
    // again on the same frame clears that end
    h.send(.fitFinished(.fanExpand, .failure(StudioFailure("element lost"))))
    h.key("]")
    #expect(h.state.videoBackdrop?.fitTo == nil)
    #expect(h.state.videoBackdrop?.fitFrom == from)
    // a start set after the end clears the end, and says so
    for _ in 0..<5 { h.key(",") }
    let end = shown(h)
    h.key("]")
    for _ in 0..<3 { h.key(".") }
    h.key("[")
    #expect(h.state.videoBackdrop?.fitTo == nil)
    #expect(
      h.state.toast?.text.contains(
        "its end at \(Fmt.fixed(end, 3)) s was not after it, so it is cleared") == true,
      "\(h.state.toast?.text ?? "-")")
  }

  /// An element marked outside the stretch is refused with a line saying
  /// so; nothing is asked of the shell.
  @Test func aMarkOutsideTheRangeIsRefused() {
    let h = marked()
    for _ in 0..<10 { h.key(".") }
    h.key("[")
    h.key("f")
    #expect(!h.effects.contains { if case .fitVideo = $0 { return true } else { return false } })
    #expect(
      h.state.toast?.text.hasPrefix("Fit: the element was marked at") == true,
      "\(h.state.toast?.text ?? "-")")
    // the panel's report says it too, not an earlier fit's result
    #expect(h.state.videoBackdrop?.lastFit == [h.state.toast?.text ?? "-"])
  }

  /// The bubble takes the spring even when the tween wins: a motion no
  /// spring follows within 2 % of its travel is not applied, and the toast
  /// says to fit from the release on (a drag fitted with the snap was the
  /// case seen). Here an ease-in of 0.3 s, whose abrupt end a spring from
  /// rest misses by 2.9 % of the travel.
  @Test func aMotionNoSpringFollowsIsNotAppliedToTheBubble() throws {
    let samples = (0..<60).map { i -> MotionSample in
      let t = Double(i) / 60
      return MotionSample(
        t: t, x: 150 * CubicBezier.easeIn.value(at: min(1, max(0, (t - 0.2) / 0.3))))
    }
    let fit = try MotionFit.fit(samples, axis: .x)
    let miss = fit.spring.rms / fit.travel
    #expect(miss > MotionFit.poorFitBound, "spring RMS \(miss * 100) % of travel")
    let h = marked()
    let before = h.state.preset
    h.send(.fitFinished(.bubbleSnap, .success(fit)))
    #expect(h.state.preset == before)
    #expect(
      h.state.toast?.text.hasPrefix("Fit: no spring follows it") == true,
      "\(h.state.toast?.text ?? "-")")
  }

  /// A motion seen in too few frames (a collapse fading out after two
  /// frames at 30 fps) leaves its numbers to chance: not applied, and the
  /// toast and the report say how few frames showed it.
  @Test func aMotionSeenTooBrieflyIsNotApplied() throws {
    let u = UIKitSpring(duration: 0.25, dampingRatio: 0.75, velocity: 1)
    // at rest, then two frames of the spring, then gone
    let samples = (0..<27).map { i -> MotionSample in
      let t = Double(i) / 30
      return MotionSample(t: t, x: t <= 0.8 ? 0 : 120 * u.progress(at: t - 0.8).p)
    }
    let fit = try MotionFit.fit(samples, axis: .x)
    #expect(fit.seenTooBriefly, "\(fit.motionSamples) samples in motion")
    let h = marked()
    let before = h.state.preset
    h.send(.fitFinished(.fanCollapse, .success(fit)))
    #expect(h.state.preset == before)
    #expect(
      h.state.toast?.text.hasPrefix("Fit: seen moving in \(fit.motionSamples) of the 8 frames")
        == true,
      "\(h.state.toast?.text ?? "-")")
    let lines = h.state.videoBackdrop?.lastFit ?? []
    #expect(
      lines.contains { $0.contains("seen moving in \(fit.motionSamples) of the 8 samples") },
      "\(lines)")
    // the undo history has nothing to undo
    h.key("z", .ctrl)
    #expect(h.state.preset == before)
  }

  /// A spring whose first 50 ms are hidden (a fan item under the main
  /// button): the recording does not pin its velocity, so the preset gets
  /// 0, and the fit's samples are drawn from the start of that spring,
  /// on the curve it sets (they sat beside it, drawn from the fitted start
  /// with the fitted velocity). On the collapse's graph they fall.
  @Test func theSamplesLieOnTheCurveTheFitSets() throws {
    let truth = UIKitSpring(duration: 0.4, dampingRatio: 0.72, velocity: 0.6)
    let samples = (0..<72).compactMap { i -> MotionSample? in
      let t = Double(i) / 60
      guard t < 0.3 || t >= 0.35 else { return nil }
      return MotionSample(t: t, x: 120 * (t <= 0.3 ? 0 : truth.progress(at: t - 0.3).p))
    }
    let fit = try MotionFit.fit(samples.filter { $0.t >= 0.35 }, axis: .x)
    try #require(fit.model == .spring)
    try #require(
      fit.spring.presetVelocity != fit.spring.relativeVelocity,
      "the premise: velocity \(fit.spring.relativeVelocity) not pinned")
    let h = marked()
    h.send(.fitFinished(.fanExpand, .success(fit)))
    let e = h.state.preset.fan.expand
    #expect(e.velocity == 0)
    let applied = UIKitSpring(duration: e.duration, dampingRatio: e.damping, velocity: 0)
    let points = try #require(h.state.videoBackdrop?.overlay?.points)
    func rms(_ pts: [Point]) -> Double {
      (pts.map { pow(applied.progress(at: $0.x).p - $0.y, 2) }.reduce(0, +) / Double(pts.count))
        .squareRoot()
    }
    let fromFitted = zip(fit.samples, fit.values).map {
      Point($0.t - fit.start, ($1 - fit.from) / (fit.to - fit.from))
    }
    print(
      "fit-dots: RMS off the applied curve \(rms(points)) (from the fitted start \(rms(fromFitted)))"
    )
    #expect(rms(points) < 0.005, "\(rms(points))")
    #expect(rms(points) < rms(fromFitted))
    // the collapse's graph falls 1 → 0, and so do its dots
    h.send(.fitFinished(.fanCollapse, .success(fit)))
    let falling = try #require(h.state.videoBackdrop?.overlay?.points)
    #expect(
      falling.first!.y > 0.5 && falling.last!.y < 0.05, "\(falling.first!.y) → \(falling.last!.y)")
  }

  /// After a fit the panel's Backdrop section lists its result: model,
  /// each number with its ±, the caveats and the toast's line.
  @Test func theLastFitIsReportedInThePanel() throws {
    let fit = try springFit(UIKitSpring(duration: 0.5, dampingRatio: 0.6, velocity: 0))
    let h = marked()
    h.send(.fitFinished(.bubbleSnap, .success(fit)))
    let lines = try #require(h.state.videoBackdrop?.lastFit)
    #expect(lines.first?.hasPrefix("spring (") == true, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("spring: ζ 0.6") && $0.contains(" ± ") }, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("Fitted the video's spring → Bubble snap") }, "\(lines)")
    for _ in 0..<4 where h.state.panelTab != .device { h.key("tab", .ctrl) }
    #expect(h.state.panelTab == .device)
    h.draw()
    let drawn = h.texts.joined(separator: "\n")
    #expect(drawn.contains("Last fit:"), "the panel shows the report")
    // a failure replaces the report with its reason
    h.send(.fitFinished(.bubbleSnap, .failure(StudioFailure("element lost at t = 0.4 s"))))
    #expect(h.state.videoBackdrop?.lastFit == ["Fit: element lost at t = 0.4 s"])
  }
}
