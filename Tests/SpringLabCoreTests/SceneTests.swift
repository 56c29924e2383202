import Foundation
import Testing

@testable import SpringLabCore

extension Scene {
  mutating func tap(_ p: Point) {
    send(.pointerDown(p))
    send(.pointerUp(p))
  }
  func traceObject() -> JSONValue { trace(frame: 0, view: ViewTransform(x: 0, y: 0, scale: 1)) }
}

@Suite("Fan menu and scene")
struct SceneTests {
  func seedScene(policy: InputPolicy = .lock) -> Scene {
    var p = shipped("seed-000-fan.json")
    p.fan.policy = policy
    return Scene(preset: p)
  }

  /// Every item at exactly 0 or exactly 1, agreeing with the phase.
  func expectAtRest(
    _ s: Scene, _ note: String = "", sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let items = s.fanItems(at: s.now)
    let phase = s.fan.phase(at: s.now)
    #expect(
      phase == .collapsed || phase == .expanded, "\(note) phase \(phase)",
      sourceLocation: sourceLocation)
    let want: Double = phase == .expanded ? 1 : 0
    for (i, v) in items.enumerated() {
      #expect(
        v.progress == want, "\(note) item \(i) at progress \(v.progress) in \(phase)",
        sourceLocation: sourceLocation)
      let rest = want == 1 ? s.mainCenter + s.itemOffsets[i] : s.mainCenter
      #expect(
        near(v.center, rest, 1e-9), "\(note) item \(i) at \(v.center)",
        sourceLocation: sourceLocation)
      #expect(v.alpha == want, sourceLocation: sourceLocation)
    }
  }

  @Test func lockIgnoresTapsWhileMoving() {
    var s = seedScene()
    s.tap(s.mainCenter)
    #expect(s.fan.phase == .expanding)
    s.advance(to: 0.1)
    s.tap(s.mainCenter)
    #expect(s.fan.phase(at: 0.1) == .expanding, "locked: the tap is ignored")
    s.advance(to: 0.3)
    s.tap(s.mainCenter)
    s.advance(to: 0.58 + 1e-9)
    #expect(s.fan.phase(at: s.now) == .expanded)
    expectAtRest(s)
    s.tap(s.mainCenter)
    #expect(s.fan.phase == .collapsing)
  }

  @Test func interruptReversesFromTheCurrentState() {
    var s = seedScene(policy: .interrupt)
    s.tap(s.mainCenter)
    s.advance(to: 0.2)
    let before = s.fanItems(at: 0.2)
    let velocityBefore = s.fan.items.map { $0.sample(0.2).v }
    s.tap(s.mainCenter)
    #expect(s.fan.phase == .collapsing)
    let after = s.fanItems(at: 0.2)
    for i in 0..<5 {
      #expect(near(before[i].center, after[i].center, 1e-9), "no jump at the reversal")
      #expect(near(s.fan.items[i].sample(0.2).v, velocityBefore[i], 1e-9), "velocity carried")
    }
    // the carried velocity is continuous just after the reversal too
    let justAfter = s.fanItems(at: 0.2 + 1e-5)
    for i in 0..<5 { #expect(justAfter[i].center.distance(to: after[i].center) < 0.1) }
    s.advance(to: 5)
    expectAtRest(s)
    #expect(s.fan.phase == .collapsed)
  }

  @Test(
    "rapid taps: once settled, no item is left between rest positions",
    arguments: InputPolicy.allCases)
  func rapidTaps(_ policy: InputPolicy) {
    var rng = SeededGenerator(seed: policy == .lock ? 1 : 2)
    for round in 0..<200 {
      var s = seedScene(policy: policy)
      if round % 3 == 1 {
        var p = s.preset
        p.fan = shipped("seed-003-sequential.json").fan
        p.fan.policy = policy
        s.send(.setPreset(p))
      } else if round % 3 == 2 {
        var p = s.preset
        p.fan = shipped("seed-004-ring.json").fan
        p.fan.flyOut = false
        p.fan.policy = policy
        s.send(.setPreset(p))
      }
      var t = 0.0
      for _ in 0..<Int.random(in: 1...12, using: &rng) {
        t += Double.random(in: 0...0.25, using: &rng)
        s.advance(to: t)
        switch Int.random(in: 0..<4, using: &rng) {
        case 0, 1: s.tap(s.mainCenter)
        case 2: s.send(.command(.toggleFan))
        default: s.tap(s.outsidePoint())
        }
      }
      s.advance(to: t + 5)
      expectAtRest(s, "\(policy) round \(round)")
      #expect(
        s.fan.mainRotation(at: s.now) == (s.fan.phase == .expanded ? s.preset.fan.rotationAngle : 0)
      )
    }
  }

  @Test func tapOutsideCollapses() {
    var s = seedScene()
    s.tap(s.outsidePoint())
    #expect(s.fan.phase == .collapsed, "nothing to collapse")
    s.tap(s.mainCenter)
    s.advance(to: 1)
    let out = s.outsidePoint()
    #expect(s.hitTest(out) == .mask)
    s.tap(out)
    #expect(s.fan.phase == .collapsing)
    s.advance(to: 2)
    expectAtRest(s)
    #expect(s.fan.phase == .collapsed)
    #expect(s.toast == nil, "a tap outside reports nothing")
  }

  @Test func itemTapCollapsesThenToastsAtExactlyTheDelay() {
    var s = seedScene()
    s.tap(s.mainCenter)
    s.advance(to: 1)
    let t0 = 1.0
    let p = s.targetPoint("fan.item", index: 0)!
    #expect(s.hitTest(p) == .fanItem(0))
    s.tap(p)
    #expect(s.fan.phase == .collapsing)
    s.advance(to: t0 + 0.3 - 1e-6)
    #expect(s.traceObject()["toast"] == .null, "not before t + 0.3")
    s.advance(to: t0 + 0.3)
    #expect(s.traceObject()["toast"] == .string("Note tapped"), "exactly at t + 0.3")
    #expect(s.toast?.start == t0 + 0.3)
    s.advance(to: t0 + 0.3 + 1.5 - 1e-6)
    #expect(s.traceObject()["toast"] == .string("Note tapped"))
    s.advance(to: t0 + 0.3 + 1.5)
    #expect(s.traceObject()["toast"] == .null)
  }

  @Test func toastTimeIsExactEvenWhenTheSceneJumpsPastIt() {
    var s = seedScene()
    s.tap(s.mainCenter)
    s.advance(to: 1)
    s.tap(s.targetPoint("fan.item", index: 2)!)
    s.advance(to: 1.7)  // one big step
    #expect(s.toast?.text == "Photo tapped")
    #expect(s.toast?.start == 1.3)
  }

  @Test func hitTargets() {
    var s = seedScene()
    let m = s.mainCenter
    #expect(s.hitTest(m + Point(27.9, 0)) == .fanMain)
    #expect(s.hitTest(m + Point(0, 28.1)) == nil, "collapsed: nothing else to hit")
    #expect(s.hitTest(s.mainCenter + s.itemOffsets[0]) == nil, "collapsed items cannot be tapped")
    s.tap(m)
    s.advance(to: 1)
    for i in 0..<5 {
      let c = s.mainCenter + s.itemOffsets[i]
      #expect(s.hitTest(c) == .fanItem(i))
      // hit target 56 pt: radius 28, even though the visual is 50 pt
      let out = s.itemOffsets[i] * (1 / s.itemOffsets[i].length)
      #expect(s.hitTest(c + out * 27.9) == .fanItem(i))
      #expect(s.hitTest(c + out * 28.1) == .mask, "just outside an item is the mask below it")
    }
    #expect(s.hitTest(m) == .fanMain)
    #expect(s.hitTest(Point(10, 400)) == .mask)
    #expect(s.mainHitRadius * 2 >= 44 && s.itemHitRadius * 2 >= 44)
  }

  @Test func aButtonActsOnlyIfReleasedOnIt() {
    var s = seedScene()
    s.send(.pointerDown(s.mainCenter))
    #expect(s.fan.phase == .collapsed, "buttons act on release")
    s.send(.pointerUp(s.mainCenter + Point(-100, -100)))
    #expect(s.fan.phase == .collapsed, "released elsewhere: no action")
    s.send(.pointerDown(s.mainCenter))
    s.send(.pointerUp(s.mainCenter + Point(5, 5)))
    #expect(s.fan.phase == .expanding)
  }

  @Test func traceHasTheSpecKeysAndTypes() throws {
    var s = seedScene()
    s.tap(s.mainCenter)
    s.advance(to: 0.2)
    let v = s.trace(frame: 7, view: ViewTransform(x: 40, y: 20, scale: 1.5))
    let line = JSONWriter.compact(v)
    #expect(!line.contains("\n"))
    let back = try StrictJSONParser.parse(Data(line.utf8))
    #expect(back == v)
    guard case .object(let top) = back else {
      Issue.record("not an object")
      return
    }
    #expect(
      top.map(\.0) == [
        "frame", "t", "device", "view", "fan", "bubble", "keyboard", "toast", "bubbles",
      ])
    func num(_ v: JSONValue?) -> Double? {
      if case .number(let d)? = v { return d } else { return nil }
    }
    #expect(num(back["frame"]) == 7)
    #expect(num(back["t"]) == 0.2)
    let dev = back["device"]!
    #expect(num(dev["w"]) == 393 && num(dev["h"]) == 852)
    for k in ["top", "left", "bottom", "right"] {
      #expect(num(dev["safe"]?[k]) != nil, "safe.\(k)")
    }
    #expect(num(dev["safe"]?["top"]) == 59 && num(dev["safe"]?["bottom"]) == 34)
    #expect(
      num(back["view"]?["x"]) == 40 && num(back["view"]?["y"]) == 20
        && num(back["view"]?["scale"]) == 1.5)
    let fan = back["fan"]!
    #expect(fan["phase"] == .string("expanding"))
    #expect(num(fan["rotation"]) != nil)
    #expect(num(fan["main"]?["x"]) == 323 && num(fan["main"]?["y"]) == 738)
    guard case .array(let items)? = fan["items"] else {
      Issue.record("items")
      return
    }
    #expect(items.count == 5)
    for it in items {
      guard case .object(let m) = it else { continue }
      #expect(m.map(\.0) == ["x", "y", "scale", "alpha"])
      #expect(
        m.allSatisfy { if case .number(let d) = $0.1 { return d.isFinite } else { return false } })
      #expect((0...1).contains(num(it["alpha"])!))
    }
    let b = back["bubble"]!
    #expect(num(b["x"]) != nil && num(b["y"]) != nil)
    #expect(b["phase"] == .string("idle"))
    #expect(b["menuOpen"] == .bool(false))
    #expect(num(back["keyboard"]) == 0)
    #expect(back["toast"] == .null)
    #expect(back["bubbles"] == .array([]))
  }

  @Test func traceOfACollapsedFanListsEveryItemAtTheButton() {
    let s = seedScene()
    guard case .array(let items)? = s.traceObject()["fan"]?["items"] else {
      Issue.record("items")
      return
    }
    #expect(items.count == 5)
    for it in items {
      #expect(it["x"] == .number(323) && it["y"] == .number(738) && it["alpha"] == .number(0))
    }
  }

  @Test func traceNumbersAreRoundedWithoutMinusZero() {
    #expect(roundTrace(-0.0001) == 0)
    #expect(roundTrace(-0.0001).sign == .plus)
    #expect(roundTrace(1.23456) == 1.235)
    #expect(JSONWriter.number(-0.0) == "0")
  }

  @Test func floatingBubblesAppearInTheTrace() {
    let p = shipped("floating-party.json")
    var s = Scene(preset: p)
    s.advance(to: 1)
    guard case .array(let bs)? = s.traceObject()["bubbles"] else {
      Issue.record("bubbles")
      return
    }
    #expect(bs.count == 24)
    for b in bs {
      guard case .object(let m) = b else { continue }
      #expect(m.map(\.0) == ["x", "y", "r"])
    }
  }

  @Test func scriptTargetsResolve() {
    var s = seedScene()
    #expect(s.targetPoint("fan.main", index: nil) == s.mainCenter)
    #expect(s.targetPoint("fan.item", index: 1) == s.mainCenter + s.itemOffsets[1])
    #expect(s.targetPoint("fan.item", index: 5) == nil)
    #expect(s.targetPoint("fan.item", index: nil) == nil)
    #expect(s.targetPoint("bubble", index: nil) == s.bubble.center(at: 0))
    #expect(s.targetPoint("nonsense", index: nil) == nil)
    s.tap(s.mainCenter)
    s.advance(to: 1)
    let out = s.outsidePoint()
    #expect(s.hitTest(out) == .mask)
    #expect(s.targetPoint("outside", index: nil) == out)
  }

  @Test(
    "every item of every shipped preset can be tapped once open",
    arguments: PresetTests.shippedNames)
  func itemsAreTappable(_ name: String) {
    var s = Scene(preset: shipped(name))
    s.tap(s.mainCenter)
    s.advance(to: 3)
    #expect(s.fan.phase == .expanded)
    for i in 0..<s.preset.fan.count {
      let c = s.mainCenter + s.itemOffsets[i]
      if s.bubble.part(at: c, time: s.now, s.context) == .body { continue }  // the bubble floats above the fan
      let later = (i + 1..<s.preset.fan.count).contains {
        (s.mainCenter + s.itemOffsets[$0]).distance(to: c) <= s.itemHitRadius
      }
      if later { continue }  // a later item drawn on top wins
      #expect(
        s.hitTest(c) == .fanItem(i),
        "\(name): item \(i) at \(c) hits \(String(describing: s.hitTest(c)))")
    }
  }

  @Test func outsideIsOutsideEveryHitArea() {
    for name in PresetTests.shippedNames {
      var s = Scene(preset: shipped(name))
      #expect(s.hitTest(s.outsidePoint()) == nil, "\(name) closed")
      s.tap(s.mainCenter)
      s.advance(to: 3)
      #expect(s.hitTest(s.outsidePoint()) == .mask, "\(name) open")
      s.send(.command(.toggleBubbleMenu))
      s.advance(to: 4)
      let h = s.hitTest(s.outsidePoint())
      #expect(h == .mask, "\(name) open with the bubble menu: \(String(describing: h))")
    }
  }

  @Test func kyCircleMenuFlyOutAndBack() {
    let p = shipped("seed-004-ring.json")
    var s = Scene(preset: p)
    s.tap(s.mainCenter)
    s.advance(to: 1)
    let c = s.targetPoint("fan.item", index: 3)!
    s.tap(c)
    #expect(s.fan.pageShown)
    s.advance(to: 1.3)
    for v in s.fanItems(at: 1.3) {
      #expect(v.alpha == 0)
      #expect(
        v.center.distance(to: s.mainCenter) > max(s.device.width, s.device.height) / 2,
        "slid out past the screen edge")
    }
    #expect(s.toast?.text == "Calendar tapped")
    #expect(s.hitTest(c) == .page)
    s.tap(s.outsidePoint())  // back
    #expect(!s.fan.pageShown)
    s.advance(to: 2)
    for (i, v) in s.fanItems(at: 2).enumerated() {
      #expect(v.alpha == 1 && near(v.center, s.mainCenter + s.itemOffsets[i], 1e-9))
    }
    #expect(s.fan.phase == .expanded)
  }

  @Test func pressFeedbackTargetIsTracked() {
    var s = seedScene()
    s.send(.pointerDown(s.mainCenter))
    #expect(s.pressedTarget == .fanMain)
    #expect(s.pointer == s.mainCenter)
    s.send(.pointerUp(s.mainCenter))
    #expect(s.pressedTarget == nil && s.pointer == nil)
  }

  @Test func aSliderMovedRightAfterAnItemTapKeepsTheToast() {
    var s = seedScene()
    s.tap(s.mainCenter)
    s.advance(to: 1)
    s.tap(s.targetPoint("fan.item", index: 1)!)
    s.advance(to: 1.1)
    var p = s.preset
    p.fan.expand.damping = 0.7  // the designer nudges a slider
    s.send(.setPreset(p))
    s.advance(to: 1.3)
    #expect(s.traceObject()["toast"] == .string("Scan tapped"))
  }

  @Test func aDisabledBubbleHasNoMenu() {
    var p = shipped("seed-000-fan.json")
    p.bubble.enabled = false
    var s = Scene(preset: p)
    s.send(.command(.toggleBubbleMenu))
    #expect(!s.bubble.menuOpen)
    s.send(.command(.escape))
    #expect(s.hitTest(s.bubble.center(at: 0)) == nil)
    // switched off while its menu is open: the menu goes too
    var q = Scene(preset: shipped("seed-002-bubble.json"))
    q.send(.command(.toggleBubbleMenu))
    #expect(q.bubble.menuOpen)
    var off = q.preset
    off.bubble.enabled = false
    q.send(.setPreset(off))
    #expect(!q.bubble.menuOpen)
    q.advance(to: 1)
    #expect(q.hitTest(q.bubbleMenuLayout(at: 1).items[0]) == nil)
  }

  @Test func anUnknownDeviceIsIgnored() {
    var s = seedScene()
    s.send(.setDevice(.ipadSplit))
    #expect(s.device.id == "ipadSplit" && s.preset.device == .ipadSplit)
    // why: the device is an enum in code; a name only arrives through a field
    var p = s.preset
    #expect(
      PresetReader.apply(PresetField.named("device.model")!, .string("pixel8"), to: &p) != nil)
    #expect(p.device == .ipadSplit)
    #expect(throws: Never.self) {
      _ = try PresetReader.decode(Data(PresetWriter.text(s.preset).utf8), file: "x")
    }
  }

  @Test func aDisabledBubbleIsNotAScriptTarget() {
    var p = shipped("seed-000-fan.json")
    p.bubble.enabled = false
    let s = Scene(preset: p)
    #expect(s.targetPoint("bubble", index: nil) == nil)
  }
}

