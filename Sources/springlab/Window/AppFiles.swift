import Foundation
import SpringLabCore
import SpringLabPlatform
import SpringLabSDL
import SpringLabUI

extension App {
  /// Shipped presets beside the working directory, sorted by name.
  static func presetFiles() -> [String] {
    let dir = FileManager.default.currentDirectoryPath + "/presets"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
    return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map {
      dir + "/" + $0
    }
  }

  /// Quit or load; asks first when there are unsaved changes.
  func request(_ action: PendingAction) {
    if modified {
      let name = presetPath.map { URL(fileURLWithPath: $0).lastPathComponent } ?? scene.preset.name
      dialog = .confirm(title: "Save changes to “\(name)”?", then: action)
      return
    }
    perform(action)
  }

  func perform(_ action: PendingAction) {
    switch action {
    case .quit: running = false
    case .load(let path): loadPreset(path)
    }
  }

  /// Loads a preset; on error the message shows and the current state stays.
  func loadPreset(_ path: String) {
    do {
      adopt(try PresetReader.load(path: path))
      presetPath = path
      watcher = PresetWatcher(path: path)
      highlightField = nil
      flash("Loaded \(URL(fileURLWithPath: path).lastPathComponent)")
    } catch {
      loadError = error.description
      flash("Cannot load \(URL(fileURLWithPath: path).lastPathComponent): see the panel")
      printErr(error.description)
    }
    updateTitle()
  }

  /// Shows a preset read from disk (one undo step) as the saved state. The
  /// device stays: it is the designer's viewing choice, not part of a load.
  func adopt(_ loaded: Preset) {
    var p = loaded
    p.device = scene.preset.device
    p.orientation = scene.preset.orientation
    history.record(from: scene.preset, to: p)
    applyPreset(p)
    savedPreset = p
  }

  /// Ctrl+S: save to the loaded file, or ask for a name.
  func save() {
    guard let path = presetPath else {
      openSaveAs()
      return
    }
    write(to: path)
  }

  func openSaveAs() {
    saveAsName = scene.preset.name
    dialog = .saveAs
  }

  /// The file a typed name saves to: always inside presets/, never a path.
  func saveAsPath(_ name: String) -> String {
    FileManager.default.currentDirectoryPath + "/presets/" + PresetFileName.sanitize(name)
  }

  func write(to path: String, name: String? = nil) {
    var p = scene.preset
    if let n = name {
      let trimmed = String(
        n.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(64))
      if !trimmed.isEmpty { p.name = trimmed }
    }
    do {
      try FileManager.default.createDirectory(
        atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path,
        withIntermediateDirectories: true)
      try PresetWriter.save(p, to: path)
      if p != scene.preset { applyPreset(p) }
      presetPath = path
      savedPreset = p
      watcher = PresetWatcher(path: path)
      clearRecovery()
      flash("Saved \(URL(fileURLWithPath: path).lastPathComponent)")
    } catch {
      loadError = "\(error)"
      flash("Not saved: \(error)")
    }
    updateTitle()
  }

  var recoveryPath: String { stateFolder + "/recovery.json" }

  func loadRecovery() -> Preset? { try? PresetReader.load(path: recoveryPath) }

  func clearRecovery() {
    try? FileManager.default.removeItem(atPath: recoveryPath)
    recoveryDirty = false
  }

  /// Periodic work between frames: autosave a recovery copy, hot reload.
  func housekeeping(at t: Double) {
    if recoveryDirty && t - lastRecoveryWrite > 1 {
      lastRecoveryWrite = t
      recoveryDirty = false
      if modified {
        try? FileManager.default.createDirectory(
          atPath: stateFolder, withIntermediateDirectories: true)
        try? PresetWriter.save(scene.preset, to: recoveryPath)
      } else {
        clearRecovery()
      }
    }
    if t - lastWatchCheck > 0.5, var w = watcher {
      lastWatchCheck = t
      let change = w.poll()
      watcher = w
      if let c = change { hotReload(c, name: URL(fileURLWithPath: w.path).lastPathComponent) }
    }
    if showTrails { recordTrails() }
    let hidden = scene.bubble.phase == .hidden
    if hidden && !bubbleWasHidden { flash("Bubble dismissed by a long press · B shows it again") }
    bubbleWasHidden = hidden
    // reap finished background renders (takes)
    renders.removeAll { child in
      guard let status = child.poll() else { return false }
      if status != 0 { flash("A take failed to render (exit \(status))") }
      return true
    }
  }

