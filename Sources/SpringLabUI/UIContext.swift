/// Text measuring supplied by the caller: `(text, pixel size) -> (width,
/// height)` in pixels. The SDL back end's `TextMeasurer` fits as is.
public typealias UIMeasure = (String, Double) -> (Double, Double)

/// How one edit of a value progresses, so an app can make one drag one undo step.
public enum EditPhase: Sendable, Equatable {
  /// A drag started (the value may already have changed).
  case began
  /// The value changed during a drag.
  case changed
  /// The drag ended.
  case ended
  /// A one-shot change: a typed value, a nudge, a reset, a pick, a toggle.
  case committed
}

/// One edit reported by a widget this frame.
public struct UIEdit: Sendable, Equatable {
  public let id: UIID
  public let phase: EditPhase
}

/// Immediate-mode UI state in Dear ImGui's model. Per frame:
///
///     ctx.beginFrame(events: events, time: t, measure: measure)
///     ctx.beginPanel("panel", rect: panelRect)
///     if ctx.section("Expand") {
///       ctx.slider("Duration##expand", value: &p.duration, range: 0.01...10,
///                  default: 0.4, unit: "s", step: 0.01)
///     }
///     ctx.endPanel()
///     let list = ctx.endFrame()
///
/// then hand `passThroughEvents` to the canvas and hot keys. All coordinates
/// are window pixels; metrics come from `theme` times `scale`.
public final class UIContext {
  public var theme: UITheme
  /// HiDPI factor: pixels per window point. Every metric is multiplied by it.
  /// A `.resize` event sets it.
  public var scale: Double

  /// Time of the current frame, seconds (any monotonic origin).
  public internal(set) var time = 0.0
  /// This frame's folded input.
  public internal(set) var input = UIInput()
  /// Events processed this frame, in order (after trickling, see `beginFrame`).
  public internal(set) var frameEvents: [UIEvent] = []
  /// The widget under the pointer that could be pressed (none while another is active).
  public internal(set) var hotID: UIID?
  /// The widget owning the mouse button (pressed, being dragged).
  public internal(set) var activeID: UIID?
  /// The widget receiving keys (last clicked slider, field being edited).
  public internal(set) var focusedID: UIID?
  /// A press this frame landed on the UI, or a widget owns the button:
  /// the canvas must not act on this frame's mouse.
  public internal(set) var consumedMouse = false
  /// Edits reported this frame, in order.
  public internal(set) var edits: [UIEdit] = []
  /// Events of this frame the UI did not take (keys not captured, mouse
  /// outside the panels and not owned by a widget): feed these to the canvas
  /// and hot keys.
  public internal(set) var passThroughEvents: [UIEvent] = []
  /// Window size from the last `.resize` (or `setDisplaySize`), pixels:
  /// tooltips stay inside it.
  public internal(set) var displayWidth = 0.0
  public internal(set) var displayHeight = 0.0

  /// The window's size in pixels, for an app that knows it without a
  /// `.resize` event (a window that was never resized).
  public func setDisplaySize(width: Double, height: Double) {
    displayWidth = width
    displayHeight = height
  }

  var measureFn: UIMeasure = { s, size in (Double(s.count) * size * 0.6, size) }
  var draw = DrawList()
  var overlay = DrawList()
  var idStack: [UInt64] = [UIID.basis]
  var clipStack: [PixelRect] = []
  var layoutStack: [LayoutFrame] = []
  var pending: [UIEvent] = []
  var editing: InlineEdit?
  var sliderDrag: SliderDrag?
  var scrolls: [UIID: ScrollState] = [:]
  var sectionsClosed: Set<UIID> = []
  /// Sections closed by default that the user opened.
  var sectionsOpened: Set<UIID> = []
  var wheelTarget: UIID?
  var scrollOrder = 0
  var hoverSince: (id: UIID, time: Double)?
  var lastItem: (id: UIID, rect: PixelRect)?
  var uiRects: [PixelRect] = []
  var pressClaimed = false
  var activeSeen = false
  var ownsLeft = false
  var ownsRight = false
  var pressTaken = false
  var keyboardCaptured = false
  var consumedEvents: Set<Int> = []
  var requestedFocus: UIID?
  var preClick: (id: UIID, value: Double)?
  var tooltipWake: Double?
  /// What the next widget's label means (`setNextItemHelp`); taken by its label.
  var nextHelp: String?
  var frameOpen = false
  /// Geometry of the last slider drawn: value lower bound at x0, upper at x0 + span, track centre y.
  var lastSliderTrack = (x0: 0.0, span: 0.0, cy: 0.0)
  /// What a drag of the last slider drawn moves per pixel without modifiers.
  var lastSliderPerPixel = 0.0
  /// The last message line `noteRow` laid out this run (tests).
  var lastNoteRect: PixelRect?
  var editingSeen = false
  /// Where the field being edited was drawn last frame (pixels).
  var editingRect: PixelRect?
  /// A press outside the field being edited arrived: this frame only ends
  /// the editing (keeping the text); the press waits for the next frame.
  var leaveEditing = false
  /// How many `disabled(true)` blocks are open: their widgets take no input.
  var disabledDepth = 0
  /// The colour field or icon field whose swatches / chooser are open
  /// under it (one at a time, as a menu is), nil when none is.
  var openPopover: UIID?
  /// Where the open pop-over (its field's row and the rows under it) was
  /// drawn this frame; a press anywhere else closes it.
  var popoverRect: PixelRect?

