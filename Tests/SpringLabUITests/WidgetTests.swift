import Testing

@testable import SpringLabUI

@Suite struct WidgetTests {
  @Test func buttonActsOnReleaseInsideOnly() {
    let h = Harness()
    var fired: [Bool] = []
    func run(_ e: [UIEvent]) { h.frame(e) { ctx in fired.append(ctx.button("Save")) } }
    run([])
    let r = h.ctx.lastItemRect!
    let (cx, cy) = (r.x + r.w / 2, r.y + r.h / 2)
    run([down(cx, cy)])
    #expect(fired.last == false)  // not on the press
    #expect(h.ctx.activeID == h.ctx.id("Save"))
    run([up(cx, cy)])
    #expect(fired.last == true)
    // press inside, drag off, release outside: cancelled
    run([down(cx, cy)])
    run([move(cx, cy + 300)])
    run([up(cx, cy + 300)])
    #expect(fired.suffix(3) == [false, false, false])
    // press outside, release inside: nothing either
    run([down(cx, cy + 300)])
    run([move(cx, cy)])
    run([up(cx, cy)])
    #expect(fired.suffix(3) == [false, false, false])
  }

  @Test func aTapInOneBatchTricklesOverTwoFrames() {
    let h = Harness()
    var fired: [Bool] = []
    func run(_ e: [UIEvent]) { h.frame(e) { ctx in fired.append(ctx.button("Go")) } }
    run([])
    let r = h.ctx.lastItemRect!
    run([down(r.x + 5, r.y + 5), up(r.x + 5, r.y + 5)])
    #expect(fired.last == false)
    #expect(h.ctx.hasPendingEvents)
    run([])
    #expect(fired.last == true)
    #expect(!h.ctx.hasPendingEvents)
  }

  @Test func pickerSelectsOnClick() {
    let h = Harness()
    var sel = "arc"
    var changed: [Bool] = []
    let options = ["arc", "ring", "custom", "auto"]
    func run(_ e: [UIEvent]) -> DrawList {
      h.frame(e) { ctx in changed.append(ctx.picker("Layout", selection: &sel, options: options)) }
    }
    let list = run([])
    #expect(texts(list).contains("ring"))
    // find the "ring" segment: it is drawn centred; use its text position
    var ringX = 0.0
    var ringY = 0.0
    for c in list.finished {
      if case .text("ring", let x, let y, _, _, _) = c {
        ringX = x
        ringY = y + 5
      }
    }
    _ = run([down(ringX, ringY)])
    _ = run([up(ringX, ringY)])
    #expect(sel == "ring")
    #expect(changed.last == true)
    #expect(h.ctx.lastEdit?.phase == .committed)
  }

  @Test func pickerWrapsLongOptionLists() {
    let h = Harness()
    var sel = "a"
    let options = (0..<12).map { "option \($0)" }
    h.frame { ctx in ctx.picker("Many", selection: &sel, options: options) }
    let r = h.ctx.lastItemRect!
    #expect(r.h > 2 * UITheme.dark.rowHeight)
  }

  @Test func toggleFlipsOnClick() {
    let h = Harness()
    var on = false
    h.frame { ctx in ctx.toggle("Auto replay", value: &on) }
    let r = h.ctx.lastItemRect!
    h.frame([down(r.x + r.w - 20, r.y + 5)]) { ctx in ctx.toggle("Auto replay", value: &on) }
    #expect(!on)
    h.frame([up(r.x + r.w - 20, r.y + 5)]) { ctx in ctx.toggle("Auto replay", value: &on) }
    #expect(on)
  }

  @Test func listReturnsTheTappedRow() {
    let h = Harness()
    let items = ["seed-000-fan", "seed-002-bubble", "seed-003-sequential"]
    var picked: Int?
    func run(_ e: [UIEvent]) {
      h.frame(e) { ctx in picked = ctx.list("Presets", items: items, selected: 0) }
    }
    run([])
    let last = h.ctx.lastItemRect!  // the last row
    run([down(last.x + 10, last.y + 5)])
    #expect(picked == nil)
    run([up(last.x + 10, last.y + 5)])
    #expect(picked == 2)
  }

  @Test func textFieldTypesSubmitsAndCancels() {
    let h = Harness()
    var name = "Mine"
    var action = TextFieldAction.none
    func run(_ e: [UIEvent]) { h.frame(e) { ctx in action = ctx.textField("Name", text: &name) } }
    run([])
    let r = h.ctx.lastItemRect!
    run([down(r.x + r.w - 4, r.y + 5)])
    run([up(r.x + r.w - 4, r.y + 5)])
    #expect(h.ctx.wantsKeyboard)
    run([.text("!"), key("1")])
    #expect(name == "Mine!")
    #expect(h.ctx.passThroughEvents.isEmpty)
    run([key(KeyName.enter)])
    #expect(action == .submitted)
    #expect(h.ctx.editingID == nil)
    #expect(h.ctx.wantsKeyboard)  // the Enter of this frame was the field's
    run([])
    #expect(!h.ctx.wantsKeyboard)
    // requestFocus opens the field with its text selected; Esc restores it
    h.ctx.requestFocus("Name")
    run([])
    #expect(h.ctx.editingID == h.ctx.id("Name"))
    run([.text("Other")])
    #expect(name == "Other")
    run([key(KeyName.escape)])
    #expect(action == .cancelled)
    #expect(name == "Mine!")
  }

