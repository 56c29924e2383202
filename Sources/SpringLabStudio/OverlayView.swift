import SpringLabCore
import SpringLabUI

/// What floats over the canvas: REC, speed, the toast, the A/B diff and the help.
enum OverlayView {
  /// `text` shortened with "…" to fit `width` pixels at `size`, and its width.
  static func fit(_ text: String, size: Double, width: Double, measure: UIMeasure) -> (
    String, Double
  ) {
    var t = text
    var w = measure(t, size).0
    while w > width && t.count > 1 {
      t = String(t.dropLast(max(1, t.count / 12)))
      w = measure(t + "…", size).0
      if w <= width { return (t + "…", w) }
    }
    return (t, w)
  }

  static func draw(
    _ state: StudioState, _ layout: StudioLayout, measure: UIMeasure, into dl: inout DrawList
  ) {
    let s = state.window.scale
    let c = layout.frame.canvas
    // why: REC, the speed and toasts sit in the strip above the device, never on it
    let strip = layout.strip
    let midY = strip.y + strip.h / 2
    if state.take != nil {
      dl.fillCircle(cx: c.x + 22 * s, cy: midY, r: 7 * s, RGBA(0xFF, 0x3B, 0x30))
      dl.text(
        "REC", x: c.x + 34 * s, y: midY - 8 * s, size: 13 * s, color: RGBA(0xFF, 0x3B, 0x30))
    }
    let tl = state.timeline
    if tl.speed != 1 || tl.paused {
      dl.text(
        (tl.paused ? "❚❚ paused  " : "") + Fmt.speed(tl.speed), x: c.x + c.w - 16 * s,
        y: midY - 9 * s, size: 14 * s, color: RGBA(0xFF, 0xD6, 0x0A), align: .right)
    }
    if let cmp = state.compare {
      let lines = diffLines(cmp, state)
      let h = Double(lines.count) * 18 * s + 30 * s
      // without room for a box, StudioView puts the difference in the strip
      if let box = diffBox(state, layout, height: h) {
        drawDiff(cmp, state, lines, box, measure: measure, into: &dl)
      }
    }
    if let m = state.toast {
      // why: over the captions for its short life, between REC and the speed
      let area = StudioView.captionArea(strip, s)
      let (text, tw) = fit(m.text, size: 13 * s, width: area.w - 32 * s, measure: measure)
      let w = tw + 32 * s
      let h = min(30 * s, strip.h - 4 * s)
      let x = area.x + (area.w - w) / 2
      let y = strip.y + (strip.h - h) / 2
      dl.fillRoundedRect(
        PixelRect(x: x, y: y, w: w, h: h), radius: 8 * s, RGBA(0x3A, 0x3A, 0x3C, 0xF0))
      dl.text(
        text, x: x + w / 2, y: y + h / 2 - 9 * s, size: 13 * s, color: RGBA(255, 255, 255),
        align: .center)
    }
    if state.overlays.help {
      // why: over the whole window, panel included, so every help line fits
      let all = PixelRect(x: 0, y: 0, w: state.window.width, h: state.window.height)
      drawHelp(state, all, measure: measure, into: &dl)
    }
  }

