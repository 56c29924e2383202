import Testing

@testable import SpringLabUI

@Suite struct SliderTypingTests {
  func slider(_ h: Harness, _ v: inout Double, _ events: [UIEvent] = []) {
    h.frame(events) { ctx in
      ctx.slider("Damping", value: &v, range: 0.05...1, default: 0.72, unit: "", step: 0.01)
    }
  }

  /// Opens typing mode with Ctrl+click; returns the slider id.
  func openTyping(_ h: Harness, _ v: inout Double) -> UIID {
    slider(h, &v)
    let t = h.ctx.lastSliderTrack
    slider(h, &v, [down(t.x0 + 0.9 * t.span, t.cy, .ctrl)])
    slider(h, &v, [up(t.x0 + 0.9 * t.span, t.cy, .ctrl)])
    return h.ctx.id("Damping")
  }

  @Test func ctrlClickEntersTypingWithoutMovingTheValue() {
    let h = Harness()
    var v = 0.4
    let sid = openTyping(h, &v)
    #expect(v == 0.4)
    #expect(h.ctx.editingID == sid)
    #expect(h.ctx.wantsKeyboard)
    #expect(h.ctx.editing?.buffer.text == "0.400")
  }

  /// A value with more digits than the unit shows types from all of them,
  /// so Enter without an edit keeps it.
  @Test func typingStartsFromEveryDigitWhenTheShownValueIsRounded() {
    let h = Harness()
    var v = 0.9985
    func row(_ events: [UIEvent] = []) {
      h.frame(events) { ctx in
        ctx.slider("Rate", value: &v, range: 0.9...0.9999, step: 0.001, decimals: 3)
      }
    }
    row()
    let t = h.ctx.lastSliderTrack
    row([down(t.x0 + 0.5 * t.span, t.cy, .ctrl)])
    row([up(t.x0 + 0.5 * t.span, t.cy, .ctrl)])
    #expect(h.ctx.editing?.buffer.text == "0.9985")
    row([key(KeyName.enter)])
    #expect(v == 0.9985)
    // a value the decimals show exactly starts as shown
    v = 0.998
    row()
    row([down(t.x0 + 0.5 * t.span, t.cy, .ctrl)])
    row([up(t.x0 + 0.5 * t.span, t.cy, .ctrl)])
    #expect(h.ctx.editing?.buffer.text == "0.998")
  }

  @Test func doubleClickEntersTypingAndKeepsThePreviousValue() {
    let h = Harness()
    var v = 0.4
    slider(h, &v)
    let t = h.ctx.lastSliderTrack
    let x = t.x0 + 0.9 * t.span
    slider(h, &v, [down(x, t.cy)])
    slider(h, &v, [up(x, t.cy)])
    #expect(v != 0.4)  // the first click of the pair moved it
    slider(h, &v, [down(x, t.cy, clicks: 2)])
    #expect(h.ctx.editingID == h.ctx.id("Damping"))
    #expect(v == 0.4)
  }

  @Test func typingAndEnterCommits() {
    let h = Harness()
    var v = 0.4
    _ = openTyping(h, &v)
    slider(h, &v, [.text("0"), .text("."), .text("7"), .text("2")])
    #expect(v == 0.4)  // nothing commits before Enter
    #expect(h.ctx.editing?.buffer.text == "0.72")
    slider(h, &v, [key(KeyName.enter)])
    #expect(v == 0.72)
    #expect(h.ctx.editingID == nil)
    #expect(h.ctx.lastEdit == UIEdit(id: h.ctx.id("Damping"), phase: .committed))
  }

  @Test func editingKeysWork() {
    let h = Harness()
    var v = 0.4
    _ = openTyping(h, &v)
    // "0.400" selected → Home deselects; End; Backspace ×2 → "0.4"; Left; type "5" → "0.54"
    slider(
      h, &v, [key(KeyName.home), key(KeyName.end), key(KeyName.backspace), key(KeyName.backspace)])
    #expect(h.ctx.editing?.buffer.text == "0.4")
    slider(h, &v, [key(KeyName.left), .text("5"), key(KeyName.enter)])
    #expect(v == 0.54)
  }

  @Test func escapeCancels() {
    let h = Harness()
    var v = 0.4
    _ = openTyping(h, &v)
    slider(h, &v, [.text("0.9")])
    slider(h, &v, [key(KeyName.escape)])
    #expect(v == 0.4)
    #expect(h.ctx.editingID == nil)
    #expect(h.ctx.passThroughEvents.isEmpty)  // Esc went to the field, not the app
  }

