import Foundation
import Testing

@testable import SpringLabCore

/// Samples of a UIKit spring move (ground truth known), `from` → `to`
/// starting at `start`, at `fps`, over `duration` seconds.
private func springSamples(
  _ u: UIKitSpring, from: Double, to: Double, start: Double, fps: Double, duration: Double,
  noise: Double = 0, seed: UInt64 = 0
) -> [MotionSample] {
  var rng = SplitMix(seed: seed)
  let tween = Tween(
    start: start, from: from, to: to, v0: u.velocity * (to - from), duration: 60,
    curve: .spring(u.spring, snapAtEnd: false))
  return (0..<Int(duration * fps)).map { k in
    let t = Double(k) / fps
    // Box–Muller: Gaussian noise of σ = noise
    let g = (-2 * log(max(rng.unit(), 1e-12))).squareRoot() * cos(2 * .pi * rng.unit())
    return MotionSample(t: t, x: tween.sample(t).x + noise * g)
  }
}

private func relative(_ a: Double, _ b: Double) -> Double { abs(a - b) / abs(b) }

@Suite struct FitTests {
  let bubble = UIKitSpring(duration: 0.35, dampingRatio: 0.8, velocity: 0.4)

  @Test func springFromExactSamples() throws {
    let s = springSamples(bubble, from: 300, to: 36, start: 0.25, fps: 60, duration: 1.2)
    let fit = try MotionFit.fit(s)
    #expect(fit.model == .spring)
    let truth = bubble.spring
    #expect(relative(fit.spring.spring.dampingRatio, truth.dampingRatio) < 0.001)
    #expect(relative(fit.spring.spring.naturalFrequency, truth.naturalFrequency) < 0.001)
    // why: at 60 fps only the first moving frame separates the start from the
    // initial velocity, so the start is exact to a fraction of a frame and
    // the velocity is not asserted
    #expect(abs(fit.spring.start - 0.25) < 0.002)
    #expect(fit.rms < 1e-3)
    let v = SpringEquivalents(
      SpringReading(spring: fit.spring.spring, velocity: fit.spring.relativeVelocity, form: "fit"))
    let u = try #require(v.uikit)
    #expect(abs(u.duration - 0.35) < 0.005)
    #expect(abs(u.dampingRatio - 0.8) < 0.002)
  }

  @Test func springFromNoisySamples() throws {
    let seed: UInt64 = 20_261_130
    print("FitTests.springFromNoisySamples seed \(seed)")
    // σ = 0.25 % of the 264-unit travel
    let s = springSamples(
      bubble, from: 300, to: 36, start: 0.25, fps: 60, duration: 1.2, noise: 0.66, seed: seed)
    let fit = try MotionFit.fit(s)
    #expect(fit.model == .spring)
    let truth = bubble.spring
    #expect(relative(fit.spring.spring.dampingRatio, truth.dampingRatio) < 0.05)
    #expect(relative(fit.spring.spring.naturalFrequency, truth.naturalFrequency) < 0.05)
    #expect(abs(fit.spring.start - 0.25) < 1.0 / 60)
    // the noise is what is left over
    #expect(abs(fit.rms - 0.66) < 0.15)
    #expect(!fit.isPoor)
  }

  @Test func easeInOutIsReportedAsATween() throws {
    let curve = CubicBezier.easeInOut
    let s = (0..<60).map { k -> MotionSample in
      let t = Double(k) / 60
      let tw = Tween(start: 0.2, from: 10, to: 110, duration: 0.3, curve: .bezier(curve))
      return MotionSample(t: t, x: tw.sample(t).x)
    }
    let fit = try MotionFit.fit(s)
    #expect(fit.model == .tween)
    #expect(abs(fit.tween.start - 0.2) < 0.002)
    #expect(abs(fit.tween.duration - 0.3) < 0.003)
    #expect(fit.tween.rms < 0.05)
    #expect(fit.tweenBIC < fit.springBIC)
  }

  /// Seeded noise (σ) added to `values`.
  private static func noisy(_ values: [Double], sigma: Double, seed: UInt64) -> [Double] {
    var rng = SplitMix(seed: seed)
    return values.map { v in
      v + sigma * (-2 * log(max(rng.unit(), 1e-12))).squareRoot() * cos(2 * .pi * rng.unit())
    }
  }