  public init(theme: UITheme = .dark, scale: Double = 1) {
    self.theme = theme
    self.scale = scale
  }

  /// The identity and rectangle (pixels) of the widget drawn last.
  public var lastItemID: UIID? { lastItem?.id }
  /// Every interactive item's rectangle this frame, in order (layout tests).
  public internal(set) var itemRects: [(id: UIID, rect: PixelRect)] = []
  /// The part of each item that shows, cut by the scrolling view it lies in;
  /// items scrolled out of sight are left out (layout tests: a row scrolled
  /// under the pinned header is not a control there).
  public internal(set) var visibleItemRects: [(id: UIID, rect: PixelRect)] = []
  public var lastItemRect: PixelRect? { lastItem?.rect }

  /// The last edit of this frame, if any.
  public var lastEdit: UIEdit? { edits.last }

  /// True while a text field (or a slider in typing mode) takes the keyboard,
  /// or took it during this frame: route keys to hot keys only when false
  /// (or simply use `passThroughEvents`).
  public var wantsKeyboard: Bool { editing != nil || keyboardCaptured }

  /// The pointer is over a panel or a widget owns a mouse button.
  public var wantsMouse: Bool {
    ownsLeft || ownsRight || uiRects.contains { $0.contains(input.mouseX, input.mouseY) }
  }

  /// The field being typed into, if any.
  public var editingID: UIID? { editing?.id }

  /// Events held back for the next frame (see `beginFrame`); when true the
  /// app should run another frame at once, with no new events.
  public var hasPendingEvents: Bool { !pending.isEmpty }
  /// Whether a field's swatches or icon chooser are open (they close on Esc).
  public var hasOpenPopover: Bool { openPopover != nil }

  /// When the UI needs a frame although no event comes (a tooltip about to
  /// show), in the `time` base; nil if never.
  public var nextWakeTime: Double? { tooltipWake }

  /// Starts a frame. Events are processed in order; as in Dear ImGui's
  /// trickled input queue, once a mouse button changed state, the events after
  /// it wait for the next frame, so every widget sees a press, its position,
  /// and its release on separate frames (a tap inside one batch is two frames;
  /// check `hasPendingEvents`).
  public func beginFrame(events: [UIEvent], time: Double, measure: @escaping UIMeasure) {
    itemRects.removeAll(keepingCapacity: true)
    visibleItemRects.removeAll(keepingCapacity: true)
    precondition(!frameOpen, "beginFrame called twice without endFrame")
    frameOpen = true
    self.time = time
    measureFn = measure
    input.newFrame()
    var queue = pending + events
    pending = []
    // why: a press outside the field being edited first ends the editing in
    // a frame of its own (the text is taken, one undo step), and acts on
    // what it landed on the next frame; in one frame, the field's step and
    // the slider's drag or the button's change would fold into one
    leaveEditing = false
    popoverRect = nil
    if editing != nil, let r = editingRect,
      let i = queue.firstIndex(where: {
        if case .mouseDown(let x, let y, .left, _, _) = $0 { return !r.contains(x, y) }
        return false
      })
    {
      pending = Array(queue[i...])
      queue = Array(queue[..<i])
      leaveEditing = true
    }
    frameEvents = []
    var sawButton = false
    for (i, e) in queue.enumerated() {
      if sawButton {
        pending = Array(queue[i...]) + pending
        break
      }
      if case .resize(let w, let h, let s) = e {
        displayWidth = Double(w)
        displayHeight = Double(h)
        if s > 0, s.isFinite { scale = s }
      }
      input.apply(e, index: frameEvents.count)
      frameEvents.append(e)
      if e.isButtonTransition { sawButton = true }
    }
    draw = DrawList()
    draw.clearColor = theme.panel
    overlay = DrawList()
    idStack = [UIID.basis]
    clipStack = []
    layoutStack = []
    hotID = nil
    edits = []
    uiRects = []
    pressClaimed = false
    activeSeen = false
    pressTaken = false
    consumedMouse = false
    keyboardCaptured = editing != nil
    editingSeen = false
    consumedEvents = []
    lastItem = nil
    tooltipWake = nil
    nextHelp = nil
    scrollOrder = 0
    wheelTarget = pickWheelTarget()
  }