  /// Where the A/B difference goes: beside the device on its roomier side
  /// (left, or right up to a graph beside it), under the strip; nil when
  /// neither side has room (the strip carries it then): never on a phone,
  /// never on the graph.
  static func diffBox(_ state: StudioState, _ layout: StudioLayout, height h: Double)
    -> PixelRect?
  {
    if let d = layout.diffArea {
      return PixelRect(x: d.x, y: d.y, w: min(d.w, 420 * state.window.scale), h: h)
    }
    let s = state.window.scale
    let c = layout.frame.canvas
    let d = state.scene.device
    let bezel = 14 * layout.view.scale
    // side by side, A's phone is the left one
    let deviceLeft = min(layout.ghostView?.x ?? layout.view.x, layout.view.x) - bezel
    let deviceRight = layout.view.x + d.width * layout.view.scale + bezel
    let besideGraph = layout.graph.map { $0.x >= deviceRight - 1 } ?? false
    let rightEnd = besideGraph ? layout.graph!.x : c.x + c.w
    let leftRoom = deviceLeft - c.x - 32 * s
    let rightRoom = rightEnd - deviceRight - 32 * s
    let top = layout.strip.y + layout.strip.h + 8 * s
    // why: a narrow box (lines shortened with …) beats one over the phone
    let least = (layout.graph == nil ? 140 : 220) * s
    if leftRoom >= least || rightRoom >= least {
      let w = min(420 * s, max(leftRoom, rightRoom))
      let x = leftRoom >= rightRoom ? deviceLeft - 16 * s - w : deviceRight + 16 * s
      return PixelRect(x: x, y: top, w: w, h: h)
    }
    // why: no room off the phones (side by side, a narrow window, a
    // landscape phone over the graph): the strip carries the difference;
    // over the graph the card hid the curves and took its clicks
    return nil
  }

  /// The A/B difference's lines: eight fields at most, then "+ n more".
  static func diffLines(_ cmp: Comparison, _ state: StudioState) -> [String] {
    let diffs = ABDiff.lines(from: cmp.pinned, to: state.preset)
    // why: a fixed number of rows, so the box never grows over the device
    let shown = diffs.prefix(8)
    var lines = diffs.isEmpty ? ["A and B are the same"] : Array(shown)
    if diffs.count > shown.count { lines.append("+ \(diffs.count - shown.count) more") }
    return lines
  }

  /// The A/B difference, field by field, in the box `box`.
  static func drawDiff(
    _ cmp: Comparison, _ state: StudioState, _ lines: [String], _ box: PixelRect,
    measure: UIMeasure, into dl: inout DrawList
  ) {
    let s = state.window.scale
    let b = state.preset
    let w = box.w
    dl.fillRoundedRect(box, radius: 8 * s, RGBA(0x1C, 0x1C, 0x1E, 0xE0))
    let (title, _) = fit(
      "A \(cmp.title) → B \(b.name)", size: 12 * s, width: w - 24 * s, measure: measure)
    dl.text(
      title, x: box.x + 12 * s, y: box.y + 8 * s, size: 12 * s, color: RGBA(0x64, 0xD2, 0xFF))
    for (i, l) in lines.enumerated() {
      let (t, _) = fit(l, size: 12 * s, width: w - 24 * s, measure: measure)
      dl.text(
        t, x: box.x + 12 * s, y: box.y + 26 * s + Double(i) * 18 * s, size: 12 * s,
        color: RGBA(0xE5, 0xE5, 0xEA))
    }
  }

  /// One key of the help laid out: its key lines (a long chord list breaks
  /// after " / ") and its wrapped help lines.
  struct HelpItem {
    var keys: [String]
    var help: [String]
    var rows: Int { max(keys.count, help.count) }
  }

  /// The help card laid out for a window: text size, card rectangle, the
  /// key column's width, and each column's items (pixels).
  struct HelpLayout {
    var size: Double
    var lineHeight: Double
    var card: PixelRect
    /// Each column's key width: as wide as that column's widest key.
    var keyWidths: [Double]
    var columnWidth: Double
    var columns: [[HelpItem]]
  }

