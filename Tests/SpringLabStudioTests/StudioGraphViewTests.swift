import Foundation
import SpringLabCore
import SpringLabUI
import Testing

@testable import SpringLabStudio

/// Settle time and overshoot of a staggered UIKit-spring fan expand, sampled
/// independently of the graph at 1 kHz: `UIKitSpring.progress` per item,
/// shifted by its stagger delay (forward order). The settle time is the
/// sample after the last one outside ±0.5 %; the peak is the highest sample
/// refined by a parabola through it and its neighbours (at ζ = 0.05 the
/// peak is so sharp that 1 kHz samples alone miss it by over 0.1 %).
private func reference1kHz(_ m: FanMotion, count: Int) -> (settle: Double, overshoot: Double) {
  let u = UIKitSpring(duration: m.duration, dampingRatio: m.damping, velocity: m.velocity)
  var settle = 0.0
  let ys = (0...Int((m.duration + 0.01) * 1000)).map { u.progress(at: Double($0) / 1000).p - 1 }
  for i in 0..<count {
    let delay = Double(i) * m.stagger
    for (k, y) in ys.enumerated() where abs(y) > 0.005 {
      settle = max(settle, delay + Double(k) / 1000 + 0.001)
    }
  }
  let k = ys.indices.max { ys[$0] < ys[$1] }!
  var peak = ys[k]
  if k > 0, k + 1 < ys.count {
    let (a, b, c) = (ys[k - 1], ys[k], ys[k + 1])
    let curvature = a - 2 * b + c
    if curvature < 0 { peak = b - (a - c) * (a - c) / (8 * curvature) }
  }
  return (settle, max(0, peak) * 100)
}

private func graphHarness(damping: Double) -> StudioHarness {
  let h = StudioHarness(path: "/lib/a.json")
  var p = h.state.preset
  p.fan.expand.damping = damping
  h.edit(p)
  h.key("g")
  return h
}

