import Foundation
import Testing

@testable import SpringLabCore

/// The motion plan is the only producer of timing: the runtime, the export
/// plan and lint must agree with it on every animation of every shipped preset.
@Suite("Motion plan")
struct MotionPlanTests {
  static let shippedNames: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.presets.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted()
  }()

  /// Every move's (start from the trigger, duration) in a runtime track.
  static func schedule(_ tr: Track, from t0: Double) -> [(start: Double, duration: Double)] {
    tr.tweens.map { ($0.start - t0, $0.duration) }
  }

  /// The same schedule read from the plan (moves chain after each other).
  static func schedule(_ a: PlannedAnimation) -> [(start: Double, duration: Double)] {
    var at = 0.0
    return a.moves.map { m in
      at += m.delay
      defer { at += m.duration }
      return (at, m.duration)
    }
  }

  static func same(
    _ a: [(start: Double, duration: Double)], _ b: [(start: Double, duration: Double)]
  ) -> Bool {
    a.count == b.count
      && zip(a, b).allSatisfy { near($0.start, $1.start, 1e-12) && near($0.duration, $1.duration) }
  }

  @Test func thereAreShippedPresets() {
    #expect(Self.shippedNames.count >= 5, "\(Self.shippedNames)")
  }

  @Test(arguments: shippedNames)
  func runtimeExportAndLintAgree(_ name: String) {
    let p = shipped(name)
    let plan = MotionPlan(p)
    let t0 = 2.0
    // fan: the runtime's tracks from rest, opening then closing
    var closed = FanMenu(config: p.fan)
    closed.toggle(at: t0)
    var open = FanMenu(config: p.fan, open: true)
    open.toggle(at: t0)
    for (menu, kind, rotation) in [
      (closed, PlannedAnimationKind.fanExpand, PlannedAnimationKind.rotationOpen),
      (open, .fanCollapse, .rotationClose),
    ] {
      let planned = plan.animations(kind)
      #expect(planned.count == p.fan.count && menu.items.count == p.fan.count)
      for (i, a) in planned.enumerated() {
        #expect(a.target == .fanItem(i))
        #expect(
          Self.same(Self.schedule(menu.items[i], from: t0), Self.schedule(a)),
          "\(name) \(a.id): runtime \(Self.schedule(menu.items[i], from: t0)) plan \(Self.schedule(a))"
        )
      }
      let r = plan.animations(rotation)[0]
      #expect(
        Self.same(Self.schedule(menu.rotation, from: t0), Self.schedule(r)), "\(name) \(r.id)")
      // the menu's motion ends when the plan's last animation does
      let end = max(plan.totalTime(kind), plan.totalTime(rotation))
      #expect(near(menu.motionEnd - t0, end, 1e-12), "\(name) \(kind)")
    }
    // bubble: the snap (a release far from the edge) and the menu
    var s = Scene(preset: p)
    let c = s.bubble.center(at: 0)
    s.send(.pointerDown(c))
    s.advance(to: 0.5)
    s.send(.pointerMove(Point(s.device.width / 2, c.y)))
    s.advance(to: 1)
    s.send(.pointerUp(Point(s.device.width / 2, c.y)))
    if p.bubble.enabled {
      #expect(
        Self.same(
          Self.schedule(s.bubble.xTrack, from: 1), Self.schedule(plan.animations(.bubbleSnap)[0])),
        "\(name) bubble.snap")
    }
    var b = Bubble(config: p.bubble, device: Device.of(p))
    b.setMenu(open: true, at: t0)
    #expect(
      Self.same(
        Self.schedule(b.menuTrack, from: t0), Self.schedule(plan.animations(.bubbleMenuOpen)[0])))
    b.setMenu(open: false, at: t0 + 5)
    #expect(
      Self.same(
        Self.schedule(b.menuTrack, from: t0 + 5),
        Self.schedule(plan.animations(.bubbleMenuClose)[0])))
    // export plan: the same animations, delays and durations
    let exported = ExportPlan.animations(p)
    #expect(exported.map(\.id) == plan.animations.map(\.id))
    for (e, a) in zip(exported, plan.animations) {
      #expect(e.moves.map(\.delay) == a.moves.map(\.delay), "\(name) \(a.id)")
      #expect(e.moves.map(\.duration) == a.moves.map(\.duration), "\(name) \(a.id)")
      #expect(e.moves.map(\.to) == a.moves.map(\.to), "\(name) \(a.id)")
      #expect(e.from == a.from && e.end == a.end)
    }
    // lint: its total times are the runtime's
    let lint = Lint.totalTimes(plan)
    #expect(near(lint.expand, closed.items.map(\.end).max()! - t0, 1e-12), "\(name)")
    #expect(near(lint.collapse, open.items.map(\.end).max()! - t0, 1e-12), "\(name)")
  }

  /// Lint used to add the overshoot phases to a collapse and count a centre
  /// order as if it were forward; the runtime does neither.
  @Test func lintTotalsFollowThePlanForEveryVariantAndOrder() {
    for variant in FanVariant.allCases {
      for order in FanOrder.allCases {
        var p = Preset()
        p.fan.count = 5
        p.fan.expand.variant = variant
        p.fan.collapse.variant = variant
        p.fan.expand.order = order
        p.fan.collapse.order = order
        var menu = FanMenu(config: p.fan, open: true)
        menu.toggle(at: 0)
        let runtime = menu.items.map(\.end).max()!
        #expect(
          near(Lint.totalTimes(MotionPlan(p)).collapse, runtime, 1e-12), "\(variant) \(order)")
      }
    }
  }

  @Test func anInterruptionDropsDelaysAndCarriesVelocity() {
    var p = Preset()
    p.fan.policy = .interrupt
    var m = FanMenu(config: p.fan)
    m.toggle(at: 0)
    let mid = m.items[4].sample(0.3)
    m.toggle(at: 0.3)
    // every item starts reversing at once, from where it was, at its speed
    #expect(m.items.allSatisfy { $0.tweens[0].start == 0.3 })
    #expect(m.items[4].tweens[0].from == mid.x && m.items[4].tweens[0].v0 == mid.v)
  }
}