  /// Greedy word wrap of `text` to `width` pixels at `size`.
  static func wrap(_ text: String, size: Double, width: Double, measure: UIMeasure) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      let candidate = line.isEmpty ? String(word) : line + " " + word
      if !line.isEmpty, measure(candidate, size).0 > width {
        lines.append(line)
        line = String(word)
      } else {
        line = candidate
      }
    }
    lines.append(line)
    return lines
  }

  /// The help laid out in `c`: every line whole (wrapped, never cut with
  /// "…"), in two columns whose key column is as wide as its widest key; the
  /// text steps down from 13 to 10 pt until the card fits the window's
  /// height. The card is as tall as its columns.
  static func helpLayout(_ c: PixelRect, scale s: Double, measure: UIMeasure) -> HelpLayout {
    let rows = KeyMap.bindings
    let w = min(c.w - 32 * s, 1180 * s)
    var best: HelpLayout?
    for pt in [13.0, 12, 11, 10] {
      let size = pt * s
      let lineH = (pt + 5) * s
      let colW = (w - 48 * s - 24 * s) / 2
      // why: the key column is only as wide as its keys; a chord list wider
      // than a third of the column breaks after " / "
      let maxKey = colW / 3
      let keyLines = rows.map { b -> [String] in
        if measure(b.label, size).0 <= maxKey { return [b.label] }
        let parts = b.label.split(separator: " / ").map(String.init)
        return parts.enumerated().map {
          $0.offset < parts.count - 1 ? $0.element + " /" : $0.element
        }
      }
      let keyW = (keyLines.flatMap { $0 }.map { measure($0, size).0 }.max() ?? 0) + 14 * s
      let items = zip(rows, keyLines).map { b, keys in
        HelpItem(keys: keys, help: wrap(b.help, size: size, width: colW - keyW, measure: measure))
      }
      let total = items.map(\.rows).reduce(0, +)
      // why: the first column takes items until it holds half the lines
      var split = 0
      var acc = 0
      while split < items.count, acc + items[split].rows <= (total + 1) / 2 {
        acc += items[split].rows
        split += 1
      }
      // why: each column's key column is as wide as its own keys (the
      // second's are single characters); its help rewraps in what is left
      var columns = [Array(items[..<split]), Array(items[split...])]
      var keyWidths: [Double] = []
      for col in columns.indices {
        let own = (columns[col].flatMap(\.keys).map { measure($0, size).0 }.max() ?? 0) + 14 * s
        keyWidths.append(own)
        for i in columns[col].indices {
          columns[col][i].help = wrap(
            rows[col == 0 ? i : split + i].help, size: size, width: colW - own, measure: measure)
        }
      }
      let tallest = columns.map { $0.map(\.rows).reduce(0, +) }.max() ?? 0
      let h = Double(tallest) * lineH + 56 * s + 18 * s
      let card = PixelRect(x: c.x + (c.w - w) / 2, y: 0, w: w, h: h)
      let layout = HelpLayout(
        size: size, lineHeight: lineH, card: card, keyWidths: keyWidths, columnWidth: colW,
        columns: columns)
      best = layout
      if h <= c.h - 16 * s { break }
    }
    var l = best!
    l.card.y = c.y + max(8 * s, (c.h - l.card.h) / 2)
    return l
  }

  /// The key map, in two columns, every line whole.
  static func drawHelp(
    _ state: StudioState, _ c: PixelRect, measure: UIMeasure, into dl: inout DrawList
  ) {
    let s = state.window.scale
    let l = helpLayout(c, scale: s, measure: measure)
    let card = l.card
    dl.fillRoundedRect(card, radius: 14 * s, RGBA(0x1C, 0x1C, 0x1E, 0xFF))
    dl.text(
      "Hot keys", x: card.x + 24 * s, y: card.y + 18 * s, size: 18 * s, color: RGBA(255, 255, 255))
    for (col, items) in l.columns.enumerated() {
      let lx = card.x + 24 * s + Double(col) * (l.columnWidth + 24 * s)
      var ly = card.y + 56 * s
      for item in items {
        for (i, k) in item.keys.enumerated() {
          dl.text(
            k, x: lx, y: ly + Double(i) * l.lineHeight, size: l.size,
            color: RGBA(0x64, 0xD2, 0xFF))
        }
        for (i, t) in item.help.enumerated() {
          dl.text(
            t, x: lx + l.keyWidths[col], y: ly + Double(i) * l.lineHeight, size: l.size,
            color: RGBA(0xE5, 0xE5, 0xEA))
        }
        ly += Double(item.rows) * l.lineHeight
      }
    }
  }
}
