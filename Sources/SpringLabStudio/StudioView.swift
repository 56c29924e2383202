import SpringLabCore
import SpringLabUI

/// One frame of the window: what to draw and what the input meant.
public struct StudioFrame {
  public var drawList: DrawList
  public var actions: [StudioAction]
  public var layout: StudioLayout
}

/// The view: state in, draw list and actions out. It owns only the
/// immediate-mode UI's own memory (hot and active widgets, scrolling, the
/// text being typed); it never changes the state, so what input reads is
/// what the state says, not what the last drawing left behind.
public final class StudioView {
  /// The panel's widgets.
  public let panelUI: UIContext
  /// The open dialog's widgets: while a dialog is open only it gets input.
  public let dialogUI: UIContext
  public let icons: IconSet
  public var measure: UIMeasure
  /// The last panel drawn, what it showed, and when (state time, seconds).
  var panelCache: (key: PanelKey, time: Double, list: DrawList)?
  /// Where the cached panel's status line is (its text run's index in the
  /// list) and what it says.
  private var panelStatus: (index: Int, text: String)?
  /// The tab the panel last showed.
  private var lastPanelTab: PanelTab?
  /// How many times the panel was built (for tests: at most twice per input).
  var panelBuilds = 0
  /// Lint of the preset last drawn, for the keyboard state it was filtered by.
  // why: lint solves springs; the canvas, the panel and the panel's cache key
  // each asked for it every frame (~2.5 % of the window's CPU while toggling),
  // though it changes only with the preset
  private var lintMemo: (preset: Preset, keyboardShown: Bool, warnings: [LintWarning])?

  /// The motions' timing figures of the preset last drawn.
  // why: each figure samples its motion every 0.5 ms; the panel is rebuilt
  // while things move, but the figures change only with the preset
  private var timingMemo: (preset: Preset, timings: PanelTimings)?

  /// The panel's timing lines (`MotionTiming`), computed once per preset.
  func timings(_ state: StudioState) -> PanelTimings {
    if let m = timingMemo, m.preset == state.preset { return m.timings }
    let t = PanelTimings(state.preset)
    timingMemo = (state.preset, t)
    return t
  }

  /// `state.liveWarnings`, computed once per preset and keyboard state.
  func liveWarnings(_ state: StudioState) -> [LintWarning] {
    let shown = state.scene.keyboardShown
    if let m = lintMemo, m.keyboardShown == shown, m.preset == state.preset { return m.warnings }
    let warnings = state.liveWarnings
    lintMemo = (state.preset, shown, warnings)
    return warnings
  }

  public init(icons: IconSet, measure: @escaping UIMeasure) {
    panelUI = UIContext(theme: .dark)
    dialogUI = UIContext(theme: .dark)
    self.icons = icons
    self.measure = measure
  }

  /// Events held back by the UI (a click split over two frames): run
  /// another frame at once.
  public var hasPendingEvents: Bool { panelUI.hasPendingEvents || dialogUI.hasPendingEvents }

  /// When the UI needs a frame although no event comes (a tooltip).
  public var nextWakeTime: Double? { panelUI.nextWakeTime }

