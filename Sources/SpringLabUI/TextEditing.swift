/// A field being typed into: a slider in typing mode or a text field.
struct InlineEdit {
  var id: UIID
  var buffer: TextBuffer
  /// The text before editing, restored by Esc.
  var original: String
  var maxLength: Int
  /// The text does not parse (numbers): the field shows red.
  var invalid = false
  /// Why, shown on a line under the field's row while it is red ("“O” is
  /// not part of a number").
  var invalidReason: String?
}

/// What happened to a field being edited this frame.
enum EditorOutcome: Equatable {
  case none
  case edited
  /// Enter pressed (or a click elsewhere): the widget decides whether to accept.
  case submitted(String, byClickOutside: Bool)
  case cancelled
}

extension UIContext {
  /// Starts typing into the field `fid` with `text`.
  func startEditing(_ fid: UIID, text: String, selectAll: Bool, maxLength: Int = 64) {
    editing = InlineEdit(
      id: fid, buffer: TextBuffer(text, selectAll: selectAll), original: text, maxLength: maxLength)
    focusedID = fid
    editingSeen = true
    keyboardCaptured = true
  }

  /// Feeds this frame's typing to the field being edited (which must be
  /// `fid`) and draws it in `rect`. Every key goes to the field.
  func runEditor(_ fid: UIID, _ rect: PixelRect, invalidCheck: ((String) -> Bool)? = nil)
    -> EditorOutcome
  {
    guard var e = editing, e.id == fid else { return .none }
    editingSeen = true
    var outcome = EditorOutcome.none
    editingRect = rect
    if mouseIn(rect) { hotID = fid }
    if leaveEditing {
      outcome = .submitted(e.buffer.text, byClickOutside: true)
    } else if input.wasPressed(.left) {
      if mouseIn(rect), !pressClaimed {
        pressClaimed = true
        focusedID = fid
        if input.clicks >= 2 {
          e.buffer.selectAll()
        } else {
          e.buffer.setCaret(
            caretIndex(e.buffer.text, atX: input.mouseX - rect.x - px(6) + scrollShift(e, rect)))
        }
      } else if !mouseIn(rect) {
        outcome = .submitted(e.buffer.text, byClickOutside: true)
      }
    }
    if outcome == .none {
      loop: for item in input.typing {
        switch item {
        case .text(let s, let i):
          consume(eventIndex: i)
          e.buffer.insert(s, maxLength: e.maxLength)
          outcome = .edited
        case .key(let k):
          consume(eventIndex: k.eventIndex)
          if k.key == KeyName.enter {
            outcome = .submitted(e.buffer.text, byClickOutside: false)
            break loop
          } else if k.key == KeyName.escape {
            outcome = .cancelled
            break loop
          } else if k.key == "a", k.mods.contains(.ctrl) {
            // why: retyping a value starts with Ctrl+A as in every text field
            e.buffer.selectAll()
          } else if e.buffer.apply(key: k.key) {
            outcome = .edited
          }
        }
      }
      // why: keys after Enter/Esc in the same frame were typed into the field
      for item in input.typing {
        switch item {
        case .text(_, let i): consume(eventIndex: i)
        case .key(let k): consume(eventIndex: k.eventIndex)
        }
      }
    }
    if let check = invalidCheck {
      e.invalid = !check(e.buffer.text)
      if !e.invalid { e.invalidReason = nil }
    }
    editing = e
    drawEditor(e, rect)
    lastItem = (fid, rect)
    return outcome
  }

  /// Horizontal shift that keeps the caret inside the field, pixels.
  func scrollShift(_ e: InlineEdit, _ rect: PixelRect) -> Double {
    let caretX = measure(String(e.buffer.chars.prefix(e.buffer.caret))).width
    return max(0, caretX - (rect.w - px(12)))
  }

  /// The caret position nearest to `x` pixels from the text start.
  func caretIndex(_ s: String, atX x: Double) -> Int {
    let chars = Array(s)
    var best = 0
    var bestD = Double.infinity
    for i in 0...chars.count {
      let d = abs(measure(String(chars.prefix(i))).width - x)
      if d < bestD {
        bestD = d
        best = i
      }
    }
    return best
  }

  func drawEditor(_ e: InlineEdit, _ rect: PixelRect) {
    let fill = e.invalid ? theme.errorFill : theme.widgetActive
    let ring = e.invalid ? theme.error : theme.focus
    box(rect, fill: fill, border: ring, width: px(1.5))
    let inner = rect.inset(px(2))
    let c = clip.map { $0.intersection(inner) } ?? inner
    draw.clip(c)
    let shift = scrollShift(e, rect)
    let x0 = rect.x + px(6) - shift
    let h = measure("Ag").height
    let ty = rect.y + (rect.h - h) / 2
    if e.buffer.allSelected {
      let w = measure(e.buffer.text).width
      draw.fillRoundedRect(PixelRect(x: x0 - 1, y: ty, w: w + 2, h: h), radius: 0, theme.selection)
    }
    draw.text(e.buffer.text, x: x0, y: ty, size: fontSize, color: theme.text)
    let cx = x0 + measure(String(e.buffer.chars.prefix(e.buffer.caret))).width
    draw.fillRoundedRect(PixelRect(x: cx, y: ty, w: max(1, px(1)), h: h), radius: 0, theme.text)
    draw.clip(clip)
  }

  /// A message on its own line under the row just laid out (a typed value's
  /// rejection, a slider held at its floor): it takes layout space, so it
  /// covers no other row, and wraps to the row's width, so the panel never
  /// clips it sideways. With `reveal`, a message that ends below the
  /// scrolling panel's bottom edge scrolls into view on the next frame
  /// (which it asks for through `nextWakeTime`).
  func noteRow(_ message: String, error: Bool, reveal: Bool = false) {
    let pad = px(5)
    let probe = cursor.width
    let lines = wrapAnywhere(message, width: max(px(40), probe - 2 * pad))
    let lineH = measure("Ag").height
    let r = nextRow(height: Double(lines.count) * lineH + 2 * pad)
    let ring = error ? theme.error : theme.textDim
    box(r, fill: error ? theme.errorFill : theme.widget, border: ring, width: px(1))
    for (i, line) in lines.enumerated() {
      draw.text(
        line, x: r.x + pad, y: r.y + pad + Double(i) * lineH, size: fontSize, color: theme.text)
    }
    lastNoteRect = r
    if reveal, let f = layoutStack.last, let sid = f.scroll, let view = f.view,
      r.y + r.h > view.y + view.h
    {
      // why: an error under the last visible row would be cut by the panel's edge
      scrolls[sid, default: ScrollState()].offset += r.y + r.h - (view.y + view.h) + px(4)
      tooltipWake = min(tooltipWake ?? time, time)
    }
  }

  /// `s` broken at spaces into lines at most `width` pixels wide; unlike
  /// `wrap`, a word wider than that is broken between characters, so
  /// nothing overflows.
  func wrapAnywhere(_ s: String, width: Double) -> [String] {
    var lines: [String] = []
    var line = ""
    func fits(_ t: String) -> Bool { measure(t).width <= width }
    for word in s.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
      let candidate = line.isEmpty ? word : line + " " + word
      if fits(candidate) {
        line = candidate
        continue
      }
      if !line.isEmpty { lines.append(line) }
      line = ""
      for ch in word {
        if !fits(line + String(ch)), !line.isEmpty {
          lines.append(line)
          line = ""
        }
        line.append(ch)
      }
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }
}
