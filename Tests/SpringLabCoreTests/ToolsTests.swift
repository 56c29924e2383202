import Foundation
import Testing

@testable import SpringLabCore

@Suite("Designer tools")
struct ToolsTests {
  @Test func oneGestureIsOneUndoStep() {
    var h = UndoHistory()
    var p = Preset.seedDefault
    let original = p
    h.begin(p)
    for d in stride(from: 0.72, through: 0.5, by: -0.02) { p.fan.expand.damping = d }  // a drag
    h.commit(p)
    #expect(h.undoStack.count == 1)
    let back = h.undo(p)
    #expect(back == original)
    #expect(h.canRedo)
    #expect(h.redo(original) == p)
  }

  @Test func aGestureThatChangesNothingIsNotAStep() {
    var h = UndoHistory()
    let p = Preset.seedDefault
    h.begin(p)
    h.commit(p)
    #expect(!h.canUndo)
  }

  @Test func newChangeClearsRedo() {
    var h = UndoHistory()
    var p = Preset.seedDefault
    let a = p
    p.fan.radius = 130
    h.record(from: a, to: p)
    _ = h.undo(p)
    #expect(h.canRedo)
    var q = a
    q.fan.count = 4
    h.record(from: a, to: q)
    #expect(!h.canRedo)
  }

  @Test func designerStoryUndoesToByteIdenticalJSON() {
    // the seed's "dizzy" settings, fixed step by step, then undone
    var p = Preset.seedDefault
    p.fan.expand.damping = 0.55
    p.fan.expand.stagger = 0.06
    p.fan.expand.duration = 0.5
    let dizzyText = PresetWriter.text(p)
    let fields = Set(Lint.check(p).flatMap(\.fields))
    #expect(fields.contains("fan.expand.damping"))
    #expect(fields.contains("fan.expand.stagger"))
    #expect(fields.contains("fan.expand.duration"))
    var h = UndoHistory()
    for (kp, v) in [
      (\Preset.fan.expand.damping, 0.72), (\Preset.fan.expand.stagger, 0.045),
      (\Preset.fan.expand.duration, 0.4),
    ] {
      h.begin(p)
      p[keyPath: kp] = v
      h.commit(p)
    }
    #expect(Lint.check(p).isEmpty, "\(Lint.check(p))")
    while let prev = h.undo(p) { p = prev }
    #expect(PresetWriter.text(p) == dizzyText)
  }

  @Test func stepForwardThenBackIsIdentical() {
    var tl = SceneTimeline(scene: Scene(preset: .seedDefault))
    tl.tick(wall: 0.1)
    let main = tl.scene.mainCenter
    tl.send(.pointerDown(main))
    tl.send(.pointerUp(main))
    tl.tick(wall: 0.1)
    tl.togglePause()
    let before = tl.scene
    tl.stepForward()
    #expect(tl.scene != before)
    tl.stepBack()
    #expect(tl.scene == before)
    #expect(
      tl.scene.trace(frame: 0, view: .init(x: 0, y: 0, scale: 1))
        == before.trace(frame: 0, view: .init(x: 0, y: 0, scale: 1)))
  }

  @Test func scrubbingBackBeforeATapShowsTheMenuClosed() {
    var tl = SceneTimeline(scene: Scene(preset: .seedDefault))
    tl.tick(wall: 0.5)
    let main = tl.scene.mainCenter
    tl.send(.pointerDown(main))
    tl.send(.pointerUp(main))
    tl.tick(wall: 1)
    #expect(tl.scene.fan.phase(at: tl.time) == .expanded)
    tl.seek(to: 0.3)
    #expect(tl.scene.fan.phase(at: tl.time) == .collapsed)
    tl.seek(to: 0.7)
    #expect(tl.scene.fan.phase(at: tl.time) == .expanding)
  }

  @Test func slowMotionScalesTime() {
    var tl = SceneTimeline(scene: Scene(preset: .seedDefault))
    tl.slower()
    #expect(tl.speed == 0.5)
    tl.tick(wall: 1)
    #expect(abs(tl.time - 0.5) < 1e-12)
    tl.slower()
    tl.slower()
    tl.slower()
    #expect(tl.speed == 0.1)
    tl.togglePause()
    tl.tick(wall: 1)
    #expect(abs(tl.time - 0.5) < 1e-12)
  }

  @Test func curveGraphOfTheSeed() {
    let g = CurveGraph(fan: FanPreset())
    #expect(g.items.count == 5)
    // item 5 starts at 4 × 0.045 s
    let last = g.items[4].points
    #expect(last.first { $0.0 > 0.18 + 1e-9 && $0.1 > 0 } != nil)
    #expect(last.filter { $0.0 < 0.18 - 1e-9 }.allSatisfy { $0.1 == 0 })
    #expect(abs(g.timing.total - 0.58) < 1e-9)
    // ζ 0.72 with v 0.6 overshoots by a few percent
    let overshoot = g.timing.overshoot ?? 0
    #expect(overshoot > 3 && overshoot < 7)
    #expect(g.rotation.points.last!.1 == 1)
  }

  @Test func criticallyDampedGraphHasNoOvershoot() {
    var f = FanPreset()
    f.expand.damping = 1
    f.expand.velocity = 0
    #expect(CurveGraph(fan: f).timing.overshoot == 0)
  }
}