  /// Builds one frame of `state` with `events` (window pixels).
  public func frame(_ state: StudioState, events: [UIEvent]) -> StudioFrame {
    var actions: [StudioAction] = []
    for e in events {
      if case .resize(let w, let h, let s) = e {
        actions.append(.resized(WindowSize(width: Double(w), height: Double(h), scale: s)))
      }
    }
    let layout = StudioLayout(state)
    let s = state.window.scale
    let t = state.now
    var dl = DrawList()
    let warnings = liveWarnings(state)
    drawCanvas(state, layout, warnings: warnings, into: &dl)

    // the panel: input only when no dialog is open (modal), except releases, so
    // a drag the dialog interrupted still ends
    let panelEvents = state.dialog == nil ? events : events.filter(\.isMouseUp)
    var key = PanelKey(state, warnings: warnings)
    // why: a pop-over closed at the end of the last build (Esc, a press
    // elsewhere) must not stay on screen from the cached panel
    key.popoverOpen = panelUI.hasOpenPopover
    var panelList: DrawList
    // why: the key holds everything the panel shows but its status line,
    // which is redrawn below (so a panel whose status line was not found, a
    // wrapped one, is rebuilt); a tooltip coming due needs the panel built
    let tooltipDue = panelUI.nextWakeTime.map { $0 <= t } ?? false
    let statusKnown = panelStatus != nil || !state.overlays.panel || layout.frame.panel == nil
    if panelIgnores(panelEvents), !panelUI.hasPendingEvents, !tooltipDue, statusKnown,
      let c = panelCache, c.key == key, t - c.time >= 0
    {
      // why: with no input the panel takes and nothing the panel shows changed,
      // only its status line would differ; rebuilding it is most of a frame's
      // cost (a hot key's frame was the slowest of an animation)
      panelList = c.list
      // why: the status line is the panel's only text that changes with time
      // alone; redrawing that run spares the rebuild, which was a moving
      // frame's largest cost (the slowest frames of an animation)
      if let st = panelStatus {
        let now = PanelView.status(state)
        if now != st.text {
          let fits =
            layout.frame.panel.map { measure(now, panelUI.theme.fontSize * s).0 < $0.w - 40 * s }
            ?? false
          if fits, panelList.replaceText(at: st.index, with: now) {
            panelCache?.list = panelList
            panelStatus = (st.index, now)
          } else {
            panelCache = nil
          }
        }
      }
      for e in panelEvents {
        if let a = StudioView.passThrough(e) { actions.append(a) }
      }
    } else {
      panelUI.scale = s
      // why: a window never resized sends no `.resize`; tooltips still stay inside it
      panelUI.setDisplaySize(width: state.window.width, height: state.window.height)
      panelBuilds += 1
      panelUI.beginFrame(events: panelEvents, time: t, measure: measure)
      // why: another tab opens at its top, on its motions, not at the
      // scroll position the last tab was left at
      if state.panelTab != lastPanelTab {
        panelUI.setScrollOffset("panel", 0)
        lastPanelTab = state.panelTab
      }
      if state.overlays.panel, let r = layout.frame.panel {
        PanelView.build(
          state, warnings: warnings, timings: timings(state), in: r, ui: panelUI,
          actions: &actions)
      }
      // why: the graph and the canvas take the pointer through the same hot /
      // active ids as the panel's widgets (the graph first: it lies on the canvas)
      if let g = layout.graph { pointer(panelUI.region("graph", rect: g), &actions) }
      pointer(panelUI.region("canvas", rect: layout.frame.canvas), &actions)
      panelList = panelUI.endFrame()
      for e in panelUI.passThroughEvents {
        if let a = StudioView.passThrough(e) { actions.append(a) }
      }
      // why: a refused spring-form edit drew its slider at the value it
      // refused while the preset kept the old one: the next frame rebuilds
      let refused = actions.contains { if case .springFormRefused = $0 { true } else { false } }
      panelCache = refused ? nil : (key, t, panelList)
      let status = PanelView.status(state)
      panelStatus = panelList.finished.firstIndex {
        if case .text(status, _, _, _, _, _) = $0 { return true } else { return false }
      }.map { ($0, status) }
    }
    dl.append(panelList)
    if state.dialog != nil {
      // why: a modal question dims everything it blocks, the panel included
      let (w, h) = (state.window.width, state.window.height)
      dl.fillConvex([(0, 0), (w, 0), (w, h), (0, h)], RGBA(0, 0, 0, 0x70))
    }
    if let d = state.dialog {
      dialogUI.scale = s
      dialogUI.beginFrame(events: events, time: t, measure: measure)
      DialogView.build(d, state, ui: dialogUI, actions: &actions)
      let list = dialogUI.endFrame()
      // Enter / Esc not taken by the name field answer the dialog
      for e in dialogUI.passThroughEvents {
        switch e {
        case .keyDown(KeyName.enter, _, false): actions.append(.dialog(d.primary))
        case .keyDown(KeyName.escape, _, _): actions.append(.dialog(d.cancel))
        case .quit: actions.append(.command(.quit))
        default: break
        }
      }
      dl.append(list)
    }
    OverlayView.draw(state, layout, measure: measure, into: &dl)
    return StudioFrame(drawList: dl, actions: Self.firstAnswerOnly(actions), layout: layout)
  }

