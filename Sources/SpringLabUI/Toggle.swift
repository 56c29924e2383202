extension UIContext {
  /// A labelled on/off switch; the whole row is the hit area and it flips on
  /// a release inside. Returns whether `value` changed.
  @discardableResult
  public func toggle(_ label: String, value: inout Bool) -> Bool {
    let tid = id(label)
    let row = nextRow(height: px(theme.rowHeight))
    let (labelR, field) = splitLabel(row)
    let s = behavior(tid, row)
    if s.clicked {
      value.toggle()
      report(tid, .committed)
    }
    drawLabel(label, in: labelR)
    let h = px(18)
    let w = px(34)
    let sw = PixelRect(x: field.x + px(2), y: row.y + (row.h - h) / 2, w: w, h: h)
    let on = value
    let hot = s.hovered || activeID == tid
    let fill =
      on ? (hot ? theme.accentHot : theme.accent) : (hot ? theme.widgetActive : theme.widgetHot)
    if focusedID == tid {
      box(sw.inset(-px(2)), fill: theme.focus.fading(0.6), radius: (h + px(4)) / 2)
    }
    box(sw, fill: fill, radius: h / 2)
    let kr = h / 2 - px(2.5)
    let kx = on ? sw.x + sw.w - h / 2 : sw.x + h / 2
    draw.fillCircle(cx: kx, cy: sw.y + h / 2, r: kr, theme.knob)
    text(
      on ? "On" : "Off", in: PixelRect(x: sw.x + w + px(8), y: row.y, w: px(40), h: row.h),
      color: theme.textDim)
    return s.clicked
  }
}