  @Test func invalidTextTurnsRedAndDoesNotCommit() {
    let h = Harness()
    var v = 0.4
    _ = openTyping(h, &v)
    slider(h, &v, [.text("abc")])
    #expect(h.ctx.editing?.invalid == true)
    let list = h.frame([key(KeyName.enter)]) { ctx in
      ctx.slider("Damping", value: &v, range: 0.05...1, default: 0.72, unit: "", step: 0.01)
    }
    #expect(v == 0.4)
    #expect(h.ctx.editingID == h.ctx.id("Damping"))
    let red = list.finished.contains {
      switch $0 {
      case .fill(_, let c), .stroke(_, _, let c): return c == UITheme.dark.error
      default: return false
      }
    }
    #expect(red)
  }

  @Test func typedValuesClampToTheRange() {
    let h = Harness()
    var v = 0.4
    _ = openTyping(h, &v)
    slider(h, &v, [.text("7"), key(KeyName.enter)])
    #expect(v == 1)
    _ = openTyping(h, &v)
    slider(h, &v, [.text("-3"), key(KeyName.enter)])
    #expect(v == 0.05)
  }

  @Test func keysTypedWhileEditingAreNotHotKeys() {
    let h = Harness()
    var v = 0.4
    _ = openTyping(h, &v)
    slider(h, &v, [key("k"), .text("k"), key(KeyName.space), .text(" ")])
    #expect(h.ctx.wantsKeyboard)
    #expect(h.ctx.passThroughEvents.isEmpty)
    slider(h, &v, [key(KeyName.escape)])
    slider(h, &v, [key("k")])
    #expect(!h.ctx.wantsKeyboard)
    #expect(h.ctx.passThroughEvents == [key("k")])
  }

  @Test func clickElsewhereCommitsAValidTypedValue() {
    let h = Harness()
    var v = 0.4
    _ = openTyping(h, &v)
    slider(h, &v, [.text("0.6")])
    slider(h, &v, [down(700, 500)])
    #expect(v == 0.6)
    #expect(h.ctx.editingID == nil)
  }
}

@Suite struct ValueFieldTextTests {
  @Test func commasGroupThousandsOrMarkTheDecimals() {
    #expect(ValueFormat.parse("1,000") == 1000)
    #expect(ValueFormat.parse("-12,345,678.25") == -12_345_678.25)
    #expect(ValueFormat.parse("0,5") == 0.5)
    #expect(ValueFormat.parse("1,5 s", unit: "s") == 1.5)
    #expect(ValueFormat.parse("170°") == 170)
    #expect(ValueFormat.parse(" 0.72 ") == 0.72)
  }

  @Test func rejectedTextSaysWhy() {
    func reason(_ s: String) -> String? {
      if case .failure(let r) = ValueFormat.check(s) { return r.reason }
      return nil
    }
    #expect(reason("1 000") == "no spaces inside a number (type 1000)")
    #expect(reason("12O") == "“O” is not part of a number")
    #expect(reason("") == "type a number")
    #expect(reason("1,000,0") != nil)
    #expect(reason("1,5.5") != nil)
    #expect(reason("1e999") == "too large")
    #expect(reason("0x10") == "“x” is not part of a number")
    #expect(reason("1,000") == nil)
  }

  func slider(_ h: Harness, _ v: inout Double, _ events: [UIEvent] = []) -> DrawList {
    h.frame(events) { ctx in
      ctx.slider("Radius", value: &v, range: 0...2000, default: 120, unit: "pt", step: 1)
    }
  }

  @Test func typingOneThousandWithACommaGivesOneThousand() {
    let h = Harness()
    var v = 120.0
    _ = slider(h, &v)
    let t = h.ctx.lastSliderTrack
    _ = slider(h, &v, [down(t.x0 + 0.5 * t.span, t.cy, .ctrl)])
    _ = slider(h, &v, [up(t.x0 + 0.5 * t.span, t.cy, .ctrl)])
    _ = slider(h, &v, [.text("1,000"), key(KeyName.enter)])
    #expect(v == 1000)
  }

  @Test func aRejectedValueShowsItsReasonUntilFixed() {
    let h = Harness()
    var v = 120.0
    _ = slider(h, &v)
    let t = h.ctx.lastSliderTrack
    _ = slider(h, &v, [down(t.x0 + 0.5 * t.span, t.cy, .ctrl)])
    _ = slider(h, &v, [up(t.x0 + 0.5 * t.span, t.cy, .ctrl)])
    let list = slider(h, &v, [.text("12O"), key(KeyName.enter)])
    #expect(v == 120)
    #expect(h.ctx.editing?.invalidReason == "“O” is not part of a number")
    let shown = list.finished.contains {
      if case .text(let s, _, _, _, _, _) = $0 { return s == "“O” is not part of a number" }
      return false
    }
    #expect(shown, "the reason is drawn")
    _ = slider(h, &v, [key(KeyName.backspace), .text("0")])
    #expect(h.ctx.editing?.invalidReason == nil)
    _ = slider(h, &v, [key(KeyName.enter)])
    #expect(v == 120)
    #expect(h.ctx.editingID == nil)
  }
}
