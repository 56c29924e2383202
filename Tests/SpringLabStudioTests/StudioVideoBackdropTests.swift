import Foundation
import SpringLabCore
import SpringLabUI
import Testing

@testable import SpringLabStudio

/// A decoded video made in memory: `times` (seconds), each frame a distinct
/// 4 × 8 image, the video `source` pixels large.
func syntheticVideo(
  times: [Double], source: (Int, Int) = (360, 780), path: String = "/v/clip.mp4", keptEvery: Int = 1
) -> DecodedVideo {
  DecodedVideo(
    path: path,
    frames: times.indices.map { i in
      RasterImage(width: 4, height: 8, rgb: [UInt8](repeating: UInt8(i % 256), count: 4 * 8 * 3))
    }, times: times, sourceWidth: source.0, sourceHeight: source.1, keptEvery: keptEvery)
}

/// A fit of a UIKit spring sampled at 60 Hz, rising 0 → 200 px from `start`.
func springFit(_ u: UIKitSpring, start: Double = 0.3) throws -> MotionFit {
  let samples = (0..<90).map { i -> MotionSample in
    let t = Double(i) / 60
    let p = t <= start ? 0 : u.progress(at: t - start).p
    return MotionSample(t: t, x: 200 * p)
  }
  return try MotionFit.fit(samples, axis: .x)
}

@Suite("Studio backdrop video")
struct StudioVideoBackdropTests {
  /// The backdrop frame the last drawn frame shows, as an index into `video`.
  func shownFrame(_ h: StudioHarness, _ video: DecodedVideo) -> Int? {
    for c in h.lastFrame.finished {
      if case .pixels(let img, _, _) = c { return video.frames.firstIndex { $0 === img } }
    }
    return nil
  }

  func loaded(_ video: DecodedVideo, preset: Preset = .seedDefault) -> StudioHarness {
    let h = StudioHarness(preset: preset)
    h.send(.dropFile(video.path))
    h.send(.videoLoaded(path: video.path, .success(video)))
    h.draw()
    return h
  }