@Suite("Studio curve graph")
struct StudioCurveGraphTests {
  @Test(arguments: [0.72, 0.29, 0.05])
  func settleAndOvershootAgreeWithA1kHzSampling(damping: Double) throws {
    let h = graphHarness(damping: damping)
    let g = h.state.motionGraph
    let ref = reference1kHz(h.state.preset.fan.expand, count: h.state.preset.fan.count)
    let settle = try #require(g.settle)
    let overshoot = try #require(g.overshoot)
    #expect(abs(settle - ref.settle) <= 0.001, "settle \(settle) vs 1 kHz \(ref.settle)")
    #expect(
      abs(overshoot - ref.overshoot) <= 0.1, "overshoot \(overshoot) vs 1 kHz \(ref.overshoot)")
    // the headline states what was computed, and the rule
    let texts = h.draw().finishedTexts
    #expect(
      texts.contains {
        $0.hasPrefix("Expand: total ") && $0.contains("· settles \(Fmt.fixed(settle, 3)) s")
      })
    #expect(texts.contains { $0.contains("±0.5 % of travel") })
  }

  @Test func theHeadlineSettleTimeChangesWithDamping() {
    let settles = [0.72, 0.29, 0.05].map {
      graphHarness(damping: $0).state.motionGraph.settle ?? -1
    }
    #expect(Set(settles).count == 3, "\(settles)")
  }

  @Test(arguments: [0.72, 0.29, 0.05])
  func theScaleHoldsEveryValueDrawnAndTheGraphClipsToItsCard(damping: Double) throws {
    let h = graphHarness(damping: damping)
    h.send(.graph(.toggleVelocity))
    h.send(.graph(.togglePaired))
    let g = h.state.motionGraph
    var lo = Double.infinity
    var hi = -Double.infinity
    for c in g.curves {
      for (_, v) in GraphView.samples(c, g) {
        lo = min(lo, v)
        hi = max(hi, v)
      }
    }
    #expect(g.yMin <= lo && g.yMax >= hi)
    #expect(g.yMin <= 0 && g.yMax >= 1)
    if damping < 0.1 { #expect(hi > 1.5, "a loose spring's overshoot is shown, not cut") }
    let card = try #require(StudioLayout(h.state).graph)
    let frame = h.draw()
    #expect(frame.finished.contains(.clip(card)), "the graph is clipped to its card")
  }

  @Test func aTweenReportsItsDurationAndNoOvershoot() {
    let h = StudioHarness(path: "/lib/a.json")
    var p = h.state.preset
    p.fan.expand.curve = .easeOut
    h.edit(p)
    h.key("g")
    let g = h.state.motionGraph
    #expect(g.settle == nil && g.overshoot == nil)
    let texts = h.draw().finishedTexts
    #expect(texts.contains { $0.hasPrefix("Expand: eased, total") })
    #expect(!texts.contains { $0.hasPrefix("Expand:") && $0.contains("overshoot") })
  }

  @Test func theCollapseHeadlineNeverPrintsMinusZero() {
    let h = StudioHarness(path: "/lib/a.json")
    h.key("g")
    h.send(.graph(.target(.fanCollapse)))
    let texts = h.draw().finishedTexts
    #expect(texts.contains { $0.hasPrefix("Collapse:") })
    #expect(!texts.contains { $0.contains("-0.0") })
    if let o = h.state.motionGraph.overshoot { #expect(o >= 0) }
  }

  @Test func noStalePlayheadAfterACollapse() {
    let h = StudioHarness(path: "/lib/a.json")
    h.key("g")
    h.key("space")
    h.advance(0.1)
    #expect(h.state.graphPlayhead != nil, "the expand plays on the expand graph")
    h.draw()
    #expect(h.texts.contains { $0.hasPrefix("t 0.1") && $0.contains("velocity") })
    h.advance(2)
    h.key("space")
    h.advance(2)
    #expect(h.state.graphPlayhead == nil)
    #expect(!h.draw().finishedTexts.contains { $0.hasPrefix("t ") && $0.contains("velocity") })
    h.send(.graph(.target(.fanCollapse)))
    #expect(h.state.graphPlayhead == nil, "the collapse ended long ago")
  }

  @Test func theLegendNamesEveryCurve() {
    let h = StudioHarness(path: "/lib/a.json")
    h.key("g")
    h.send(.graph(.toggleVelocity))
    h.send(.graph(.togglePaired))
    let texts = h.draw().finishedTexts
    for i in 1...h.state.preset.fan.count { #expect(texts.contains("item \(i)")) }
    #expect(texts.contains("main button rotation"))
    #expect(texts.contains("velocity (right axis)"))
    #expect(texts.contains("thin: collapse"))
    #expect(h.state.motionGraph.curves.contains { $0.paired }, "expand and collapse together")
  }

  @Test func thePickerAndTheEditedFieldChooseTheMotion() throws {
    let h = StudioHarness(path: "/lib/a.json")
    h.key("g")
    let r = try #require(StudioLayout(h.state).graph)
    let chip = try #require(GraphView.chips(r, scale: 1).first { $0.1 == .target(.bubbleSnap) })
    h.click(chip.0.x + chip.0.w / 2, chip.0.y + chip.0.h / 2)
    #expect(h.state.graphSettings.target == .bubbleSnap)
    #expect(h.draw().finishedTexts.contains { $0.hasPrefix("Bubble snap: total ") })
    var p = h.state.preset
    p.fan.collapse.damping = 0.4
    h.edit(p)
    #expect(h.state.graphSettings.target == .fanCollapse, "the graph follows the field edited")
    p.bubble.menu.damping = 0.3
    h.edit(p)
    #expect(h.state.graphSettings.target == .bubbleMenu)
    p.fan.expand.variant = .overshoot
    h.edit(p)
    #expect(h.state.graphSettings.target == .fanExpand)
    #expect(h.draw().finishedTexts.contains { $0.hasPrefix("Expand: eased, total") })
    for t in GraphTarget.allCases {
      h.send(.graph(.target(t)))
      let g = h.state.motionGraph
      #expect(!g.curves.isEmpty && g.tMax > 0, "\(t) has a graph")
    }
  }

  @Test func collapseHandlesAreDrawnInTheCollapseCurvesSpace() throws {
    let h = StudioHarness(path: "/lib/a.json")
    var p = h.state.preset
    p.fan.expand.curve = .easeIn
    p.fan.collapse.curve = .easeOut
    h.edit(p)
    h.key("g")
    h.send(.graph(.target(.fanCollapse)))
    let r = try #require(StudioLayout(h.state).graph)
    let g = h.state.motionGraph
    let plot = GraphView.plot(r, scale: 1)
    let e = try #require(GraphView.easedMotion(h.state))
    #expect(
      e.collapse && e.0 == h.state.preset.fan.collapse,
      "the collapse graph edits the collapse curve")
    let (start, p1, _, _) = GraphView.handlePoints(e, g, plot)
    // easeOut's P1 is (0, 0): on a 1 → 0 curve it sits on the start, at progress 1
    let top = GraphView.toPx(0, 1, plot, g)
    #expect(abs(p1.1 - top.1) < 1e-9 && abs(start.1 - top.1) < 1e-9)
    #expect(GraphView.handle(at: p1.0, p1.1, state: h.state, graph: r) == 0, "P1 is grabbable")
    h.drag(from: p1, to: (p1.0 + 30, p1.1 + 20), steps: 4)
    #expect(h.state.preset.fan.collapse.curve == .custom)
    #expect(h.state.preset.fan.collapse.bezier.y1 > 0, "dragging down on a 1 → 0 curve raises y1")
    #expect(h.state.preset.fan.expand.curve == .easeIn, "the expand curve is untouched")
  }

  @Test func theTraceCarriesTheGraphWhileItShows() throws {
    let h = graphHarness(damping: 0.29)
    let view = StudioLayout(h.state).view
    let t = h.state.trace(frame: 3, view: view)
    let g = try #require(t["graph"])
    let mg = h.state.motionGraph
    #expect(g["target"] == .string("fan.expand"))
    guard case .number(let yMin) = g["yMin"], case .number(let yMax) = g["yMax"],
      case .number(let settle) = g["settle"], case .number(let overshoot) = g["overshoot"],
      case .number(let tMax) = g["tMax"]
    else {
      Issue.record("graph fields missing: \(g)")
      return
    }
    var lo = Double.infinity
    var hi = -Double.infinity
    for c in mg.curves {
      for (_, v) in GraphView.samples(c, mg) {
        lo = min(lo, v)
        hi = max(hi, v)
      }
    }
    #expect(yMin <= lo && yMax >= hi)
    let ref = reference1kHz(h.state.preset.fan.expand, count: h.state.preset.fan.count)
    #expect(abs(settle - ref.settle) <= 0.001 + 0.0005)
    #expect(abs(overshoot - ref.overshoot) <= 0.1)
    #expect(tMax >= settle)
    h.key("g")
    #expect(h.state.trace(frame: 4, view: view)["graph"] == nil, "no graph, no graph object")
  }
}

extension DrawList {
  var finishedTexts: [String] { StudioHarness.texts(self) }
}

/// Springs tuned on the graph: the first peak sets the damping, the settle
/// marker the duration, nothing else moves.
@Suite("Studio graph handles")
struct StudioGraphHandleTests {
  func setup(damping: Double) throws -> (StudioHarness, PixelRect) {
    let h = graphHarness(damping: damping)
    let r = try #require(StudioLayout(h.state).graph)
    return (h, GraphView.plot(r, scale: 1))
  }

  /// The pixel y of the lead item's peak for `damping` on the graph drawn for `h`'s preset.
  func peakY(_ h: StudioHarness, damping: Double, _ p: PixelRect) -> Double {
    var q = h.state.preset
    q.fan.expand.damping = damping
    let o = GraphHandles.leadOvershoot(q, .fanExpand)
    return GraphView.toPx(0, 1 + o, p, h.state.motionGraph).1
  }

  @Test func draggingThePeakChangesOnlyTheDamping() throws {
    let (h, p) = try setup(damping: 0.5)
    let before = h.state.preset
    let pk = try #require(GraphHandles.peak(h.state, plot: p))
    #expect(!pk.bounceZero)
    h.drag(from: (pk.x, pk.y), to: (pk.x + 15, pk.y - 20), steps: 4)
    var expected = before
    expected.fan.expand.damping = h.state.preset.fan.expand.damping
    #expect(h.state.preset == expected, "only the damping changed")
    #expect(h.state.preset.fan.expand.damping < 0.5, "a higher peak is less damping")
    #expect(h.texts.contains { $0.hasPrefix("bounce ") })
    h.key("z", .ctrl)
    #expect(h.state.preset == before, "one drag is one undo step")
  }

  @Test func bounceFromPointOneToPointFiveAndBackDoesNotDrift() throws {
    let (h, p) = try setup(damping: 0.9)  // bounce 0.1
    let start = h.state.preset
    let pk = try #require(GraphHandles.peak(h.state, plot: p))
    let y05 = peakY(h, damping: 0.5, p)
    // one gesture: out to bounce 0.5 and back
    h.input([
      .mouseMove(x: pk.x, y: pk.y, mods: []),
      .mouseDown(x: pk.x, y: pk.y, button: .left, clicks: 1, mods: []),
    ])
    h.input([.mouseMove(x: pk.x, y: y05, mods: [])])
    #expect(abs(h.state.preset.fan.expand.damping - 0.5) <= 0.001)
    h.input([.mouseMove(x: pk.x, y: pk.y, mods: [])])
    h.input([.mouseUp(x: pk.x, y: pk.y, button: .left, mods: [])])
    #expect(h.state.preset == start)
    // two gestures: to 0.5, release, grab the new peak, back to 0.1
    for _ in 0..<3 {
      let a = try #require(GraphHandles.peak(h.state, plot: p))
      h.drag(from: (a.x, a.y), to: (a.x, peakY(h, damping: 0.5, p)), steps: 3)
      #expect(h.state.preset.fan.expand.damping == 0.5)
      let b = try #require(GraphHandles.peak(h.state, plot: p))
      h.drag(from: (b.x, b.y), to: (b.x, peakY(h, damping: 0.9, p)), steps: 3)
      #expect(h.state.preset == start, "back at bounce 0.1: \(h.state.preset.fan.expand.damping)")
    }
  }

  @Test func draggingTheSettleMarkerChangesOnlyTheDuration() throws {
    let (h, p) = try setup(damping: 0.72)
    let before = h.state.preset
    let st = try #require(GraphHandles.settle(h.state, plot: p))
    let g = h.state.motionGraph
    let to = st.x + 60
    h.drag(from: (st.x, st.y), to: (to, st.y + 3), steps: 4)
    var expected = before
    expected.fan.expand.duration = h.state.preset.fan.expand.duration
    #expect(h.state.preset == expected, "only the duration changed")
    #expect(h.state.preset.fan.expand.duration > before.fan.expand.duration)
    let wanted = (to - p.x) / p.w * g.tMax
    let settle = try #require(h.state.motionGraph.settle)
    #expect(abs(settle - wanted) < 0.005, "settles where it was dropped: \(settle) vs \(wanted)")
  }

  @Test func criticalDampingShowsABounceZeroHandle() throws {
    let (h, p) = try setup(damping: 1)
    let pk = try #require(GraphHandles.peak(h.state, plot: p))
    #expect(pk.bounceZero)
    h.draw()
    #expect(h.texts.contains("bounce 0 · drag up to add bounce"))
    h.drag(from: (pk.x, pk.y), to: (pk.x, pk.y - 25), steps: 3)
    #expect(h.state.preset.fan.expand.damping < 1, "dragging up adds bounce")
  }

  @Test func easedCurvesHaveNoSpringHandles() throws {
    let (h, p) = try setup(damping: 0.5)
    var q = h.state.preset
    q.fan.expand.curve = .easeOut
    h.edit(q)
    #expect(GraphHandles.peak(h.state, plot: p) == nil)
    #expect(GraphHandles.settle(h.state, plot: p) == nil)
  }
}

@Suite("Studio spring editor rows")
struct StudioSpringEditorRowTests {
  @Test func easedCurvesHideDampingAndVelocityAndCustomCurvesShowTheirPoints() throws {
    let h = StudioHarness(path: "/lib/a.json")
    h.draw()
    #expect(
      h.texts.contains("Damping ratio") && h.texts.contains("Velocity"), "a spring shows them")
    var p = h.state.preset
    p.fan.expand.curve = .easeOut
    p.fan.collapse.curve = .easeIn
    h.edit(p)
    h.draw()
    #expect(!h.texts.contains("Damping ratio") && !h.texts.contains("Velocity"))
    #expect(!h.texts.contains("Bézier x1"), "a named curve's points are not editable rows")
    // a handle drag makes the curve custom: its points become typed rows
    h.key("g")
    let r = try #require(StudioLayout(h.state).graph)
    let e = try #require(GraphView.easedMotion(h.state))
    let (_, p1, _, _) = GraphView.handlePoints(e, h.state.motionGraph, GraphView.plot(r, scale: 1))
    h.drag(from: p1, to: (p1.0 + 25, p1.1 - 25), steps: 3)
    #expect(h.state.preset.fan.expand.curve == .custom)
    let rows = SpringEditorRows.rows(PanelSections.all[1].1, h.state.preset)
    #expect(rows.contains(.field(.fanExpandBezierX1)) && rows.contains(.field(.fanExpandBezierY2)))
    #expect(!rows.contains(.field(.fanExpandDamping)))
    h.draw()
    #expect(h.texts.contains("Bézier x1") && h.texts.contains("Bézier y2"))
  }
}

