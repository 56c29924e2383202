/// One row of the preset library list.
public struct LibraryRow: Sendable, Equatable {
  /// "1"…"9", or "" past nine (the number column keeps its width).
  public var number: String
  /// The preset's name.
  public var title: String
  /// Secondary text, dimmed (the file name).
  public var detail: String
  /// The expand curve's progress samples (0 = start, 1 = rest), evenly
  /// spaced in time; drawn as a small thumbnail at the row's right. Empty:
  /// no thumbnail.
  public var curve: [Double]
  public init(number: String, title: String, detail: String, curve: [Double]) {
    self.number = number
    self.title = title
    self.detail = detail
    self.curve = curve
  }
}

extension UIContext {
  /// The preset library: a number column, the name, the file name dimmed and
  /// a curve thumbnail per row; scrolls past `visibleRows`. The `selected`
  /// row is highlighted; with `reveal` the list also scrolls so it is in
  /// view in this frame (pass it once, when the selection changes, or the
  /// wheel could never scroll away from it). Returns the clicked row.
  public func libraryList(
    _ label: String, rows: [LibraryRow], selected: Int?, visibleRows: Int, reveal: Bool = false
  ) -> Int? {
    let lid = id(label)
    let rowH = px(theme.rowHeight)
    let scrolls = rows.count > visibleRows
    let height = (Double(visibleRows) * (theme.rowHeight + theme.spacing)) + 4
    if scrolls, reveal, let sel = selected, rows.indices.contains(sel) {
      // why: decided before the rows are laid out, so the very frame that asks
      // shows the row (a headless `render --ui` draws only that one frame)
      let padding = px(2)
      let margin = px(4)
      let view = px(height)
      let top = padding + Double(sel) * (rowH + px(theme.spacing))
      var st = self.scrolls[lid] ?? ScrollState()
      if top - margin < st.offset {
        st.offset = max(0, top - margin)
      } else if top + rowH + margin > st.offset + view {
        st.offset = top + rowH + margin - view
      }
      self.scrolls[lid] = st
    }
    if scrolls { beginScrollRegion(label, height: height) }
    var hit: Int?
    let numberW = measure("9").width + px(12)
    for (i, row) in rows.enumerated() {
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
      let thumbW = row.curve.isEmpty ? 0 : min(px(44), r.w / 5)
      if !row.number.isEmpty {
        text(row.number, in: r, color: theme.text.fading(0.7), pad: px(8))
      }
      let textX = r.x + px(8) + numberW
      let textW = max(0, r.x + r.w - textX - thumbW - px(10))
      let titleText = fit(row.title, width: textW)
      let tw = measure(titleText).width
      text(titleText, in: PixelRect(x: textX, y: r.y, w: textW, h: r.h), color: theme.text)
      let detailW = textW - tw - px(8)
      var shortened = titleText != row.title
      if !row.detail.isEmpty, detailW > measure("a…").width {
        let detailText = fit(row.detail, width: detailW)
        shortened = shortened || detailText != row.detail
        text(
          detailText, in: PixelRect(x: textX + tw + px(8), y: r.y, w: detailW, h: r.h),
          color: theme.text.fading(0.5))
      } else if !row.detail.isEmpty {
        shortened = true
      }
      // why: a shortened name or file name shows whole while the pointer rests on the row
      if shortened, activeID == nil {
        showTooltip(row.detail.isEmpty ? row.title : row.title + " · " + row.detail, for: iid)
      }
      if thumbW > 0 {
        let t = PixelRect(x: r.x + r.w - thumbW - px(4), y: r.y + px(3), w: thumbW, h: r.h - px(6))
        let lo = min(0, row.curve.min() ?? 0)
        let hi = max(1, row.curve.max() ?? 1)
        let n = max(1, row.curve.count - 1)
        // why: the rest line shows overshoot at a glance
        let rest = t.y + t.h * (1 - (1 - lo) / (hi - lo))
        draw.polyline([(t.x, rest), (t.x + t.w, rest)], width: 1, theme.text.fading(0.25))
        let pts = row.curve.enumerated().map { k, v in
          (t.x + t.w * Double(k) / Double(n), t.y + t.h * (1 - (v - lo) / (hi - lo)))
        }
        draw.polyline(pts, width: max(1, px(1.5)), theme.accent)
      }
    }
    if scrolls { endScrollRegion() }
    if let h = hit { report(lid.child(String(h)), .committed) }
    return hit
  }
}