  /// Ends the frame and returns everything the UI drew (panels, then overlays
  /// such as tooltips).
  public func endFrame() -> DrawList {
    precondition(frameOpen, "endFrame without beginFrame")
    frameOpen = false
    if activeID != nil, !activeSeen {
      // why: a widget that vanished mid-drag must not keep the mouse forever
      activeID = nil
      sliderDrag = nil
    }
    // why: a pop-over closes as a menu does: on a press elsewhere, on Esc,
    // or when its field is no longer drawn (a tab switch, a folded section)
    if openPopover != nil {
      let escaped = frameEvents.contains {
        if case .keyDown(let k, _, _) = $0 { return k == KeyName.escape }
        return false
      }
      let pressedOutside =
        input.wasPressed(.left) && !(popoverRect?.contains(input.mouseX, input.mouseY) ?? false)
      if popoverRect == nil || escaped || pressedOutside {
        openPopover = nil
        // why: this frame drew it open; ask for the next one now
        tooltipWake = min(tooltipWake ?? time, time)
      }
    }
    let pressedAny = input.wasPressed(.left) || input.wasPressed(.right)
    if input.wasPressed(.left), !pressClaimed {
      focusedID = nil
    }
    if let e = editing, !editingSeen || focusedID != e.id || leaveEditing {
      // why: a field that was not drawn this frame (folded section) or lost
      // focus stops taking keys; its value stays as it was. A press outside
      // it (`leaveEditing`) always ends it here, so the held-back press
      // reaches its widget next frame whatever this frame drew
      editing = nil
    }
    if pressedAny {
      let onUI = pressClaimed || uiRects.contains { $0.contains(input.mouseX, input.mouseY) }
      pressTaken = onUI
      if input.wasPressed(.left) { ownsLeft = onUI }
      if input.wasPressed(.right) { ownsRight = onUI }
    }
    let ownedLeft = ownsLeft
    let ownedRight = ownsRight
    if input.wasReleased(.left), !input.leftDown { ownsLeft = false }
    if input.wasReleased(.right), !input.rightDown { ownsRight = false }
    consumedMouse = pressTaken || ownedLeft || ownedRight || activeID != nil
    if hotID == nil { hoverSince = nil }
    passThroughEvents = frameEvents.enumerated().compactMap { i, e in
      if consumedEvents.contains(i) { return nil }
      switch e {
      case .mouseDown: return pressTaken ? nil : e
      case .mouseUp(_, _, let b, _):
        return (b == .left && ownedLeft) || (b == .right && ownedRight) ? nil : e
      case .mouseMove: return ownedLeft || ownedRight ? nil : e
      case .wheel: return wheelTarget != nil ? nil : e
      case .keyDown, .keyUp, .text: return keyboardCaptured ? nil : e
      default: return e
      }
    }
    var out = draw
    out.append(overlay)
    return out
  }

  // MARK: identity

  /// The ID of `label` in the current scope.
  public func id(_ label: String) -> UIID { UIID(label, seed: idStack.last ?? UIID.basis) }

  /// Opens an ID scope: the same labels under different scopes differ.
  public func pushID(_ label: String) { idStack.append(id(label).raw) }

  public func popID() {
    if idStack.count > 1 { idStack.removeLast() }
  }

  /// Gives keyboard focus to the widget labelled `label` (in the current
  /// scope); a text field so focused starts editing with its text selected.
  public func requestFocus(_ label: String) {
    requestedFocus = id(label)
    focusedID = requestedFocus
  }

  // MARK: measuring and metrics

  /// `v` pixels at scale 1, in current pixels.
  func px(_ v: Double) -> Double { v * scale }

  var fontSize: Double { px(theme.fontSize) }

  /// Text size in pixels at `size` (defaults to the body size).
  public func measure(_ s: String, size: Double? = nil) -> (width: Double, height: Double) {
    let r = measureFn(s, size ?? fontSize)
    return (r.0, r.1)
  }

  // MARK: interaction

  /// The current clip rectangle, if any.
  var clip: PixelRect? { clipStack.last }

  /// The pointer is inside `rect` and the visible clip.
  func mouseIn(_ rect: PixelRect) -> Bool {
    guard rect.contains(input.mouseX, input.mouseY) else { return false }
    if let c = clip, !c.contains(input.mouseX, input.mouseY) { return false }
    return true
  }

  struct ItemState {
    var hovered = false
    var pressed = false
    var held = false
    var released = false
    /// Released over the item after being pressed on it (a tap, iOS style).
    var clicked = false
    var rightPressed = false
  }

