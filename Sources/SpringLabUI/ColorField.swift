import SpringLabCore

/// A colour a swatch row offers, with the name its tooltip shows.
public struct Swatch: Sendable, Equatable {
  public var name: String
  public var color: HexColor
  public init(_ name: String, _ color: HexColor) {
    self.name = name
    self.color = color
  }

  /// iOS's system colours (light appearance), the built-in item fills among
  /// them, then white and black: what a designer reaches for first.
  public static let system: [Swatch] = [
    Swatch("Red", HexColor(rgb: 0xFF3B30)), Swatch("Orange", DefaultLook.itemFills[0]),
    Swatch("Yellow", HexColor(rgb: 0xFFCC00)), Swatch("Green", DefaultLook.itemFills[1]),
    Swatch("Mint", HexColor(rgb: 0x00C7BE)), Swatch("Teal", DefaultLook.itemFills[4]),
    Swatch("Cyan", HexColor(rgb: 0x32ADE6)), Swatch("Blue", DefaultLook.mainFill),
    Swatch("Indigo", DefaultLook.bubbleFill), Swatch("Purple", DefaultLook.itemFills[3]),
    Swatch("Pink", DefaultLook.itemFills[2]), Swatch("Brown", HexColor(rgb: 0xA2845E)),
    Swatch("Gray", HexColor(rgb: 0x8E8E93)), Swatch("White", .white),
    Swatch("Black", HexColor(rgb: 0x000000)),
  ]
}

extension UIContext {
  /// A colour row: label | chip | hex. The chip shows the colour (over a
  /// checkerboard when it is translucent); clicking it opens rows of
  /// swatches under the field: `swatches`, then `more` (e.g. the colours the
  /// document already uses) when not empty. Clicking a swatch takes it and
  /// closes the rows; clicking the chip again, or another field's, closes
  /// them. Typed hex is taken when the editing ends (Enter or a click
  /// elsewhere) and only when whole (`#RRGGBB` or `#RRGGBBAA`).
  /// Returns whether `color` changed (a pick reports `.committed`).
  @discardableResult
  public func colorField(
    _ label: String, color: inout HexColor, swatches: [Swatch] = Swatch.system,
    more: [Swatch] = []
  ) -> Bool {
    let fid = id(label)
    let visible = UIID.visible(label)
    let row = nextRow(height: px(theme.rowHeight))
    let area = visible.isEmpty ? row : splitLabel(row).field
    if !visible.isEmpty { drawLabel(visible, in: splitLabel(row).label) }
    let chip = PixelRect(x: area.x, y: area.y, w: area.h, h: area.h)
    let open = openPopover == fid
    let st = behavior(fid.child("chip"), chip)
    drawChip(color, chip, ring: open || st.hovered ? theme.focus : theme.border)
    // why: once open, a tooltip would cover the swatches it names
    if !open { tooltip("Swatches") }
    if st.clicked { openPopover = open ? nil : fid }
    let gap = px(theme.spacing)
    let hexR = PixelRect(
      x: chip.x + chip.w + gap, y: area.y, w: max(0, area.w - chip.w - gap), h: area.h)
    var s = color.hex
    var changed = false
    let action = textField(fid, in: hexR, text: &s, placeholder: "#RRGGBB", maxLength: 9)
    // why: taken when the editing ends (Enter or a click elsewhere), so the
    // typed colour is one undo step of its own, never folded into the last
    if action.isFinal, let c = HexColor(hex: s), c != color {
      color = c
      changed = true
    }
    guard openPopover == fid else { return changed }
    defer { notePopover(from: row) }
    for (k, group) in [swatches, more].enumerated() where !group.isEmpty {
      if let picked = swatchRows(group, current: color, id: fid.child("group\(k)")) {
        if picked != color {
          color = picked
          changed = true
        }
        report(fid, .committed)
        openPopover = nil
      }
    }
    return changed
  }

  /// Rows of square swatches under a field's chip, the one equal to
  /// `current` ringed. Returns the colour clicked.
  func swatchRows(_ group: [Swatch], current: HexColor, id gid: UIID) -> HexColor? {
    var picked: HexColor?
    for (k, r) in fieldGrid(count: group.count, side: px(theme.rowHeight)).enumerated() {
      let sw = group[k]
      let st = behavior(gid.child("swatch\(k)"), r)
      let ring = sw.color == current ? theme.accent : st.hovered ? theme.focus : theme.border
      drawChip(sw.color, r, ring: ring, ringWidth: sw.color == current ? px(2) : px(1))
      tooltip("\(sw.name) \(sw.color.hex)")
      if st.clicked { picked = sw.color }
    }
    return picked
  }

  /// `count` squares `side` pixels wide in rows taken from the layout,
  /// indented past the label column (under the field that opened them)
  /// and wrapped to the row's width.
  func fieldGrid(count: Int, side: Double) -> [PixelRect] {
    let gap = px(theme.spacing)
    var out: [PixelRect] = []
    while out.count < count {
      let row = nextRow(height: side)
      let x0 = row.x + (row.w * theme.labelFraction).rounded()
      let perRow = max(1, Int((row.x + row.w - x0 + gap) / (side + gap)))
      for k in 0..<min(perRow, count - out.count) {
        out.append(PixelRect(x: x0 + Double(k) * (side + gap), y: row.y, w: side, h: side))
      }
    }
    return out
  }

  /// Records the open pop-over's area: from its field's `row` down to the
  /// last row laid out (a press outside it closes the pop-over).
  func notePopover(from row: PixelRect) {
    let bottom = layoutStack.last?.y ?? (row.y + row.h)
    popoverRect = PixelRect(x: row.x, y: row.y, w: row.w, h: max(row.h, bottom - row.y))
  }

  /// A colour chip: `c` in a rounded square ringed by `ring`, over a
  /// light/dark checkerboard when translucent so its alpha reads.
  func drawChip(_ c: HexColor, _ r: PixelRect, ring: RGBA, ringWidth: Double? = nil) {
    let w = ringWidth ?? px(1)
    box(r, fill: theme.widget, border: ring, width: w)
    let inner = PixelRect(
      x: r.x + w + px(1), y: r.y + w + px(1), w: r.w - 2 * (w + px(1)), h: r.h - 2 * (w + px(1)))
    guard inner.w > 0, inner.h > 0 else { return }
    let rad = max(0, px(theme.rounding) - w - px(1))
    if c.a < 255 {
      draw.fillRoundedRect(inner, radius: rad, RGBA(0xFF, 0xFF, 0xFF))
      let hw = inner.w / 2
      let hh = inner.h / 2
      let grey = RGBA(0xBF, 0xBF, 0xC4)
      draw.fillRoundedRect(PixelRect(x: inner.x, y: inner.y, w: hw, h: hh), radius: 0, grey)
      draw.fillRoundedRect(
        PixelRect(x: inner.x + hw, y: inner.y + hh, w: inner.w - hw, h: inner.h - hh), radius: 0,
        grey)
    }
    draw.fillRoundedRect(inner, radius: rad, RGBA(c))
  }
}
