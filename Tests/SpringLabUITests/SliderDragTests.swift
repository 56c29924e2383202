import Testing

@testable import SpringLabUI

@Suite struct SliderDragTests {
  /// Runs one frame with a 0…1 slider (step 0.01) labelled "Damping".
  func slider(
    _ h: Harness, _ v: inout Double, _ events: [UIEvent] = [], range: ClosedRange<Double> = 0...1,
    step: Double = 0.01
  ) {
    h.frame(events) { ctx in
      ctx.slider("Damping", value: &v, range: range, default: 0.72, unit: "", step: step)
    }
  }

  func track(_ h: Harness) -> (x: (Double) -> Double, y: Double) {
    let t = h.ctx.lastSliderTrack
    return ({ t.x0 + $0 * t.span }, t.cy)
  }

  /// A click on the track picks that spot; the drag that follows moves by
  /// the per-pixel step (0…1 shown to 0.001: 0.002 per pixel), not by the
  /// track's scale (#23: a 25 px drag moved damping by 0.19).
  @Test func clickOnTheTrackJumpsThereAndADragMovesByTheStepPerPixel() {
    let h = Harness()
    var v = 0.5
    slider(h, &v)
    let (x, y) = track(h)
    #expect(h.ctx.lastSliderPerPixel == 0.002)
    slider(h, &v, [down(x(0.25), y)])
    #expect(abs(v - 0.25) < 1e-9)
    #expect(h.ctx.lastEdit?.phase == .began)
    slider(h, &v, [move(x(0.25) + 30, y)])
    #expect(abs(v - 0.31) < 1e-9, "30 px × 0.002: \(v)")
    #expect(h.ctx.lastEdit?.phase == .changed)
    slider(h, &v, [up(x(0.25) + 30, y)])
    #expect(h.ctx.lastEdit?.phase == .ended)
    #expect(h.ctx.activeID == nil)
  }

  /// A designer aiming at the number to type it pressed past the track's
  /// end: the value jumped to the maximum (and left an undo step).
  @Test func pressingTheNumberKeepsTheValueAndDraggingItScrubs() {
    let h = Harness()
    var v = 0.5
    slider(h, &v)
    let t = h.ctx.lastSliderTrack
    let (_, y) = track(h)
    // past the track's end, over the value text
    let onNumber = t.x0 + t.span + 30
    slider(h, &v, [down(onNumber, y)])
    #expect(v == 0.5, "a press on the number does not move the value")
    slider(h, &v, [up(onNumber, y)])
    #expect(v == 0.5)
    // a drag on the number scrubs from the current value, 0.002 per pixel
    slider(h, &v, [down(onNumber, y)])
    slider(h, &v, [move(onNumber + 100, y)])
    #expect(abs(v - 0.7) < 1e-9, "\(v)")
    slider(h, &v, [up(onNumber + 100, y)])
    // a double-click on the number still types, starting from the value shown
    slider(h, &v, [down(onNumber, y)])
    slider(h, &v, [up(onNumber, y)])
    slider(h, &v, [down(onNumber, y, clicks: 2)])
    #expect(h.ctx.editingID == h.ctx.id("Damping"))
    #expect(abs(v - 0.7) < 1e-9)
  }

  @Test func hotAndActiveFollowHoverPressRelease() {
    let h = Harness()
    var v = 0.5
    slider(h, &v)
    let (x, y) = track(h)
    let sid = h.ctx.id("Damping")
    slider(h, &v, [move(x(0.5), y)])
    #expect(h.ctx.hotID == sid)
    #expect(h.ctx.activeID == nil)
    slider(h, &v, [down(x(0.5), y)])
    #expect(h.ctx.activeID == sid)
    #expect(h.ctx.focusedID == sid)
    #expect(h.ctx.consumedMouse)
    // dragging far off the row keeps the slider active, and the value clamps
    // (400 px × 0.002 passes the end: a drag moves by steps, not by the track)
    slider(h, &v, [move(x(0.5) + 400, y + 200)])
    #expect(h.ctx.activeID == sid)
    #expect(h.ctx.hotID == nil)
    #expect(v == 1)
    slider(h, &v, [up(x(0.5) + 400, y + 200)])
    #expect(h.ctx.activeID == nil)
    slider(h, &v, [move(600, 700)])
    #expect(h.ctx.hotID == nil)
  }

  /// Shift moves ten per-pixel steps per pixel (0…10 shown to 0.01: 0.02
  /// per pixel, 0.2 with Shift); letting go of Shift continues from there.
  @Test func shiftDragMovesTenStepsPerPixel() {
    let h = Harness()
    var v = 0.0
    slider(h, &v, range: 0...10, step: 0.1)
    let (x, y) = track(h)
    #expect(h.ctx.lastSliderPerPixel == 0.02)
    slider(h, &v, [down(x(0), y, .shift)], range: 0...10, step: 0.1)
    #expect(v == 0, "a press on the knob does not jump")
    slider(h, &v, [move(x(0) + 10, y, .shift)], range: 0...10, step: 0.1)
    #expect(abs(v - 2) < 1e-9, "10 px × 0.2: \(v)")
    // without Shift the drag goes on from there at 0.02 per pixel
    slider(h, &v, [move(x(0) + 15, y)], range: 0...10, step: 0.1)
    #expect(abs(v - 2.1) < 1e-9, "\(v)")
  }

