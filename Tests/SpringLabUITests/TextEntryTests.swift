import SpringLabCore
import Testing

@testable import SpringLabUI

/// Typing values with units (#23: "450ms" was refused).
@Suite struct TypedUnitTests {
  @Test(arguments: [
    ("450ms", "s", 0.45),
    ("450 ms", "s", 0.45),
    ("0.45 s", "s", 0.45),
    ("0.45s", "s", 0.45),
    ("1,5 s", "s", 1.5),
    ("45%", "", 0.45),
    ("72 %", "", 0.72),
    ("120pt", "pt", 120),
    ("120 PT", "pt", 120),
    ("170°", "°", 170),
    ("170 deg", "°", 170),
    ("-90°", "°", -90),
    ("200 pt/s", "pt/s", 200),
    ("0.72", "", 0.72),
    ("1e3 ms", "s", 1),
  ])
  func validEntries(typed: String, unit: String, value: Double) {
    #expect(ValueFormat.check(typed, unit: unit) == .success(value), "\(typed) in \(unit)")
  }

  @Test(arguments: [
    ("45%", "s", "“%” is a percentage, not a time: type seconds (0.45 s) or milliseconds (450 ms)"),
    ("450 ms", "pt", "“ms” is a time, not a length: type points (120 pt)"),
    ("120pt", "", "“pt” is a length, not a ratio: type a number (0.45) or a percentage (45%)"),
    ("450 mss", "s", "“mss” is not a unit: type seconds (0.45 s) or milliseconds (450 ms)"),
    ("12O", "pt", "“O” is not part of a number"),
    ("ms", "s", "“m” is not part of a number"),
    ("4 50ms", "s", "no spaces inside a number (type 450)"),
    ("", "s", "type a number"),
  ])
  func invalidEntriesSayWhy(typed: String, unit: String, reason: String) {
    #expect(
      ValueFormat.check(typed, unit: unit) == .failure(ValueFormat.Rejection(reason: reason)),
      "\(typed) in \(unit)")
  }

  /// Typing "450ms" into a duration slider stores 0.45 s.
  @Test func aDurationSliderTakesMilliseconds() {
    let h = Harness()
    var p = Preset()
    let f = PresetField.named("fan.expand.duration")!
    h.frame { ctx in ctx.field(f, in: &p) }
    let r = h.ctx.lastItemRect!
    h.frame([down(r.x + r.w - 10, r.y + r.h / 2, clicks: 1)]) { ctx in ctx.field(f, in: &p) }
    h.frame([up(r.x + r.w - 10, r.y + r.h / 2)]) { ctx in ctx.field(f, in: &p) }
    h.frame([down(r.x + r.w - 10, r.y + r.h / 2, clicks: 2)]) { ctx in ctx.field(f, in: &p) }
    h.frame([up(r.x + r.w - 10, r.y + r.h / 2)]) { ctx in ctx.field(f, in: &p) }
    #expect(h.ctx.editingID != nil)
    h.frame([.text("450ms"), key(KeyName.enter)]) { ctx in ctx.field(f, in: &p) }
    #expect(p.fan.expand.duration == 0.45)
    #expect(h.ctx.editingID == nil)
  }
}

/// Selecting, replacing and the rejection message of a typed value.
@Suite struct TypingSelectionTests {
  /// Two sliders, one under the other; returns the draw list.
  @discardableResult
  func rows(_ h: Harness, _ a: inout Double, _ b: inout Double, _ events: [UIEvent] = [])
    -> DrawList
  {
    h.frame(events) { ctx in
      ctx.slider("Duration", value: &a, range: 0.01...10, default: 0.4, unit: "s", step: 0.01)
      ctx.slider("Damping", value: &b, range: 0.05...1, default: 0.72, unit: "", step: 0.01)
    }
  }

  /// Opens typing in the first row with a Ctrl+click; returns its rectangle.
  @discardableResult
  func openTyping(_ h: Harness, _ a: inout Double, _ b: inout Double) -> PixelRect {
    rows(h, &a, &b)
    let r = h.ctx.itemRects.first { $0.id == h.ctx.id("Duration") }!.rect
    rows(h, &a, &b, [down(r.x + r.w - 10, r.y + r.h / 2, .ctrl)])
    rows(h, &a, &b, [up(r.x + r.w - 10, r.y + r.h / 2, .ctrl)])
    return r
  }

  func selectionFills(_ list: DrawList) -> [PixelRect] {
    list.finished.compactMap {
      if case .fill(.roundedRect(let r, _), let c) = $0, c == UITheme.dark.selection { return r }
      return nil
    }
  }

  /// #23: Ctrl+A did not select all, so retyping appended ("450ms0.45 s").
  @Test func ctrlAThenTypingReplaces() {
    let h = Harness()
    var a = 0.4
    var b = 0.72
    let r = openTyping(h, &a, &b)
    // a click inside puts the caret there: the text is no longer selected
    rows(h, &a, &b, [down(r.x + 12, r.y + r.h / 2)])
    rows(h, &a, &b, [up(r.x + 12, r.y + r.h / 2)])
    #expect(h.ctx.editing?.buffer.allSelected == false)
    let list = rows(h, &a, &b, [key("a", .ctrl)])
    #expect(h.ctx.editing?.buffer.allSelected == true)
    #expect(!selectionFills(list).isEmpty, "the selection is drawn")
    rows(h, &a, &b, [.text("450 ms"), key(KeyName.enter)])
    #expect(a == 0.45)
    #expect(h.ctx.passThroughEvents.isEmpty, "Ctrl+A went to the field, not the app")
  }

