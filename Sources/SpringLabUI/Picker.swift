extension UIContext {
  /// A segmented control: one segment per option, wrapping onto more lines
  /// when they do not fit beside the label. Picks on a release inside.
  /// Returns whether `selection` changed.
  @discardableResult
  public func picker(
    _ label: String, selection: inout String, options: [String], titles: [String]? = nil
  ) -> Bool {
    // why: segments say `titles` (human names) while `selection` keeps the option names
    let shownTitles = titles.flatMap { $0.count == options.count ? $0 : nil } ?? options
    let pid = id(label)
    let visible = UIID.visible(label)
    let lineH = px(theme.rowHeight)
    let pad = px(8)
    let gap = px(2)
    let probe = cursor
    let full = PixelRect(x: probe.x, y: probe.y, w: probe.width, h: lineH)
    let area = visible.isEmpty ? full : splitLabel(full).field
    // why: lay out first so the row can reserve its wrapped height at once
    var frames: [PixelRect] = []
    var x = area.x
    var y = 0.0
    for o in shownTitles {
      let w = min(area.w, measure(o).width + 2 * pad)
      if x > area.x, x + w > area.x + area.w {
        x = area.x
        y += lineH + gap
      }
      frames.append(PixelRect(x: x, y: y, w: w, h: lineH))
      x += w + gap
    }
    let height = (frames.last.map { $0.y } ?? 0) + lineH
    let row = nextRow(height: height)
    if !visible.isEmpty {
      drawLabel(visible, in: PixelRect(x: row.x, y: row.y, w: area.x - row.x, h: lineH))
    }
    var changed = false
    for ((o, title), f0) in zip(zip(options, shownTitles), frames) {
      let f = PixelRect(x: f0.x, y: row.y + f0.y, w: f0.w, h: f0.h)
      let s = behavior(pid.child(o), f)
      if s.clicked, selection != o {
        selection = o
        changed = true
        report(pid, .committed)
      }
      let selected = selection == o
      let hot = s.hovered || activeID == pid.child(o)
      let fill =
        selected
        ? (hot ? theme.accentHot : theme.accent)
        : activeID == pid.child(o)
          ? theme.widgetActive
          : hot ? theme.widgetHot : theme.widget
      box(f, fill: fill)
      text(
        fit(title, width: f.w - px(4)), in: f, color: selected ? theme.knob : theme.text,
        align: .center)
    }
    lastItem = (pid, row)
    return changed
  }
}
