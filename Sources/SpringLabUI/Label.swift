extension UIContext {
  /// Text on its own rows, wrapped at word boundaries to the row width.
  /// `color` defaults to the theme's body text (use `theme.error` for a load
  /// error, `theme.textDim` for a hint).
  public func label(_ s: String, color: RGBA? = nil) {
    let width = cursor.width - px(4)
    for line in wrap(s, width: width) {
      let r = nextRow(height: max(px(theme.rowHeight) * 0.8, measure(line).height))
      text(line, in: r, color: color ?? theme.text, pad: px(2))
      lastItem = (id("label:" + s), r)
    }
  }

  /// Greedy word wrap of `s` to lines at most `width` pixels wide (a word
  /// longer than the width gets a line of its own).
  public func wrap(_ s: String, width: Double) -> [String] {
    var lines: [String] = []
    for para in s.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      for word in para.split(separator: " ") {
        let candidate = line.isEmpty ? String(word) : line + " " + word
        if !line.isEmpty, measure(candidate).width > width {
          lines.append(line)
          line = String(word)
        } else {
          line = candidate
        }
      }
      lines.append(line)
    }
    return lines.filter { !$0.isEmpty }
  }
}