  @Test func droppingAVideoAsksTheShellToDecodeItAtTheScreensSize() throws {
    let h = StudioHarness()
    h.send(.dropFile("/v/recording.MOV"))
    let asks = h.effects.compactMap { e -> VideoDecodeRequest? in
      if case .decodeVideo(let r) = e { return r }
      return nil
    }
    #expect(asks.count == 1)
    let r = try #require(asks.first)
    let screen = h.state.screenRect
    #expect(r.path == "/v/recording.MOV")
    #expect(abs(Double(r.width) - screen.w) <= 1 && abs(Double(r.height) - screen.h) <= 1)
    #expect(r.maxBytes == VideoBackdrop.memoryCap)
    #expect(h.state.toast?.text.hasPrefix("Decoding recording.MOV") == true)
    // nothing is shown until the frames come back
    #expect(h.state.videoBackdrop == nil)
    // the panel's path field takes a video the same way
    h.send(.command(.setBackdrop("/v/other.webm")))
    #expect(
      h.effects.contains {
        if case .decodeVideo(let r) = $0 { return r.path == "/v/other.webm" }
        return false
      })
  }

  @Test func theFrameShownFollowsTheTimelineThroughStepsSlowMotionAndScrubs() throws {
    let video = syntheticVideo(times: (0..<60).map { Double($0) / 60 })
    let h = loaded(video)
    #expect(h.state.videoBackdrop != nil)
    #expect(h.state.toast?.text.contains("60 frames") == true)
    func expected() -> Int {
      let v = h.state.timeline.time.truncatingRemainder(dividingBy: 1.0)
      return Int((v * 60).rounded()) % 60
    }
    h.advance(0.5)
    h.draw()
    #expect(shownFrame(h, video) == expected())
    h.key("p")
    h.draw()
    let paused = try #require(shownFrame(h, video))
    #expect(paused == expected())
    h.advance(0.3)
    h.draw()
    #expect(shownFrame(h, video) == paused, "paused: the video holds its frame")
    h.key(".")
    #expect(shownFrame(h, video) == (paused + 1) % 60, "a step forward is the next frame")
    h.key(",")
    h.key(",")
    #expect(shownFrame(h, video) == (paused + 59) % 60, "two steps back")
    // slow motion: ¼× plays a quarter as many frames in the same wall time
    h.key("p")
    h.key("-")
    h.key("-")
    #expect(h.state.timeline.speed == 0.25)
    let before = h.state.timeline.time
    h.advance(0.4)
    h.draw()
    #expect(abs(h.state.timeline.time - before - 0.1) < 1e-6)
    #expect(shownFrame(h, video) == expected())
    // scrubbing the graph seeks the timeline, and the video with it
    h.key("g")
    let graph = try #require(StudioLayout(h.state).graph)
    let plot = GraphView.plot(graph, scale: 1)
    h.drag(from: (plot.x + plot.w * 0.2, plot.y + 10), to: (plot.x + plot.w * 0.6, plot.y + 10))
    #expect(h.state.timeline.paused)
    #expect(shownFrame(h, video) == expected())
  }

  @Test func theNearestPresentationTimestampWinsForAVariableFrameRate() {
    // a phone recording: frames at uneven times
    let times = [0, 0.010, 0.050, 0.052, 0.120, 0.300]
    let v = VideoBackdrop(video: syntheticVideo(times: times), origin: 0)
    #expect(v.frameIndex(at: 0.029) == 1)
    #expect(v.frameIndex(at: 0.031) == 2)
    #expect(v.frameIndex(at: 0.051) == 2)
    #expect(v.frameIndex(at: 0.2) == 4)
    #expect(v.frameIndex(at: 0.25) == 5)
    // it loops: one loop is the span plus one mean frame (0.3 + 0.06)
    #expect(abs(v.loopLength - 0.36) < 1e-9)
    #expect(v.frameIndex(at: 0.36 + 0.011) == 1)
    #expect(v.frameIndex(at: -0.36 + 0.121) == 4)
  }

  @Test func aDraggedRectangleIsTheElementInVideoPixelsOnTheFrameShown() throws {
    // the video is twice the screen's size on the window
    let video = syntheticVideo(times: (0..<60).map { Double($0) / 60 }, source: (786, 1704))
    let h = loaded(video)
    h.key("p")
    let at = video.times[h.state.videoBackdrop!.frameIndex(at: h.state.timeline.time)]
    let s = h.state.screenRect
    let a = (s.x + s.w * 0.25, s.y + s.h * 0.5)
    let b = (s.x + s.w * 0.375, s.y + s.h * 0.5625)
    let presetBefore = h.state.preset
    let sceneInputs = h.state.scene.fan.phase(at: h.state.scene.now)
    h.drag(from: a, to: b)
    let r = try #require(h.state.videoBackdrop?.region)
    #expect(abs(r.x - 786 * 0.25) < 1e-6 && abs(r.y - 1704 * 0.5) < 1e-6)
    #expect(abs(r.width - 786 * 0.125) < 1e-6 && abs(r.height - 1704 * 0.0625) < 1e-6)
    #expect(h.state.videoBackdrop?.regionAt == at)
    #expect(
      h.state.toast?.text.contains("--region \(r) --region-at") == true,
      "\(h.state.toast?.text ?? "")")
    // marking is not a tap on the scene
    #expect(h.state.preset == presetBefore)
    #expect(h.state.scene.fan.phase(at: h.state.scene.now) == sceneInputs)
    // the rectangle is drawn where it was dragged
    let yellow = h.lastFrame.finished.contains {
      if case .stroke(.roundedRect(let rr, _), _, VideoBackdropView.regionColor) = $0 {
        return abs(rr.x - a.0) < 0.5 && abs(rr.y - a.1) < 0.5 && abs(rr.x + rr.w - b.0) < 0.5
      }
      return false
    }
    #expect(yellow)
    // F asks for a fit on the decoded frames' pixels (4 × 8 here), for the graphed motion
    h.key("f")
    let req = try #require(h.lastFitRequest)
    #expect(abs(req.region.x - 1) < 1e-9 && abs(req.region.y - 4) < 1e-9)
    #expect(abs(req.region.width - 0.5) < 1e-9 && abs(req.region.height - 0.5) < 1e-9)
    #expect(req.regionAt == at)
    #expect(req.target == h.state.graphSettings.target)
    #expect(h.state.videoBackdrop?.fitting == true)
    // M hands drags back to the scene
    h.key("m")
    #expect(h.state.videoBackdrop?.marking == false)
    let regionBefore = h.state.videoBackdrop?.region
    h.drag(from: a, to: b)
    #expect(h.state.videoBackdrop?.region == regionBefore)
  }

  @Test func aTinyRectangleIsRefused() {
    let h = loaded(syntheticVideo(times: (0..<30).map { Double($0) / 60 }))
    let s = h.state.screenRect
    h.drag(from: (s.x + 50, s.y + 50), to: (s.x + 51, s.y + 51))
    #expect(h.state.videoBackdrop?.region == nil)
    #expect(h.state.toast?.text.hasPrefix("Drag a larger rectangle") == true)
    // a click over a mark clears it, and says so rather than refusing
    h.drag(from: (s.x + 50, s.y + 50), to: (s.x + 150, s.y + 150))
    #expect(h.state.videoBackdrop?.region != nil)
    h.drag(from: (s.x + 60, s.y + 60), to: (s.x + 60, s.y + 60))
    #expect(h.state.videoBackdrop?.region == nil)
    #expect(
      h.state.toast?.text == "Mark cleared · drag a rectangle around the element to mark it again",
      "\(h.state.toast?.text ?? "-")")
  }

  @Test func aFinishedFitChangesTheGraphedSpringInOneUndoStepAndDrawsItsSamples() throws {
    let truth = UIKitSpring(duration: 0.5, dampingRatio: 0.6, velocity: 0)
    let fit = try springFit(truth)
    #expect(fit.model == .spring)
    let h = loaded(syntheticVideo(times: (0..<60).map { Double($0) / 60 }))
    h.key("g")
    h.send(.graph(.target(.bubbleSnap)))
    let before = h.state.preset
    h.send(.fitFinished(.bubbleSnap, .success(fit)))
    let b = h.state.preset.bubble
    #expect(abs(b.snap.damping - 0.6) < 0.006, "\(b.snap.damping)")
    #expect(abs(b.snap.duration - 0.5) < 0.005, "\(b.snap.duration)")
    // why: the start velocity is what the fit found (start and velocity trade
    // off over one frame: 0.45 travels/s at a start 0.9 ms late here)
    #expect(abs(b.snap.velocity - fit.spring.presetVelocity) < 0.01, "\(b.snap.velocity)")
    #expect(h.state.toast?.text.hasPrefix("Fitted the video's spring → Bubble snap") == true)
    var other = h.state.preset
    other.bubble = before.bubble
    #expect(other == before, "only the graphed motion changes")
    // the samples on the graph, over the curve, in progress units
    let overlay = try #require(h.state.videoBackdrop?.overlay)
    #expect(overlay.target == .bubbleSnap)
    #expect(overlay.points.count == fit.samples.count)
    #expect(abs((overlay.points.last?.y ?? 0) - 1) < 0.01)
    h.draw()
    let dots = h.lastFrame.finished.filter {
      if case .fill(.circle, VideoBackdropView.sampleColor) = $0 { return true }
      return false
    }
    let g = h.state.motionGraph
    let inside = overlay.points.filter { $0.x >= -0.05 && $0.x <= g.tMax }.count
    #expect(
      inside >= 30 && dots.count == inside, "\(dots.count) sample dots drawn, \(inside) inside")
    // one Ctrl+Z takes the whole fit back
    h.key("z", .ctrl)
    #expect(h.state.preset == before)
    h.key("z", .ctrl)
    #expect(h.state.preset == before, "nothing else was recorded")
  }

  @Test func aTweenFitOnTheFanIsACurveAndOnTheBubbleTheSpring() throws {
    // an ease-out tween, 0.4 s, from 0.2 s
    let curve = CubicBezier.easeOut
    let samples = (0..<60).map { i -> MotionSample in
      let t = Double(i) / 60
      let u = min(1, max(0, (t - 0.2) / 0.4))
      return MotionSample(t: t, x: 150 * curve.value(at: u))
    }
    let fit = try MotionFit.fit(samples, axis: .x)
    #expect(fit.model == .tween)
    let h = loaded(syntheticVideo(times: (0..<60).map { Double($0) / 60 }))
    h.send(.fitFinished(.fanExpand, .success(fit)))
    let e = h.state.preset.fan.expand
    #expect(e.curve != .spring)
    #expect(abs(e.duration - 0.4) < 0.01, "\(e.duration)")
    h.send(.fitFinished(.bubbleMenu, .success(fit)))
    #expect(h.state.toast?.text.hasPrefix("Fitted the video's spring → Bubble menu") == true)
  }

  @Test func errorsAreOneLineToastsAndNeverChangeThePreset() throws {
    let h = StudioHarness()
    let before = h.state.preset
    // F and M without a video
    h.key("f")
    #expect(h.state.toast?.text == "Fit needs a backdrop video: drop one on the window")
    h.key("m")
    #expect(h.state.toast?.text.hasPrefix("Drop a video") == true)
    // an unreadable video
    h.send(.dropFile("/v/broken.mp4"))
    h.send(
      .videoLoaded(
        path: "/v/broken.mp4",
        .failure(
          StudioFailure(
            "Cannot play broken.mp4: not a video ffmpeg can decode (Invalid data found when processing input)"
          ))))
    #expect(h.state.videoBackdrop == nil)
    #expect(h.state.toast?.text.hasPrefix("Cannot play broken.mp4") == true)
    // F before a rectangle
    h.send(
      .videoLoaded(
        path: "/v/clip.mp4", .success(syntheticVideo(times: (0..<30).map { Double($0) / 60 }))))
    // (with the fan's expand graphed, F without a rectangle fits the whole
    // menu: `StudioMenuFitTests`)
    h.send(.graph(.target(.bubbleSnap)))
    h.key("f")
    #expect(h.state.toast?.text.hasPrefix("Fit: drag a rectangle") == true)
    #expect(!h.effects.contains { if case .fitVideo = $0 { return true } else { return false } })
    h.send(.graph(.target(.fanExpand)))
    // the shell's failures: lost element, no motion, too few samples
    for failure in [
      FitError.lostElement(time: 0.52, correlation: 0.31), .noMotion("the values span 0.2"),
      .tooFewSamples(7),
    ] {
      h.send(.fitFinished(.fanExpand, .failure(StudioFailure(failure.description))))
      let text = try #require(h.state.toast?.text)
      #expect(text == "Fit: " + failure.description)
      #expect(!text.contains("\n"))
      #expect(h.state.preset == before)
      #expect(h.state.videoBackdrop?.fitting == false)
    }
    // a poor fit is shown on the graph but not applied
    var poor = try springFit(UIKitSpring(duration: 0.5, dampingRatio: 0.6, velocity: 0))
    poor.spring.rms = poor.travel * 0.05
    #expect(poor.isPoor)
    h.send(.fitFinished(.fanExpand, .success(poor)))
    #expect(h.state.preset == before)
    #expect(h.state.toast?.text.hasPrefix("Fit: poor") == true)
    #expect(h.state.videoBackdrop?.overlay != nil)
    // the keyboard's slide cannot take a fit
    h.send(
      .fitFinished(
        .keyboard,
        .success(try springFit(UIKitSpring(duration: 0.5, dampingRatio: 0.6, velocity: 0)))))
    #expect(h.state.preset == before)
    #expect(h.state.toast?.text.hasPrefix("Fit: The keyboard's slide is fixed") == true)
    h.key("z", .ctrl)
    #expect(h.state.preset == before)
  }

  @Test func aSubsampledVideoSaysSoAndAnImageOrClearReplacesIt() {
    let h = loaded(syntheticVideo(times: (0..<30).map { Double($0) / 30 }, keptEvery: 2))
    #expect(h.state.toast?.text.contains("only 1 frame in 2 kept (256 MiB limit)") == true)
    h.send(.backdropChecked(path: "/p/shot.png", .success(())))
    #expect(h.state.videoBackdrop == nil)
    #expect(h.state.overlays.backdrop == "/p/shot.png")
    h.send(.videoLoaded(path: "/v/clip.mp4", .success(syntheticVideo(times: [0, 0.5]))))
    #expect(h.state.overlays.backdrop == nil)
    h.send(.command(.clearBackdrop))
    #expect(h.state.videoBackdrop == nil)
  }
}
