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
    drawCanvas(state, layout, into: &dl)

    // the panel: input only when no dialog is open (modal)
    let panelEvents = state.dialog == nil ? events : []
    var panelList = DrawList()
    var through = panelEvents
    panelUI.scale = s
    if state.overlays.panel, let r = layout.frame.panel {
      panelUI.beginFrame(events: panelEvents, time: t, measure: measure)
      PanelView.build(state, in: r, ui: panelUI, actions: &actions)
      panelList = panelUI.endFrame()
      through = panelUI.passThroughEvents
    }
    for e in through {
      if let a = StudioView.passThrough(e) { actions.append(a) }
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
        case .mouseUp(let x, let y, .left, _): actions.append(.pointerUp(x: x, y: y))
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

  /// An event the UI did not take, as an action.
  static func passThrough(_ e: UIEvent) -> StudioAction? {
    switch e {
    case .quit: return .command(.quit)
    case .dropFile(let p): return .dropFile(p)
    case .keyDown(let k, let mods, _): return .key(k, mods)
    case .mouseDown(let x, let y, .left, _, _): return .pointerDown(x: x, y: y)
    case .mouseMove(let x, let y, _): return .pointerMove(x: x, y: y)
    case .mouseUp(let x, let y, .left, _): return .pointerUp(x: x, y: y)
    default: return nil
    }
  }

  // MARK: canvas

  /// The device canvas: B (the live settings), with A as a translucent ghost
  /// on the same clock or beside it, plus trails, lint outlines and the graph.
  func drawCanvas(_ state: StudioState, _ layout: StudioLayout, into dl: inout DrawList) {
    let s = state.window.scale
    let scene = state.scene
    var options = SceneDrawOptions()
    options.debug = state.overlays.debug
    options.reduceMotion = state.overlays.reduceMotion
    options.background = state.overlays.backdrop
    let warnings = Lint.check(state.preset)
    let highlighted = state.highlightedWarning
    options.outlined = (highlighted.map { [$0] } ?? warnings).flatMap(\.items)
    options.trails = state.overlays.trails ? state.trails : []
    dl.clearColor = Palette.canvas
    if let cmp = state.compare, let halves = layout.halves, let gv = layout.ghostView {
      var optA = options
      optA.outlined = []
      optA.trails = []
      var a = DrawList()
      SceneDrawer.draw(cmp.ghost.scene, view: gv, into: &a, icons: icons, options: optA)
      dl.append(a)
      SceneDrawer.draw(scene, view: layout.view, into: &dl, icons: icons, options: options)
      label("A (pinned)", at: halves.left, s, into: &dl)
      label("B (tuning)", at: halves.right, s, into: &dl)
    } else {
      SceneDrawer.draw(scene, view: layout.view, into: &dl, icons: icons, options: options)
      if let cmp = state.compare {
        // A as a ghost: only its fan and bubble, translucent, over B's screen
        var a = DrawList()
        FanGhost.draw(cmp.ghost.scene, view: layout.view, into: &a)
        dl.append(a.faded(0.4))
        label("Ghost = A (pinned) · X swaps · V side by side", at: layout.canvas, s, into: &dl)
      }
    }
    if let r = layout.graph { GraphView.draw(state, in: r, into: &dl) }
    if state.overlays.editOnCanvas {
      label(
        "Edit on canvas: drag items (radius, angles) or the main button · E to finish",
        at: layout.canvas, s, into: &dl, y: 40)
    }
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
  static func draw(_ scene: Scene, view: ViewTransform, into dl: inout DrawList) {
    let t = scene.now
    let s = view.scale
    for (i, it) in scene.fanItems(at: t).enumerated() where it.alpha > 0.01 {
      let (x, y) = view.toPixels(it.center)
      let r = scene.preset.fan.itemSize / 2 * max(0, it.scale) * s
      dl.fillCircle(cx: x, cy: y, r: r, Palette.items[i % Palette.items.count].fading(it.alpha))
      dl.strokeCircle(cx: x, cy: y, r: r, width: 1.5 * s, RGBA(255, 255, 255).fading(it.alpha))
    }
    let (bx, by) = view.toPixels(scene.bubble.center(at: t))
    if scene.bubble.phase != .hidden {
      dl.strokeCircle(cx: bx, cy: by, r: scene.bubble.radius * s, width: 2 * s, Palette.bubble)
    }
  }
}
