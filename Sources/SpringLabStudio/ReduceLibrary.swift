import SpringLabCore

extension StudioState {
  /// The library folder: the loaded preset's folder, else the default.
  public var libraryFolder: String { StudioFiles.library(of: document, folders: folders) }

  /// The loaded preset's row in the library, if it is one of its files.
  public var libraryIndex: Int? { library.firstIndex { $0 == document.path } }

  mutating func libraryListed(_ listing: LibraryListing, _ fx: inout [StudioEffect]) {
    // why: a listing of a folder we have since left is stale
    guard listing.folder == libraryFolder else { return }
    libraryEntries = PresetLibrary.arrange(listing.entries, order: listing.order)
    iconFiles = listing.iconFiles
    // why: a load, Save as or rename may have moved the current row out of view
    revealLibraryRow = true
    let names = libraryEntries.map(\.fileName)
    // why: kept from the first listing on, so a file added by another program goes last
    // and the numbers 1–9 of the others stay put
    if listing.order != names {
      fx.append(.writeLibraryOrder(folder: listing.folder, names: names))
    }
  }

  /// Loads `path`, unless the library already knows it is not a preset:
  /// a script's load failed with "duration: unknown field", which read as a
  /// broken preset, and a broken file's load first asked to save the
  /// changes on screen, then failed ("Don't save" had thrown them away);
  /// the toast says what the file is, and nothing changes.
  mutating func loadFromLibrary(_ path: String, _ fx: inout [StudioEffect]) {
    let name = StudioFiles.lastComponent(path)
    switch libraryEntries.first(where: { $0.path == path })?.problem {
    case .inputScript?:
      flash("\(name) is an input script, not a preset: play it with springlab --play")
    case .unreadable(let why)?:
      flash("\(name) is not loaded: \(why)")
    case nil:
      request(.load(path), &fx)
    }
  }

  mutating func libraryCommand(_ c: StudioCommand, _ fx: inout [StudioEffect]) {
    if case .undoLibrary = c {
      undoLibrary(&fx)
      return
    }
    guard let i = libraryIndex, let path = document.path else {
      flash("Save the preset in the library first (Ctrl+Shift+S)")
      return
    }
    switch c {
    case .renamePreset:
      saveAsName = libraryEntries[i].preset?.name ?? preset.name
      dialog = .rename(path: path)
    case .duplicatePreset:
      let name = PresetLibrary.copyName(
        libraryEntries[i].title, names: libraryEntries.map(\.title))
      let to = PresetLibrary.freePath(for: name, in: libraryFolder, taken: library)
      fx.append(.library(.duplicate(from: path, to: to, name: name)))
    case .deletePreset:
      dialog = .delete(path: path)
    case .movePreset(let step):
      let j = i + step
      guard libraryEntries.indices.contains(j) else { return }
      libraryEntries.swapAt(i, j)
      fx.append(.writeLibraryOrder(folder: libraryFolder, names: libraryEntries.map(\.fileName)))
      flash("\(libraryEntries[j].title) is now number \(j + 1)")
    default: break
    }
  }

  /// Rename dialog's answer: the preset's name and its file follow.
  mutating func renameChosen(_ path: String, _ fx: inout [StudioEffect]) {
    let printable = String(
      saveAsName.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(
        Character.init
      ).prefix(64))
    let name = String(printable.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    guard !name.isEmpty else {
      flash("A preset needs a name")
      return
    }
    let others = library.filter { $0 != path }
    var to = StudioFiles.saveAsPath(name, library: libraryFolder)
    if others.contains(to) {
      to = PresetLibrary.freePath(for: name, in: libraryFolder, taken: library)
    }
    fx.append(.library(.rename(from: path, to: to, name: name)))
  }

  mutating func undoLibrary(_ fx: inout [StudioEffect]) {
    guard let u = libraryUndo.popLast() else {
      flash("Nothing to undo in the library")
      return
    }
    switch u {
    case .restore(let t, _): fx.append(.library(.restore(t)))
    case .rename(let from, let to, let name):
      fx.append(.library(.rename(from: from, to: to, name: name)))
    case .removeCopy(let path): fx.append(.library(.trash(path)))
    }
    pendingLibraryUndo = u
  }

  mutating func libraryDone(
    _ op: LibraryOp, _ result: Result<LibraryOpResult, StudioFailure>, _ fx: inout [StudioEffect]
  ) {
    let undoing = pendingLibraryUndo
    pendingLibraryUndo = nil
    guard case .success(let outcome) = result else {
      if case .failure(let e) = result { flash(e.message) }
      if let u = undoing { libraryUndo.append(u) }  // why: still there to try again
      return
    }
    var names = libraryEntries.map(\.fileName)
    switch op {
    case .rename(let from, let to, let name):
      if let k = names.firstIndex(of: StudioFiles.lastComponent(from)) {
        names[k] = StudioFiles.lastComponent(to)
      }
      if undoing == nil {
        let old = libraryEntries.first { $0.path == from }?.title ?? name
        libraryUndo.append(.rename(from: to, to: from, name: old))
      }
      if document.path == from {
        // why: the name is part of the file now; renaming is not an unsaved change
        var p = preset
        p.name = name
        applyPreset(p)
        document.saved.name = name
        if case .done(let stamp) = outcome { document.stamp = stamp }
        if to != from { movePath(to: to, &fx) }
      }
      flash("Renamed to \(name)")
    case .duplicate(_, let to, let name):
      names.append(StudioFiles.lastComponent(to))
      libraryUndo.append(.removeCopy(to))
      flash("Duplicated as \(name) (\(StudioFiles.lastComponent(to)))")
    case .trash(let path):
      let position = names.firstIndex(of: StudioFiles.lastComponent(path)) ?? names.count
      names.removeAll { $0 == StudioFiles.lastComponent(path) }
      if case .trashed(let t) = outcome, undoing == nil {
        libraryUndo.append(.restore(t, position: position))
        flash("Moved \(StudioFiles.lastComponent(path)) to the Trash (Undo puts it back)")
      } else {
        flash("Removed \(StudioFiles.lastComponent(path))")
      }
    case .restore(let t):
      let name = StudioFiles.lastComponent(t.original)
      names.removeAll { $0 == name }
      if case .restore(_, let position)? = undoing {
        names.insert(name, at: min(position, names.count))
      } else {
        names.append(name)
      }
      flash("Restored \(name)")
    }
    fx.append(.writeLibraryOrder(folder: libraryFolder, names: names))
    fx.append(.listLibrary(folder: libraryFolder))
  }
}
