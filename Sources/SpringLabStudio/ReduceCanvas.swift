import SpringLabCore
import SpringLabUI

extension StudioState {
  // MARK: pointer

  mutating func pointerDown(_ x: Double, _ y: Double) {
    let layout = StudioLayout(self)
    if let r = layout.graph, r.contains(x, y) {
      if let chip = GraphView.chips(r, scale: window.scale).first(where: { $0.0.contains(x, y) }) {
        choose(chip.1)
        return
      }
      let plot = GraphView.plot(r, scale: window.scale)
      let reach = 10 * window.scale
      if let h = GraphView.handle(at: x, y, state: self, graph: r) {
        gesture = .bezier(h, before: preset, axes: GraphAxes(motionGraph))
      } else if let pk = GraphHandles.peak(self, plot: plot), abs(pk.x - x) < reach,
        abs(pk.y - y) < reach
      {
        gesture = .peak(before: preset, grabY: y, axes: GraphAxes(motionGraph))
      } else if let st = GraphHandles.settle(self, plot: plot), abs(st.x - x) < reach,
        abs(st.y - y) < reach
      {
        gesture = .settle(before: preset, grabX: x, axes: GraphAxes(motionGraph))
      } else {
        gesture = .scrub
        if !timeline.paused { timeline.togglePause() }
        timeline.seek(to: GraphView.scrubTime(at: x, state: self, graph: r))
      }
      return
    }
    guard layout.frame.canvas.contains(x, y) else { return }
    if beginMark(x, y) { return }
    let p = layout.devicePoint(x, y)
    if overlays.editOnCanvas {
      let reach = 12 * window.scale
      for hd in CanvasEdit.handles(preset, device: scene.device) {
        let (hx, hy) = layout.view.toPixels(hd.point)
        if abs(hx - x) < reach && abs(hy - y) < reach {
          gesture = .editHandle(hd.kind, before: preset)
          return
        }
      }
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
    case .editHandle(let k, _):
      applyPreset(
        CanvasEdit.drag(
          k, to: p, preset: preset, device: scene.device, free: pointerMods.contains(.shift)))
    case .editMain(_, let grab):
      applyPreset(CanvasEdit.moveMain(to: p - grab, preset: preset, device: scene.device))
    case .markRegion(let a, let at, _): dragMark(from: a, at: at, x, y)
    case .scrub:
      if let r = layout.graph {
        timeline.seek(to: GraphView.scrubTime(at: x, state: self, graph: r))
      }
    case .bezier(let h, _, _):
      if let r = layout.graph, let np = GraphView.drag(handle: h, to: x, y, state: self, graph: r) {
        applyPreset(np)
      }
    case .peak(let before, let grabY, let axes):
      if let r = layout.graph {
        let plot = GraphView.plot(r, scale: window.scale)
        applyPreset(
          GraphHandles.dragPeak(
            to: y, from: before, grabY: grabY, axes: axes, state: self, plot: plot))
      }
    case .settle(let before, let grabX, let axes):
      if let r = layout.graph {
        let plot = GraphView.plot(r, scale: window.scale)
        applyPreset(
          GraphHandles.dragSettle(
            to: x, from: before, grabX: grabX, axes: axes, state: self, plot: plot))
      }
    }
  }

  mutating func pointerUp(_ x: Double, _ y: Double) {
    guard let g = gesture else { return }
    gesture = nil
    switch g {
    case .scene: send(.pointerUp(StudioLayout(self).devicePoint(x, y)))
    case .editItem(_, let before), .editMain(let before, _), .editHandle(_, let before),
      .bezier(_, let before, _),
      .peak(let before, _, _), .settle(let before, _, _):
      document.history.record(from: before, to: preset)
      // why: the edit shows at rest immediately: open the menu to see it
      if scene.fan.phase(at: scene.now) == .collapsed { send(.command(.toggleFan)) }
    case .scrub: break
    case .markRegion(let a, let at, let old): endMark(from: a, at: at, x, y, replacing: old)
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
    fx.append(
      .renderTake(
        preset: p, script: tk.recorder.script(until: timeline.time - tk.start), frame: takeFrame))
  }
}
