import Foundation
import SpringLabCore
import SpringLabPlatform
import SpringLabRender
import SpringLabSDL
import SpringLabStudio
import SpringLabUI

/// The window shell: waits for events, turns them into actions through the
/// view, reduces them, runs the effects and presents. All behaviour lives
/// in `SpringLabStudio`; this only connects it to SDL, the clock and files.
final class StudioShell {
  let window: SDLWindow
  var state: StudioState
  let view: StudioView
  let services: StudioServices
  /// The live trace (`--trace`); nil when not asked for or after writing it failed.
  var trace: TraceOutput?
  /// Set when writing the trace failed (tracing then stops, the line naming
  /// the file is already on stderr; the exit is 4).
  var traceError: OutputError?
  let recordPath: String?
  let exitAfter: Double?
  var remembered: RememberedState
  let offerRecovery: Bool
  /// The preset file being watched for edits, and when it was last checked.
  var watcher: PresetWatcher?
  var lastWatchCheck = 0.0
  var lastIconCheck = 0.0
  var renders: [(path: String, child: ChildProcess)] = []
  /// Effects running off the window's thread (video decoding, fits).
  var jobs: [BackgroundJob<StudioAction>] = []
  /// Backdrop images decoding off the window's thread; the rasteriser adopts
  /// each on this one when it is done.
  var imageJobs: [(path: String, job: BackgroundJob<Result<DecodedImage, ImageFailure>>)] = []
  /// Recovery copies are written off the window's thread, in order.
  lazy var recovery = RecoveryWriter(
    write: services.writeRecovery, remove: services.removeRecovery)
  var lastFrame = DrawList()
  var frame = 0
  let start = StudioShell.monotonic()

  /// Set by the SIGTERM / SIGINT handler; the loop ends the session at its next turn.
  nonisolated(unsafe) static var terminationRequested: sig_atomic_t = 0

  static func monotonic() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
  var now: Double { StudioShell.monotonic() - start }

  init(
    window: SDLWindow, state: StudioState, view: StudioView, services: StudioServices,
    trace: TraceOutput?, recordPath: String?, exitAfter: Double?, remembered: RememberedState,
    offerRecovery: Bool
  ) {
    self.window = window
    self.state = state
    self.view = view
    self.services = services
    self.trace = trace
    self.recordPath = recordPath
    self.exitAfter = exitAfter
    self.remembered = remembered
    self.offerRecovery = offerRecovery
  }

  func send(_ action: StudioAction) {
    for effect in reduce(&state, action) { run(effect) }
  }

  func run(_ effect: StudioEffect) {
    switch effect {
    case .save(let r): send(.saved(services.savePreset(r)))
    case .load(let path): send(.loaded(path: path, services.loadPreset(path)))
    case .listLibrary(let folder): send(.libraryListed(services.listLibrary(folder)))
    case .writeLibraryOrder(let folder, let names): services.writeLibraryOrder(folder, names)
    case .library(let op): send(.libraryDone(op, services.libraryOp(op)))
    case .findRecovery(let name):
      recovery.drain()
      if let found = services.readRecovery(name) {
        send(.recoveryFound(name: found.name, found.preset))
      }
    case .writeRecovery(let name, let p): recovery.write(name, p)
    case .removeRecovery(let name): recovery.remove(name)
    case .watch(let path): watcher = path.map(PresetWatcher.init(path:))
    case .checkBackdrop(let path):
      // why: a large image takes a second to decode and a hostile one must
      // not stall the window: it decodes on a thread of its own
      let decode = services.decodeImage
      imageJobs.append((path, BackgroundJob { decode(path) }))
    case .copyToClipboard(let text, let label):
      send(.copied(label: label, ok: services.clipboard(text)))
    case .copyExport(let r):
      send(.copied(label: r.label, ok: services.clipboard(LiveStudioServices.exportText(r))))
    case .importIcon(let r):
      let copied = IconAssets.importCopy(from: r.source, into: r.folder)
      send(.iconImported(r, copied.mapError { StudioFailure($0.message) }))
    case .readClipboard: send(.pasted(services.readClipboard()))
    case .screenshot: send(.screenshotSaved(services.screenshot(lastFrame)))
    case .renderTake(let p, let script, let frame):
      switch services.startTake(p, script, frame) {
      case .success(let (path, child)):
        renders.append((path, child))
        send(.takeStarted(.success(path)))
      case .failure(let e): send(.takeStarted(.failure(e)))
      }
    case .decodeVideo(let r):
      jobs.append(BackgroundJob { .videoLoaded(path: r.path, BackdropVideoServices.decode(r)) })
    case .fitVideo(let r):
      jobs.append(BackgroundJob { .fitFinished(r.target, BackdropVideoServices.fit(r)) })
    case .fitMenu(let r):
      jobs.append(BackgroundJob { .menuFitFinished(BackdropVideoServices.fitMenu(r)) })
    case .setTitle(let t): window.setTitle(t)
    case .quit: break  // why: `state.running` is false; the loop ends and `finish` runs
    }
  }