@Suite("Studio trails")
struct StudioTrailTests {
  @Test func ghostsAreEvenlySpacedInTimeAndSayTheyAreOn() throws {
    let h = StudioHarness(path: "/lib/a.json")
    h.key("t")
    h.draw()
    #expect(h.texts.contains("Trails on: a ghost every 1/30 s · T to hide"))
    h.key("space")
    let starts = h.state.scene.fan.items.compactMap { $0.tweens.first?.start }
    let start = try #require(starts.min())
    h.advance(0.2)
    let trails = h.state.trails
    let n = Int(((h.state.scene.now - start) * 30).rounded(.down)) + 1
    // one ghost per 1/30 s from the tap, where the item shows (it fades in at the button)
    let expected = (0..<n).map { h.state.scene.fanItems(at: start + Double($0) / 30)[0] }
      .filter { $0.alpha > 0.02 }.map(\.center)
    #expect(n >= 6 && expected.count >= 4, "\(n) ghost times, \(expected.count) visible")
    #expect(trails.first?.count == expected.count)
    for (a, b) in zip(trails[0], expected) { #expect((a - b).length < 1e-9) }
    // spacing follows the easing: the steps are not all equal
    let steps = zip(trails[0], trails[0].dropFirst()).map { ($1 - $0).length }
    #expect((steps.max() ?? 0) - (steps.min() ?? 0) > 1)
    h.advance(3)
    #expect(h.state.trails.isEmpty, "ghosts clear after the motion")
    #expect(!h.state.isAnimating)
  }
}

@Suite("Studio canvas edit handles")
struct StudioCanvasHandleTests {
  func pixel(_ h: StudioHarness, angle: Double, distance: Double) -> (Double, Double) {
    let main = FanLayout.mainCenter(h.state.preset.fan, device: h.state.scene.device)
    let a = angle * Double.pi / 180
    let p = Point(main.x + cos(a) * distance, main.y + sin(a) * distance)
    return StudioLayout(h.state).view.toPixels(p)
  }

