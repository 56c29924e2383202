import Foundation
import SpringLabCore
import SpringLabUI
import Testing

@testable import SpringLabStudio

/// The defects found by trying the window as a new user, each as a test:
/// every view shows the state after an action on the very next frame, and
/// nothing moves under the pointer.
@Suite("Studio defects")
struct StudioDefectTests {
  static func shippedLibrary() throws -> FakeDisk {
    let disk = FakeDisk()
    for n in ["seed-000-fan.json", "seed-003-sequential.json"] {
      disk.write(try Shipped.preset(n), to: "/lib/" + n)
    }
    return disk
  }

  /// Clicking seed-003 in the presets list switched the canvas but the panel
  /// kept showing seed 000's name and values for a while.
  @Test func clickingAPresetInTheListShowsItInThePanelOnTheNextFrame() throws {
    let disk = try Self.shippedLibrary()
    let seed0 = disk.presets["/lib/seed-000-fan.json"]!.preset
    let seed3 = disk.presets["/lib/seed-003-sequential.json"]!.preset
    #expect(seed0.name != seed3.name)
    let h = StudioHarness(preset: seed0, path: "/lib/seed-000-fan.json", disk: disk)
    #expect(h.texts.contains(seed0.name))
    #expect(h.reveal("seed-003"))
    let row = try #require(h.textPosition("seed-003"))
    let frame = h.input([
      .mouseMove(x: row.x + 20, y: row.y + 5, mods: []),
      .mouseDown(x: row.x + 20, y: row.y + 5, button: .left, clicks: 1, mods: []),
      .mouseUp(x: row.x + 20, y: row.y + 5, button: .left, mods: []),
    ])
    let texts = StudioHarness.texts(frame)
    #expect(texts.contains(seed3.name), "the panel names the new preset on the next frame")
    // why: the library rows name every preset, so look at the panel's title
    // line, the one above the document's path in the pinned header
    let title = texts.firstIndex(of: "/lib/seed-003-sequential.json").flatMap {
      $0 > 0 ? texts[$0 - 1] : nil
    }
    #expect(title == seed3.name, "the panel's title is the new preset, not \(seed0.name)")
    #expect(h.state.preset.fan.count == seed3.fan.count)
    #expect(texts.contains("\(seed3.fan.count)"), "the Items value shows the new count")
    #expect(texts.contains("/lib/seed-003-sequential.json"))
  }

