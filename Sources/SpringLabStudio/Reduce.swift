import SpringLabCore
import SpringLabUI

/// The window's behaviour: applies one action to the state and returns what
/// the outside world must do. Pure: no clock (time comes with `.tick`), no
/// files, no window.
public func reduce(_ state: inout StudioState, _ action: StudioAction) -> [StudioEffect] {
  var fx: [StudioEffect] = []
  state.apply(action, &fx)
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
    case .panelEdit(let before, let p, let phases):
      guard dialog == nil, before == preset else { return }
      for ph in phases {
        switch ph {
        case .began: document.history.begin(before)
        case .changed: break
        case .ended: document.history.commit(p)
        case .committed:
          document.history.begin(before)
          document.history.commit(p)
        }
      }
      applyPreset(p)
    case .dropFile(let path):
      guard dialog == nil else { return }
      switch DroppedFile(path: path) {
      case .preset: request(.load(path), &fx)
      case .image: fx.append(.checkBackdrop(path: path))
      case .unsupported: flash("Drop a .json preset or a .png screenshot")
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
    case .libraryListed(let files): library = files
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
        flash(
          "Backdrop: \(StudioFiles.lastComponent(path)) (drop another, or clear it in the panel)")
      case .failure(let e): flash(e.message)
      }
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

  // MARK: scene input

  /// Feeds the scene (and A, and the recordings) one input now.
  mutating func send(_ input: SceneInput) {
    timeline.send(input)
    if var c = compare {
      if case .setPreset = input {} else { c.ghost.send(input) }
      compare = c
    }
    let t = timeline.time
    recorder?.record(input, at: t)
    if var tk = take {
      tk.recorder.record(input, at: t - tk.start)
      take = tk
    }
  }

  /// Replaces the settings (panel edit, undo, load): the fan comes to rest
  /// and the change shows on the next replay.
  mutating func applyPreset(_ p: Preset) {
    guard p != preset else { return }
    send(.setPreset(p))
    recovery.dirty = true
  }

  mutating func flash(_ text: String) { toast = Toast(text: text, until: now + 2.5) }

  // MARK: time

  mutating func tick(to t: Double, _ fx: inout [StudioEffect]) {
    var dt = max(0, t - now)
    now = max(now, t)
    if let at = play?.pauseAt, !timeline.paused {
      // why: --pause-at stops at exactly T, whatever the frame timing
      let left = (at - timeline.time) / timeline.speed
      if dt >= left {
        advanceTimeline(wall: max(0, left))
        timeline.togglePause()
        play?.pauseAt = nil
        dt = 0
      }
    }
    advanceTimeline(wall: dt)
    if var c = compare {
      c.ghost.seek(to: timeline.time)
      compare = c
    }
    if autoReplay && !timeline.paused { stepAutoReplay() }
    if let m = toast, now >= m.until { toast = nil }
    if recovery.dirty && now - recovery.lastWrite >= StudioFiles.recoveryInterval {
      autosave(&fx)
    }
    if overlays.trails { recordTrails() }
    let hidden = scene.bubble.phase == .hidden
    if hidden && !bubbleWasHidden { flash("Bubble dismissed by a long press · B shows it again") }
    bubbleWasHidden = hidden
  }

  /// Moves scene time by a wall interval, playing the live script if any.
  mutating func advanceTimeline(wall dt: Double) {
    guard var p = play else {
      timeline.tick(wall: dt)
      return
    }
    timeline.tick(wall: dt, playing: &p.player)
    play = p
  }

  /// Writes the recovery copy of unsaved edits, or removes ours once saved.
  mutating func autosave(_ fx: inout [StudioEffect]) {
    recovery.lastWrite = now
    recovery.dirty = false
    if modified {
      fx.append(.writeRecovery(name: recovery.name, preset))
      recovery.wrote = true
    } else if recovery.wrote {
      fx.append(.removeRecovery(name: recovery.name))
      recovery.wrote = false
    }
  }

  /// Auto-replay: expand → hold → collapse → hold, for hands-free tuning.
  mutating func stepAutoReplay() {
    let t = scene.now
    let phase = scene.fan.phase(at: t)
    guard phase == .collapsed || phase == .expanded else { return }
    if t >= autoReplayNext {
      send(.key("space"))
      autoReplayNext = scene.fan.motionEnd + (phase == .collapsed ? 0.9 : 0.6)
    }
  }

  /// Records the items' centres for the onion skin (T), newest last.
  mutating func recordTrails() {
    let items = scene.fanItems(at: scene.now)
    if trails.count != items.count { trails = Array(repeating: [], count: items.count) }
    let phase = scene.fan.phase(at: scene.now)
    let moving = scene.fan.isMoving && phase != .expanded && phase != .collapsed
    for (i, it) in items.enumerated() {
      if moving && it.alpha > 0.02 {
        trails[i].append(it.center)
      } else if !trails[i].isEmpty {
        // why: once the motion ends the onion skin fades away instead of freezing
        trails[i].removeFirst()
      }
      if trails[i].count > 14 { trails[i].removeFirst() }
    }
  }

  // MARK: commands

  mutating func command(_ c: StudioCommand, _ fx: inout [StudioEffect]) {
    switch c {
    case .toggleFan: send(.key("space"))
    case .bubble:
      if scene.bubble.phase == .hidden { send(.showBubble) } else { send(.key("b")) }
    case .keyboard: send(.key("k"))
    case .rotate:
      send(.key("o"))
      flash("Rotated: \(scene.device.name) \(scene.device.orientationName)")
    case .loadNumbered(let n):
      if n >= 1 && n <= library.count {
        request(.load(library[n - 1]), &fx)
      } else {
        flash("No preset \(n) in \(StudioFiles.library(of: document, folders: folders))")
      }
    case .loadFile(let path): request(.load(path), &fx)
    case .save: save(then: nil, &fx)
    case .saveAs: openSaveAs()
    case .undo:
      if let p = document.history.undo(preset) {
        applyPreset(p)
        flash("Undo")
      }
    case .redo:
      if let p = document.history.redo(preset) {
        applyPreset(p)
        flash("Redo")
      }
    case .copyExport(let f):
      fx.append(.copyToClipboard(text: Exporter.export(preset, format: f), label: f.rawValue))
    case .togglePanel: overlays.panel.toggle()
    case .toggleDebug: overlays.debug.toggle()
    case .nextLint: selectNextLintField()
    case .toggleGraph: overlays.graph.toggle()
    case .togglePause:
      timeline.togglePause()
      flash(timeline.paused ? "Paused · , and . step one frame" : "Playing")
    case .stepBack: if timeline.paused { timeline.stepBack() }
    case .stepForward: if timeline.paused { timeline.stepForward() }
    case .slower:
      timeline.slower()
      flash("Speed \(Fmt.speed(timeline.speed))")
    case .faster:
      timeline.faster()
      flash("Speed \(Fmt.speed(timeline.speed))")
    case .toggleTrails:
      overlays.trails.toggle()
      trails = []
    case .pinA: pinA()
    case .toggleCompareMode:
      if var cmp = compare {
        cmp.mode = cmp.mode == .ghost ? .sideBySide : .ghost
        compare = cmp
      }
    case .swapAB: swapAB()
    case .toggleEditOnCanvas: overlays.editOnCanvas.toggle()
    case .toggleTake: toggleTake(&fx)
    case .screenshot: fx.append(.screenshot)
    case .escape:
      if overlays.help { overlays.help = false } else { send(.key("escape")) }
    case .toggleHelp: overlays.help.toggle()
    case .quit:
      if case .confirm? = dialog { return }
      if dialog != nil { dialog = nil }
      request(.quit, &fx)
    case .replay:
      let phase = scene.fan.phase(at: scene.now)
      send(.key("space"))
      if phase == .expanded { autoReplayNext = scene.fan.motionEnd + 0.6 }
    case .toggleAutoReplay:
      autoReplay.toggle()
      autoReplayNext = scene.now
    case .showBubble: send(.showBubble)
    case .setBackdrop(let path): fx.append(.checkBackdrop(path: path))
    case .clearBackdrop: overlays.backdrop = nil
    }
  }

  /// A: pin the current settings as A; again: unpin.
  mutating func pinA() {
    if compare != nil {
      compare = nil
      flash("A unpinned")
      return
    }
    var g = SceneTimeline(scene: scene)
    g.seek(to: timeline.time)
    compare = Comparison(pinned: preset, ghost: g)
    flash("Pinned A · keep tuning B · V side by side · X swap")
  }

  /// X: swap A and B (the settings; both keep the shared clock).
  mutating func swapAB() {
    guard var cmp = compare else { return }
    let a = cmp.pinned
    let b = preset
    cmp.pinned = b
    compare = cmp
    document.history.record(from: b, to: a)
    applyPreset(a)
    var g = timeline
    g.send(.setPreset(b))
    compare?.ghost = g
    flash("Swapped A and B")
  }

  /// Selects the field that fixes a lint warning: highlighted, focused (arrow
  /// keys nudge it, Enter types a value) and scrolled into view.
  mutating func select(_ path: String?) {
    highlightField = path
    focusRequest = path
    overlays.panel = true
  }

  /// L: the next lint warning's field.
  mutating func selectNextLintField() {
    let warnings = Lint.check(preset)
    guard !warnings.isEmpty else {
      highlightField = nil
      flash("No lint warnings")
      return
    }
    let w = warnings[lintCursor % warnings.count]
    lintCursor += 1
    select(w.fields.first)
    flash("\(w.fields.first ?? ""): \(w.message)")
  }

  /// The lint warning the highlighted field belongs to, if it still applies:
  /// the highlight disappears by itself once the warning is fixed or undone.
  public var highlightedWarning: LintWarning? {
    guard let f = highlightField else { return nil }
    return Lint.check(preset).first { $0.fields.contains(f) }
  }

  // MARK: files

  /// Quit or load; asks first when there are unsaved changes.
  mutating func request(_ action: PendingAction, _ fx: inout [StudioEffect]) {
    if modified {
      dialog = .confirm(action)
      return
    }
    perform(action, &fx)
  }

  mutating func perform(_ action: PendingAction, _ fx: inout [StudioEffect]) {
    switch action {
    case .quit:
      if modified {
        fx.append(.writeRecovery(name: recovery.name, preset))
        recovery.wrote = true
      } else if recovery.wrote {
        fx.append(.removeRecovery(name: recovery.name))
        recovery.wrote = false
      }
      recovery.dirty = false
      running = false
      fx.append(.quit)
    case .load(let path): fx.append(.load(path: path))
    }
  }

  mutating func loaded(
    _ path: String, _ result: Result<LoadedPreset, StudioFailure>, _ fx: inout [StudioEffect]
  ) {
    switch result {
    case .failure(let e):
      loadError = e.message
      flash("Cannot load \(StudioFiles.lastComponent(path)): see the panel")
    case .success(let l):
      adopt(l.preset)
      document.stamp = l.stamp
      loadError = nil
      highlightField = nil
      flash("Loaded \(StudioFiles.lastComponent(path))")
      movePath(to: path, &fx)
      fx.append(.findRecovery(name: recovery.name))
    }
  }

  /// The document now lives at `path`: watch it, list its folder, and move
  /// the recovery copy's name with it.
  mutating func movePath(to path: String, _ fx: inout [StudioEffect]) {
    document.path = path
    let name = StudioFiles.recoveryName(path: path, session: recovery.session)
    if name != recovery.name {
      if recovery.wrote { fx.append(.removeRecovery(name: recovery.name)) }
      recovery.name = name
      recovery.wrote = false
      recovery.dirty = modified
    }
    fx.append(.watch(path: path))
    // why: Save as may have added a file; a load may have changed the folder
    fx.append(.listLibrary(folder: StudioFiles.library(of: document, folders: folders)))
  }

  /// Shows a preset read from disk (one undo step) as the saved state. The
  /// device stays: it is the designer's viewing choice, not part of a load.
  mutating func adopt(_ loaded: Preset) {
    var p = loaded
    p.device = preset.device
    p.orientation = preset.orientation
    document.history.record(from: preset, to: p)
    applyPreset(p)
    document.saved = p
  }

  /// Ctrl+S: save to the loaded file, or ask for a name.
  mutating func save(then: PendingAction?, _ fx: inout [StudioEffect]) {
    guard let path = document.path else {
      openSaveAs()
      return
    }
    pendingAfterSave = then
    fx.append(
      .save(SaveRequest(preset: preset, path: path, expecting: document.stamp, force: false)))
  }

  mutating func openSaveAs() {
    saveAsName = preset.name
    dialog = .saveAs
  }

  /// The file Save as writes for the typed name.
  public var saveAsPath: String {
    StudioFiles.saveAsPath(saveAsName, library: StudioFiles.library(of: document, folders: folders))
  }

  mutating func saved(_ outcome: SaveOutcome, _ fx: inout [StudioEffect]) {
    switch outcome {
    case .saved(let path, let p, let stamp):
      if p != preset { applyPreset(p) }
      document.saved = p
      document.stamp = stamp
      loadError = nil
      movePath(to: path, &fx)
      if recovery.wrote {
        fx.append(.removeRecovery(name: recovery.name))
        recovery.wrote = false
      }
      recovery.dirty = false
      flash("Saved \(path)")
      if let then = pendingAfterSave {
        pendingAfterSave = nil
        perform(then, &fx)
      }
    case .conflict(let path):
      dialog = .conflict(path: path, then: pendingAfterSave)
      pendingAfterSave = nil
    case .failed(_, let e):
      pendingAfterSave = nil
      loadError = e.message
      flash("Not saved: \(e.message)")
    }
  }

  /// The loaded file changed on disk: a good edit reloads (unless there is
  /// unsaved tuning), a bad edit shows the error and keeps the last good state.
  mutating func fileChanged(
    _ change: PresetWatcher.Change, _ stamp: FileStamp?, _ fx: inout [StudioEffect]
  ) {
    let name = documentName
    switch change {
    case .deleted:
      flash("\(name) was deleted; your settings stay (Ctrl+S saves them again)")
    case .invalid(let message):
      loadError = message
      flash("Reload of \(name) failed; keeping the last good settings")
    case .reloaded(let p):
      if modified {
        flash("\(name) changed on disk; keeping your unsaved changes")
        return
      }
      adopt(p)
      document.stamp = stamp
      loadError = nil
      flash("Reloaded \(name)")
    }
  }

  // MARK: dialogs

  mutating func answer(_ choice: DialogChoice, _ fx: inout [StudioEffect]) {
    guard let d = dialog else { return }
    dialog = nil
    switch (d, choice) {
    case (_, .cancel): break
    case (.saveAs, .save):
      var p = preset
      let trimmed = String(
        saveAsName.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(
          Character.init
        )
        .prefix(64))
      if !trimmed.isEmpty { p.name = trimmed }
      let path = saveAsPath
      // why: the dialog said "(replaces the existing file)"; the user saw it and chose Save
      let exists = library.contains(path)
      fx.append(
        .save(
          SaveRequest(
            preset: p, path: path, expecting: path == document.path ? document.stamp : nil,
            force: exists && path != document.path)))
    case (.confirm(let then), .save):
      if document.path == nil {
        openSaveAs()
        pendingAfterSave = then
      } else {
        save(then: then, &fx)
      }
    case (.confirm(let then), .dontSave):
      document.saved = preset  // why: the user chose to drop the changes
      if recovery.wrote {
        fx.append(.removeRecovery(name: recovery.name))
        recovery.wrote = false
      }
      recovery.dirty = false
      perform(then, &fx)
    case (.recovery(let name, let p), .recover):
      document.history.record(from: preset, to: p)
      applyPreset(p)
      // why: recovered, the copy is this session's to keep current and to remove once saved
      if name != recovery.name {
        fx.append(.removeRecovery(name: name))
      } else {
        recovery.wrote = true
      }
    case (.recovery(let name, _), .discard):
      fx.append(.removeRecovery(name: name))
      if name == recovery.name { recovery.wrote = false }
    case (.conflict(let path, let then), .overwrite):
      pendingAfterSave = then
      fx.append(
        .save(SaveRequest(preset: preset, path: path, expecting: nil, force: true)))
    case (.conflict, .saveAs):
      openSaveAs()
    case (.conflict(let path, _), .reload):
      document.saved = preset  // why: Reload drops the unsaved changes by choice
      fx.append(.load(path: path))
    default:
      break
    }
  }

  // MARK: pointer

  mutating func pointerDown(_ x: Double, _ y: Double) {
    let layout = StudioLayout(self)
    if let r = layout.graph, r.contains(x, y) {
      if let h = GraphView.handle(at: x, y, state: self, graph: r) {
        gesture = .bezier(h, before: preset)
      } else {
        gesture = .scrub
        if !timeline.paused { timeline.togglePause() }
        timeline.seek(to: GraphView.scrubTime(at: x, state: self, graph: r))
      }
      return
    }
    guard layout.frame.canvas.contains(x, y) else { return }
    let p = layout.devicePoint(x, y)
    if overlays.editOnCanvas {
      switch scene.hitTest(p) {
      case .fanItem(let i):
        gesture = .editItem(i, before: preset)
        return
      case .fanMain:
        gesture = .editMain(before: preset, grab: p - scene.mainCenter)
        return
      default: break
      }
    }
    gesture = .scene
    send(.pointerDown(p))
  }

  mutating func pointerMove(_ x: Double, _ y: Double) {
    guard let g = gesture else { return }
    let layout = StudioLayout(self)
    let p = layout.devicePoint(x, y)
    switch g {
    case .scene: send(.pointerMove(p))
    case .editItem(let i, _):
      applyPreset(CanvasEdit.dragItem(i, to: p, preset: preset, device: scene.device))
    case .editMain(_, let grab):
      applyPreset(CanvasEdit.moveMain(to: p - grab, preset: preset, device: scene.device))
    case .scrub:
      if let r = layout.graph {
        timeline.seek(to: GraphView.scrubTime(at: x, state: self, graph: r))
      }
    case .bezier(let h, _):
      if let r = layout.graph, let np = GraphView.drag(handle: h, to: x, y, state: self, graph: r) {
        applyPreset(np)
      }
    }
  }

  mutating func pointerUp(_ x: Double, _ y: Double) {
    guard let g = gesture else { return }
    gesture = nil
    switch g {
    case .scene: send(.pointerUp(StudioLayout(self).devicePoint(x, y)))
    case .editItem(_, let before), .editMain(let before, _), .bezier(_, let before):
      document.history.record(from: before, to: preset)
      // why: the edit shows at rest immediately: open the menu to see it
      if scene.fan.phase(at: scene.now) == .collapsed { send(.key("space")) }
    case .scrub: break
    }
  }

  // MARK: takes

  /// R: start or stop a take; on stop the shell renders it in the background.
  mutating func toggleTake(_ fx: inout [StudioEffect]) {
    guard let tk = take else {
      take = Take(
        recorder: ScriptRecorder(preset: preset, start: scene.startState), start: timeline.time,
        preset: preset)
      flash("Recording… press R to stop")
      return
    }
    take = nil
    var p = tk.preset
    p.name = String(p.name.prefix(64))
    fx.append(.renderTake(preset: p, script: tk.recorder.script(until: timeline.time - tk.start)))
  }
}
