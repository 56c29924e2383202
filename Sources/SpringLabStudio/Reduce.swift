import SpringLabCore
import SpringLabUI

/// The window's behaviour: applies one action to the state and returns what
/// the outside world must do. Pure: no clock (time comes with `.tick`), no
/// files, no window.
///
/// Any action that changes the settings on screen marks the recovery copy
/// stale here, so the next tick rewrites it (within
/// `StudioFiles.recoveryInterval`, 1 s) whatever path the change took.
public func reduce(_ state: inout StudioState, _ action: StudioAction) -> [StudioEffect] {
  var fx: [StudioEffect] = []
  let shown = state.preset
  state.apply(action, &fx)
  // why: one place sees every change (rotation, device, paste, fit, canvas,
  // library, undo…), so a new action cannot forget its recovery copy
  if state.preset != shown { state.recovery.dirty = true }
  if state.windowTitle != state.title {
    state.title = state.windowTitle
    fx.append(.setTitle(state.title))
  }
  return fx
}

extension StudioState {
  /// The effects a new session starts with: title, library, watching the
  /// preset and looking for its recovery copy.
  public func startEffects(lookForRecovery: Bool) -> [StudioEffect] {
    var fx: [StudioEffect] = [
      .setTitle(windowTitle),
      .listLibrary(folder: StudioFiles.library(of: document, folders: folders)),
      .watch(path: document.path),
    ]
    if lookForRecovery { fx.append(.findRecovery(name: recovery.name)) }
    return fx
  }

  /// Plays an input script live from its start state (`--play`), pausing
  /// at exactly `pauseAt` seconds of scene time when given.
  public mutating func startPlaying(_ script: InputScript, pauseAt: Double?) {
    var sc = Scene(preset: preset)
    sc.apply(start: script.start)
    timeline = SceneTimeline(scene: sc)
    play = LivePlay(player: ScriptPlayer(script), pauseAt: pauseAt)
  }

