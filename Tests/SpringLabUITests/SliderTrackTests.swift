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

  @Test func aDragSpansOnlyTheTrack() {
    let h = Harness()
    var v = 0.6
    slider(h, &v)
    let (x0, y) = x(h, 0.25)
    slider(h, &v, [down(x0, y)])
    #expect(abs(v - 0.0) < 1e-9)  // a quarter of −2…6
    let (x1, _) = x(h, 1.5)
    slider(h, &v, [move(x1, y)])
    #expect(v == 6)  // past the end of the track stays on the track's end
    slider(h, &v, [up(x1, y)])
  }

  @Test func aValueOutsideTheTrackIsKeptAndDragsOverTheWholeRange() {
    let h = Harness()
    var v = 12.0
    slider(h, &v)
    #expect(v == 12)  // drawing never clamps it to the track
    let (x0, y) = x(h, 0.75)
    slider(h, &v, [down(x0, y)])
    #expect(abs(v - 10) < 1e-9)  // three quarters of −20…20
    // dragging into the track's values keeps the whole-range mapping: no jump
    let (x1, _) = x(h, 0.55)
    slider(h, &v, [move(x1, y)])
    #expect(abs(v - 2) < 1e-9)
    let (x2, _) = x(h, 0.6)
    slider(h, &v, [move(x2, y)])
    #expect(abs(v - 4) < 1e-9)
    slider(h, &v, [up(x2, y)])
  }
}
