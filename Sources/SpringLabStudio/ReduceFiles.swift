import SpringLabCore
import SpringLabUI

extension StudioState {
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
      if path == document.path {
        adopt(l.preset)
      } else {
        open(l.preset, at: path)
      }
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
    // why: this document's history now goes with the file; an older one parked there is stale
    parkedHistories[path] = nil
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

  /// Shows this document's file as read again from disk (a reload, Reload
  /// in the conflict dialog) as the saved state, in one undo step: the
  /// settings before it are this document's too.
  mutating func adopt(_ loaded: Preset) {
    document.history.record(from: preset, to: loaded)
    show(saved: loaded)
  }

  /// Opens another file as the document. A load is not an undo step: the
  /// document left keeps its history (parked under its path) and the one
  /// opened gets back its own, if its file is as it was when it was left,
  /// else an empty one; so Ctrl+Z can never bring the previous preset's
  /// settings into the file now named in the title.
  mutating func open(_ loaded: Preset, at path: String) {
    if let old = document.path {
      parkedHistories[old] = ParkedHistory(saved: document.saved, history: document.history)
    }
    let parked = parkedHistories.removeValue(forKey: path)
    document.history = parked.flatMap { $0.saved == loaded ? $0.history : nil } ?? UndoHistory()
    if var c = compare, c.source == nil, c.pinnedIn == nil {
      // why: a snapshot of the file as saved is that file (X opens it, as
      // for a library A); one with unsaved changes stays a picture to compare
      if let old = document.path, c.pinned == document.saved {
        c.source = old
      } else {
        c.pinnedIn = document.saved.name
      }
      compare = c
    }
    show(saved: loaded)
  }

  /// Shows `loaded` as the saved state with its own device and orientation:
  /// the saved state must be the file as it is, or the next Ctrl+S would
  /// write the previous preset's device into it. A compared A is shown on
  /// the same device (as `pinFile` does).
  mutating func show(saved loaded: Preset) {
    applyPreset(loaded)
    document.saved = loaded
    if var c = compare,
      c.pinned.device != loaded.device || c.pinned.orientation != loaded.orientation
    {
      c.pinned.device = loaded.device
      c.pinned.orientation = loaded.orientation
      c.ghost.send(.setPreset(c.pinned))
      compare = c
    }
  }

  /// Ctrl+S: save to the loaded file, or ask for a name. A document that
  /// matches its file (as last loaded or saved, still there) is not written
  /// again: its bytes and modification time stay, so a file watcher, a
  /// version control status or a sync client sees no change.
  mutating func save(then: PendingAction?, _ fx: inout [StudioEffect]) {
    guard let path = document.path else {
      openSaveAs()
      return
    }
    if !modified, document.stamp != nil {
      flash("No changes to save in \(documentName)")
      if let then { perform(then, &fx) }
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
      placeInLibrary(path, after: libraryIndex, &fx)
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

  /// A file saved for the first time in the library (Save as) takes the
  /// number after the preset it came from (`after`, a row of the list), so
  /// keys 1–9 reach it next to its original; with no such row it goes last.
  /// The order is written before the folder is listed again, which arranges
  /// the list by it.
  mutating func placeInLibrary(_ path: String, after: Int?, _ fx: inout [StudioEffect]) {
    let name = StudioFiles.lastComponent(path)
    guard StudioFiles.folder(path) == libraryFolder, !library.contains(path) else { return }
    var names = libraryEntries.map(\.fileName)
    names.insert(name, at: after.map { min($0 + 1, names.count) } ?? names.count)
    fx.append(.writeLibraryOrder(folder: libraryFolder, names: names))
  }

  /// The loaded file changed on disk: a good edit reloads (unless there is
  /// unsaved tuning), a bad edit shows the error and keeps the last good state.
  mutating func fileChanged(
    _ change: PresetFileChange, _ stamp: FileStamp?, _ fx: inout [StudioEffect]
  ) {
    let name = documentName
    switch change {
    case .deleted:
      // why: nothing is on disk to protect, so Ctrl+S writes it again without a conflict
      document.stamp = nil
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
    case (_, .cancel):
      // why: a cancelled Save as must not quit or load later, on an unrelated save
      pendingAfterSave = nil
    case (.saveAs, .save):
      var p = preset
      let printable = String(
        saveAsName.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(
          Character.init
        )
        .prefix(64))
      // why: as Rename does; a name typed over the selection (" bloom") showed its space in the list
      let trimmed = String(
        printable.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
      if !trimmed.isEmpty { p.name = trimmed }
      let path = saveAsPath
      // why: the dialog said "(replaces the existing file)"; the user saw it and chose Save
      let exists = library.contains(path)
      fx.append(
        .save(
          SaveRequest(
            preset: p, path: path, expecting: path == document.path ? document.stamp : nil,
            force: exists && path != document.path,
            layoutFrom: path == document.path ? nil : document.path)))
    case (.confirm(let then), .save):
      if document.path == nil {
        openSaveAs()
        pendingAfterSave = then
      } else {
        save(then: then, &fx)
      }
    case (.confirm(let then), .dontSave):
      // why: the screen returns to the file, so the saved state stays what
      // is on disk (a snapshot A compares against it); one undo step, so
      // coming back to this document can still bring the dropped changes back
      document.history.record(from: preset, to: document.saved)
      applyPreset(document.saved)
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
    case (.conflict(_, let then), .saveAs):
      openSaveAs()
      pendingAfterSave = then
    case (.rename(let path), .rename), (.rename(let path), .save):
      renameChosen(path, &fx)
    case (.delete(let path), .trash):
      fx.append(.library(.trash(path)))
    case (.conflict(let path, _), .reload):
      document.saved = preset  // why: Reload drops the unsaved changes by choice
      fx.append(.load(path: path))
    default:
      break
    }
  }
}