  /// E mode: drag an item off-screen, L, Ctrl+Z: the header said "Lint:
  /// clean" but "LAYOUT ⚠" stayed for the rest of the session.
  @Test func undoingALintFixClearsEveryWarningMarkOnTheNextFrame() throws {
    let h = StudioHarness(path: "/lib/a.json")
    h.key("space")
    h.advance(1.5)
    h.key("e")
    #expect(h.state.overlays.editOnCanvas)
    let layout = StudioLayout(h.state)
    let item = h.state.scene.fanItems(at: h.state.scene.now)[0].center
    let (px, py) = layout.view.toPixels(item)
    h.drag(from: (px, py), to: (layout.view.x + 2, layout.view.y + 2), steps: 6)
    #expect(!Lint.check(h.state.preset).isEmpty, "the item is off-screen: lint warns")
    h.key("l")
    #expect(h.state.highlightField != nil)
    #expect(h.texts.contains { $0.contains("⚠") })
    h.key("z", .ctrl)
    #expect(Lint.check(h.state.preset).isEmpty)
    let texts = h.texts
    #expect(texts.contains("Lint: clean"))
    #expect(
      !texts.contains { $0.contains("⚠") },
      "no section still marked: \(texts.filter { $0.contains("⚠") })")
  }

  /// The keyboard warning ("the keyboard covers the bubble") stayed on screen
  /// after K hid the keyboard. It describes the scene while the keyboard
  /// shows, so the window shows it exactly then; `springlab lint` still
  /// reports it (a property of the preset).
  @Test func theKeyboardWarningShowsOnlyWhileTheKeyboardDoes() throws {
    var p = Preset.seedDefault
    p.bubble.enabled = true
    p.bubble.startY = 640
    let all = Lint.check(p)
    try #require(
      all.contains { $0.condition == .whileKeyboardShows }, "the preset has the keyboard warning")
    let h = StudioHarness(preset: p, path: "/lib/k.json")
    let hidden = h.state.liveWarnings.count
    #expect(hidden == all.count - 1)
    h.key("k")
    #expect(h.state.scene.keyboardShown)
    #expect(h.state.liveWarnings.count == all.count)
    func summary(_ n: Int) -> String {
      n == 0 ? "Lint: clean" : "Lint: \(n) warning\(n == 1 ? "" : "s") · L visits them"
    }
    #expect(h.texts.contains(summary(all.count)), "\(h.texts.filter { $0.hasPrefix("Lint") })")
    h.key("k")
    #expect(!h.state.scene.keyboardShown)
    #expect(h.state.liveWarnings.count == hidden)
    #expect(
      h.texts.contains(summary(hidden)), "the next frame no longer counts the keyboard warning")
  }

  /// Pinning A grew the diff list inside the panel and pushed every row down
  /// ~46 px, so the next double-click landed on the Curve buttons instead of
  /// Duration.
  @Test func pinningAAndTuningBNeverMovesAPanelRow() throws {
    let h = StudioHarness(path: "/lib/a.json")
    // why: the library and tab rows put Expand's Duration below 800 px; a taller window shows it unscrolled
    h.send(.resized(WindowSize(width: 1280, height: 1000, scale: 1)))
    h.draw()
    let before = h.panelRows()
    let duration = try #require(before["Duration"])
    try #require(duration < 1000 - 30, "Duration is on screen")
    h.key("a")
    #expect(h.state.compare != nil)
    var p = h.state.preset
    p.fan.expand.duration = 0.6
    p.fan.radius = 150
    p.fan.count = 6
    h.edit(p)
    h.draw()
    #expect(h.texts.contains { $0.hasPrefix("Radius ") }, "the A → B diff shows on the canvas")
    let after = h.panelRows()
    for name in ["Duration", "Radius", "Items", "Curve", "Damping ratio", "Stagger"] {
      #expect(
        before[name] == after[name],
        "\(name) stayed at \(before[name] ?? -1), now \(after[name] ?? -1)")
    }
    // the double-click meant for Duration lands on Duration
    h.click(1100, duration + 7, clicks: 2)
    let editing = try #require(h.view.panelUI.editingID)
    h.input([.text("0.7")])
    h.key(KeyName.enter)
    #expect(h.state.preset.fan.expand.duration == 0.7, "typed into Duration (editor \(editing))")
    // unpinning does not move rows either
    h.key("a")
    #expect(h.panelRows()["Duration"] == duration)
  }

  /// An error line and a lint selection take their fixed line, never a new row.
  @Test func anErrorOrALintSelectionNeverInsertsRows() throws {
    let h = StudioHarness(path: "/lib/a.json")
    let before = h.panelRows()
    h.send(.fileChanged(.invalid("/lib/a.json: fan.radius: -4 is below 0"), nil))
    var p = h.state.preset
    p.fan.expand.damping = 0.2
    h.edit(p)
    h.draw()
    let after = h.panelRows()
    for name in ["Replay", "Duration", "Radius", "Items"] {
      #expect(before[name] == after[name], "\(name) moved")
    }
    // L scrolls its field into view, but inserts nothing between rows
    h.key("l")
    #expect(h.state.highlightField == .fanExpandDamping)
    let selected = h.panelRows()
    for (a, b) in [("Items", "Radius"), ("Radius", "Duration"), ("Duration", "Damping ratio")] {
      let gapBefore = before[b]! - before[a]!
      let gapAfter = selected[b]! - selected[a]!
      #expect(abs(gapBefore - gapAfter) < 0.01, "\(a) → \(b): \(gapBefore) then \(gapAfter)")
    }
  }

  /// Drawing reads the state and never acts: a frame without input asks for
  /// nothing and draws the same thing twice.
  @Test func aFrameWithoutInputIsPure() throws {
    let h = StudioHarness(path: "/lib/a.json")
    h.key("g")
    h.key("a")
    h.key("space")
    h.advance(0.2)
    let first = h.view.frame(h.state, events: [])
    let second = h.view.frame(h.state, events: [])
    #expect(first.actions.isEmpty)
    #expect(second.actions.isEmpty)
    #expect(first.drawList.finished == second.drawList.finished)
    #expect(
      first.layout == StudioLayout(h.state), "input hit-tests the layout the frame was drawn with")
  }

  /// The panel was rebuilt up to 4 times per input: now once for the input
  /// and once to draw its result.
  @Test func thePanelIsBuiltAtMostTwicePerInput() throws {
    let h = StudioHarness(path: "/lib/a.json")
    for k in ["g", "a", "space", "l", "p", "1"] {
      let before = h.view.panelBuilds
      h.key(k)
      #expect(h.view.panelBuilds - before <= 2, "\(k): \(h.view.panelBuilds - before) builds")
    }
    let y = try #require(h.textPosition("Radius")).y + 7
    let before = h.view.panelBuilds
    h.input([.mouseMove(x: 1100, y: y, mods: [])])
    #expect(h.view.panelBuilds - before <= 2)
  }

  /// While the fan blooms the panel is not rebuilt for its clock: the
  /// cached panel gets its status line redrawn, and it reads what a
  /// rebuilt panel would say, frame by frame.
  @Test func aMovingFanRedrawsOnlyThePanelsStatusLine() throws {
    let h = StudioHarness(path: "/lib/a.json")
    h.advance(0.05)
    h.key("space")
    h.draw()
    let before = h.view.panelBuilds
    var seen: Set<String> = []
    for _ in 0..<20 {
      h.advance(1.0 / 60)
      h.draw()
      let status = PanelView.status(h.state)
      #expect(h.texts.contains(status), "the panel says \(status)")
      seen.insert(status)
    }
    #expect(h.view.panelBuilds == before, "\(h.view.panelBuilds - before) rebuilds while blooming")
    #expect(seen.count > 10, "the clock moved: \(seen.sorted())")
  }

  /// A hot key the panel does not take (no widget focused) reuses the panel
  /// drawn for the frame before, and still acts; a focused slider still
  /// takes its arrow keys.
  @Test func aHotKeyReusesThePanelUnlessAWidgetTakesKeys() throws {
    let h = StudioHarness(path: "/lib/a.json")
    h.advance(0.05)
    h.draw()
    let before = h.view.panelBuilds
    h.input([.keyDown("space", mods: [], isRepeat: false)])
    #expect(h.view.panelBuilds == before, "the space key rebuilt the panel")
    h.advance(1)
    #expect(h.state.scene.fan.phase(at: h.state.scene.now) == .expanded)
    #expect(h.reveal("Radius"))
    let y = try #require(h.textPosition("Radius")).y + 7
    h.click(1100, y)
    let radius = h.state.preset.fan.radius
    h.input([.keyDown(KeyName.right, mods: [], isRepeat: false)])
    #expect(h.state.preset.fan.radius > radius, "the focused slider took the arrow key")
  }

  @Test func aSliderEditShowsItsValueOnTheNextFrame() throws {
    let h = StudioHarness(path: "/lib/a.json")
    #expect(h.texts.contains("120 pt"))
    h.key("r", .ctrl)  // unbound: nothing happens
    var p = h.state.preset
    p.fan.radius = 133
    h.edit(p)
    let f = h.draw()
    #expect(StudioHarness.texts(f).contains("133 pt"))
  }

  @Test func swapAndSideBySideKeepTheSharedClock() {
    let h = StudioHarness(path: "/lib/a.json")
    h.key("a")
    var p = h.state.preset
    p.fan.radius = 150
    h.edit(p)
    h.key("x")
    #expect(h.state.preset.fan.radius == Preset.seedDefault.fan.radius, "B now has A's settings")
    #expect(h.state.compare?.pinned.fan.radius == 150)
    h.key("v")
    #expect(h.state.compare?.mode == .sideBySide)
    let layout = StudioLayout(h.state)
    #expect(layout.ghostView != nil && layout.halves != nil)
    h.key("space")
    h.advance(0.3)
    let a = h.state.compare!.ghost
    #expect(a.time == h.state.timeline.time)
    #expect(a.scene.fan.phase(at: a.scene.now) == h.state.scene.fan.phase(at: h.state.scene.now))
    h.key("z", .ctrl)
    #expect(h.state.preset.fan.radius == 150, "a swap is one undo step")
  }
}