  /// True Bézier tweens, with noise of 0.1 % of the travel, are fitted as
  /// tweens, decisively by the information criterion.
  @Test(arguments: [
    ("easeInOut", CubicBezier.easeInOut), ("easeOut", .easeOut), ("easeIn", .easeIn),
    ("caDefault", .caDefault),
  ])
  func trueTweensAreTweens(name: String, curve: CubicBezier) throws {
    let seed: UInt64 = 2501
    print("FitTests.trueTweensAreTweens \(name) seed \(seed)")
    let tw = Tween(start: 0.2, from: 10, to: 110, duration: 0.35, curve: .bezier(curve))
    let times = (0..<60).map { Double($0) / 60 }
    let values = Self.noisy(times.map { tw.sample($0).x }, sigma: 0.1, seed: seed)
    let fit = try MotionFit.fit(zip(times, values).map { MotionSample(t: $0, x: $1) })
    #expect(fit.model == .tween, "\(name): BIC spring \(fit.springBIC), tween \(fit.tweenBIC)")
    #expect(fit.evidence == .decisive, "\(name): ΔBIC \(fit.deltaBIC)")
  }

  /// True springs (under-, near-critically and over-damped), with noise of
  /// 0.1 % of the travel, are fitted as springs, decisively.
  @Test(arguments: [0.3, 0.55, 0.8, 1.0, 1.4])
  func trueSpringsAreSprings(dampingRatio: Double) throws {
    let seed: UInt64 = 2502
    print("FitTests.trueSpringsAreSprings ζ \(dampingRatio) seed \(seed)")
    let spring = Spring(stiffness: 300, damping: 2 * dampingRatio * 300.0.squareRoot())
    let tw = Tween(
      start: 0.2, from: 10, to: 110, v0: 0, duration: 60,
      curve: .spring(spring, snapAtEnd: false))
    let times = (0..<90).map { Double($0) / 60 }
    let values = Self.noisy(times.map { tw.sample($0).x }, sigma: 0.1, seed: seed)
    let fit = try MotionFit.fit(zip(times, values).map { MotionSample(t: $0, x: $1) })
    #expect(
      fit.model == .spring, "ζ \(dampingRatio): BIC spring \(fit.springBIC), tween \(fit.tweenBIC)")
    #expect(fit.evidence == .decisive, "ζ \(dampingRatio): ΔBIC \(fit.deltaBIC)")
    // why: an over-damped spring's ζ is weakly determined under noise; its
    // printed uncertainty must say so rather than a fixed bound
    let z = fit.spring.spring.dampingRatio
    #expect(abs(z - dampingRatio) <= 3 * fit.spring.uncertainty.dampingRatio, "ζ \(z)")
    if dampingRatio < 1 { #expect(relative(z, dampingRatio) < 0.01) }
  }

  /// A motion both models explain (a slow drift in noise, no shape to tell
  /// them apart) is called indistinguishable rather than a confident pick.
  @Test func aMotionBothModelsExplainIsIndistinguishable() throws {
    let seed: UInt64 = 2503
    print("FitTests.aMotionBothModelsExplainIsIndistinguishable seed \(seed)")
    // a slow linear drift of 3 units in noise of 0.3: no shape to tell them apart
    let times = (0..<40).map { Double($0) / 60 }
    let values = Self.noisy(times.map { 10 + 3 * $0 / times.last! }, sigma: 0.3, seed: seed)
    let fit = try MotionFit.fit(zip(times, values).map { MotionSample(t: $0, x: $1) })
    #expect(fit.evidence == .indistinguishable, "ΔBIC \(fit.deltaBIC), fit gap \(fit.fitGap)")
    // why: equal residuals leave only the charge for the tween's two extra
    // numbers in ΔBIC; the fit gap is what says the samples cannot choose
    #expect(fit.fitGap < MotionFit.indistinguishableBIC)
  }