  mutating func apply(_ action: StudioAction, _ fx: inout [StudioEffect]) {
    switch action {
    case .tick(let t): tick(to: t, &fx)
    case .resized(let w): window = w
    case .key(let k, let mods):
      guard dialog == nil else { return }  // why: a dialog takes all input
      if let c = KeyMap.command(for: k, mods) { command(c, &fx) }
    case .command(let c):
      // why: a dialog is modal; only quitting (the window's close button) passes
      if dialog != nil && c != .quit { return }
      command(c, &fx)
    case .pointerDown(let x, let y): if dialog == nil { pointerDown(x, y) }
    case .pointerMove(let x, let y): pointerMove(x, y)
    case .pointerUp(let x, let y): pointerUp(x, y)
    case .pointerModifiers(let m): pointerMods = m
    case .set(let settings, let phases, let before):
      // why: an edit made against another preset (a list click or a button
      // acting in the same frame) would undo that change; behind a dialog
      // only a drag's end passes (nothing changes value)
      guard before == preset else { return }
      let p = before.setting(settings)
      guard dialog == nil || p == before else { return }
      let edited = settings.map(\.field)
      // why: the undo step knows the fields it set (its toast and the
      // recordings name them)
      for ph in phases {
        switch ph {
        case .began: document.history.begin(before, setting: edited)
        case .changed: document.history.note(edited)
        case .ended:
          document.history.note(edited)
          document.history.commit(p)
        case .committed:
          document.history.begin(before, setting: edited)
          document.history.commit(p)
        }
      }
      // why: the graph follows the field being edited
      if let t = edited.lazy.compactMap(GraphTarget.init(editing:)).first {
        graphSettings.target = t
      }
      if p != before { springFormRefusal = nil }
      applyPreset(p, edited: edited)
    case .springFormRefused(let r):
      springFormRefusal = r
      // why: the UIKit form has no status row, so its refusal is said in a toast
      if let s = PresetSpring.all.first(where: { $0.fields == r.spring }),
        preset[keyPath: s.form] == .uikit
      {
        flash("Not stored: \(r.reason)")
      }
    case .graph(let c): choose(c)
    case .dropFile(let path):
      guard dialog == nil else { return }
      switch DroppedFile(path: path) {
      case .preset: request(.load(path), &fx)
      case .image, .video: openBackdrop(path, &fx)
      case .unsupported: flash("Drop a .json preset, a .png screenshot or a video")
      }
    case .dropFileAt(let path, let x, let y):
      guard dialog == nil else { return }
      if let settings = iconDrop(path, x: x, y: y, &fx) {
        apply(.set(settings, [.committed], against: preset), &fx)
        if let f = settings.first?.field {
          flash(
            "Icon: \(StudioFiles.lastComponent(path)) on \(IconDrop.name(f, settings)) (undo with Ctrl+Z)"
          )
        }
      } else if !IconDrop.isIconFile(path) || iconDropTarget(x: x, y: y) == nil {
        apply(.dropFile(path), &fx)
      }
    case .dialog(let choice): answer(choice, &fx)
    case .saveAsNameChanged(let n): saveAsName = n
    case .backdropFieldChanged(let s): backdropField = s
    case .reduceMotionChanged(let b): overlays.reduceMotion = b
    case .selectField(let f): select(f)
    case .focusHandled: focusRequest = nil
    case .sessionEnding: perform(.quit, &fx)
    case .loaded(let path, let result): loaded(path, result, &fx)
    case .saved(let outcome): saved(outcome, &fx)
    case .libraryListed(let listing): libraryListed(listing, &fx)
    case .libraryDone(let op, let result): libraryDone(op, result, &fx)
    case .renameNameChanged(let n): saveAsName = n
    case .panelTab(let t): panelTab = t
    case .panelSection(let s, let open): panelFolds.set(s, open: open)
    case .appearanceItem(let i): appearanceItem = max(0, i)
    case .iconImported(let r, let result): iconImported(r, result, &fx)
    case .iconFileTyped(let path, let target):
      if let settings = iconFile(path, for: target, &fx) {
        apply(.set(settings, [.committed], against: preset), &fx)
      }
    case .iconChooserOpened:
      if document.path != nil { fx.append(.listLibrary(folder: libraryFolder)) }
    case .libraryRowRevealed: revealLibraryRow = false
    case .recoveryFound(let name, let p):
      // why: offered only for its own document, and only when it differs
      guard name == recovery.name || StudioFiles.isUntitledRecovery(name) && document.path == nil,
        p != preset, dialog == nil
      else { return }
      dialog = .recovery(name: name, p)
    case .fileChanged(let change, let stamp): fileChanged(change, stamp, &fx)
    case .backdropChecked(let path, let r):
      switch r {
      case .success:
        overlays.backdrop = path
        videoBackdrop = nil
        flash(
          "Backdrop: \(StudioFiles.lastComponent(path)) (drop another, or clear it in the panel)")
      case .failure(let e): flash(e.message)
      }
    case .videoLoaded(let path, let r): videoLoaded(path, r)
    case .fitFinished(let target, let r): fitFinished(target, r)
    case .menuFitFinished(let r): menuFitFinished(r)
    case .pasted(let text): if dialog == nil { paste(text) }
    case .copied(let label, let ok):
      flash(ok ? "Copied the \(label) export to the clipboard" : "Clipboard unavailable")
    case .screenshotSaved(let r):
      switch r {
      case .success(let p): flash("Saved \(p)")
      case .failure(let e): flash("Screenshot failed: \(e.message)")
      }
    case .takeStarted(let r):
      switch r {
      case .success(let p):
        rendersRunning += 1
        flash("Rendering \(p) in the background")
      case .failure(let e): flash("Cannot save the take: \(e.message)")
      }
    case .takeFinished(let path, let status):
      rendersRunning = max(0, rendersRunning - 1)
      flash(status == 0 ? "Rendered \(path)" : "A take failed to render (exit \(status))")
    }
  }
}
