import Foundation
import Testing

@testable import SpringLabCore

@Suite("Floating field: catch-up and lint")
struct FloatingFieldTests {
  /// A field far too crowded to step in real time (radius 60 pt bubbles
  /// piled on an iPhone SE).
  static func crowded(_ count: Int) -> Preset {
    var p = Preset()
    p.device = .iphoneSE
    p.bubble.size = 200
    p.bubble.floatingCount = count
    p.bubble.floatingSpeed = 2000
    return p
  }

  @Test func aLiveSceneSlowsAHeavyFieldDownAndSaysSo() {
    var live = Scene(preset: Self.crowded(600))
    live.catchUpBudget = Scene.liveCatchUpBudget
    live.advance(to: 1.0 / 60)
    #expect(!live.floatingSlowed(at: live.now))
    // a stalled second: 236 steps due, far more work than one frame's budget
    live.advance(to: 1)
    #expect(live.floatingSlowed(at: 1))
    #expect(!live.floatingSlowed(at: 2.5), "the note goes a second after the last drop")
    // renders and traces never drop a step
    var exact = Scene(preset: Self.crowded(600))
    exact.advance(to: 1)
    #expect(!exact.floatingSlowed(at: 1))
    #expect(exact.floating.bodies != live.floating.bodies)
  }

  @Test func theFirstFrameIsBudgetedToo() {
    // why: a window's first frame can come a second or more after launch
    var live = Scene(preset: Self.crowded(600))
    live.catchUpBudget = Scene.liveCatchUpBudget
    live.advance(to: 1.5)
    #expect(live.floatingSlowed(at: 1.5))
  }

  @Test func aLightFieldNeverSlowsEvenAfterALongStall() {
    var p = Preset()
    p.bubble.floatingCount = 24
    var live = Scene(preset: p)
    live.catchUpBudget = Scene.liveCatchUpBudget
    live.advance(to: 10)
    var exact = Scene(preset: p)
    exact.advance(to: 10)
    #expect(!live.floatingSlowed(at: 10))
    #expect(live.floating == exact.floating)
  }

  @Test func theWindowsTimelineIsLive() {
    let timeline = SceneTimeline(scene: Scene(preset: Preset()))
    #expect(timeline.scene.catchUpBudget == Scene.liveCatchUpBudget)
  }

  @Test func lintWarnsWhenBubblesOverfillTheScreen() {
    let dense = Lint.check(Self.crowded(10_000))
    #expect(dense.contains { $0.fields == ["bubble.floating.count", "bubble.size"] }, "\(dense)")
    var party = shipped("floating-party.json")
    #expect(!Lint.check(party).contains { $0.fields.contains("bubble.floating.count") })
    party.bubble.floatingCount = 10_000
    party.bubble.size = 56
    // 10,000 bubbles of 34 pt on an iPhone 15 cannot all fit
    #expect(Lint.check(party).contains { $0.fields.contains("bubble.floating.count") })
  }

  @Test func crowdingCountsBubblesPerCollisionCell() {
    // 393 × 852 pt with 20 pt cells: 20 × 43 cells
    #expect(
      abs(FloatingField.crowding(count: 860, radius: 10, width: 393, height: 852) - 1) < 1e-12)
  }

  /// Golden state of two seeded fields after 600 steps (2.5 s), recorded
  /// before the collision pass stopped looking at the row above each body
  /// (it holds only bodies resolved earlier): the same pairs in the same
  /// order give the same bits, and the work figure keeps its meaning.
  @Test(arguments: [
    (
      300, 393.0, 852.0, 10.0, 1304, 58308.980226730, 127260.633234361, 453.224848881,
      -131.484976555
    ),
    (1000, 200.0, 300.0, 5.0, 15416, 99756.907745374, 147855.957672061, -1.559007455, -2.592805545),
  ])
  func aSeededFieldKeepsItsRecordedState(
    _ g: (Int, Double, Double, Double, Int, Double, Double, Double, Double)
  ) {
    var f = FloatingField(
      count: g.0, radius: g.3, speed: 300, restitution: 0.9, width: g.1, height: g.2)
    for _ in 0..<600 { f.step(dt: 1.0 / 240) }
    let b = f.bodies
    #expect(f.lastStepWork == g.4)
    #expect(abs(b.reduce(0) { $0 + $1.x } - g.5) < 1e-6)
    #expect(abs(b.reduce(0) { $0 + $1.y } - g.6) < 1e-6)
    #expect(abs(b.reduce(0) { $0 + $1.vx } - g.7) < 1e-6)
    #expect(abs(b.reduce(0) { $0 + $1.vy } - g.8) < 1e-6)
  }
}
