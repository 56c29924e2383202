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
}