@Suite("Trace: the bubble menu's scale and alpha")
struct BubbleMenuTraceTests {
  func number(_ v: JSONValue?) -> Double? {
    if case .number(let d)? = v { return d }
    return nil
  }

  @Test func menuScaleAndAlphaFollowTheMenuSpring() throws {
    let p = shipped("seed-002-bubble.json")
    var s = Scene(preset: p)
    let closed = try #require(s.traceObject()["bubble"])
    #expect(number(closed["menuScale"]) == 0.8)
    #expect(number(closed["menuAlpha"]) == 0)
    let t0 = s.now
    s.send(.command(.toggleBubbleMenu))
    #expect(s.bubble.menuOpen)
    let u = UIKitSpring(
      duration: p.bubble.menu.duration, dampingRatio: p.bubble.menu.damping,
      velocity: p.bubble.menu.velocity)
    var peak = 0.0
    for k in 1...40 {
      let dt = Double(k) * p.bubble.menu.duration / 32
      s.advance(to: t0 + dt)
      let b = try #require(s.traceObject()["bubble"])
      let progress = u.progress(at: s.now - t0).p
      let scale = try #require(number(b["menuScale"]))
      let alpha = try #require(number(b["menuAlpha"]))
      // why: the trace rounds to a thousandth
      #expect(abs(scale - (0.6 + 0.4 * progress)) <= 0.0006, "t \(dt)")
      #expect(abs(alpha - min(1, max(0, progress))) <= 0.0006, "t \(dt)")
      #expect((0...1).contains(alpha))
      peak = max(peak, scale)
      // the field order only grows: the old fields keep their places
      if case .object(let m) = b {
        #expect(Array(m.map(\.0).prefix(4)) == ["x", "y", "phase", "menuOpen"])
      }
    }
    #expect(peak > 1, "the menu spring (ζ \(p.bubble.menu.damping)) overshoots in scale")
  }
}