  /// One answer per dialog per frame (a click and an Enter in one batch).
  static func firstAnswerOnly(_ actions: [StudioAction]) -> [StudioAction] {
    var answered = false
    return actions.filter {
      guard case .dialog = $0 else { return true }
      defer { answered = true }
      return !answered
    }
  }

  /// Whether the panel would pass `events` on untouched: only keys, with no
  /// widget focused or being typed into (only those take keys) and none
  /// dragged (a drag reads the modifiers keys update), so building it would
  /// draw the same list and pass every key through.
  func panelIgnores(_ events: [UIEvent]) -> Bool {
    // why: an open pop-over (swatches, the icon chooser) takes Esc
    events.isEmpty
      || (panelUI.focusedID == nil && !panelUI.wantsKeyboard && panelUI.activeID == nil
        && !panelUI.hasOpenPopover && events.allSatisfy(\.isKeyboard))
  }

  /// The canvas or graph region's pointer input as actions.
  func pointer(_ r: RegionInput, _ actions: inout [StudioAction]) {
    if r.pressed || r.held {
      let mods = panelUI.frameEvents.compactMap { e -> KeyModifiers? in
        switch e {
        case .mouseMove(_, _, let m), .mouseDown(_, _, _, _, let m): return m
        default: return nil
        }
      }.last
      if let m = mods { actions.append(.pointerModifiers(m)) }
    }
    if r.pressed {
      actions.append(.pointerDown(x: r.x, y: r.y))
    } else if r.held, panelUI.frameEvents.contains(where: \.isMouseMove) {
      actions.append(.pointerMove(x: r.x, y: r.y))
    }
    if r.released { actions.append(.pointerUp(x: r.x, y: r.y)) }
  }

  /// An event the UI did not take, as an action (the pointer is taken by
  /// the panel's widgets or the canvas and graph regions).
  static func passThrough(_ e: UIEvent) -> StudioAction? {
    switch e {
    case .quit: return .command(.quit)
    case .dropFile(let p): return .dropFile(p)
    case .dropFileAt(let p, let x, let y): return .dropFileAt(p, x: x, y: y)
    case .keyDown(let k, let mods, _): return .key(k, mods)
    default: return nil
    }
  }

  // MARK: canvas

