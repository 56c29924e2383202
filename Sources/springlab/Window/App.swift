import Foundation
import SpringLabCore
import SpringLabPlatform
import SpringLabSDL
import SpringLabUI

/// The live playground: one window, one scene timeline (slow motion, pause,
/// stepping), the immediate-mode panel and the designer tools. Animations are
/// evaluated at each frame's scene time; the window sleeps in
/// `SDL_WaitEventTimeout` whenever nothing moves.
final class App {
  let window: SDLWindow
  var timeline: SceneTimeline
  /// Comparison: the pinned settings A, on the same clock and inputs.
  var ghost: SceneTimeline?
  var pinned: Preset?
  var compareMode = CompareMode.ghost
  var presetPath: String?
  /// The preset as last loaded or saved, for the modified marker.
  var savedPreset: Preset
  var history = UndoHistory()
  let stateFolder: String
  var remembered: RememberedState
  var trace: TraceOutput?
  /// Set when writing the trace failed (tracing then stops; the exit is 4).
  var traceError: OutputError?
  let recordPath: String?
  var recorder = ScriptRecorder()
  /// A take started with R: its recorder and start time.
  var take: (recorder: ScriptRecorder, start: Double, scene: Scene)?
  let exitAfter: Double?
  let icons = IconSet.locate()
  let ui: UIContext
  var options = SceneDrawOptions()
  var showHelp = false
  var showGraph = false
  var showTrails = false
  var editOnCanvas = false
  var autoReplay = false
  var autoReplayNext = 0.0
  var panelVisible = true
  var running = true
  var frame = 0
  var dialog: Dialog?
  var saveAsName = ""
  /// Path of the preset field to highlight (a lint warning was clicked).
  var highlightField: String?
  var trails: [[Point]] = []
  /// Watching the loaded preset for on-disk changes.
  var watcher: PresetWatcher?
  var lastWatchCheck = 0.0
  var recoveryDirty = false
  var lastRecoveryWrite = 0.0
  /// Wall-clock origin (monotonic seconds) and the last tick.
  let start = App.monotonic()
  var lastTick = 0.0
  var view = ViewTransform(x: 0, y: 0, scale: 1)
  var ghostView: ViewTransform?
  var layout = FrameLayout(width: 1280, height: 800, scale: 1, panel: true)
  var graphRect: PixelRect?
  var canvasPress: CanvasPress?
  var message: (text: String, until: Double)?
  var wasAnimating = true
  var lastDrawList = DrawList()

  enum CompareMode { case ghost, sideBySide }

  enum CanvasPress {
    case scene
    case editItem(Int, before: Preset)
    case editMain(before: Preset, grab: Point)
    case scrub
    case bezier(Int, before: Preset)
  }

  enum Dialog {
    case saveAs
    case confirm(title: String, then: PendingAction)
    case recovery(Preset)
  }

  enum PendingAction {
    case quit
    case load(String)
  }

  static func monotonic() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

  init(
    window: SDLWindow, preset: Preset, presetPath: String?, remembered: RememberedState?,
    stateFolder: String,
    trace: TraceOutput?, recordPath: String?, exitAfter: Double?
  ) {
    self.window = window
    timeline = SceneTimeline(scene: Scene(preset: preset))
    self.presetPath = presetPath
    savedPreset = preset
    self.stateFolder = stateFolder
    self.remembered = remembered ?? RememberedState()
    self.trace = trace
    self.recordPath = recordPath
    self.exitAfter = exitAfter
    ui = UIContext(theme: .dark, scale: window.scale)
    panelVisible = remembered?.panelVisible ?? true
    if let r = remembered, let x = r.bubbleX, let y = r.bubbleY {
      var s = timeline.scene
      s.restoreBubble(Point(x, y))
      timeline.reset(s)
    }
    if let p = presetPath { watcher = PresetWatcher(path: p) }
    recorder = ScriptRecorder(preset: scene.preset, start: scene.startState)
    if remembered != nil, let rec = loadRecovery(), rec != preset { dialog = .recovery(rec) }
    updateTitle()
  }

  var scene: Scene { timeline.scene }
  var now: Double { App.monotonic() - start }
  var modified: Bool { scene.preset != savedPreset }

  func updateTitle() {
    let name = presetPath.map { URL(fileURLWithPath: $0).lastPathComponent } ?? scene.preset.name
    window.setTitle("SpringLab — \(name)\(modified ? " •" : "")")
  }

  /// Feeds the scene (and the ghost, and the recordings) one input now.
  func send(_ input: SceneInput) {
    timeline.send(input)
    if var g = ghost {
      if case .setPreset = input {} else { g.send(input) }
      ghost = g
    }
    let t = timeline.time
    if recordPath != nil { recorder.record(input, at: t) }
    if var tk = take {
      tk.recorder.record(input, at: t - tk.start)
      take = tk
    }
  }

  /// Replaces the settings (panel edit, undo, load): the fan comes to rest
  /// and the change shows on the next replay.
  func applyPreset(_ p: Preset) {
    guard p != scene.preset else { return }
    send(.setPreset(p))
    recoveryDirty = true
    updateTitle()
  }

