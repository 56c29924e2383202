import Foundation
import SpringLabCore
import Testing

@testable import SpringLabStudio

/// The window's fit (F) of a whole fan menu: with the fan's expand graphed
/// and no element marked, F asks the shell to fit the menu, and the result
/// is applied in one undo step.
@Suite("Studio whole-menu fit")
struct StudioMenuFitTests {
  @Test func fWithoutARectangleFitsTheMenuInOneUndoStep() throws {
    let h = StudioHarness(preset: .seedDefault)
    let video = syntheticVideo(times: (0..<30).map { Double($0) / 60 })
    h.send(.dropFile(video.path))
    h.send(.videoLoaded(path: video.path, .success(video)))
    let before = h.state.preset
    h.key("f")
    let req = try #require(
      h.effects.lazy.compactMap { e -> MenuFitRequest? in
        if case .fitMenu(let r) = e { return r }
        return nil
      }.first)
    // the decoded frames span the device's screen: 4 px over 393 pt
    #expect(abs(req.pixelsPerPoint - 4 / 393) < 1e-9)
    #expect(h.state.videoBackdrop?.fitting == true)
    // a menu of 4 items, reverse, 60 ms apart, 100 pt, 180…270°
    let u = UIKitSpring(duration: 0.5, dampingRatio: 0.65, velocity: 0)
    let items = (0..<4).map {
      k -> (region: FrameRegion, samples: [MotionSample], pixelStart: Double?) in
      let a = (180 + 30 * Double(k)) * .pi / 180
      let delay = Double(3 - k) * 0.06
      let samples = (0..<90).compactMap { i -> MotionSample? in
        let t = Double(i) / 60
        let p = t - 0.2 - delay <= 0 ? 0 : u.progress(at: t - 0.2 - delay).p
        guard p >= 0.2 else { return nil }
        return MotionSample(t: t, x: 300 + 200 * cos(a) * p, y: 700 + 200 * sin(a) * p)
      }
      return (FrameRegion(x: 0, y: 0, width: 40, height: 40), samples, nil)
    }
    let fit = try MenuFit.fit(items: items, origin: (299, 701), pixelsPerPoint: 2)
    h.send(.menuFitFinished(.success(fit)))
    let f = h.state.preset.fan
    #expect(f.count == 4 && f.expand.order == .reverse)
    #expect(abs(f.expand.stagger - 0.06) < 0.0005, "\(f.expand.stagger)")
    #expect(
      abs(f.radius - 100) < 0.2 && abs(f.startAngle - 180) < 0.2 && abs(f.endAngle - 270) < 0.2)
    #expect(abs(f.expand.damping - 0.65) < 0.002)
    #expect(h.state.toast?.text.hasPrefix("Fitted the whole menu: 4 items") == true)
    #expect(h.state.videoBackdrop?.fitting == false)
    h.key("z", .ctrl)
    #expect(h.state.preset == before, "one undo step restores the preset")
  }

  @Test func aMenuFitThatFailsChangesNothing() {
    let h = StudioHarness(preset: .seedDefault)
    let before = h.state.preset
    h.send(
      .menuFitFinished(.failure(StudioFailure(FitError.notAMenu("1 element blooms").description))))
    #expect(h.state.preset == before)
    #expect(h.state.toast?.text == "Fit: no fan menu found: 1 element blooms")
  }
}
