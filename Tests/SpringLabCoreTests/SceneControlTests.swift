import Foundation
import Testing

@testable import SpringLabCore

/// A third control, written only against `SceneControl`: a switch at a fixed
/// point that slides its knob over 0.2 s when tapped.
struct TestSwitch: SceneControl {
  static let name = "switch"
  static let centre = Point(200, 300)

  static func plan(_ preset: Preset) -> [PlannedAnimation] {
    [
      PlannedAnimation(
        id: "switch.on", kind: .other, target: .other("switch.knob"), from: 0,
        moves: [
          PlannedMove(curve: .bezier(.easeOut, name: .easeOut, duration: 0.2), delay: 0, to: 1)
        ], variant: nil)
    ]
  }

  var on = false
  var knob = Track(rest: 0)
  var keys: [String] = []
  var elsewhere = 0

  init(_ context: ControlContext) {}
  mutating func apply(_ context: ControlContext, at t: Double) {}
  mutating func advance(to t: Double) {}
  func isAnimating(at t: Double) -> Bool { t < knob.end }
  func hitTargets(at t: Double, _ context: ControlContext) -> [ControlTarget] {
    [ControlTarget(.body, .circle(Self.centre, radius: 20))]
  }
  mutating func activate(_ part: ControlPart, at t: Double, _ context: ControlContext) -> String? {
    on.toggle()
    let a = Self.plan(context.preset)[0]
    knob = a.track(at: t, from: knob.sample(t).x, carried: nil, scale: on ? 1 : 0)
    return on ? "Switch on" : "Switch off"
  }
  mutating func tapElsewhere(at t: Double) { elsewhere += 1 }
  mutating func key(_ name: String, at t: Double, _ context: ControlContext) { keys.append(name) }
  func trace(at t: Double, _ context: ControlContext) -> JSONValue {
    .object([("on", .bool(on)), ("knob", .number(knob.sample(t).x))])
  }
}

@Suite("Scene controls")
struct SceneControlTests {
  func scene() -> Scene { Scene(preset: Preset(), controls: [TestSwitch.self]) }

  @Test func aThirdControlIsHitTappedAnimatedAndTraced() throws {
    var s = scene()
    #expect(s.hitTest(TestSwitch.centre) == .control(0, .body))
    s.advance(to: 1)
    s.send(.pointerDown(TestSwitch.centre))
    s.send(.pointerUp(TestSwitch.centre))
    let sw = try #require(s.more[0].base as? TestSwitch)
    #expect(sw.on)
    #expect(s.toast?.text == "Switch on")
    #expect(s.isAnimating(at: 1.1))
    s.advance(to: 1.1)
    guard
      case .number(let mid)? = s.trace(frame: 0, view: ViewTransform(x: 0, y: 0, scale: 1))[
        "switch"]?["knob"]
    else {
      Issue.record("no switch in the trace")
      return
    }
    #expect(mid > 0 && mid < 1)
    s.advance(to: 3)
    #expect(
      s.trace(frame: 0, view: ViewTransform(x: 0, y: 0, scale: 1))["switch"]?["knob"] == .number(1))
  }

  @Test func aThirdControlHearsKeysAndTapsElsewhere() throws {
    var s = scene()
    s.send(.command(.control("x")))
    let far = Point(30, 700)
    s.send(.pointerDown(far))
    s.send(.pointerUp(far))
    let sw = try #require(s.more[0].base as? TestSwitch)
    #expect(sw.keys == ["x"] && sw.elsewhere == 1 && !sw.on)
  }

  @Test func aThirdControlsPlanJoinsTheMotionPlan() {
    let controls = SceneControls.all + [TestSwitch.self]
    let plan = MotionPlan(Preset(), controls: controls)
    #expect(plan.animations.last?.id == "switch.on")
    #expect(plan.animations.dropLast() == MotionPlan(Preset()).animations[...])
  }

  @Test func theFanAndTheBubbleAreControlsToo() {
    let c = ControlContext(preset: Preset(), device: Device.of(Preset()))
    var fan = FanMenu(c)
    #expect(fan.part(at: fan.mainCenter(on: c.device), time: 0, c) == .main)
    _ = fan.activate(.main, at: 0, c)
    #expect(fan.isAnimating(at: 0.1) && fan.phase(at: 0.1) == .expanding)
    var bubble = Bubble(c)
    #expect(bubble.part(at: bubble.center(at: 0), time: 0, c) == .body)
    bubble.setMenu(open: true, at: 0)
    let item = bubble.menuLayout(at: 1, device: c.device).items[0]
    #expect(bubble.part(at: item, time: 1, c) == .menuItem(0))
    #expect(bubble.activate(.menuItem(0), at: 1, c) == "Settings tapped" && !bubble.menuOpen)
  }
}
