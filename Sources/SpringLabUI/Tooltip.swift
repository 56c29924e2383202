extension UIContext {
  /// Shows `text` beside the pointer once it has rested on the previous
  /// widget for `theme.tooltipDelay` seconds. Until then `nextWakeTime` says
  /// when to draw again.
  public func tooltip(_ s: String) {
    guard let item = lastItem, hotID == item.id, activeID == nil else { return }
    showTooltip(s, for: item.id)
  }

  /// A one-line label that shows whole or, when it would not fit `width`
  /// (pixels; the row's width when nil), shortened with "…" and whole in a
  /// tooltip while the pointer rests on it. Returns whether it was shortened.
  @discardableResult
  public func fittedLabel(
    _ s: String, width: Double? = nil, color: RGBA? = nil, path: Bool = false
  ) -> Bool {
    let w = width ?? cursor.width - px(4)
    let shown = path ? fitPath(s, width: w) : fit(s, width: w)
    let r = nextRow(height: max(px(theme.rowHeight) * 0.8, measure(shown).height))
    text(shown, in: r, color: color ?? theme.text, pad: px(2))
    lastItem = (id("label:" + s), r)
    if shown != s { tipWhenHovered(s, id: id("tip:" + s), rect: r) }
    return shown != s
  }

  /// A file path shortened from its start ("…/presets/mine.json") to fit
  /// `width` pixels, so the file's name, which tells documents apart, stays;
  /// a name alone too long is shortened at its end.
  public func fitPath(_ s: String, width: Double) -> String {
    guard measure(s).width > width else { return s }
    var parts = s.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    while parts.count > 1 {
      parts.removeFirst()
      let shown = "…/" + parts.joined(separator: "/")
      if measure(shown).width <= width { return shown }
    }
    return fit("…/" + (parts.last ?? s), width: width)
  }

  /// The whole of a shortened label, as a tooltip while the pointer rests on
  /// `rect`: the label becomes hot (so nothing under it is), takes no press
  /// and keeps no place in the layout.
  func tipWhenHovered(_ s: String, id: UIID, rect: PixelRect) {
    guard activeID == nil, !ownsRight, mouseIn(rect) else { return }
    hotID = id
    if hoverSince?.id != id { hoverSince = (id, time) }
    showTooltip(s, for: id)
  }

  /// Draws `s` on top of everything (the overlay list) near the pointer,
  /// wrapped and kept inside the window, once `id` has been hot for the delay.
  func showTooltip(_ s: String, for id: UIID) {
    guard hotID == id, let since = hoverSince, since.id == id else { return }
    let due = since.time + theme.tooltipDelay
    guard time >= due else {
      tooltipWake = min(tooltipWake ?? due, due)
      return
    }
    let pad = px(6)
    let maxW =
      displayWidth > 0 ? min(px(260), max(px(60), displayWidth - px(8) - 2 * pad)) : px(260)
    let lines = wrap(s, width: maxW).map { fit($0, width: maxW) }
    let lineH = measure("Ag").height
    let w = (lines.map { measure($0).width }.max() ?? 0) + 2 * pad
    let h = Double(lines.count) * lineH + 2 * pad
    var x = input.mouseX + px(14)
    var y = input.mouseY + px(18)
    // why: near the right or bottom edge the tip flips to the pointer's other side, never off-screen
    if displayWidth > 0, x + w > displayWidth - px(4) { x = max(px(4), displayWidth - w - px(4)) }
    if displayHeight > 0, y + h > displayHeight - px(4) {
      y = max(px(4), input.mouseY - h - px(6))
    }
    overlay.fillRoundedRect(
      PixelRect(x: x, y: y, w: w, h: h).inset(-1), radius: px(theme.rounding) + 1, theme.border)
    overlay.fillRoundedRect(
      PixelRect(x: x, y: y, w: w, h: h), radius: px(theme.rounding), theme.tooltip)
    for (i, line) in lines.enumerated() {
      overlay.text(
        line, x: x + pad, y: y + pad + Double(i) * lineH, size: fontSize, color: theme.text)
    }
  }
}