  /// The device canvas: B (the live settings), with A as a translucent ghost
  /// on the same clock or beside it, plus trails, lint outlines and the graph.
  /// `warnings`: the state's live lint (`liveWarnings(state)`).
  func drawCanvas(
    _ state: StudioState, _ layout: StudioLayout, warnings: [LintWarning], into dl: inout DrawList
  ) {
    let s = state.window.scale
    let scene = state.scene
    var options = SceneDrawOptions()
    options.debug = state.overlays.debug
    options.reduceMotion = state.overlays.reduceMotion
    options.background = state.overlays.backdrop
    options.backgroundFrame = state.backdropFrame
    let highlighted = state.highlightedWarning(in: warnings)
    options.outlined = (highlighted.map { [$0] } ?? warnings).flatMap(\.items)
    options.trails = state.overlays.trails ? state.trails : []
    options.assetFolder = state.assetFolder
    dl.clearColor = Palette.canvas
    // why: every caption and hint lives in the strip above the device, never on it
    var captions: [String] = []
    if let cmp = state.compare, let labels = layout.abLabels, let gv = layout.ghostView {
      var optA = options
      optA.outlined = []
      optA.trails = state.overlays.trails ? cmp.trails : []
      var a = DrawList()
      SceneDrawer.draw(cmp.ghost.scene, view: gv, into: &a, icons: icons, options: optA)
      dl.append(a)
      SceneDrawer.draw(scene, view: layout.view, into: &dl, icons: icons, options: options)
      // why: over each phone, under the strip: a toast (Pin, Swap) never hides
      // which phone is which, and an open graph never moves them off the phones
      phoneLabel(
        "A · \(cmp.title)", over: gv, cmp.ghost.scene.device, in: labels.a, s, into: &dl)
      phoneLabel("B (tuning)", over: layout.view, scene.device, in: labels.b, s, into: &dl)
      captions.append("")
    } else {
      SceneDrawer.draw(scene, view: layout.view, into: &dl, icons: icons, options: options)
      if let cmp = state.compare {
        // A as a ghost: only its fan and bubble, translucent, over B's screen
        var a = DrawList()
        FanGhost.draw(
          cmp.ghost.scene, view: layout.view, icons: icons, assetFolder: state.assetFolder,
          trails: state.overlays.trails ? cmp.trails : [], into: &a)
        dl.append(a.faded(0.4))
        captions.append("Ghost = A · \(cmp.title) · X swaps · V side by side")
      }
    }
    VideoBackdropView.drawRegion(state, into: &dl)
    if let r = layout.graph { GraphView.draw(state, in: r, into: &dl) }
    if state.overlays.editOnCanvas {
      CanvasEditView.draw(state, view: layout.view, into: &dl)
      captions.append(
        "Edit on canvas: drag items (radius, angles) or the main button · E to finish")
    }
    if state.overlays.trails {
      captions.append("Trails on: a ghost every \(Fmt.interval(state.trailInterval)) · T to hide")
    }
    // why: the backdrop hint is a caption like the others, in the strip that never covers the device
    if let hint = VideoBackdropView.hint(state) { captions.append(hint) }
    // two lines at most: the first, then the rest joined
    var lines = Array(captions.prefix(1))
    if captions.count > 1 { lines.append(captions.dropFirst().joined(separator: " · ")) }
    if let cmp = state.compare, OverlayView.diffBox(state, layout, height: 0) == nil {
      // why: no room beside the phones for the difference box: its lines take
      // the strip's second line (hints give way while comparing)
      lines = [lines.first ?? "", OverlayView.diffLines(cmp, state).joined(separator: " · ")]
    }
    let strip = StudioView.captionArea(layout.strip, s)
    // why: a toast takes the strip for its short life; captions peeking out
    // from under it read as clutter
    if state.toast != nil { lines = [] }
    for (i, line) in lines.enumerated() where !line.isEmpty {
      let y = lines.count == 1 ? (layout.strip.h / s - 14) / 2 : 4 + Double(i) * 18
      label(line, at: strip, s, into: &dl, y: y)
    }
  }

  /// The strip's middle: its ends keep REC (left) and the speed (right).
  static func captionArea(_ strip: PixelRect, _ s: Double) -> PixelRect {
    let end = min(110 * s, strip.w / 5)
    return PixelRect(x: strip.x + end, y: strip.y, w: strip.w - 2 * end, h: strip.h)
  }

  /// A phone's A/B label in `band` (its half of the canvas, above the
  /// phone): centred on the phone, moved sideways only as far as keeps the
  /// whole label inside its half.
  func phoneLabel(
    _ text: String, over v: ViewTransform, _ d: Device, in band: PixelRect, _ s: Double,
    into dl: inout DrawList
  ) {
    let size = 12 * s
    let (shown, w) = OverlayView.fit(text, size: size, width: band.w - 24 * s, measure: measure)
    let centre = v.x + d.width * v.scale / 2
    let x = min(max(centre, band.x + 12 * s + w / 2), band.x + band.w - 12 * s - w / 2)
    dl.text(shown, x: x, y: band.y + s, size: size, color: RGBA(0xC7, 0xC7, 0xCC), align: .center)
  }

  func label(
    _ text: String, at r: PixelRect, _ s: Double, into dl: inout DrawList, y: Double = 10
  ) {
    let (shown, _) = OverlayView.fit(text, size: 12 * s, width: r.w - 24 * s, measure: measure)
    dl.text(
      shown, x: r.x + r.w / 2, y: r.y + y * s, size: 12 * s, color: RGBA(0xC7, 0xC7, 0xCC),
      align: .center)
  }
}