  func run() {
    let frameInterval = 1.0 / 60
    var lastDraw = -1.0
    var needsDraw = true
    lastTick = now
    while running {
      let t = now
      if let e = exitAfter, t >= e { break }
      let animating = isAnimating
      // why: sleep until an event when still; pace to 60 Hz when moving (Xvfb has no vsync)
      var timeout: Double
      // why: an animation that ended since the last frame still owes its resting frame
      if animating || needsDraw || wasAnimating || ui.hasPendingEvents {
        timeout = max(0, lastDraw + frameInterval - t)
      } else {
        timeout = 0.5
        if let wake = scene.nextWake(after: scene.now) {
          timeout = min(timeout, max(0, (wake - scene.now) / timeline.speed))
        }
        if let m = message { timeout = min(timeout, max(0, m.until - t)) }
        if let w = ui.nextWakeTime { timeout = min(timeout, max(0, w - t)) }
      }
      if let e = exitAfter { timeout = min(timeout, max(0, e - t)) }
      let events = window.waitEvent(timeoutMs: Int((timeout * 1000).rounded(.up)))
      let tf = now
      tick(to: tf)
      housekeeping(at: tf)
      let hadInput = !events.isEmpty || ui.hasPendingEvents
      if hadInput {
        frameWithUI(events, at: tf)
        needsDraw = true
      }
      if let m = message, tf >= m.until {
        message = nil
        needsDraw = true
      }
      let moving = isAnimating
      if moving || needsDraw || wasAnimating
        || (scene.nextWake(after: scene.now) ?? .infinity) <= scene.now
      {
        if tf - lastDraw >= frameInterval * 0.98 || !moving {
          // why: the panel shows live values (time, phases); rebuild it unless
          // this iteration's input pass just did
          // (at 10 Hz while animating: only its time and phase labels change)
          if !hadInput && !ui.hasPendingEvents && (tf - lastUIBuild >= 0.1 || !moving) {
            frameWithUI([], at: tf)
          }
          present(at: tf)
          lastDraw = tf
          needsDraw = false
          // why: one more frame after motion settles, so the trace ends at rest
          wasAnimating = moving
        }
      }
    }
    finish()
  }

  /// Whether the picture changes by itself now.
  var isAnimating: Bool {
    if timeline.paused { return false }
    if autoReplay || take != nil { return true }
    if showTrails && trails.contains(where: { !$0.isEmpty }) { return true }
    return scene.isAnimating(at: scene.now)
      || (ghost?.scene.isAnimating(at: ghost!.scene.now) ?? false)
  }

  /// Moves scene time with the wall clock (scaled by the slow-motion speed).
  func tick(to t: Double) {
    let dt = t - lastTick
    lastTick = t
    timeline.tick(wall: dt)
    if var g = ghost {
      g.seek(to: timeline.time)
      ghost = g
    }
    if autoReplay && !timeline.paused { stepAutoReplay() }
  }

  /// Auto-replay: expand → hold → collapse → hold, for hands-free tuning.
  func stepAutoReplay() {
    let t = scene.now
    let phase = scene.fan.phase(at: t)
    guard phase == .collapsed || phase == .expanded else { return }
    if t >= autoReplayNext {
      send(.key("space"))
      let f = scene.fan
      autoReplayNext = f.motionEnd + (phase == .collapsed ? 0.9 : 0.6)
    }
  }

  /// One UI pass over new events (panel first, then hot keys and canvas).
  func frameWithUI(_ events: [UIEvent], at t: Double) {
    lastUIBuild = t
    var pending = events
    // why: hot keys and canvas input act after the panel was built, so build it
    // again (with no new input) until it reflects what they changed: the frame
    // drawn after a key press shows that key's result
    for pass in 0..<4 {
      layout = FrameLayout(
        width: Double(window.pixelWidth), height: Double(window.pixelHeight), scale: window.scale,
        panel: panelVisible)
      var through = pending
      if panelVisible || dialog != nil {
        ui.scale = window.scale
        ui.beginFrame(
          events: pending, time: t,
          measure: window.measurer ?? { s, z in (Double(s.count) * z * 0.6, z) })
        buildUI(at: t)
        lastDrawList = ui.endFrame()
        through = ui.passThroughEvents
      }
      for ev in through { handle(ev) }
      pending = []
      if through.isEmpty && (pass > 0 || events.isEmpty) { break }
    }
  }

  func present(at t: Double) {
    layout = FrameLayout(
      width: Double(window.pixelWidth), height: Double(window.pixelHeight), scale: window.scale,
      panel: panelVisible)
    if !panelVisible && dialog == nil { lastDrawList = DrawList() }
    var dl = DrawList()
    drawCanvas(into: &dl)
    if dialog != nil {
      // why: a modal question dims what it blocks
      let w = Double(window.pixelWidth)
      let h = Double(window.pixelHeight)
      dl.fillConvex([(0, 0), (w, 0), (w, h), (0, h)], RGBA(0, 0, 0, 0x70))
    }
    dl.append(lastDrawList)
    drawOverlays(into: &dl, at: t)
    window.present(dl)
    lastFrame = dl
    do { try trace?.write(scene.trace(frame: frame, view: view)) } catch {
      traceError = error
      trace = nil
      printErr("springlab: " + error.description)
    }
    frame += 1
  }

  var lastFrame = DrawList()
  /// The last load or save error, shown in the panel until the next success.
  var loadError: String?
  /// A field to focus and scroll to on the next panel pass, and its rectangle.
  var focusRequest: String?
  var focusRect: PixelRect?
  var lintCursor = 0
  var bubbleWasHidden = false
  /// When the panel was last rebuilt (wall seconds).
  var lastUIBuild = -1.0
  /// What the backdrop path field holds.
  var backdropField = ""
  /// Background renders of takes (R).
  var renders: [ChildProcess] = []

  func flash(_ text: String) {
    message = (text, now + 2.5)
  }
}