/// The curve graph's gestures read the same layout the graph is drawn with.
@Suite("Studio graph")
struct StudioGraphTests {
  @Test func draggingThePlayheadPausesAndScrubs() throws {
    let h = StudioHarness(path: "/lib/a.json")
    h.key("g")
    let r = try #require(StudioLayout(h.state).graph)
    let p = GraphView.plot(r, scale: 1)
    let span = h.state.motionGraph.tMax
    h.drag(from: (p.x + p.w * 0.2, p.y + p.h / 2), to: (p.x + p.w * 0.5, p.y + p.h / 2), steps: 4)
    #expect(h.state.timeline.paused, "scrubbing pauses")
    #expect(abs(h.state.timeline.time - span * 0.5) < 1e-9)
  }

  @Test func draggingABezierHandleMakesACustomCurveInOneUndoStep() throws {
    let h = StudioHarness(path: "/lib/a.json")
    var eased = h.state.preset
    eased.fan.expand.curve = .easeInOut
    h.edit(eased)
    h.key("g")
    let r = try #require(StudioLayout(h.state).graph)
    let p = GraphView.plot(r, scale: 1)
    let m = h.state.preset.fan.expand
    let b = try #require(PlannedCurve.of(m).bezier)
    let h1 = GraphView.toPx(b.x1 * m.duration, b.y1, p, h.state.motionGraph)
    h.drag(from: h1, to: (h1.0 + 20, h1.1 - 30), steps: 5)
    #expect(h.state.preset.fan.expand.curve == .custom)
    #expect(
      h.state.preset.fan.expand.bezier.x1 != b.x1 || h.state.preset.fan.expand.bezier.y1 != b.y1)
    #expect(!h.state.timeline.paused, "a handle drag is not a scrub")
    h.key("z", .ctrl)
    #expect(h.state.preset == eased, "the whole handle drag is one undo step")
  }
}

