extension UIContext {
  /// A list of rows (the preset list). `selected` is highlighted; returns the
  /// index of the row released on (a tap), else nil. With `visibleRows` and
  /// more items than that, the list scrolls on its own.
  public func list(_ label: String, items: [String], selected: Int?, visibleRows: Int? = nil)
    -> Int?
  {
    let lid = id(label)
    let rowH = px(theme.rowHeight)
    let scrolls = visibleRows.map { items.count > $0 } ?? false
    if scrolls, let n = visibleRows {
      beginScrollRegion(label, height: (Double(n) * (theme.rowHeight + theme.spacing)) + 4)
    }
    var hit: Int?
    for (i, item) in items.enumerated() {
      let r = nextRow(height: rowH)
      let iid = lid.child(String(i))
      let s = behavior(iid, r)
      if s.clicked { hit = i }
      let isSel = selected == i
      let fill: RGBA? =
        isSel
        ? theme.accent.fading(s.hovered ? 0.75 : 0.55)
        : activeID == iid ? theme.widgetActive : s.hovered ? theme.widgetHot : nil
      if let f = fill { box(r, fill: f) }
      text(item, in: r, color: theme.text, pad: px(8))
    }
    if scrolls { endScrollRegion() }
    if let h = hit { report(lid.child(String(h)), .committed) }
    return hit
  }
}
