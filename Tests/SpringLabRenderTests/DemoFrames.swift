import SpringLabCore
import SpringLabUI

/// The draw lists of a 5 s scripted demo (bloom, item tap, bubble drag,
/// bubble tap) at a frame size, scale and frame rate, as a headless render
/// composes them (with the read-out panel from 600 px wide).
struct DemoFrames {
  let width: Int
  let height: Int
  let scale: Double
  let fps: Double
  /// Seconds of the demo to play, at most 5.
  var seconds = 5.0

  /// Calls `body` with each frame's index, time and draw list, in order.
  func forEach(_ body: (Int, Double, DrawList) throws -> Void) rethrows {
    var scene = Scene(preset: .seedDefault)
    var player = ScriptPlayer(
      InputScript(
        duration: 5,
        events: [
          ScriptEvent(at: 0.1, .tap(.named(.fanMain, index: nil))),
          ScriptEvent(at: 1.3, .tap(.named(.fanItem, index: 1))),
          ScriptEvent(
            at: 2.0, .drag(.named(.bubble, index: nil), to: Point(300, 520), over: 0.6)),
          ScriptEvent(at: 3.2, .tap(.named(.bubble, index: nil))),
        ]))
    let layout = FrameLayout(
      width: Double(width), height: Double(height), scale: scale, panel: width >= 600)
    for k in 0..<Int(seconds * fps) {
      let t = Double(k) / fps
      player.run(&scene, until: t)
      var dl = DrawList()
      _ = FrameComposer.canvas(
        scene, layout: layout, scale: scale, icons: IconSet.builtin,
        options: SceneDrawOptions(), into: &dl)
      if let p = layout.panel { ReadoutPanel.draw(scene, in: p, scale: scale, t: t, into: &dl) }
      try body(k, t, dl)
    }
  }
}
