import SpringLabCore
import SpringLabUI

extension StudioState {
  // MARK: commands

  mutating func command(_ c: StudioCommand, _ fx: inout [StudioEffect]) {
    switch c {
    case .toggleFan: send(.command(.toggleFan))
    case .bubble:
      if scene.bubble.phase == .hidden {
        send(.command(.showBubble))
      } else {
        send(.command(.toggleBubbleMenu))
      }
    case .keyboard: send(.command(.toggleKeyboard))
    case .rotate:
      let before = preset
      send(.command(.rotate))
      // why: the orientation is saved with the preset, so turning is an edit like any other
      document.history.record(from: before, to: preset)
      flash("Rotated: \(scene.device.name) \(scene.device.orientationName)")
    case .loadNumbered(let n):
      if n >= 1 && n <= library.count {
        loadFromLibrary(library[n - 1], &fx)
      } else {
        flash("No preset \(n) in \(StudioFiles.library(of: document, folders: folders))")
      }
    case .loadFile(let path): loadFromLibrary(path, &fx)
    case .save: save(then: nil, &fx)
    case .saveAs: openSaveAs()
    case .undo:
      if let step = document.history.undoStep(preset) {
        var p = step.preset
        // why: the name belongs to the file (Save as, Rename); undoing a
        // value must not write an older name into it
        p.name = preset.name
        // why: the toast says where the value goes now, so it never reads
        // backwards ("back to 0.600 (was 0.720)")
        flash(
          ABDiff.firstChange(from: preset, to: p, among: step.fields).map {
            "Undo: \($0.label) back to \($0.to) (was \($0.from))"
              + ($0.more > 0 ? " and \($0.more) more" : "")
          } ?? "Undo")
        let shown = preset
        applyPreset(p, edited: changed(step.fields, to: p))
        if step.kind == .swapAB { repin(shown) }
      } else {
        flash("Nothing to undo in \(documentName)")
      }
    case .redo:
      if let step = document.history.redoStep(preset) {
        var p = step.preset
        p.name = preset.name
        flash(
          ABDiff.firstChange(from: preset, to: p, among: step.fields).map {
            "Redo: \($0.label) \($0.from) → \($0.to)" + ($0.more > 0 ? " and \($0.more) more" : "")
          } ?? "Redo")
        let shown = preset
        applyPreset(p, edited: changed(step.fields, to: p))
        if step.kind == .swapAB { repin(shown) }
      } else {
        flash("Nothing to redo in \(documentName)")
      }
    case .copyExport(let f):
      // why: the Export section's Reduce Motion switch sits over these
      // buttons; the code copied with it on carries the reduced path, as
      // `export --reduce-motion` does
      // why: the shell reads the icon files (this reducer reads none), so
      // a copied CSS export inlines them as `springlab export` does
      fx.append(
        .copyExport(
          ExportRequest(
            preset: preset, format: f, options: ExportOptions(reduceMotion: overlays.reduceMotion),
            folder: assetFolder, label: ChoiceNames.human(f.rawValue))))
    case .togglePanel: overlays.panel.toggle()
    case .nextPanelTab, .previousPanelTab:
      panelTab = panelTab.cycled(by: c == .nextPanelTab ? 1 : -1)
      // why: a hidden panel would switch tabs unseen
      overlays.panel = true
    case .toggleDebug: overlays.debug.toggle()
    case .nextLint: selectNextLintField()
    case .toggleGraph: overlays.graph.toggle()
    case .togglePause:
      timeline.togglePause()
      flash(timeline.paused ? "Paused · , and . step one frame" : "Playing")
    case .stepBack:
      if timeline.paused {
        timeline.stepBack()
        sayVideoFrame()
      }
    case .stepForward:
      if timeline.paused {
        timeline.stepForward()
        sayVideoFrame()
      }
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
    case .swapAB: swapAB(&fx)
    case .toggleEditOnCanvas: overlays.editOnCanvas.toggle()
    case .toggleTake: toggleTake(&fx)
    case .screenshot: fx.append(.screenshot)
    case .escape:
      if overlays.help { overlays.help = false } else { send(.command(.escape)) }
    case .toggleHelp: overlays.help.toggle()
    case .quit:
      if case .confirm? = dialog { return }
      if dialog != nil { dialog = nil }
      request(.quit, &fx)
    case .replay:
      let phase = scene.fan.phase(at: scene.now)
      send(.command(.toggleFan))
      if phase == .expanded {
        autoReplayNext = scene.fan.motionEnd + 0.6
        replayBloomPending = !autoReplay
      }
    case .toggleAutoReplay:
      autoReplay.toggle()
      autoReplayNext = scene.now
    case .showBubble: send(.command(.showBubble))
    case .paste: fx.append(.readClipboard)
    case .replaySnap:
      send(.command(.replaySnap))
      // why: the snap is what is being tuned: show it on the graph
      graphSettings.target = .bubbleSnap
    case .setBackdrop(let path): openBackdrop(path, &fx)
    case .clearBackdrop:
      overlays.backdrop = nil
      videoBackdrop = nil
    case .toggleMarking: toggleMarking()
    case .fitBackdrop: fitBackdrop(&fx)
    case .fitFromHere: setFitRange(start: true)
    case .fitToHere: setFitRange(start: false)
    case .renamePreset, .duplicatePreset, .deletePreset, .movePreset, .undoLibrary:
      libraryCommand(c, &fx)
    case .pinNumbered(let n):
      if n >= 1 && n <= library.count {
        pinFile(library[n - 1])
      } else {
        flash("No preset \(n) in \(libraryFolder)")
      }
    case .pinFile(let path): pinFile(path)
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

  /// A library preset becomes A, on B's clock and device (the device is the
  /// designer's viewing choice, as for a load).
  mutating func pinFile(_ path: String) {
    guard let e = libraryEntries.first(where: { $0.path == path }), var a = e.preset else {
      flash("\(StudioFiles.lastComponent(path)) cannot be read")
      return
    }
    a.device = preset.device
    a.orientation = preset.orientation
    var g = timeline
    g.send(.setPreset(a))
    compare = Comparison(
      pinned: a, ghost: g, mode: compare?.mode ?? .ghost, source: path)
    flash("A = \(a.name) · B = \(preset.name) · V side by side · X swap")
  }

  /// X: swap A and B; both keep the shared clock. When A is a library file,
  /// that file becomes the document (what Ctrl+S writes) and this document
  /// becomes A, so a save never puts one preset's settings into the other's
  /// file; with unsaved changes that swap waits (they would be left behind).
  /// When A is a snapshot of this document, its settings come back as one
  /// undoable edit (under this file's name); a snapshot pinned in another
  /// document is not swapped in (see `Comparison.pinnedIn`).
  mutating func swapAB(_ fx: inout [StudioEffect]) {
    guard var cmp = compare else { return }
    if cmp.source == nil, let home = cmp.pinnedIn {
      flash("A is a snapshot of \(home) with unsaved changes: X would copy it into \(documentName)")
      return
    }
    if let source = cmp.source, source != document.path {
      guard !modified else {
        flash("Save (Ctrl+S) or undo B's changes first: X opens A's file in their place")
        return
      }
      cmp.pinned = preset
      cmp.source = document.path
      cmp.trails = []
      var g = timeline
      g.send(.setPreset(preset))
      cmp.ghost = g
      compare = cmp
      fx.append(.load(path: source))
      return
    }
    var a = cmp.pinned
    let b = preset
    a.name = b.name
    cmp.pinned = b
    cmp.source = nil
    cmp.trails = []
    compare = cmp
    document.history.record(from: b, to: a, kind: .swapAB)
    applyPreset(a)
    var g = timeline
    g.send(.setPreset(b))
    compare?.ghost = g
    flash("Swapped A and B")
  }

  /// Undo or redo of a swap trades A and B back: the settings that were on
  /// screen (`shown`) become A again, so A keeps its snapshot. Only while a
  /// snapshot of this document is pinned; a library A or none is left alone.
  mutating func repin(_ shown: Preset) {
    guard var cmp = compare, cmp.source == nil, cmp.pinnedIn == nil else { return }
    cmp.pinned = shown
    cmp.trails = []
    var g = timeline
    g.send(.setPreset(shown))
    cmp.ghost = g
    compare = cmp
  }

  /// Selects the field that fixes a lint warning: highlighted, focused (arrow
  /// keys nudge it, Enter types a value) and scrolled into view.
  mutating func select(_ id: FieldID?) {
    highlightField = id
    focusRequest = id
    overlays.panel = true
    // why: the look's fields live in the Appearance section, not in their group's
    if let id, let tab = AppearanceRows.tab(of: id) {
      panelTab = tab
      panelFolds.set(.appearance, open: true)
      return
    }
    // why: the field's tab opens, so the focused field is on screen
    if let g = id?.field.group,
      let tab = PanelTab.allCases.first(where: { $0.groups.contains(g) })
    {
      panelTab = tab
      // why: a folded section would hide the field being focused
      panelFolds.set(.group(g), open: true)
    }
  }

  /// L: the next lint warning's field.
  mutating func selectNextLintField() {
    let warnings = liveWarnings
    guard !warnings.isEmpty else {
      highlightField = nil
      flash("No lint warnings")
      return
    }
    let w = warnings[lintCursor % warnings.count]
    lintCursor += 1
    // why: an item's warning shows that item in the Appearance section
    if let i = w.items.first, w.ids.first == .fanItems { appearanceItem = i }
    select(w.ids.first)
    flash("\(FieldNames.panel(w.fields.first ?? "")): \(w.message)")
  }

  /// The lint warning the highlighted field belongs to, if it still applies:
  /// the highlight disappears by itself once the warning is fixed or undone.
  public var highlightedWarning: LintWarning? {
    highlightedWarning(in: liveWarnings)
  }

  /// `highlightedWarning` among `warnings` (the live lint, computed once).
  public func highlightedWarning(in warnings: [LintWarning]) -> LintWarning? {
    guard let f = highlightField else { return nil }
    return warnings.first { $0.ids.contains(f) }
  }

  /// Lint as the window shows it: the preset's findings that hold for the
  /// scene now (the keyboard warning only while the keyboard shows).
  public var liveWarnings: [LintWarning] {
    Lint.live(preset, keyboardShown: scene.keyboardShown)
  }
}