  func handle(_ h: StudioHarness, _ k: CanvasHandleKind) throws -> (Double, Double) {
    let hd = try #require(
      CanvasEdit.handles(h.state.preset, device: h.state.scene.device).first { $0.kind == k })
    return StudioLayout(h.state).view.toPixels(hd.point)
  }

  @Test func angleHandlesSnapTo5DegreesAndShiftDragsFree() throws {
    let h = StudioHarness(path: "/lib/a.json")
    h.key("e")
    h.draw()
    let f = h.state.preset.fan
    #expect(h.texts.contains("\(Int(f.startAngle))°") && h.texts.contains("\(Int(f.endAngle))°"))
    #expect(h.texts.contains("\(Int(f.radius)) pt"))
    let before = h.state.preset
    let from = try handle(h, .startAngle)
    h.drag(from: from, to: pixel(h, angle: 183.4, distance: f.radius + 28), steps: 4)
    var expected = before
    expected.fan.startAngle = 185
    #expect(h.state.preset == expected, "snapped to 185°, nothing else changed")
    h.key("z", .ctrl)
    #expect(h.state.preset == before, "one drag, one undo step")
    // Shift: free
    let a = try handle(h, .startAngle)
    let b = pixel(h, angle: 183.4, distance: f.radius + 28)
    h.input([
      .mouseMove(x: a.0, y: a.1, mods: [.shift]),
      .mouseDown(x: a.0, y: a.1, button: .left, clicks: 1, mods: [.shift]),
    ])
    h.input([.mouseMove(x: b.0, y: b.1, mods: [.shift])])
    h.input([.mouseUp(x: b.0, y: b.1, button: .left, mods: [.shift])])
    #expect(abs(h.state.preset.fan.startAngle - 183.4) <= 0.1, "\(h.state.preset.fan.startAngle)")
    #expect(h.state.preset.fan.endAngle == before.fan.endAngle)
  }

