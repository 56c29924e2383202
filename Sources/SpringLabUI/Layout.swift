/// Where the next row goes: a vertical cursor in pixels.
struct LayoutFrame {
  var x: Double
  var y: Double
  var width: Double
  /// The scroll region this frame lays out, if any.
  var scroll: UIID?
  var view: PixelRect?
  var contentTop: Double
}

/// A scroll region's memory between frames.
struct ScrollState {
  /// Pixels scrolled from the top.
  var offset = 0.0
  /// Height of the content last frame, pixels.
  var content = 0.0
  var view = PixelRect(x: 0, y: 0, w: 0, h: 0)
  /// Begin order last frame; inner regions begin later.
  var order = 0

  var maxOffset: Double { max(0, content - view.h) }
}

extension PixelRect {
  /// The overlap of two rectangles (empty rectangles have zero size).
  func intersection(_ o: PixelRect) -> PixelRect {
    let x0 = max(x, o.x)
    let y0 = max(y, o.y)
    let x1 = min(x + w, o.x + o.w)
    let y1 = min(y + h, o.y + o.h)
    return PixelRect(x: x0, y: y0, w: max(0, x1 - x0), h: max(0, y1 - y0))
  }

  func inset(_ d: Double) -> PixelRect { PixelRect(x: x + d, y: y + d, w: w - 2 * d, h: h - 2 * d) }

  func intersects(_ o: PixelRect) -> Bool {
    x < o.x + o.w && o.x < x + w && y < o.y + o.h && o.y < y + h
  }
}

extension UIContext {
  /// The current layout cursor: x, y (top of the next row) and width, pixels.
  public var cursor: (x: Double, y: Double, width: Double) {
    guard let f = layoutStack.last else { return (0, 0, displayWidth) }
    return (f.x, f.y, f.width)
  }

  /// Reserves the next row of `height` pixels (already scaled) and moves the
  /// cursor below it.
  public func nextRow(height: Double) -> PixelRect {
    if layoutStack.isEmpty {
      layoutStack.append(LayoutFrame(x: 0, y: 0, width: displayWidth, contentTop: 0))
    }
    let f = layoutStack[layoutStack.count - 1]
    let r = PixelRect(x: f.x, y: f.y, w: f.width, h: height)
    layoutStack[layoutStack.count - 1].y += height + px(theme.spacing)
    return r
  }

  /// Vertical gap of `pixels` at scale 1.
  public func space(_ pixels: Double = 6) {
    guard !layoutStack.isEmpty else { return }
    layoutStack[layoutStack.count - 1].y += px(pixels)
  }

  /// Splits a row into the label column and the widget area.
  func splitLabel(_ r: PixelRect) -> (label: PixelRect, field: PixelRect) {
    let lw = (r.w * theme.labelFraction).rounded()
    return (
      PixelRect(x: r.x, y: r.y, w: lw, h: r.h),
      PixelRect(x: r.x + lw, y: r.y, w: r.w - lw, h: r.h)
    )
  }

  /// Opens a panel: a rounded dark background at `rect` (pixels) whose content
  /// scrolls with the wheel and is clipped to it. Close with `endPanel()`.
  /// `background: false` continues a panel whose background is drawn (a
  /// scrolling body under a pinned header).
  public func beginPanel(_ label: String, rect: PixelRect, background: Bool = true) {
    uiRects.append(rect)
    if background { draw.fillRoundedRect(rect, radius: px(theme.rounding * 1.6), theme.panel) }
    beginScroll(id(label), view: rect, padding: px(theme.padding))
  }

  public func endPanel() { endScrollRegion() }

  /// Opens a scroll region `height` pixels (at scale 1) tall in the current
  /// layout; the wheel over it scrolls its content, which is clipped.
  public func beginScrollRegion(_ label: String, height: Double) {
    let r = nextRow(height: px(height))
    draw.fillRoundedRect(r, radius: px(theme.rounding), theme.widget.darkened(0.25))
    beginScroll(id(label), view: r, padding: px(2))
  }

  /// Closes the innermost scroll region or panel.
  public func endScrollRegion() {
    guard let f = layoutStack.popLast(), let sid = f.scroll, let view = f.view else { return }
    var st = scrolls[sid] ?? ScrollState()
    st.content = f.y - f.contentTop - px(theme.spacing) + px(theme.padding)
    st.view = view
    st.offset = min(max(0, st.offset), st.maxOffset)
    scrolls[sid] = st
    clipStack.removeLast()
    draw.clip(clipStack.last)
    if st.maxOffset > 0 {
      // why: a thin thumb shows there is more below without taking a column;
      // it runs 3 px inside the view's ends, so it never touches the window's edge
      let w = px(4)
      let track = view.h - 2 * px(3)
      let h = max(px(20), track * view.h / st.content)
      let y = view.y + px(3) + (track - h) * (st.offset / st.maxOffset)
      draw.fillRoundedRect(
        PixelRect(x: view.x + view.w - w - px(2), y: y, w: w, h: h), radius: w / 2,
        theme.border.fading(0.9))
    }
  }