  func run() {
    for e in state.startEffects(lookForRecovery: offerRecovery) { run(e) }
    let frameInterval = 1.0 / 60
    var lastDraw = -1.0
    var needsDraw = true
    var wasAnimating = true
    while state.running {
      let t = now
      if StudioShell.terminationRequested != 0 || exitAfter.map({ t >= $0 }) == true {
        send(.sessionEnding)
        break
      }
      var timeout: Double
      // why: sleep until an event when still; pace to 60 Hz when moving (Xvfb has no vsync)
      if state.isAnimating || needsDraw || wasAnimating || view.hasPendingEvents {
        timeout = max(0, lastDraw + frameInterval - t)
      } else {
        // why: the static layer the next motion starts from is drawn now,
        // while nothing moves, not inside that motion's first frame
        window.idle()
        timeout = state.idleTimeout(cap: 0.5)
        if let w = view.nextWakeTime { timeout = min(timeout, max(0, w - t)) }
      }
      if let e = exitAfter { timeout = min(timeout, max(0, e - t)) }
      // why: a background job's answer is picked up within 50 ms
      if !jobs.isEmpty || !imageJobs.isEmpty { timeout = min(timeout, 0.05) }
      let events = window.waitEvent(timeoutMs: Int((timeout * 1000).rounded(.up)))
      let tf = now
      let toastBefore = state.toast
      send(.tick(tf))
      if state.toast != toastBefore { needsDraw = true }
      if housekeeping(at: tf) { needsDraw = true }
      if !events.isEmpty || view.hasPendingEvents {
        // why: the UI holds back half of a click (the button's release) for
        // a frame of its own; run those frames now, as the in-process tests
        // do, so the frame drawn below already shows what the click did
        var batch = events
        repeat {
          for a in view.frame(state, events: batch).actions { send(a) }
          batch = []
        } while view.hasPendingEvents
        needsDraw = true
      }
      // why: a tooltip asked to be drawn once the pointer has rested long enough
      if let w = view.nextWakeTime, w <= tf { needsDraw = true }
      let moving = state.isAnimating
      let due = (state.scene.nextWake(after: state.scene.now) ?? .infinity) <= state.scene.now
      // why: input is shown at once when half a frame has passed since the
      // last one (not at the next 60 Hz slot), so a click or a drag step
      // reaches the screen within a frame even while something animates
      let slot = frameInterval * (events.isEmpty ? 0.98 : 0.5)
      if (moving || needsDraw || wasAnimating || due) && (tf - lastDraw >= slot || !moving) {
        lastDraw = tf
        needsDraw = present()
        // why: one more frame after motion settles, so the trace ends at rest
        wasAnimating = moving
      }
    }
    finish()
  }

  /// Draws the state as it is after this iteration's actions; true when
  /// drawing produced actions, so the next iteration draws their result.
  @discardableResult
  func present() -> Bool {
    let f = view.frame(state, events: [])
    window.present(f.drawList)
    lastFrame = f.drawList
    do { try trace?.write(state.trace(frame: frame, view: f.layout.view)) } catch {
      traceFailed(error)
    }
    frame += 1
    // why: drawing usually only acknowledges a focus request, but whatever it
    // does must reach the screen: a state changed here and not drawn stayed
    // stale until the next input
    for a in f.actions { send(a) }
    return !f.actions.isEmpty
  }

  /// Stops tracing after a failed write, saying so once, at once (the
  /// session goes on; its exit is 4).
  func traceFailed(_ error: OutputError) {
    traceError = error
    trace?.discard()
    trace = nil
    printErr("springlab: " + TerminalText.escapeMessage(error.description))
  }

  /// Polls the watched preset, the background renders and jobs; true when
  /// an answer came in.
  func housekeeping(at t: Double) -> Bool {
    var answers: [StudioAction] = []
    jobs.removeAll { j in
      guard let a = j.take() else { return false }
      answers.append(a)
      return true
    }
    imageJobs.removeAll { j in
      guard let decoded = j.job.take() else { return false }
      switch decoded {
      case .success(let image):
        window.rasterizer.adopt(image, for: j.path)
        answers.append(.backdropChecked(path: j.path, .success(())))
      case .failure(let f):
        answers.append(.backdropChecked(path: j.path, .failure(StudioFailure(f.message))))
      }
      return true
    }
    for a in answers { send(a) }
    if t - lastWatchCheck > 0.5, var w = watcher {
      lastWatchCheck = t
      let change = w.poll()
      watcher = w
      if let c = change { send(.fileChanged(c, LiveStudioServices.stamp(w.path))) }
    }
    // why: a designer edits an icon in another app; once a second is enough
    // for it to show without a reload, and costs a stat per icon file
    var iconsChanged = false
    if t - lastIconCheck >= 1 {
      lastIconCheck = t
      iconsChanged = window.refreshIcons()
    }
    renders.removeAll { r in
      guard let status = r.child.poll() else { return false }
      send(.takeFinished(path: r.path, status: status))
      return true
    }
    return !answers.isEmpty || iconsChanged
  }

  /// Completes the trace, writes the input recording and remembers the session.
  func finish() {
    // why: the session's last recovery copy (a quit with unsaved changes) is on disk before it ends
    recovery.drain()
    do { try trace?.finish() } catch { traceFailed(error) }
    trace = nil
    if let rp = recordPath, let rec = state.recorder {
      do {
        try LiveStudioServices.writeOutput(rec.script(until: state.timeline.time).text, to: rp)
      } catch { printErr("springlab: \(error)") }
    }
    remembered.panelVisible = state.overlays.panel
    remembered.panelSections = state.panelFolds.remembered
    remembered.device = state.preset.device
    remembered.orientation = state.preset.orientation
    if let p = state.document.path { remembered.presetPath = p }
    if state.scene.bubble.phase != .hidden {
      let b = state.scene.bubble.center(at: state.scene.now)
      remembered.bubbleX = b.x
      remembered.bubbleY = b.y
    }
    // why: in points, so a UI scale below 1 does not grow the window at each launch
    let sc = window.scale > 0 ? window.scale : 1
    remembered.windowWidth = Int(Double(window.pixelWidth) / sc)
    remembered.windowHeight = Int(Double(window.pixelHeight) / sc)
    do { try remembered.save(folder: state.folders.state) } catch {
      printErr("springlab: warning: \(error) (the session is not remembered)")
    }
  }
}
