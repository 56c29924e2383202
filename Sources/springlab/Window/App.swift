import Foundation
import SpringLabCore
import SpringLabSDL
import SpringLabUI

/// The live playground: one window, one scene, driven by the wall clock.
/// Animations are evaluated at each frame's time; the window sleeps in
/// `SDL_WaitEventTimeout` whenever nothing moves.
final class App {
  let window: SDLWindow
  var scene: Scene
  var presetPath: String?
  /// The preset as last loaded or saved, for the modified marker.
  var savedPreset: Preset
  let stateFolder: String
  var remembered: RememberedState
  let trace: TraceWriter?
  let recordPath: String?
  var recorder = ScriptRecorder()
  let exitAfter: Double?
  let icons = IconSet.locate()
  var options = SceneDrawOptions()
  var showHelp = false
  var panelVisible = true
  var running = true
  var frame = 0
  /// Scene time at the start (monotonic seconds).
  let start = App.monotonic()
  var view = ViewTransform(x: 0, y: 0, scale: 1)
  var layout = FrameLayout(width: 1280, height: 800, scale: 1, panel: true)
  /// Whether the pointer pressed on the device canvas (so moves go to the scene).
  var canvasPress = false
  var message: (text: String, until: Double)?
  var wasAnimating = true

  static func monotonic() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

  init(
    window: SDLWindow, preset: Preset, presetPath: String?, remembered: RememberedState?, stateFolder: String,
    trace: TraceWriter?, recordPath: String?, exitAfter: Double?
  ) {
    self.window = window
    scene = Scene(preset: preset)
    self.presetPath = presetPath
    savedPreset = preset
    self.stateFolder = stateFolder
    self.remembered = remembered ?? RememberedState()
    self.trace = trace
    self.recordPath = recordPath
    self.exitAfter = exitAfter
    panelVisible = remembered?.panelVisible ?? true
    if let r = remembered, let x = r.bubbleX, let y = r.bubbleY { scene.restoreBubble(Point(x, y)) }
    updateTitle()
  }

  var now: Double { App.monotonic() - start }
  var modified: Bool { scene.preset != savedPreset }

  func updateTitle() {
    let name = presetPath.map { URL(fileURLWithPath: $0).lastPathComponent } ?? scene.preset.name
    window.setTitle("SpringLab — \(name)\(modified ? " •" : "")")
  }

  /// Feeds the scene (and the recording) one input at scene time `t`.
  func send(_ input: SceneInput, at t: Double) {
    scene.advance(to: t)
    scene.send(input)
    if recordPath != nil { recorder.record(input, at: t) }
  }

  func run() {
    let frameInterval = 1.0 / 60
    var lastDraw = -1.0
    var needsDraw = true
    while running {
      let t = now
      if let e = exitAfter, t >= e { break }
      let animating = scene.isAnimating(at: t)
      // why: sleep until an event when still; pace to 60 Hz when moving (Xvfb has no vsync)
      var timeout: Double
      if animating || needsDraw {
        timeout = max(0, lastDraw + frameInterval - t)
      } else {
        timeout = 1.0
        if let wake = scene.nextWake(after: t) { timeout = min(timeout, max(0, wake - t)) }
        if let m = message { timeout = min(timeout, max(0, m.until - t)) }
      }
      if let e = exitAfter { timeout = min(timeout, max(0, e - t)) }
      let events = window.waitEvent(timeoutMs: Int((timeout * 1000).rounded(.up)))
      let te = now
      for ev in events { handle(ev, at: te) }
      if !events.isEmpty { needsDraw = true }
      let tf = now
      if let m = message, tf >= m.until {
        message = nil
        needsDraw = true
      }
      let moving = scene.isAnimating(at: tf)
      if moving || needsDraw || wasAnimating || scene.nextWake(after: tf) == tf {
        if tf - lastDraw >= frameInterval * 0.98 || !moving {
          draw(at: tf)
          lastDraw = tf
          needsDraw = false
          // why: one more frame after motion settles, so the trace ends at rest
          wasAnimating = moving
        }
      }
    }
    finish()
  }

  func draw(at t: Double) {
    scene.advance(to: t)
    layout = FrameLayout(
      width: Double(window.pixelWidth), height: Double(window.pixelHeight), scale: window.scale, panel: panelVisible)
    var dl = DrawList()
    view = FrameComposer.canvas(scene, layout: layout, scale: window.scale, icons: icons, options: options, into: &dl)
    if let p = layout.panel { drawPanel(in: p, into: &dl, at: t) }
    drawOverlays(into: &dl, at: t)
    window.present(dl)
    trace?.write(scene.trace(frame: frame, view: view))
    frame += 1
  }

  func flash(_ text: String) {
    message = (text, now + 2.5)
  }

  func finish() {
    let t = now
    if let rp = recordPath {
      do {
        try AtomicFile.write(Data(recorder.script(until: t).text.utf8), to: rp)
      } catch { printErr("springlab: cannot write \(rp): \(error)") }
    }
    remembered.panelVisible = panelVisible
    remembered.device = scene.preset.device
    remembered.orientation = scene.preset.orientation
    if let p = presetPath { remembered.presetPath = URL(fileURLWithPath: p).standardizedFileURL.path }
    if scene.bubble.phase != .hidden {
      let b = scene.bubble.center(at: t)
      remembered.bubbleX = b.x
      remembered.bubbleY = b.y
    }
    let sc = max(1, window.scale)
    remembered.windowWidth = Int(Double(window.pixelWidth) / sc)
    remembered.windowHeight = Int(Double(window.pixelHeight) / sc)
    do { try remembered.save(folder: stateFolder) } catch {
      printErr("springlab: warning: cannot remember the session in \(stateFolder): \(error)")
    }
  }
}
