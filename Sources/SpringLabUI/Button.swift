extension UIContext {
  /// A push button filling the row (or `width` pixels at scale 1). Acts on a
  /// release inside after a press inside, as iOS buttons do: dragging off
  /// before releasing cancels. Returns true on the frame it acts.
  @discardableResult
  public func button(_ label: String, width: Double? = nil) -> Bool {
    let row = nextRow(height: px(theme.rowHeight))
    let r = width.map { PixelRect(x: row.x, y: row.y, w: min(row.w, px($0)), h: row.h) } ?? row
    return buttonIn(label, r)
  }

  /// A row of buttons sharing the width equally; returns the index of the one
  /// that acted.
  public func buttons(_ labels: [String]) -> Int? {
    guard !labels.isEmpty else { return nil }
    let row = nextRow(height: px(theme.rowHeight))
    let gap = px(theme.spacing)
    let w = (row.w - gap * Double(labels.count - 1)) / Double(labels.count)
    var hit: Int?
    for (i, l) in labels.enumerated() {
      let r = PixelRect(x: row.x + Double(i) * (w + gap), y: row.y, w: w, h: row.h)
      if buttonIn(l, r) { hit = i }
    }
    return hit
  }

  func buttonIn(_ label: String, _ r: PixelRect) -> Bool {
    let bid = id(label)
    let s = behavior(bid, r)
    let fill =
      activeID == bid && s.hovered
      ? theme.widgetActive : (s.hovered || activeID == bid) ? theme.widgetHot : theme.widget
    if focusedID == bid {
      box(r, fill: fill, border: theme.focus.fading(0.7), width: px(1))
    } else {
      box(r, fill: fill)
    }
    // why: a label wider than its button (a lint button naming several
    // fields) is shortened with "…" and shown whole in a tooltip, never
    // drawn past the button's edges
    let visible = UIID.visible(label)
    let shown = fit(visible, width: max(0, r.w - px(8)))
    text(shown, in: r, color: theme.text, align: .center)
    if shown != visible { tooltip(visible) }
    if s.clicked { report(bid, .committed) }
    return s.clicked
  }
}
