/// What a text field did this frame.
public enum TextFieldAction: Sendable, Equatable {
  case none
  /// The text changed (typing, Backspace…).
  case edited
  /// Enter: the text is final (e.g. "save as" this name).
  case submitted
  /// Esc: the text is back to what it was before editing.
  case cancelled
  /// A click elsewhere ended the editing; the text typed is kept (a field
  /// that takes its value when editing ends takes it now, as on Enter).
  case left

  /// Whether the editing ended with the text kept (Enter or a click
  /// elsewhere): when a field bound to a document takes its value, as one
  /// undo step.
  public var isFinal: Bool { self == .submitted || self == .left }
}

extension UIContext {
  /// A one-line text field (for "save as" names). Click it, or
  /// `requestFocus(label)`, to type; the bound `text` changes as you type;
  /// Enter submits, Esc restores the text it had and stops, a click elsewhere
  /// stops keeping the text. While it is edited `wantsKeyboard` is true.
  @discardableResult
  public func textField(
    _ label: String, text value: inout String, placeholder: String = "", maxLength: Int = 64
  )
    -> TextFieldAction
  {
    let fid = id(label)
    let visible = UIID.visible(label)
    let row = nextRow(height: px(theme.rowHeight))
    let fieldR = visible.isEmpty ? row : splitLabel(row).field
    if !visible.isEmpty {
      drawLabel(visible, in: splitLabel(row).label)
    }
    return textField(fid, in: fieldR, text: &value, placeholder: placeholder, maxLength: maxLength)
  }

  /// The field part of `textField` at `fieldR` (pixels), for a row that
  /// lays out more than a label and a field (a colour's chip, an icon's
  /// preview).
  func textField(
    _ fid: UIID, in fieldR: PixelRect, text value: inout String, placeholder: String,
    maxLength: Int
  ) -> TextFieldAction {
    if requestedFocus == fid, editing?.id != fid {
      requestedFocus = nil
      startEditing(fid, text: value, selectAll: true, maxLength: maxLength)
    }
    if editing?.id == fid {
      let outcome = runEditor(fid, fieldR)
      switch outcome {
      case .edited:
        value = editing?.buffer.text ?? value
        return .edited
      case .submitted(let s, let outside):
        value = s
        editing = nil
        report(fid, .committed)
        return outside ? .left : .submitted
      case .cancelled:
        value = editing?.original ?? value
        editing = nil
        drawField(fid, fieldR, value, placeholder, hovered: false)
        return .cancelled
      case .none:
        return .none
      }
    }
    let s = behavior(fid, fieldR)
    if s.pressed {
      activeID = nil
      startEditing(fid, text: value, selectAll: false, maxLength: maxLength)
      drawEditor(editing!, fieldR)
      return .none
    }
    drawField(fid, fieldR, value, placeholder, hovered: s.hovered)
    return .none
  }

  func drawField(_ fid: UIID, _ r: PixelRect, _ value: String, _ placeholder: String, hovered: Bool)
  {
    box(r, fill: hovered ? theme.widgetHot : theme.widget)
    let c = clip.map { $0.intersection(r) } ?? r
    draw.clip(c)
    if value.isEmpty {
      text(placeholder, in: r, color: theme.textDim, pad: px(6))
    } else {
      text(value, in: r, color: theme.text, pad: px(6))
    }
    draw.clip(clip)
  }
}