  /// The ± printed beside each spring number comes from the residuals: with
  /// seeded noise the truth lies within three of them, and more noise gives
  /// a larger one.
  @Test func uncertaintyCoversTheTruth() throws {
    let truth = bubble.spring
    let response = 2 * .pi / truth.naturalFrequency
    var previous = 0.0
    for (k, sigma) in [0.1, 0.66, 2.0].enumerated() {
      let seed = UInt64(2504 + k)
      print("FitTests.uncertaintyCoversTheTruth σ \(sigma) seed \(seed)")
      let s = springSamples(
        bubble, from: 300, to: 36, start: 0.25, fps: 60, duration: 1.2, noise: sigma, seed: seed)
      let fit = try MotionFit.fit(s)
      let u = fit.spring.uncertainty
      #expect(u.dampingRatio.isFinite && u.dampingRatio > 0)
      #expect(u.response.isFinite && u.response > 0)
      #expect(abs(fit.spring.spring.dampingRatio - truth.dampingRatio) <= 3 * u.dampingRatio)
      #expect(abs(2 * .pi / fit.spring.spring.naturalFrequency - response) <= 3 * u.response)
      #expect(abs(fit.spring.spring.stiffness - truth.stiffness) <= 3 * u.stiffness)
      #expect(abs(fit.spring.spring.damping - truth.damping) <= 3 * u.damping)
      #expect(u.response > previous)
      previous = u.response
    }
  }

  @Test func stillSamplesAreNoMotion() {
    let s = (0..<40).map { MotionSample(t: Double($0) / 60, x: 5) }
    #expect(throws: FitError.self) { try MotionFit.fit(s) }
    do {
      _ = try MotionFit.fit(s)
    } catch {
      guard case .noMotion = error else {
        Issue.record("expected noMotion, got \(error)")
        return
      }
    }
  }

  @Test func tooFewSamples() {
    let s = (0..<19).map { MotionSample(t: Double($0) / 60, x: Double($0)) }
    #expect(throws: FitError.tooFewSamples(19)) { try MotionFit.fit(s) }
  }

  @Test func csvSamplesWithHeaderAndComments() throws {
    let text = "# recorded\nt,x,y\n0.1,1,2\n0.0;0;0\n0.2\t2 4\n"
    let s = try SampleReader.parse(Data(text.utf8), file: "a.csv")
    #expect(s.map(\.t) == [0, 0.1, 0.2])
    #expect(s.map(\.x) == [0, 1, 2])
    #expect(s.map(\.y) == [0, 2, 4])
  }

