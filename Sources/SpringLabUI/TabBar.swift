/// How one tab of a tab bar is shown; the tab bar's behaviour decides it,
/// the drawing only reads it.
enum TabLook: Equatable {
  /// The selected tab: joined to the content below it.
  case selected
  /// An unselected tab under the pointer (or pressed).
  case hovered
  /// An unselected tab at rest: recessed and dimmer.
  case recessed
}

extension UIContext {
  /// A tab bar: one row of tabs sharing the width equally, `selected` the
  /// index of the tab whose content shows below. Returns the index of a
  /// tab clicked this frame other than the selected one (nil otherwise).
  ///
  /// The selected tab has the panel's fill and no line under it, so it
  /// reads as one piece with the content below; the others sit recessed
  /// (darker, dimmer text) behind a 1 px line, lighter under the pointer.
  /// A `selected` outside `titles` draws every tab unselected.
  public func tabBar(_ titles: [String], selected: Int) -> Int? {
    guard !titles.isEmpty else { return nil }
    let row = nextRow(height: px(theme.rowHeight + 2))
    let gap = px(2)
    let w = (row.w - gap * Double(titles.count - 1)) / Double(titles.count)
    var hit: Int?
    var looks: [(PixelRect, String, TabLook)] = []
    for (i, title) in titles.enumerated() {
      let r = PixelRect(x: row.x + Double(i) * (w + gap), y: row.y, w: w, h: row.h)
      let tid = id("tab/" + title)
      let s = behavior(tid, r)
      if s.clicked, i != selected {
        report(tid, .committed)
        hit = i
      }
      let look: TabLook =
        i == selected ? .selected : (s.hovered || activeID == tid) ? .hovered : .recessed
      looks.append((r, UIID.visible(title), look))
    }
    drawTabBar(row, looks)
    return hit
  }

  /// Draws the tabs laid out by `tabBar`: the recessed ones, the line under
  /// the row, then the selected tab over that line.
  private func drawTabBar(_ row: PixelRect, _ tabs: [(PixelRect, String, TabLook)]) {
    let rad = px(theme.rounding)
    let line = max(1, px(1).rounded())
    // why: only the top corners are round; the bottom meets the line (or,
    // selected, the content) square
    func topRounded(_ r: PixelRect, _ fill: RGBA) {
      draw.fillRoundedRect(r, radius: rad, fill)
      let y = r.y + r.h / 2
      draw.fillConvex([(r.x, y), (r.x + r.w, y), (r.x + r.w, r.y + r.h), (r.x, r.y + r.h)], fill)
    }
    for (r, title, look) in tabs where look != .selected {
      let hot = look == .hovered
      topRounded(r, hot ? theme.widget : theme.panel.darkened(0.35))
      text(title, in: r, color: hot ? theme.text : theme.textDim, align: .center)
    }
    let b = row.y + row.h - line
    draw.fillConvex(
      [(row.x, b), (row.x + row.w, b), (row.x + row.w, b + line), (row.x, b + line)], theme.border)
    for (r, title, look) in tabs where look == .selected {
      topRounded(r, theme.border)
      // why: the fill runs over the line under the row, so the tab opens
      // into the content instead of sitting on it
      topRounded(PixelRect(x: r.x + line, y: r.y + line, w: r.w - 2 * line, h: r.h), theme.panel)
      text(title, in: r, color: theme.text, align: .center)
    }
  }
}