  @Test func theRadiusHandleSetsOnlyTheRadius() throws {
    let h = StudioHarness(path: "/lib/a.json")
    h.key("e")
    let f = h.state.preset.fan
    let before = h.state.preset
    let from = try handle(h, .radius)
    h.drag(
      from: from, to: pixel(h, angle: (f.startAngle + f.endAngle) / 2, distance: 150), steps: 3)
    var expected = before
    expected.fan.radius = 150
    #expect(h.state.preset == expected)
    h.draw()
    #expect(h.texts.contains("150 pt"))
  }
}

@Suite("Studio bubble snap editing")
struct StudioBubbleSnapEditTests {
  @Test func replaySnapPlaysTheSnapSpringBackToItsPlace() {
    let h = StudioHarness(path: "/lib/a.json")
    h.key("e")
    h.draw()
    #expect(h.texts.contains("snap targets · N replays the snap"))
    let rest = h.state.scene.bubble.center(at: h.state.scene.now)
    h.key("n")
    #expect(h.state.scene.bubble.phase == .snapping)
    #expect(h.state.graphSettings.target == .bubbleSnap, "the graph shows the snap being replayed")
    h.advance(0.05)
    let mid = h.state.scene.bubble.center(at: h.state.scene.now)
    #expect((mid - rest).length > 5, "it moves away from its place first")
    h.advance(h.state.preset.bubble.snap.duration + 0.1)
    #expect(h.state.scene.bubble.phase == .idle)
    #expect((h.state.scene.bubble.center(at: h.state.scene.now) - rest).length < 1e-9)
  }
}