  @Test func badSampleFilesNameTheLine() {
    #expect(throws: FitError.unreadable("b.csv: line 3: \"1,x\" is not numbers")) {
      try SampleReader.parse(Data("t,v\n0,1\n1,x\n".utf8), file: "b.csv")
    }
    #expect(throws: FitError.unreadable("b.csv: line 2: 3 fields where earlier lines had 2")) {
      try SampleReader.parse(Data("0,1\n1,2,3\n".utf8), file: "b.csv")
    }
    #expect(throws: FitError.unreadable("b.csv: two samples at t = 1")) {
      try SampleReader.parse(Data("1,1\n1,2\n".utf8), file: "b.csv")
    }
    #expect(throws: FitError.unreadable("c.json: [1].t: missing or not a number")) {
      try SampleReader.parse(Data(#"[{"t":0,"value":1},{"value":2}]"#.utf8), file: "c.json")
    }
  }

  @Test func jsonSamplesAndTheSamplesFileReadBack() throws {
    let s = try SampleReader.parse(
      Data(#"{"samples": [[0, 1, 2], [0.5, 3, 4]]}"#.utf8), file: "s.json")
    #expect(s == [MotionSample(t: 0, x: 1, y: 2), MotionSample(t: 0.5, x: 3, y: 4)])
    let tracked = [
      MotionSample(t: 0, x: 1.5, y: 2, scale: 0.9, score: 0.95),
      MotionSample(t: 0.25, x: 2.5, y: 3, scale: 1, score: 0.99),
    ]
    let back = try SampleReader.parse(Data(SampleReader.csv(tracked).utf8), file: "t.csv")
    #expect(back.map(\.x) == [1.5, 2.5])
    #expect(back.map(\.scale) == [0.9, 1])
  }

  @Test func autoAxisProjectsOnTheStartToEndLine() {
    // moving along (3, 4) / 5: 10 units per step
    let s = (0..<10).map { k in
      MotionSample(t: Double(k), x: 100 + 6 * Double(k), y: 50 + 8 * Double(k))
    }
    let (v, axis) = FitAxis.auto.project(s)
    #expect(axis == .auto)
    for (k, x) in v.enumerated() { #expect(abs(x - 10 * Double(k)) < 1e-9) }
    // only the size changes: auto looks at the scale
    let grow = (0..<10).map { k in
      MotionSample(t: Double(k), x: 100, y: 50, scale: 0.5 + 0.05 * Double(k))
    }
    #expect(FitAxis.auto.project(grow).axis == .scale)
  }

  @Test func gapsBetweenTrackedFramesAreALostElement() {
    func p(_ t: Double, _ found: Bool) -> TrackPoint {
      TrackPoint(t: t, x: 0, y: 0, scale: 1, score: found ? 0.9 : 0.2, found: found)
    }
    // hidden at the start (fading in), then tracked: fine
    #expect(throws: Never.self) {
      try ElementTracker.checkGaps([p(0, false), p(1, false), p(2, false), p(3, true), p(4, true)])
    }
    // a two-frame dropout: tolerated
    #expect(throws: Never.self) {
      try ElementTracker.checkGaps([p(0, true), p(1, false), p(2, false), p(3, true)])
    }
    // covered at the end, never seen again: lost too
    #expect(throws: FitError.lostElement(time: 2, correlation: 0.2)) {
      try ElementTracker.checkGaps([p(0, true), p(1, true), p(2, false), p(3, false), p(4, false)])
    }
    #expect(throws: FitError.lostElement(time: 1, correlation: 0.2)) {
      try ElementTracker.checkGaps([p(0, true), p(1, false), p(2, false), p(3, false), p(4, true)])
    }
  }

  /// With no region, the element followed is the one the fit picked: when
  /// it is lost the error names that area and how to mark another (a
  /// square slides, then vanishes for good).
  @Test func aPickedElementLostSaysWhichItWas() throws {
    let (w, h) = (64, 48)
    let frames = (0..<30).map { k -> GreyFrame in
      var px = [UInt8](repeating: 90, count: w * h)
      // a fixed texture, so the background is not flat
      for i in px.indices { px[i] &+= UInt8((i * 37 + i / w * 11) % 23) }
      if k < 18 {
        let x0 = 6 + min(k, 12) * 3
        for y in 18..<30 { for x in x0..<(x0 + 12) { px[y * w + x] = 240 } }
      }
      return GreyFrame(width: w, height: h, pts: Double(k) / 30, pixels: px)
    }
    do {
      _ = try VideoFit.track(frames: frames, region: nil, regionAt: nil)
      Issue.record("the vanished square was not reported lost")
    } catch {
      guard case .lostPickedElement(_, _, let r, _) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(r.width > 0 && r.height > 0)
      #expect(
        error.description.contains("it was the largest moving area, \(r) px at")
          && error.description.contains("--region"), "\(error)")
    }
  }

  /// A disc on a textured background moving along a known spring, tracked
  /// frame by frame: the tracker's sub-pixel centres follow the truth.
  @Test func trackerFollowsASyntheticDisc() throws {
    let w = 160
    let h = 60
    var rng = SplitMix(seed: 7)
    let texture = (0..<(w * h)).map { _ in UInt8(90 + Int(rng.unit() * 40)) }
    let truth = Tween(
      start: 0.1, from: 30, to: 120, v0: 0, duration: 60,
      curve: .spring(bubble.spring, snapAtEnd: false))
    func frame(_ t: Double) -> GreyFrame {
      let cx = truth.sample(t).x
      let cy = 30.0
      var px = texture
      for y in 0..<h {
        for x in 0..<w {
          // anti-aliased disc of radius 9
          let d = ((Double(x) - cx) * (Double(x) - cx) + (Double(y) - cy) * (Double(y) - cy))
            .squareRoot()
          let a = max(0, min(1, 9.5 - d))
          if a > 0 {
            px[y * w + x] = UInt8((Double(px[y * w + x]) * (1 - a) + 240 * a).rounded())
          }
        }
      }
      return GreyFrame(width: w, height: h, pts: t, pixels: px)
    }
    let frames = (0..<48).map { frame(Double($0) / 60) }
    var reports: [[Int]] = []
    let points = ElementTracker.track(
      frames: frames, region: FrameRegion(x: 20.5, y: 20.5, width: 20, height: 20), at: 0
    ) { reports.append([$0, $1]) }
    #expect(points.allSatisfy { $0.found })
    // both passes (sizes searched, then the steady size) report every frame stepped to
    #expect(reports == (1...94).map { [$0, 94] })
    // the disc keeps its size: it is tracked at the marked size throughout
    #expect(points.allSatisfy { $0.scale == 1 })
    let worst = zip(points, frames).map { abs($0.x - truth.sample($1.pts).x) }.max()!
    #expect(worst < 0.35, "largest tracking error \(worst) px")
    let fit = try MotionFit.fit(VideoFit.samples(fromPoints: points), axis: .x)
    #expect(relative(fit.spring.spring.dampingRatio, 0.8) < 0.02)
    #expect(relative(fit.spring.spring.naturalFrequency, bubble.spring.naturalFrequency) < 0.02)
  }

  /// A disc crossing a 200 × 200 frame from frame 10; with `flicker`, the
  /// way a low-bitrate encode of grain looks: in two frames of every five,
  /// 16 blocks of 6 × 6 px at seeded places jump by 40 grey levels.
  static func discFrames(flicker: Bool, seed: UInt64) -> [GreyFrame] {
    var rng = SplitMix(seed: seed)
    let n = 200
    return (0..<30).map { k in
      let cx = k < 10 ? 30.0 : min(150.0, 30.0 + Double(k - 10) * 15)
      var px = [UInt8](repeating: 90, count: n * n)
      for y in 0..<n {
        for x in 0..<n
        where (Double(x) - cx) * (Double(x) - cx) + (Double(y) - 100) * (Double(y) - 100) < 100 {
          px[y * n + x] = 220
        }
      }
      if flicker && k % 5 < 2 {
        for _ in 0..<16 {
          let bx = Int.random(in: 0..<(n - 6), using: &rng)
          let by = Int.random(in: 0..<(n - 6), using: &rng)
          for y in by..<(by + 6) { for x in bx..<(bx + 6) { px[y * n + x] &+= 40 } }
        }
      }
      return GreyFrame(width: n, height: n, pts: Double(k) / 30, pixels: px)
    }
  }

  /// Flicker spreads the frame-to-frame changes over the whole frame: without
  /// a region no element is taken, whatever small blob it leaves.
  @Test func flickerSpreadsTheChangesAndNoElementIsTaken() throws {
    let seed: UInt64 = 17
    print("flicker seed \(seed)")
    let clean = MotionFinder.largestMovingBlob(Self.discFrames(flicker: false, seed: seed))
    #expect(clean != nil)
    #expect((clean?.spread ?? 1) < 0.1, "a disc crossing the frame spans \(clean?.spread ?? -1)")
    #expect(abs((clean?.region.centerX ?? 0) - 30.5) < 3)
    let noisy = Self.discFrames(flicker: true, seed: seed)
    let blob = MotionFinder.largestMovingBlob(noisy)
    #expect(blob != nil, "the flicker's changes are found")
    let box = (blob?.region.width ?? 0) * (blob?.region.height ?? 0) / 40_000
    // why: the case the spread is for: a blob small enough to pass for an element
    #expect(box <= VideoFit.maximumBlobShare, "blob box share \(box)")
    #expect((blob?.spread ?? 0) > 0.5, "flicker spans \(blob?.spread ?? -1)")
    var refusal = ""
    do {
      _ = try VideoFit.track(frames: noisy, region: nil, regionAt: nil)
    } catch {
      if case .noMotion(let why) = error { refusal = why }
    }
    #expect(refusal.contains("no single moving element"), "\(refusal)")
  }

  @Test func noRegionPicksTheMovingDisc() throws {
    let w = 120
    let h = 40
    func frame(_ k: Int) -> GreyFrame {
      let cx = k < 5 ? 20.0 : min(100.0, 20.0 + Double(k - 5) * 8)
      var px = [UInt8](repeating: 60, count: w * h)
      for y in 0..<h {
        for x in 0..<w
        where (Double(x) - cx) * (Double(x) - cx) + (Double(y) - 20) * (Double(y) - 20) < 64 {
          px[y * w + x] = 220
        }
      }
      return GreyFrame(width: w, height: h, pts: Double(k) / 30, pixels: px)
    }
    let frames = (0..<30).map(frame)
    let blob = try #require(MotionFinder.largestMovingBlob(frames))
    #expect(blob.index == 5)
    #expect(abs(blob.region.centerX - 20.5) < 2.5)
    #expect(abs(blob.region.centerY - 20.5) < 2.5)
    let still = (0..<30).map { k in
      GreyFrame(width: w, height: h, pts: Double(k) / 30, pixels: frame(0).pixels)
    }
    #expect(MotionFinder.largestMovingBlob(still) == nil)
  }
}