  /// #23: a double-click selected the number but the selection was not drawn.
  @Test func theSelectionIsDrawnOverTheText() {
    let h = Harness()
    var a = 0.4
    var b = 0.72
    rows(h, &a, &b)
    let r = h.ctx.itemRects.first { $0.id == h.ctx.id("Duration") }!.rect
    let y = r.y + r.h / 2
    rows(h, &a, &b, [down(r.x + r.w - 10, y)])
    rows(h, &a, &b, [up(r.x + r.w - 10, y)])
    let list = rows(h, &a, &b, [down(r.x + r.w - 10, y, clicks: 2)])
    #expect(h.ctx.editingID == h.ctx.id("Duration"))
    let sel = selectionFills(list)
    #expect(sel.count == 1)
    if let s = sel.first {
      #expect(s.w >= fakeMeasure("0.400", 13.5).0 - 1, "covers the text: \(s)")
      #expect(r.contains(s.x, s.y) && r.contains(s.x + s.w, s.y + s.h), "inside the field")
    }
    // a double-click inside a field being edited selects all again
    rows(h, &a, &b, [key(KeyName.end)])
    #expect(h.ctx.editing?.buffer.allSelected == false)
    rows(h, &a, &b, [down(r.x + 12, y, clicks: 2)])
    #expect(h.ctx.editing?.buffer.allSelected == true)
  }

  /// #23: the error bubble covered the next row and long errors were
  /// clipped on the left. The message takes its own line under the field:
  /// the next row moves down, the message wraps inside the panel.
  @Test(arguments: [320.0, 200.0])
  func theErrorTakesItsOwnLineInsideThePanel(panelWidth: Double) throws {
    let h = Harness()
    h.panel = PixelRect(x: 0, y: 0, w: panelWidth, h: 600)
    h.ctx.setDisplaySize(width: panelWidth, height: 600)
    var a = 0.4
    var b = 0.72
    let field = openTyping(h, &a, &b)
    let list = rows(h, &a, &b, [.text("45%"), key(KeyName.enter)])
    #expect(a == 0.4)
    let reason = try #require(h.ctx.editing?.invalidReason)
    #expect(reason.hasPrefix("“%” is a percentage, not a time"))
    let note = try #require(h.ctx.lastNoteRect)
    let next = h.ctx.itemRects.first { $0.id == h.ctx.id("Damping") }!.rect
    #expect(note.y >= field.y + field.h, "under the field")
    #expect(note.intersection(next).w <= 0 || note.intersection(next).h <= 0, "\(note) \(next)")
    #expect(note.y + note.h <= next.y, "the next row moved below it")
    #expect(note.x >= h.panel.x && note.x + note.w <= h.panel.x + h.panel.w, "inside the panel")
    // every line of the message is drawn whole, inside the note
    let shown = list.finished.compactMap { c -> (String, Double, Double)? in
      if case .text(let s, let x, let y, let size, _, _) = c, y >= note.y, y < note.y + note.h,
        x >= note.x
      {
        return (s, x, fakeMeasure(s, size).0)
      }
      return nil
    }
    #expect(shown.map(\.0).joined(separator: " ") == reason)
    for (s, x, w) in shown {
      #expect(x >= note.x && x + w <= note.x + note.w, "“\(s)” fits")
    }
    if panelWidth < 300 { #expect(shown.count > 1, "a long reason wraps") }
  }

  /// A field on the panel's last visible row: its message would fall under
  /// the panel's bottom edge, so the panel scrolls it into view.
  @Test func anErrorUnderTheLastRowScrollsIntoView() throws {
    let h = Harness()
    var a = 0.4
    var b = 0.72
    // two rows and a little: the second row's message ends below the panel
    h.panel = PixelRect(x: 0, y: 0, w: 320, h: 80)
    h.frame { ctx in
      ctx.slider("Duration", value: &a, range: 0.01...10, default: 0.4, unit: "s", step: 0.01)
      ctx.slider("Damping", value: &b, range: 0.05...1, default: 0.72, unit: "", step: 0.01)
    }
    let r = h.ctx.itemRects.first { $0.id == h.ctx.id("Damping") }!.rect
    func frame(_ events: [UIEvent]) {
      h.frame(events) { ctx in
        ctx.slider("Duration", value: &a, range: 0.01...10, default: 0.4, unit: "s", step: 0.01)
        ctx.slider("Damping", value: &b, range: 0.05...1, default: 0.72, unit: "", step: 0.01)
      }
    }
    frame([down(r.x + r.w - 10, r.y + r.h / 2, .ctrl)])
    frame([up(r.x + r.w - 10, r.y + r.h / 2, .ctrl)])
    frame([.text("450 ms"), key(KeyName.enter)])
    let first = try #require(h.ctx.lastNoteRect)
    #expect(first.y + first.h > h.panel.h, "the message starts below the edge: \(first)")
    #expect(h.ctx.nextWakeTime != nil, "asks for the frame that scrolls")
    frame([])
    let note = try #require(h.ctx.lastNoteRect)
    #expect(h.ctx.scrollOffset("panel") > 0)
    #expect(note.y >= 0 && note.y + note.h <= h.panel.h, "in view: \(note)")
    // the wheel is not fought: the next frames leave the offset alone
    let offset = h.ctx.scrollOffset("panel")
    frame([])
    #expect(h.ctx.scrollOffset("panel") == offset)
  }
}
