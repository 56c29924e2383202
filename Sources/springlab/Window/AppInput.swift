import Foundation
import SpringLabCore
import SpringLabPlatform
import SpringLabUI

extension App {
  /// Routes one event the panel did not take: hot keys, then the canvas.
  func handle(_ ev: UIEvent) {
    switch ev {
    case .quit: request(.quit)
    case .resize: break
    case .dropFile(let path): dropped(path)
    case .keyDown(let key, let mods, _):
      if dialog == nil { hotKey(key, mods) }
    case .mouseDown(let x, let y, let button, _, _):
      guard dialog == nil, button == .left else { return }
      mouseDown(x, y)
    case .mouseMove(let x, let y, _): mouseMove(x, y)
    case .mouseUp(let x, let y, let button, _):
      guard button == .left else { return }
      mouseUp(x, y)
    default: break
    }
  }

  /// Which canvas (A when side by side) a pixel is on, as device points of B's scene.
  func devicePoint(_ x: Double, _ y: Double) -> Point {
    if let gv = ghostView, x < view.x - 1, compareMode == .sideBySide { return gv.toPoints(x, y) }
    return view.toPoints(x, y)
  }

  func mouseDown(_ x: Double, _ y: Double) {
    if let r = graphRect, r.contains(x, y) {
      if let h = GraphView.handle(at: x, y, app: self) {
        canvasPress = .bezier(h, before: scene.preset)
      } else if let t = GraphView.scrubTime(at: x, app: self) {
        canvasPress = .scrub
        if !timeline.paused { timeline.togglePause() }
        timeline.seek(to: t)
      }
      return
    }
    guard layout.canvas.contains(x, y) else { return }
    let p = devicePoint(x, y)
    if editOnCanvas {
      switch timeline.scene.hitTest(p) {
      case .fanItem(let i):
        canvasPress = .editItem(i, before: scene.preset)
        return
      case .fanMain:
        canvasPress = .editMain(before: scene.preset, grab: p - scene.mainCenter)
        return
      default: break
      }
    }
    canvasPress = .scene
    send(.pointerDown(p))
  }

  func mouseMove(_ x: Double, _ y: Double) {
    guard let press = canvasPress else { return }
    let p = devicePoint(x, y)
    switch press {
    case .scene: send(.pointerMove(p))
    case .editItem(let i, _):
      applyPreset(CanvasEdit.dragItem(i, to: p, preset: scene.preset, device: scene.device))
    case .editMain(_, let grab):
      applyPreset(CanvasEdit.moveMain(to: p - grab, preset: scene.preset, device: scene.device))
    case .scrub:
      if let t = GraphView.scrubTime(at: x, app: self) { timeline.seek(to: t) }
    case .bezier(let h, _):
      if let np = GraphView.drag(handle: h, to: x, y, app: self) { applyPreset(np) }
    }
  }

  func mouseUp(_ x: Double, _ y: Double) {
    guard let press = canvasPress else { return }
    canvasPress = nil
    switch press {
    case .scene: send(.pointerUp(devicePoint(x, y)))
    case .editItem(_, let before), .editMain(let before, _), .bezier(_, let before):
      history.record(from: before, to: scene.preset)
      // the edit shows at rest immediately: open the menu to see it
      if scene.fan.phase(at: scene.now) == .collapsed { send(.key("space")) }
    case .scrub: break
    }
  }

  func hotKey(_ key: String, _ mods: KeyModifiers) {
    if mods.contains(.ctrl) {
      switch key {
      case "s":
        if mods.contains(.shift) { openSaveAs() } else { save() }
      case "z": mods.contains(.shift) ? redo() : undo()
      case "y": redo()
      case "q": request(.quit)
      case "c": copyExport(.json)
      default: break
      }
      return
    }
    switch key {
    case "b" where scene.bubble.phase == .hidden:
      send(.showBubble)
    case "space", "b", "k", "o":
      send(.key(key))
      if key == "o" { flash("Rotated: \(scene.device.name) \(scene.device.orientationName)") }
    case "escape":
      if showHelp { showHelp = false } else { send(.key("escape")) }
    case "d": options.debug.toggle()
    case "tab": panelVisible.toggle()
    case "?", "h", "/": showHelp.toggle()
    case "q": request(.quit)
    case "g": showGraph.toggle()
    case "t":
      showTrails.toggle()
      trails = []
    case "e": editOnCanvas.toggle()
    case "l": selectNextLintField()
    case "p":
      timeline.togglePause()
      flash(timeline.paused ? "Paused · , and . step one frame" : "Playing")
    case ",": if timeline.paused { timeline.stepBack() }
    case ".": if timeline.paused { timeline.stepForward() }
    case "-":
      timeline.slower()
      flash(String(format: "Speed %g×", timeline.speed))
    case "=":
      timeline.faster()
      flash(String(format: "Speed %g×", timeline.speed))
    case "a": pinA()
    case "x": swapAB()
    case "v":
      compareMode = compareMode == .ghost ? .sideBySide : .ghost
    case "r": toggleTake()
    case "f12": screenshot()
    case "1", "2", "3", "4", "5", "6", "7", "8", "9":
      let files = App.presetFiles()
      if let n = Int(key), n <= files.count {
        request(.load(files[n - 1]))
      } else {
        flash("No preset \(key)")
      }
    default: break
    }
  }

  func undo() {
    if let p = history.undo(scene.preset) {
      applyPreset(p)
      flash("Undo")
    }
  }

  func redo() {
    if let p = history.redo(scene.preset) {
      applyPreset(p)
      flash("Redo")
    }
  }

  /// A: pin the current settings as A; again: unpin.
  func pinA() {
    if ghost != nil {
      ghost = nil
      pinned = nil
      flash("A unpinned")
      return
    }
    pinned = scene.preset
    var g = SceneTimeline(scene: scene)
    g.seek(to: timeline.time)
    ghost = g
    flash("Pinned A · keep tuning B · V side by side · X swap")
  }

  /// X: swap A and B (the settings; both keep the shared clock).
  func swapAB() {
    guard let a = pinned else { return }
    let b = scene.preset
    pinned = b
    applyPreset(a)
    var g = timeline
    g.send(.setPreset(b))
    ghost = g
    flash("Swapped A and B")
  }

  /// A dropped file: a preset (.json) loads, an image becomes the backdrop.
  func dropped(_ path: String) {
    switch DroppedFile(path: path) {
    case .preset: request(.load(path))
    case .image: setBackground(path)
    case .unsupported: flash("Drop a .json preset or a .png screenshot")
    }
  }
}