  @Test func altDragMovesAtATenthOfTheSpeedFromThePressPoint() {
    let h = Harness()
    var v = 0.5
    slider(h, &v)
    let (x, y) = track(h)
    slider(h, &v, [down(x(0.1), y, .alt)])
    #expect(v == 0.5)  // no jump to the pointer
    slider(h, &v, [move(x(0.1) + 50, y, .alt)])
    #expect(abs(v - 0.51) < 1e-9, "50 px × 0.0002: \(v)")
    // letting go of Alt continues from there at full speed, without a jump
    slider(h, &v, [move(x(0.1) + 50, y)])
    #expect(abs(v - 0.51) < 1e-9)
    slider(h, &v, [move(x(0.1) + 60, y)])
    #expect(abs(v - 0.53) < 1e-9, "\(v)")
  }

  /// Alt+drag is taken by most Linux window managers: Ctrl held once the
  /// drag has begun is the fine drag there.
  @Test func ctrlDuringADragMovesAtATenthOfTheSpeed() {
    let h = Harness()
    var v = 0.5
    slider(h, &v)
    let (x, y) = track(h)
    slider(h, &v, [down(x(0.5), y)])
    #expect(abs(v - 0.5) < 1e-9)
    slider(h, &v, [move(x(0.5), y, .ctrl)])
    slider(h, &v, [move(x(0.5) + 50, y, .ctrl)])
    #expect(abs(v - 0.51) < 1e-9, "fine: \(v)")
    #expect(h.ctx.editingID == nil, "Ctrl during a drag does not start typing")
  }

  @Test func arrowKeysNudgeTheFocusedSlider() {
    let h = Harness()
    var v = 0.5
    slider(h, &v)
    let (x, y) = track(h)
    slider(h, &v, [down(x(0.5), y)])
    slider(h, &v, [up(x(0.5), y)])
    #expect(h.ctx.focusedID == h.ctx.id("Damping"))
    slider(h, &v, [key(KeyName.right)])
    #expect(abs(v - 0.51) < 1e-9)
    #expect(h.ctx.lastEdit?.phase == .committed)
    #expect(h.ctx.passThroughEvents.isEmpty)  // the arrow is not a hot key
    slider(h, &v, [key(KeyName.left, .shift)])
    #expect(abs(v - 0.41) < 1e-9)
    slider(h, &v, [key(KeyName.up, .alt)])
    #expect(abs(v - 0.411) < 1e-9)
    slider(h, &v, [key(KeyName.down)])
    #expect(abs(v - 0.401) < 1e-9)
    // nudges clamp
    for _ in 0..<10 { slider(h, &v, [key(KeyName.right, .shift)]) }
    #expect(v == 1)
    // a click on empty canvas drops the focus; arrows then pass through
    slider(h, &v, [down(700, 300)])
    slider(h, &v, [up(700, 300)])
    #expect(h.ctx.focusedID == nil)
    slider(h, &v, [key(KeyName.left)])
    #expect(v == 1)
    #expect(h.ctx.passThroughEvents == [key(KeyName.left)])
  }

  @Test func rightClickResetsToDefault() {
    let h = Harness()
    var v = 0.2
    slider(h, &v)
    let (x, y) = track(h)
    slider(h, &v, [down(x(0.9), y, button: .right)])
    #expect(v == 0.72)
    #expect(h.ctx.lastEdit?.phase == .committed)
    slider(h, &v, [up(x(0.9), y, button: .right)])
    #expect(h.ctx.passThroughEvents.isEmpty)
  }

  @Test func resetIconRestoresDefault() {
    let h = Harness()
    var v = 0.2
    slider(h, &v)
    let hit = h.ctx.lastItemRect!
    let ix = hit.x + hit.w + 6 + 7
    let iy = hit.y + hit.h / 2
    slider(h, &v, [down(ix, iy)])
    #expect(v == 0.2)
    slider(h, &v, [up(ix, iy)])
    #expect(v == 0.72)
  }

  @Test func valuesAreAlwaysClamped() {
    let h = Harness()
    var v = 5.0
    var changed = false
    h.frame { ctx in changed = ctx.slider("A", value: &v, range: 0...1) }
    #expect(v == 1)
    #expect(changed)
    var n = -3
    h.frame { ctx in ctx.sliderInt("Items", value: &n, range: 1...12, default: 5) }
    #expect(n == 1)
  }

  @Test func integerSliderDragsWholeNumbers() {
    let h = Harness()
    var n = 5
    h.frame { ctx in ctx.sliderInt("Items", value: &n, range: 1...12, default: 5) }
    let t = h.ctx.lastSliderTrack
    h.frame([down(t.x0 + 0.5 * t.span, t.cy)]) { ctx in
      ctx.sliderInt("Items", value: &n, range: 1...12, default: 5)
    }
    #expect(n == 7)  // 1 + 0.5 × 11 = 6.5 → 7
    h.frame([up(t.x0 + 0.5 * t.span, t.cy)]) { ctx in
      ctx.sliderInt("Items", value: &n, range: 1...12)
    }
    h.frame([key(KeyName.right, .shift)]) { ctx in ctx.sliderInt("Items", value: &n, range: 1...12)
    }
    #expect(n == 12)
  }

  @Test func drawListShowsValueWithUnitAndDefaultTick() {
    let h = Harness()
    var d = 0.4
    var r = 120.0
    var a = 170.0
    var z = 0.72
    let list = h.frame { ctx in
      ctx.slider("Duration", value: &d, range: 0.01...10, default: 0.4, unit: "s", step: 0.01)
      ctx.slider("Radius", value: &r, range: 0...600, default: 120, unit: "pt", step: 1)
      ctx.slider("Start angle", value: &a, range: -720...720, default: 170, unit: "°", step: 1)
      ctx.slider("Damping", value: &z, range: 0.05...1, default: 0.72, unit: "", step: 0.01)
    }
    let all = texts(list)
    #expect(all.contains("0.400 s"))
    #expect(all.contains("120 pt"))
    #expect(all.contains("170°"))
    #expect(all.contains("0.720"))
    #expect(all.contains("Duration"))
  }
}