  /// The loaded file changed on disk: reload it by path. A bad edit shows the
  /// error and keeps the last good state; unsaved tuning is never replaced.
  func hotReload(_ change: PresetWatcher.Change, name: String) {
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
      loadError = nil
      flash("Reloaded \(name)")
    }
    updateTitle()
  }

  func setBackground(_ path: String) {
    guard CairoRasterizer.canLoadImage(path) else {
      flash("Cannot read the image \(URL(fileURLWithPath: path).lastPathComponent)")
      return
    }
    options.background = path
    flash(
      "Backdrop: \(URL(fileURLWithPath: path).lastPathComponent) (drop another, or clear it in the panel)"
    )
  }

  /// R: start or stop a take; on stop the take renders to
  /// recordings/<timestamp>.mp4 in a low-priority child process.
  func toggleTake() {
    if take == nil {
      take = (ScriptRecorder(preset: scene.preset, start: scene.startState), timeline.time, scene)
      flash("Recording… press R to stop")
      return
    }
    guard let tk = take else { return }
    take = nil
    let stamp = App.timestamp()
    let dir = FileManager.default.currentDirectoryPath + "/recordings"
    do {
      try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
      let scriptPath = dir + "/\(stamp).json"
      let presetFile = dir + "/\(stamp)-preset.json"
      var startPreset = tk.scene.preset
      startPreset.name = String(startPreset.name.prefix(64))
      try PresetWriter.save(startPreset, to: presetFile)
      try AtomicFile.write(
        Data(tk.recorder.script(until: timeline.time - tk.start).text.utf8), to: scriptPath)
      let exe = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
      // why: low priority, so the encode never makes the window stutter
      let child = try ChildProcess.launch(
        "/usr/bin/nice",
        [
          "-n", "15", exe, "render", "--preset", presetFile, "--script", scriptPath, "--out",
          dir + "/\(stamp).mp4",
        ],
        env: ProcessInfo.processInfo.environment)
      renders.append(child)
      flash("Rendering recordings/\(stamp).mp4 in the background")
    } catch {
      flash("Cannot save the take: \(error)")
    }
  }

  static func timestamp() -> String {
    let f = DateFormatter()
    f.dateFormat = "yyyyMMdd-HHmmss"
    f.locale = Locale(identifier: "en_US_POSIX")
    return f.string(from: Date())
  }

  /// F12: the current frame as a PNG in screenshots/, drawn by the same back end.
  func screenshot() {
    let dir = FileManager.default.currentDirectoryPath + "/screenshots"
    let path = dir + "/springlab-\(App.timestamp()).png"
    do {
      try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
      guard let font = FontLocator.locate() else { throw SaveError(path: path, reason: "no font") }
      let canvas = try SoftwareCanvas(
        width: window.pixelWidth, height: window.pixelHeight, fontPath: font)
      canvas.draw(lastFrame)
      try canvas.savePNG(to: path)
      flash("Saved screenshots/\(URL(fileURLWithPath: path).lastPathComponent)")
    } catch {
      flash("Screenshot failed: \(error)")
    }
  }

  /// Copies an export to the clipboard.
  func copyExport(_ f: ExportFormat) {
    let text = Exporter.export(scene.preset, format: f)
    if window.setClipboardText(text) {
      flash("Copied the \(f.rawValue) export to the clipboard")
    } else {
      flash("Clipboard unavailable")
    }
  }

  func finish() {
    let t = timeline.time
    if let rp = recordPath {
      do {
        try AtomicFile.write(Data(recorder.script(until: t).text.utf8), to: rp)
      } catch { printErr("springlab: \(error)") }
    }
    if recoveryDirty && modified {
      try? FileManager.default.createDirectory(
        atPath: stateFolder, withIntermediateDirectories: true)
      try? PresetWriter.save(scene.preset, to: recoveryPath)
    } else if !modified {
      clearRecovery()
    }
    remembered.panelVisible = panelVisible
    remembered.device = scene.preset.device
    remembered.orientation = scene.preset.orientation
    if let p = presetPath {
      remembered.presetPath = URL(fileURLWithPath: p).standardizedFileURL.path
    }
    if scene.bubble.phase != .hidden {
      let b = scene.bubble.center(at: scene.now)
      remembered.bubbleX = b.x
      remembered.bubbleY = b.y
    }
    let sc = max(1, window.scale)
    remembered.windowWidth = Int(Double(window.pixelWidth) / sc)
    remembered.windowHeight = Int(Double(window.pixelHeight) / sc)
    do { try remembered.save(folder: stateFolder) } catch {
      printErr("springlab: warning: \(error) (the session is not remembered)")
    }
  }
}
