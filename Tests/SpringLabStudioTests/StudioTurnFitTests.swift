import Foundation
import SpringLabCore
import Testing

@testable import SpringLabStudio

/// F on a turning element (the fan's main button): the fit's angle sets the
/// button's turn, never the graphed items' spring or curve.
@Suite("Studio fit of a turn")
struct StudioTurnFitTests {
  /// A turn of `degrees` along `curve` over `duration` s from 0.3 s, its
  /// angle sampled at 60 Hz with the centre still, fitted on the angle.
  static func turnFit(_ degrees: Double, _ duration: Double, _ curve: CubicBezier = .easeInOut)
    throws -> MotionFit
  {
    let samples = (0..<60).map { i -> MotionSample in
      let t = Double(i) / 60
      let u = min(1, max(0, (t - 0.3) / duration))
      return MotionSample(t: t, x: 100, y: 200, angle: degrees * curve.value(at: u))
    }
    return try MotionFit.fit(samples, axis: .angle)
  }

  func loaded() -> StudioHarness {
    let h = StudioHarness(preset: .seedDefault)
    let v = syntheticVideo(times: (0..<60).map { Double($0) / 60 })
    h.send(.dropFile(v.path))
    h.send(.videoLoaded(path: v.path, .success(v)))
    return h
  }

  /// A window with a video whose `fit` came back for `target`, and the
  /// preset before it.
  func fitted(_ fit: MotionFit, onto target: GraphTarget) -> (StudioHarness, Preset) {
    let h = loaded()
    let before = h.state.preset
    h.send(.fitFinished(target, .success(fit)))
    return (h, before)
  }

  /// With the expand graphed, a 30° ease-in-out turn of 0.3 s sets the
  /// button's angle and open duration, nothing else, in one undo step.
  @Test func aTurnSetsTheMainButtonsOpenTurnOnly() throws {
    let fit = try Self.turnFit(30, 0.3)
    #expect(fit.axis == .angle && fit.model == .tween)
    let (h, before) = fitted(fit, onto: .fanExpand)
    let f = h.state.preset.fan
    #expect(abs(f.rotationAngle - 30) < 0.2, "angle \(f.rotationAngle)")
    #expect(abs(f.rotationOpen - 0.3) < 0.003, "open \(f.rotationOpen)")
    var other = h.state.preset
    other.fan.rotationAngle = before.fan.rotationAngle
    other.fan.rotationOpen = before.fan.rotationOpen
    #expect(other == before, "only the button's turn changes")
    let toast = h.state.toast?.text ?? ""
    #expect(toast.hasPrefix("Fitted the main button's turn (open): 30.0° over 0.300 s"), "\(toast)")
    #expect(!toast.contains("ease-in-out)"), "an ease-in-out turn needs no caveat: \(toast)")
    // the panel shows what changed: the Fan tab, the angle selected
    #expect(h.state.panelTab == .fan && h.state.highlightField == .fanRotationAngle)
    h.key("z", .ctrl)
    #expect(h.state.preset == before)
  }

  /// With the collapse graphed, a turn back from −45° to rest is the
  /// button's 45° and its close duration; an ease-in curve is named as
  /// what the button cannot draw.
  @Test func aTurnBackSetsTheCloseAndNamesAnotherCurve() throws {
    let fit = try Self.turnFit(-45, 0.2, .easeIn)
    let (h, before) = fitted(fit, onto: .fanCollapse)
    let f = h.state.preset.fan
    #expect(abs(f.rotationAngle - 45) < 0.2, "angle \(f.rotationAngle)")
    #expect(abs(f.rotationClose - 0.2) < 0.003, "close \(f.rotationClose)")
    #expect(f.rotationOpen == before.fan.rotationOpen)
    #expect(f.collapse == before.fan.collapse, "the items' collapse is untouched")
    let toast = h.state.toast?.text ?? ""
    #expect(
      toast.contains("(the video's curve is easeIn; the button turns ease-in-out)"), "\(toast)")
  }

  /// The bubble's motions have no turn: the fit is refused, nothing changes.
  @Test func aTurnOntoTheBubbleIsRefused() throws {
    let fit = try Self.turnFit(30, 0.3)
    let (h, before) = fitted(fit, onto: .bubbleSnap)
    #expect(h.state.preset == before)
    #expect(
      h.state.toast?.text.hasPrefix(
        "Fit: the element turns 30.0°; only the fan's main button turns")
        == true, "\(h.state.toast?.text ?? "-")")
  }

  /// A fit onto the bubble's menu while the Fan tab is open opens the
  /// Bubble tab at the menu's duration, so the fitted numbers are in view.
  @Test func aFitOpensThePanelWhereItsNumbersAre() throws {
    let fit = try springFit(UIKitSpring(duration: 0.3, dampingRatio: 0.7, velocity: 0))
    let h = loaded()
    #expect(h.state.panelTab == .fan)
    h.send(.fitFinished(.bubbleMenu, .success(fit)))
    #expect(abs(h.state.preset.bubble.menu.duration - 0.3) < 0.005)
    #expect(h.state.panelTab == .bubble, "\(h.state.panelTab)")
    #expect(h.state.highlightField == .bubbleMenuDuration)
  }

  /// A velocity the recording does not pin (a fan item's start hidden under
  /// the main button: fitted 8.13 travels/s, truth 0.6, ± undetermined) is
  /// written as 0, the UIKit duration then the fitted spring's from rest
  /// (seen: 0.365 s written for a 0.4 s spring); a pinned one is kept.
  @Test func anUndeterminedVelocityIsWrittenAsRest() throws {
    let truth = UIKitSpring(duration: 0.4, dampingRatio: 0.72, velocity: 0)
    var fit = try springFit(truth)
    fit.spring.v0 = 8.13 * (fit.spring.to - fit.spring.from)
    fit.spring.uncertainty.velocity = .infinity
    #expect(fit.spring.presetVelocity == 0)
    let (h, _) = fitted(fit, onto: .fanExpand)
    let e = h.state.preset.fan.expand
    #expect(e.velocity == 0, "velocity \(e.velocity)")
    #expect(abs(e.duration - 0.4) < 0.004, "duration \(e.duration)")
    fit.spring.v0 = 2 * (fit.spring.to - fit.spring.from)
    fit.spring.uncertainty.velocity = 0.5
    let (k, _) = fitted(fit, onto: .fanExpand)
    #expect(abs(k.state.preset.fan.expand.velocity - 2) < 0.01)
  }
}
