import SpringLabCore
import Testing

@testable import SpringLabUI

/// Fine controls in Tweakpane/leva's manner (#23): a drag moves by a fixed
/// step per pixel, Shift ×10, Alt ÷10; the radius has a floor with a reason.
@Suite struct SliderFineControlTests {
  /// One frame of the panel control for the field at `path`.
  @discardableResult
  func field(_ h: Harness, _ path: String, _ p: inout Preset, _ events: [UIEvent] = [])
    -> DrawList
  {
    let f = PresetField.named(path)!
    return h.frame(events) { ctx in ctx.field(f, in: &p) }
  }

  /// The knob's pixel position for the value shown (drags start on it, so
  /// the press itself does not jump).
  func knob(_ h: Harness, _ v: Double, _ range: ClosedRange<Double>) -> (Double, Double) {
    let t = h.ctx.lastSliderTrack
    let f = (v - range.lowerBound) / (range.upperBound - range.lowerBound)
    return (t.x0 + f * t.span, t.cy)
  }

  /// Drags the field's knob `dx` pixels with `mods` and returns the value change.
  func drag(
    _ path: String, from start: Double, by dx: Double, _ mods: KeyModifiers = [],
    get: (Preset) -> Double, set: (inout Preset, Double) -> Void, track: ClosedRange<Double>
  ) -> (change: Double, perPixel: Double) {
    let h = Harness()
    var p = Preset()
    set(&p, start)
    field(h, path, &p)
    let per = h.ctx.lastSliderPerPixel
    let (x, y) = knob(h, start, track)
    field(h, path, &p, [down(x, y, mods)])
    #expect(get(p) == start, "a press on the knob does not move \(path)")
    field(h, path, &p, [move(x + dx, y, mods)])
    field(h, path, &p, [up(x + dx, y, mods)])
    return (get(p) - start, per)
  }

  /// N px → N × step, for the fields the designer tried: radius 1 pt/px
  /// (was 4.5 pt/px: 19 px went 120 → 206 pt), damping 0.002/px (was
  /// 0.0076/px: 25 px moved 0.19), duration 0.005 s/px.
  @Test(arguments: [
    ("fan.radius", 120.0, 19.0, 1.0, 0.0...600.0),
    ("fan.expand.damping", 0.6, 25.0, 0.002, 0.05...1.0),
    ("fan.expand.duration", 0.5, 40.0, 0.005, 0.01...2.0),
    ("fan.expand.duration", 0.5, -30.0, 0.005, 0.01...2.0),
  ])
  func aDragMovesByTheStepPerPixel(
    path: String, start: Double, dx: Double, step: Double, track: ClosedRange<Double>
  ) {
    let f = PresetField.named(path)!
    guard case .number(let kp, _, _) = f.kind else {
      Issue.record("\(path) is a number")
      return
    }
    let r = drag(
      path, from: start, by: dx, get: { $0[keyPath: kp] }, set: { $0[keyPath: kp] = $1 },
      track: track)
    #expect(r.perPixel == step)
    #expect(abs(r.change - dx * step) < 1e-9, "\(path): \(dx) px → \(r.change)")
  }

  @Test func shiftMovesTenStepsAndAltATenthPerPixel() {
    let kp = \Preset.fan.radius
    let get: (Preset) -> Double = { $0[keyPath: kp] }
    let set: (inout Preset, Double) -> Void = { $0[keyPath: kp] = $1 }
    let shift = drag("fan.radius", from: 120, by: 10, .shift, get: get, set: set, track: 0...600)
    #expect(shift.change == 100, "Shift: 10 px × 10 pt")
    let alt = drag("fan.radius", from: 120, by: 50, .alt, get: get, set: set, track: 0...600)
    #expect(alt.change == 5, "Alt: 50 px × 0.1 pt")
    let damping = \Preset.fan.expand.damping
    let fine = drag(
      "fan.expand.damping", from: 0.6, by: 50, .alt, get: { $0[keyPath: damping] },
      set: { $0[keyPath: damping] = $1 }, track: 0.05...1)
    #expect(abs(fine.change - 0.01) < 1e-12, "Alt: 50 px × 0.0002")
  }

  /// Every number field crosses its drag span in 100…600 px.
  @Test func everyFieldsDragSpanTakesAFewHundredPixels() {
    for f in PresetField.all {
      guard case .number(_, let range, let unit) = f.kind, !f.isUnbounded else { continue }
      let span = f.dragRange ?? range
      let spec = SliderSpec(
        range: range, defaultValue: nil, unit: unit.rawValue, step: 0.01,
        decimals: UnitFormat.decimals(unit), integer: false)
      let px =
        (span.upperBound - span.lowerBound) / spec.perPixel(span: span.upperBound - span.lowerBound)
      #expect(px >= 100 && px <= 600, "\(f.path): \(px) px")
    }
    let items = SliderSpec(
      range: 1...12, defaultValue: nil, unit: "", step: 1, decimals: 0, integer: true)
    #expect(items.perPixel(span: 11) == 0.1, "an item count moves one item per 10 px")
  }

  /// A radius of 0 pt stacks every item on the main button: a drag stops at
  /// 20 pt and says why; typing less is refused with the same reason.
  @Test func theRadiusStopsAtItsFloorWithAReason() {
    let h = Harness()
    var p = Preset()
    p.fan.radius = 60
    field(h, "fan.radius", &p)
    let (x, y) = knob(h, 60, 0...600)
    field(h, "fan.radius", &p, [down(x, y)])
    let list = field(h, "fan.radius", &p, [move(x - 200, y)])
    #expect(p.fan.radius == 20)
    let reason = "at least 20 pt: closer, the items hide under the main button"
    #expect(texts(list).joined(separator: " ").contains("closer, the items hide"))
    #expect(texts(list).contains { reason.hasPrefix($0) || $0 == reason })
    field(h, "fan.radius", &p, [up(x - 200, y)])
    // typing below the floor
    let rect = h.ctx.lastItemRect!
    field(h, "fan.radius", &p, [down(rect.x + rect.w - 10, y, .ctrl)])
    field(h, "fan.radius", &p, [up(rect.x + rect.w - 10, y, .ctrl)])
    field(h, "fan.radius", &p, [.text("5"), key(KeyName.enter)])
    #expect(p.fan.radius == 20)
    #expect(h.ctx.editing?.invalidReason == reason)
  }

  /// Presets may hold radii under the floor (a fixture has 1 pt): drawing
  /// keeps them, and a drag from there does not jump up to the floor.
  @Test func aRadiusBelowTheFloorIsKept() {
    let h = Harness()
    var p = Preset()
    p.fan.radius = 1
    field(h, "fan.radius", &p)
    #expect(p.fan.radius == 1)
    let (x, y) = knob(h, 1, 0...600)
    field(h, "fan.radius", &p, [down(x, y)])
    field(h, "fan.radius", &p, [move(x + 4, y)])
    #expect(p.fan.radius == 5)
    field(h, "fan.radius", &p, [move(x - 10, y)])
    #expect(p.fan.radius == 1, "not below where it started")
    field(h, "fan.radius", &p, [up(x - 10, y)])
  }
}