  @Test func mouseOnThePanelIsNotPassedToTheCanvas() {
    let h = Harness()
    h.frame([down(100, 300)]) { _ in }
    #expect(h.ctx.consumedMouse)
    #expect(h.ctx.passThroughEvents.isEmpty)
    h.frame([up(500, 300)]) { _ in }
    #expect(h.ctx.passThroughEvents.isEmpty)  // its release belongs to the panel too
    h.frame([down(500, 300)]) { _ in }
    #expect(!h.ctx.consumedMouse)
    #expect(h.ctx.passThroughEvents == [down(500, 300)])
    h.frame([move(100, 300)]) { _ in }
    // the canvas drag continues over the panel
    #expect(h.ctx.passThroughEvents == [move(100, 300)])
  }

  @Test func labelsWrapAndTakeAColour() {
    let h = Harness()
    let err = "presets/x.json: fan.radius = 900: out of range (must be 0…600 pt)"
    let list = h.frame { ctx in ctx.label(err, color: ctx.theme.error) }
    let runs = list.finished.compactMap { c -> (String, RGBA)? in
      if case .text(let s, _, _, _, let col, _) = c { return (s, col) }
      return nil
    }
    #expect(runs.count > 1)
    #expect(runs.allSatisfy { $0.1 == UITheme.dark.error })
    #expect(runs.map(\.0).joined(separator: " ") == err)
  }

  @Test func tooltipShowsAfterTheDelay() {
    let h = Harness()
    func run(_ e: [UIEvent]) -> DrawList {
      h.frame(e) { ctx in
        ctx.button("Save")
        ctx.tooltip("Ctrl+S")
      }
    }
    _ = run([])
    let r = h.ctx.lastItemRect!
    var list = run([move(r.x + 5, r.y + 5)])
    #expect(!texts(list).contains("Ctrl+S"))
    #expect(h.ctx.nextWakeTime != nil)
    h.t += 1
    list = run([])
    #expect(texts(list).contains("Ctrl+S"))
  }

  @Test func scaleMultipliesMetrics() {
    let h = Harness()
    h.frame([.resize(width: 1600, height: 1200, scale: 2)]) { ctx in ctx.button("B") }
    #expect(h.ctx.scale == 2)
    #expect(h.ctx.lastItemRect?.h == 2 * UITheme.dark.rowHeight)
    let list = h.frame { ctx in ctx.button("B") }
    let size = list.finished.compactMap { c -> Double? in
      if case .text("B", _, _, let s, _, _) = c { return s }
      return nil
    }
    #expect(size == [2 * UITheme.dark.fontSize])
  }

  @Test func labelsWithHashesShareTextButNotIdentity() {
    let ctx = UIContext()
    #expect(ctx.id("Duration##expand") != ctx.id("Duration##collapse"))
    #expect(UIID.visible("Duration##expand") == "Duration")
    ctx.pushID("fan")
    let scoped = ctx.id("Duration")
    ctx.popID()
    #expect(scoped != ctx.id("Duration"))
  }
}

/// A label cut short with "…" shows whole in a tooltip while the pointer rests on it.
@Suite("Label tooltips")
struct LabelTooltipTests {
  static let long = "Quick tap distance from the press"

  static func overlayTexts(_ list: DrawList) -> [(String, Double, Double)] {
    list.finished.compactMap {
      if case .text(let s, let x, let y, _, _, _) = $0 { return (s, x, y) }
      return nil
    }
  }