/// A designer saw the panel say "fan expanding" seconds after the fan had
/// opened: the window stops drawing once nothing moves, and the frame drawn
/// as the motion came to rest reused a panel cached up to 0.1 s earlier.
@Suite("The frame at rest shows the state at rest")
struct StudioRestFrameTests {
  @Test func thePanelDrawnAsAMotionEndsSaysItEnded() throws {
    let h = StudioHarness()
    h.send(.command(.toggleFan))
    var last: DrawList?
    // draw every frame as the window does, until the fan rests
    for _ in 0..<240 {
      h.send(.tick(h.state.now + 1.0 / 60))
      last = h.draw()
      if !h.state.isAnimating { break }
    }
    #expect(!h.state.isAnimating, "the fan came to rest")
    let frame = try #require(last)
    let status = try #require(StudioHarness.texts(frame).first { $0.contains(" · fan ") })
    #expect(status.hasSuffix("fan expanded"), "\(status)")
    // at rest the window stops drawing, so no clock that would sit frozen
    #expect(status.hasPrefix("At rest · 1×"), "\(status)")
    // paused at rest: it says so
    h.key("p")
    let paused = try #require(StudioHarness.texts(h.draw()).first { $0.contains(" · fan ") })
    #expect(paused.hasPrefix("Paused · 1× · fan expanded"), "\(paused)")
  }

  /// While the fan moves, the clock is the motion's own time (from the
  /// tap), the graph playhead's; not the time since launch.
  @Test func theClockCountsFromTheTap() throws {
    let h = StudioHarness()
    h.advance(3)
    h.send(.command(.toggleFan))
    h.advance(0.25)
    let status = try #require(StudioHarness.texts(h.draw()).first { $0.contains(" · fan ") })
    let t = UnitFormat.text(h.state.scene.now - h.state.scene.fan.motionStart, .seconds)
    #expect(abs(h.state.scene.now - h.state.scene.fan.motionStart - 0.25) < 0.02)
    #expect(status.hasPrefix("Motion \(t) · 1× · fan expanding"), "\(status)")
  }
}