  /// Dear ImGui's ButtonBehavior: hot on hover, active from press to release,
  /// clicked on a release inside.
  func behavior(_ id: UIID, _ rect: PixelRect) -> ItemState {
    var s = ItemState()
    // why: a disabled widget is laid out and drawn (faded) but never hot,
    // pressed or focused, so it cannot change anything
    guard disabledDepth == 0 else {
      lastItem = (id, rect)
      itemRects.append((id, rect))
      return s
    }
    s.hovered = mouseIn(rect) && (activeID == nil || activeID == id) && !ownsRight
    if activeID == id { activeSeen = true }
    if s.hovered {
      hotID = id
      if hoverSince?.id != id { hoverSince = (id, time) }
      if input.wasPressed(.left), activeID == nil, !pressClaimed {
        activeID = id
        activeSeen = true
        focusedID = id
        pressClaimed = true
        s.pressed = true
      }
      if input.wasPressed(.right), !pressClaimed, activeID == nil {
        pressClaimed = true
        s.rightPressed = true
      }
    }
    s.held = activeID == id
    if s.held, input.wasReleased(.left) {
      s.released = true
      s.clicked = rect.contains(input.mouseX, input.mouseY)
      activeID = nil
      s.held = false
    }
    lastItem = (id, rect)
    itemRects.append((id, rect))
    let shown = clipStack.last.map { rect.intersection($0) } ?? rect
    if shown.w > 0, shown.h > 0 { visibleItemRects.append((id, shown)) }
    return s
  }

  /// Draws the widgets `body` makes disabled when `isDisabled` (Dear
  /// ImGui's BeginDisabled): laid out as usual, drawn at 40 % opacity,
  /// taking no clicks, drags or typing. Their labels' tooltips still show,
  /// so a row can say why it does nothing now.
  public func disabled(_ isDisabled: Bool, _ body: () -> Void) {
    guard isDisabled else { return body() }
    let start = draw.finished.count
    disabledDepth += 1
    body()
    disabledDepth -= 1
    draw.fade(from: start, by: 0.4)
  }

  /// Marks a key or text event as taken by the UI.
  func consume(eventIndex i: Int) { consumedEvents.insert(i) }

  func report(_ id: UIID, _ phase: EditPhase) { edits.append(UIEdit(id: id, phase: phase)) }

  // MARK: drawing helpers

  /// A rounded box with an optional `border` ring `width` pixels wide.
  func box(
    _ r: PixelRect, fill: RGBA, border: RGBA? = nil, width: Double = 1, radius: Double? = nil
  ) {
    let rad = radius ?? px(theme.rounding)
    if let b = border {
      draw.fillRoundedRect(r, radius: rad, b)
      let w = max(1, width)
      let inner = PixelRect(x: r.x + w, y: r.y + w, w: r.w - 2 * w, h: r.h - 2 * w)
      draw.fillRoundedRect(inner, radius: max(0, rad - w), fill)
    } else {
      draw.fillRoundedRect(r, radius: rad, fill)
    }
  }

  /// `s` shortened with "…" to fit `width` pixels at the body size.
  public func fit(_ s: String, width: Double) -> String {
    guard measure(s).width > width else { return s }
    var chars = Array(s)
    while !chars.isEmpty, measure(String(chars) + "…").width > width { chars.removeLast() }
    return String(chars) + "…"
  }

  /// What the next labelled widget (slider, picker, toggle, text field)
  /// means: shown as a tooltip while the pointer rests on its label, after
  /// the whole label when that is shortened. The next widget that draws a
  /// label takes it (call it just before that widget); the next frame
  /// starts without it.
  public func setNextItemHelp(_ s: String) { nextHelp = s }

  /// A widget's label in its column: the visible part, shortened to fit.
  /// A shortened label shows whole in a tooltip while the pointer rests on
  /// it, followed by the help `setNextItemHelp` gave, if any.
  func drawLabel(_ label: String, in r: PixelRect) {
    let pad = px(2)
    let whole = UIID.visible(label)
    let shown = fit(whole, width: r.w - pad - px(6))
    text(shown, in: r, color: theme.text, pad: pad)
    let help = nextHelp
    nextHelp = nil
    let tip: String? =
      switch (shown != whole, help) {
      case (true, let h?): whole + ": " + h
      case (true, nil): whole
      case (false, let h?): h
      case (false, nil): nil
      }
    if let t = tip { tipWhenHovered(t, id: id(label).child("label"), rect: r) }
  }

  /// Text vertically centred in `r`, aligned within it.
  func text(
    _ s: String, in r: PixelRect, color: RGBA, align: TextAlign = .left, size: Double? = nil,
    pad: Double = 0
  ) {
    let sz = size ?? fontSize
    let h = measure(s, size: sz).height
    let y = r.y + (r.h - h) / 2
    let x: Double
    switch align {
    case .left: x = r.x + pad
    case .center: x = r.x + r.w / 2
    case .right: x = r.x + r.w - pad
    }
    draw.text(s, x: x, y: y, size: sz, color: color, align: align)
  }
}