  @Test func aTruncatedSliderLabelShowsWholeAfterTheDelayInsideTheWindow() throws {
    let h = Harness()
    h.panel = PixelRect(x: 0, y: 0, w: 300, h: 400)
    var v = 10.0
    _ = h.frame([.resize(width: 300, height: 400, scale: 1)]) { ui in
      ui.slider(Self.long, value: &v, range: 0...100, unit: "pt")
    }
    let first = h.frame([]) { ui in ui.slider(Self.long, value: &v, range: 0...100, unit: "pt") }
    let cut = try #require(texts(first).first { $0.hasSuffix("…") }, "the label is shortened")
    #expect(Self.long.hasPrefix(String(cut.dropLast())))
    #expect(!texts(first).contains(Self.long))
    // rest the pointer on the label (left column, first row)
    let y = try #require(textY(first, cut)) + 4
    var list = h.frame([move(20, y)]) { ui in
      ui.slider(Self.long, value: &v, range: 0...100, unit: "pt")
    }
    #expect(!texts(list).contains(Self.long), "not before the delay")
    #expect(h.ctx.nextWakeTime != nil, "asks to be woken for the tooltip")
    h.t += h.ctx.theme.tooltipDelay
    list = h.frame([]) { ui in ui.slider(Self.long, value: &v, range: 0...100, unit: "pt") }
    // the tip: the overlay's runs after the panel's own (value text last in the panel)
    let runs = Self.overlayTexts(list)
    let start = try #require(runs.firstIndex { $0.0 == "10.000 pt" }) + 1
    let tip = Array(runs[start...])
    #expect(tip.map(\.0).joined(separator: " ") == Self.long, "whole: \(tip.map(\.0))")
    for (s, x, y) in tip {
      let w = fakeMeasure(s, h.ctx.theme.fontSize).0
      #expect(x >= 0 && x + w <= 300, "inside the window: “\(s)” x \(x) width \(w)")
      #expect(y >= 0 && y <= 400)
    }
    // a press on the label still does nothing, and the pointer leaving hides it
    for e in [down(20, y), up(20, y)] {
      _ = h.frame([e]) { ui in ui.slider(Self.long, value: &v, range: 0...100, unit: "pt") }
    }
    #expect(v == 10)
    list = h.frame([move(250, 390)]) { ui in
      ui.slider(Self.long, value: &v, range: 0...100, unit: "pt")
    }
    #expect(!texts(list).contains("press"))
    #expect(v == 10)
  }

  @Test func aLabelThatFitsHasNoTooltip() {
    let h = Harness()
    var v = 10.0
    _ = h.frame([.resize(width: 320, height: 600, scale: 1)]) { ui in
      ui.slider("Size", value: &v, range: 0...100)
    }
    let y = textY(h.frame { ui in ui.slider("Size", value: &v, range: 0...100) }, "Size")! + 4
    _ = h.frame([move(10, y)]) { ui in ui.slider("Size", value: &v, range: 0...100) }
    h.t += 1
    let list = h.frame([]) { ui in ui.slider("Size", value: &v, range: 0...100) }
    #expect(texts(list).filter { $0 == "Size" }.count == 1)
    #expect(h.ctx.nextWakeTime == nil)
  }

  @Test func aFittedLabelNearTheRightEdgeKeepsItsTipInsideTheWindow() throws {
    let h = Harness()
    h.panel = PixelRect(x: 100, y: 0, w: 200, h: 300)
    let long = "A: pin the current settings, or Shift+click a preset (Shift+1–9)"
    _ = h.frame([.resize(width: 300, height: 300, scale: 1)]) { ui in ui.fittedLabel(long) }
    let cut = try #require(texts(h.frame { ui in ui.fittedLabel(long) }).first)
    #expect(cut.hasSuffix("…"))
    _ = h.frame([move(260, 12)]) { ui in ui.fittedLabel(long) }
    h.t += 1
    let list = h.frame([]) { ui in ui.fittedLabel(long) }
    let lines = Self.overlayTexts(list).filter { $0.0 != cut }
    #expect(lines.map(\.0).joined(separator: " ") == long, "wrapped whole: \(lines.map(\.0))")
    for (s, x, _) in lines {
      #expect(x >= 0 && x + fakeMeasure(s, h.ctx.theme.fontSize).0 <= 300, "“\(s)” at \(x)")
    }
  }
}

/// A button label wider than its button is cut with "…" inside it, whole in
/// a tooltip, and the button still acts (a lint button naming several
/// fields once ran past the panel's edges).
@Suite("Button labels that do not fit")
struct ButtonFitTests {
  static let long =
    "⚠ Layout · Start angle, Layout · End angle, Layout · Radius, Layout · Item size"

  @Test func aLongLabelIsCutInsideItsButtonAndStillActs() {
    let h = Harness()
    var fired: [Bool] = []
    func run(_ e: [UIEvent]) -> DrawList { h.frame(e) { fired.append($0.button(Self.long)) } }
    var list = run([])
    let r = h.ctx.lastItemRect!
    let runs = list.finished.compactMap { c -> (String, Double)? in
      if case .text(let s, let x, _, _, _, _) = c { return (s, x) }
      return nil
    }
    let shown = runs.first { $0.0.hasPrefix("⚠ Layout") }
    #expect(shown?.0.hasSuffix("…") == true, "\(runs)")
    if let (s, x) = shown {
      let w = fakeMeasure(s, UITheme.dark.fontSize).0
      #expect(x - w / 2 >= r.x && x + w / 2 <= r.x + r.w, "\(s) at \(x) in \(r)")
    }
    list = run([move(r.x + 5, r.y + 5)])
    h.t += 1
    list = run([])
    let texts = list.finished.compactMap { c -> String? in
      if case .text(let s, _, _, _, _, _) = c { return s } else { return nil }
    }
    // why: the tooltip wraps to its width; its lines joined give the label
    #expect(texts.dropFirst().joined(separator: " ") == Self.long, "\(texts)")
    _ = run([down(r.x + 5, r.y + 5)])
    _ = run([up(r.x + 5, r.y + 5)])
    #expect(fired.last == true)
  }
}