  func beginScroll(_ sid: UIID, view: PixelRect, padding: Double) {
    var st = scrolls[sid] ?? ScrollState()
    st.view = view
    scrollOrder += 1
    st.order = scrollOrder
    scrolls[sid] = st
    let c = clipStack.last.map { $0.intersection(view) } ?? view
    clipStack.append(c)
    draw.clip(c)
    let top = view.y + padding - st.offset
    layoutStack.append(
      LayoutFrame(
        x: view.x + padding, y: top, width: view.w - 2 * padding, scroll: sid, view: view,
        contentTop: top))
  }

  /// Puts the region or panel labelled `label` at `offset` pixels from its
  /// top (clamped to its content when next drawn); nothing before it is drawn.
  public func setScrollOffset(_ label: String, _ offset: Double) {
    let sid = id(label)
    guard var st = scrolls[sid] else { return }
    st.offset = max(0, offset)
    scrolls[sid] = st
  }

  /// Scroll offset of the region or panel labelled `label`, pixels.
  public func scrollOffset(_ label: String) -> Double { scrolls[id(label)]?.offset ?? 0 }

  /// Picks the region the wheel scrolls this frame (the innermost one under
  /// the pointer last frame, preferring one that can scroll) and scrolls it.
  func pickWheelTarget() -> UIID? {
    guard input.wheelY != 0 || input.wheelX != 0 else { return nil }
    let under = scrolls.filter { $0.value.view.contains(input.mouseX, input.mouseY) }
    let best =
      under.filter { $0.value.maxOffset > 0 }.max { $0.value.order < $1.value.order }
      ?? under.max { $0.value.order < $1.value.order }
    guard let (sid, st) = best else { return nil }
    var s = st
    s.offset = min(max(0, s.offset - input.wheelY * px(theme.wheelStep)), s.maxOffset)
    scrolls[sid] = s
    return sid
  }

  /// A section header; click it to fold. Returns whether the section is
  /// open. A section `defaultOpen: false` starts folded (rarely used
  /// controls); either way the context remembers the user's choice for as
  /// long as it lives (keep it longer with `section(_:open:)`).
  @discardableResult
  public func section(_ title: String, defaultOpen: Bool = true) -> Bool {
    let sid = id("§" + title)
    var open = defaultOpen ? !sectionsClosed.contains(sid) : sectionsOpened.contains(sid)
    if sectionHeader(title, sid: sid, open: open) {
      open.toggle()
      // why: only the choices that differ from the default are kept
      if defaultOpen {
        if open { sectionsClosed.remove(sid) } else { sectionsClosed.insert(sid) }
      } else {
        if open { sectionsOpened.insert(sid) } else { sectionsOpened.remove(sid) }
      }
    }
    return open
  }

  /// A section header whose open state the caller keeps (`open`, flipped by
  /// a click on the header this frame). Returns whether the section is
  /// open. The header's identity is `title`'s `##` part when it has one, so
  /// a title that changes (a count, a warning mark) keeps its widget.
  @discardableResult
  public func section(_ title: String, open: inout Bool) -> Bool {
    let key = title.range(of: "##").map { String(title[$0.upperBound...]) } ?? title
    if sectionHeader(title, sid: id("§##" + key), open: open) { open.toggle() }
    return open
  }

  /// Lays out, runs and draws one section header shown `open` (or folded);
  /// returns whether it was clicked.
  private func sectionHeader(_ title: String, sid: UIID, open: Bool) -> Bool {
    space(4)
    let r = nextRow(height: px(theme.sectionHeight))
    let st = behavior(sid, r)
    // why: drawn as it will be after this frame's click, so a fold shows at once
    let shown = st.clicked ? !open : open
    let color = st.hovered ? theme.text : theme.sectionText
    let sz = px(theme.sectionFontSize)
    let cx = r.x + px(5)
    let cy = r.y + r.h / 2
    let a = px(3.5)
    // why: a disclosure triangle says the header folds
    if shown {
      draw.fillConvex([(cx - a, cy - a * 0.6), (cx + a, cy - a * 0.6), (cx, cy + a * 0.8)], color)
    } else {
      draw.fillConvex([(cx - a * 0.6, cy - a), (cx + a * 0.8, cy), (cx - a * 0.6, cy + a)], color)
    }
    text(UIID.visible(title).uppercased(), in: r, color: color, size: sz, pad: px(14))
    draw.fillConvex(
      [(r.x, r.y + r.h - 1), (r.x + r.w, r.y + r.h - 1), (r.x + r.w, r.y + r.h), (r.x, r.y + r.h)],
      theme.border)
    return st.clicked
  }
}

extension UIContext {
  /// Scrolls the top-level panel or region `label` so `rect` (pixels, as laid
  /// out this frame) is visible next frame, inside the region or after its
  /// `endPanel()`; the offset is clamped to the content when the region next ends.
  public func scroll(_ label: String, toShow rect: PixelRect) {
    let sid = id(label)
    guard var st = scrolls[sid] else { return }
    let margin = px(8)
    if rect.y < st.view.y {
      st.offset -= st.view.y - rect.y + margin
    } else if rect.y + rect.h > st.view.y + st.view.h {
      st.offset += rect.y + rect.h - (st.view.y + st.view.h) + margin
    }
    // why: clamped to the content when the region ends (`endScrollRegion`),
    // not to last frame's: a section opened this frame (to show the row
    // asked for) is taller than the content measured before it opened
    st.offset = max(0, st.offset)
    scrolls[sid] = st
  }
}
