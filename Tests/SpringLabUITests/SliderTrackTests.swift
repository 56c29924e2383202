import Testing

@testable import SpringLabUI

/// A soft drag track inside a wide documented range (velocity −20…20 dragged over −2…6).
@Suite struct SliderTrackTests {
  func slider(_ h: Harness, _ v: inout Double, _ events: [UIEvent] = []) {
    h.frame(events) { ctx in
      ctx.slider(
        "Velocity", value: &v, range: -20...20, default: 0.6, unit: "", step: 0.01, track: -2...6)
    }
  }

  func x(_ h: Harness, _ fraction: Double) -> (Double, Double) {
    let t = h.ctx.lastSliderTrack
    return (t.x0 + fraction * t.span, t.cy)
  }

  /// A click maps onto the track (−2…6), a drag moves 0.02 per pixel (8
  /// over 400 px) and stops at the track's end.
  @Test func aClickMapsOntoTheTrackAndADragStopsAtItsEnd() {
    let h = Harness()
    var v = 0.6
    slider(h, &v)
    #expect(h.ctx.lastSliderPerPixel == 0.02)
    let (x0, y) = x(h, 0.75)
    slider(h, &v, [down(x0, y)])
    #expect(abs(v - 4) < 1e-9)  // three quarters of −2…6
    slider(h, &v, [move(x0 + 10, y)])
    #expect(abs(v - 4.2) < 1e-9, "\(v)")
    slider(h, &v, [move(x0 + 1000, y)])
    #expect(v == 6)  // past the end of the track stays on the track's end
    // turning back moves at once (the drag re-anchors at the end)
    slider(h, &v, [move(x0 + 990, y)])
    #expect(abs(v - 5.8) < 1e-9, "\(v)")
    slider(h, &v, [up(x0 + 990, y)])
  }

  @Test func aValueOutsideTheTrackIsKeptAndDragsOverTheWholeRange() {
    let h = Harness()
    var v = 12.0
    slider(h, &v)
    #expect(v == 12)  // drawing never clamps it to the track
    #expect(h.ctx.lastSliderPerPixel == 0.1, "−20…20 in 400 px")
    let (x0, y) = x(h, 0.5)
    slider(h, &v, [down(x0, y)])
    #expect(abs(v - 0) < 1e-9)  // the middle of −20…20
    // dragging on keeps the whole-range step (0.1 per pixel): no jump
    slider(h, &v, [move(x0 + 20, y)])
    #expect(abs(v - 2) < 1e-9, "\(v)")
    slider(h, &v, [move(x0 + 40, y)])
    #expect(abs(v - 4) < 1e-9, "\(v)")
    slider(h, &v, [up(x0 + 40, y)])
  }
}
