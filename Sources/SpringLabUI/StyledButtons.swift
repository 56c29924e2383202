/// How a button reads in a dialog: the default choice (Enter) stands out, a
/// choice that drops work looks dangerous.
public enum ButtonStyle: Sendable, Equatable {
  case normal
  /// The default choice: accent fill.
  case primary
  /// Loses something (unsaved changes, the file on disk): red fill.
  case destructive
}

extension UIContext {
  /// A row of buttons sharing the width equally, each in its style; returns
  /// the index of the one that acted.
  public func buttons(_ labels: [String], styles: [ButtonStyle]) -> Int? {
    guard !labels.isEmpty else { return nil }
    let row = nextRow(height: px(theme.rowHeight))
    let gap = px(theme.spacing)
    let w = (row.w - gap * Double(labels.count - 1)) / Double(labels.count)
    var hit: Int?
    for (i, l) in labels.enumerated() {
      let r = PixelRect(x: row.x + Double(i) * (w + gap), y: row.y, w: w, h: row.h)
      let style = i < styles.count ? styles[i] : .normal
      let bid = id(l)
      let s = behavior(bid, r)
      let pressed = activeID == bid && s.hovered
      let fill: RGBA
      switch style {
      case .normal:
        fill = pressed ? theme.widgetActive : (s.hovered ? theme.widgetHot : theme.widget)
      case .primary:
        fill = s.hovered ? theme.accentHot : theme.accent
      case .destructive:
        fill = s.hovered ? theme.error : theme.errorFill
      }
      box(r, fill: fill, border: style == .destructive ? theme.error : nil, width: px(1))
      text(UIID.visible(l), in: r, color: theme.text, align: .center)
      if s.clicked {
        report(bid, .committed)
        hit = i
      }
    }
    return hit
  }
}
