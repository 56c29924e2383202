import Foundation
import SpringLabCore
import SpringLabUI

extension App {
  /// Routes one window event: the panel first, then hot keys, then the canvas.
  func handle(_ ev: UIEvent, at t: Double) {
    switch ev {
    case .quit: running = false
    case .resize: break
    case .dropFile(let path): loadPreset(path)
    case .keyDown(let key, let mods, _): hotKey(key, mods, at: t)
    case .mouseDown(let x, let y, let button, _, _):
      guard button == .left, layout.canvas.contains(x, y) else { return }
      canvasPress = true
      send(.pointerDown(view.toPoints(x, y)), at: t)
    case .mouseMove(let x, let y, _):
      if canvasPress { send(.pointerMove(view.toPoints(x, y)), at: t) }
    case .mouseUp(let x, let y, let button, _):
      guard button == .left, canvasPress else { return }
      canvasPress = false
      send(.pointerUp(view.toPoints(x, y)), at: t)
    default: break
    }
  }

  func hotKey(_ key: String, _ mods: KeyModifiers, at t: Double) {
    if mods.contains(.ctrl) {
      switch key {
      case "s": savePreset(as: mods.contains(.shift))
      case "q": running = false
      default: break
      }
      return
    }
    switch key {
    case "space", "b", "k", "o":
      send(.key(key), at: t)
      if key == "o" { flash("Rotated: \(scene.device.name) \(scene.device.orientationName)") }
    case "escape":
      if showHelp { showHelp = false } else { send(.key("escape"), at: t) }
    case "d": options.debug.toggle()
    case "tab": panelVisible.toggle()
    case "?", "h", "/": showHelp.toggle()
    case "q": running = false
    case "1", "2", "3", "4", "5", "6", "7", "8", "9":
      let files = App.presetFiles()
      if let n = Int(key), n <= files.count { loadPreset(files[n - 1]) } else { flash("No preset \(key)") }
    default: break
    }
  }

  /// Shipped presets beside the working directory, sorted by name.
  static func presetFiles() -> [String] {
    let dir = FileManager.default.currentDirectoryPath + "/presets"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { dir + "/" + $0 }
  }

  /// Loads a preset; on error the message shows and the current state stays.
  func loadPreset(_ path: String) {
    do {
      let p = try PresetReader.load(path: path)
      send(.setPreset(p), at: now)
      presetPath = path
      savedPreset = p
      flash("Loaded \(URL(fileURLWithPath: path).lastPathComponent)")
    } catch {
      flash(error.problems.first?.description ?? "cannot load \(path)")
      printErr(error.description)
    }
    updateTitle()
  }

  func savePreset(as saveAs: Bool) {
    let path = presetPath ?? (FileManager.default.currentDirectoryPath + "/presets/" + PresetFileName.sanitize(scene.preset.name))
    do {
      try PresetWriter.save(scene.preset, to: path)
      presetPath = path
      savedPreset = scene.preset
      flash("Saved \(URL(fileURLWithPath: path).lastPathComponent)")
    } catch {
      flash("\(error)")
    }
    updateTitle()
  }
}
