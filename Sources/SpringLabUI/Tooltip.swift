extension UIContext {
  /// Shows `text` beside the pointer once it has rested on the previous
  /// widget for `theme.tooltipDelay` seconds. Until then `nextWakeTime` says
  /// when to draw again.
  public func tooltip(_ s: String) {
    guard let item = lastItem, hotID == item.id, activeID == nil, let since = hoverSince,
      since.id == item.id
    else { return }
    let due = since.time + theme.tooltipDelay
    guard time >= due else {
      tooltipWake = min(tooltipWake ?? due, due)
      return
    }
    let pad = px(6)
    let maxW = px(260)
    let lines = wrap(s, width: maxW)
    let lineH = measure("Ag").height
    let w = (lines.map { measure($0).width }.max() ?? 0) + 2 * pad
    let h = Double(lines.count) * lineH + 2 * pad
    var x = input.mouseX + px(14)
    var y = input.mouseY + px(18)
    if displayWidth > 0 { x = min(x, displayWidth - w - px(4)) }
    if displayHeight > 0, y + h > displayHeight { y = input.mouseY - h - px(6) }
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