@Suite("Studio paste")
struct StudioPasteTests {
  @Test func ctrlVAppliesASwiftUISpringToTheGraphedMotionInOneUndoStep() throws {
    let h = StudioHarness(path: "/lib/a.json")
    let before = h.state.preset
    h.disk.clipboard = ".spring(response: 0.5, dampingFraction: 0.6)"
    h.key("v", .ctrl)
    let m = h.state.preset.fan.expand
    let applied = SpringForms.fromUIKit(
      duration: m.duration, damping: m.damping, velocity: m.velocity)
    let wanted = SwiftUISpring.spring(response: 0.5, dampingFraction: 0.6)
    // why: a pasted spring is stored without float noise, playing within
    // CleanNumbers.tolerance (0.01 % of travel) of the snippet's own spring
    let gap = CleanNumbers.difference(
      applied.spring, applied.velocity, wanted, m.velocity, span: m.duration)
    #expect(gap <= CleanNumbers.tolerance, "\(gap)")
    #expect(abs(applied.spring.stiffness - wanted.stiffness) <= 1e-3 * wanted.stiffness)
    #expect(abs(m.damping - 0.6) < 1e-9)
    let toast = try #require(h.state.toast?.text)
    #expect(toast.hasPrefix("Pasted ") && toast.contains("→ Expand: duration"), "\(toast)")
    h.key("z", .ctrl)
    #expect(h.state.preset == before)
  }

  @Test func aCSSCurveLandsOnAnEasedMotionAndABadSnippetSaysWhy() throws {
    let h = StudioHarness(path: "/lib/a.json")
    h.key("g")
    h.send(.graph(.target(.fanCollapse)))
    h.disk.clipboard = "transition: transform 300ms cubic-bezier(0.2, 0.9, 0.3, 1.2);"
    h.key("v", .ctrl)
    let c = h.state.preset.fan.collapse
    #expect(c.curve == .custom)
    #expect(c.bezier.x1 == 0.2 && c.bezier.y1 == 0.9 && c.bezier.x2 == 0.3 && c.bezier.y2 == 1.2)
    #expect(abs(c.duration - 0.3) < 1e-9)
    #expect(h.state.toast?.text.contains("→ Collapse") == true)
    let before = h.state.preset
    h.disk.clipboard = "hello world"
    h.key("v", .ctrl)
    #expect(h.state.preset == before)
    #expect(h.state.toast?.text.hasPrefix("Paste: could not read a spring") == true)
    // an overdamped spring cannot be a UIKit spring: said, not applied
    h.send(.graph(.target(.bubbleSnap)))
    h.disk.clipboard = "stiffness=100 damping=40 mass=1"
    h.key("v", .ctrl)
    #expect(h.state.preset == before)
    #expect(h.state.toast?.text.contains("overdamped") == true, "\(h.state.toast?.text ?? "")")
  }
}