/// Only the moving controls of a scene, for the A/B ghost.
enum FanGhost {
  /// A's fan items with their icons and A's trails; the caller fades the
  /// whole list so A reads as a ghost over B.
  static func draw(
    _ scene: Scene, view: ViewTransform, icons: IconSet, assetFolder: String? = nil,
    trails: [[Point]], into dl: inout DrawList
  ) {
    let t = scene.now
    let s = view.scale
    let f = scene.preset.fan
    for (i, trail) in trails.enumerated() {
      let color = RGBA(f.fill(i))
      for (k, p) in trail.enumerated() {
        let (x, y) = view.toPixels(p)
        let w = Double(k + 1) / Double(trail.count + 1)
        dl.fillCircle(cx: x, cy: y, r: f.size(i) / 2 * s * (0.5 + 0.4 * w), color.fading(0.4 * w))
      }
    }
    for (i, it) in scene.fanItems(at: t).enumerated() where it.alpha > 0.01 {
      let (x, y) = view.toPixels(it.center)
      let k = max(0, it.scale)
      let r = f.size(i) / 2 * k * s
      dl.fillCircle(cx: x, cy: y, r: r, RGBA(f.fill(i)).fading(it.alpha))
      dl.strokeCircle(cx: x, cy: y, r: r, width: 1.5 * s, RGBA(255, 255, 255).fading(it.alpha))
      dl.icon(
        f.iconRef(i), icons, folder: assetFolder, cx: x, cy: y, side: r * 1.05,
        restSide: f.size(i) / 2 * s * 1.05, degrees: it.rotation, width: max(1, 2 * s * k),
        RGBA(f.tint(i)).fading(it.alpha), tintFile: f.look(i).tintIcon)
    }
    let (bx, by) = view.toPixels(scene.bubble.center(at: t))
    if scene.bubble.phase != .hidden {
      dl.strokeCircle(cx: bx, cy: by, r: scene.bubble.radius * s, width: 2 * s, Palette.bubble)
    }
  }
}

extension UIEvent {
  var isMouseMove: Bool {
    if case .mouseMove = self { return true }
    return false
  }

  var isKeyboard: Bool {
    switch self {
    case .keyDown, .keyUp, .text: return true
    default: return false
    }
  }

  var isMouseUp: Bool {
    if case .mouseUp = self { return true }
    return false
  }
}

/// Everything the panel shows except its status line (`PanelView.status`,
/// redrawn in a cached panel): the panel is rebuilt when this changes.
struct PanelKey: Equatable {
  var preset: Preset
  var saved: Preset
  var path: String?
  var loadError: String?
  var highlight: FieldID?
  var focus: FieldID?
  var library: [LibraryEntry]
  /// A request to scroll the list to the loaded preset: the panel is built to answer it.
  var revealLibraryRow: Bool
  var libraryUndo: Int
  var panelTab: PanelTab
  var panelFolds: PanelFolds
  var appearanceItem: Int
  var iconFiles: [String]
  /// Whether a field's swatches or icon chooser are open (UI state, not the app's).
  var popoverOpen = false
  var pinned: Preset?
  var mode: CompareMode?
  var overlays: StudioOverlays
  var autoReplay: Bool
  var window: WindowSize
  var paused: Bool
  var speed: Double
  var pausedTime: Double?
  var bubbleHidden: Bool
  var dialog: Bool
  var backdropField: String
  /// The backdrop video and whether an element is marked (the panel's Backdrop section).
  var video: String?
  var marked: Bool
  var springFormRefusal: SpringFormRefusal?
  /// Lint as shown: it depends on the scene too (the keyboard warning), not
  /// only on the preset.
  var warnings: [LintWarning]

  init(_ s: StudioState, warnings: [LintWarning]) {
    preset = s.preset
    saved = s.document.saved
    path = s.document.path
    loadError = s.loadError
    highlight = s.highlightField
    focus = s.focusRequest
    library = s.libraryEntries
    revealLibraryRow = s.revealLibraryRow
    libraryUndo = s.libraryUndo.count
    panelTab = s.panelTab
    panelFolds = s.panelFolds
    appearanceItem = s.appearanceItem
    iconFiles = s.iconFiles
    pinned = s.compare?.pinned
    mode = s.compare?.mode
    overlays = s.overlays
    autoReplay = s.autoReplay
    window = s.window
    paused = s.timeline.paused
    speed = s.timeline.speed
    pausedTime = s.timeline.paused ? s.timeline.time : nil
    bubbleHidden = s.scene.bubble.phase == .hidden
    dialog = s.dialog != nil
    backdropField = s.backdropField
    video = s.videoBackdrop?.video.path
    marked = s.videoBackdrop?.region != nil
    springFormRefusal = s.springFormRefusal
    self.warnings = warnings
  }
}
