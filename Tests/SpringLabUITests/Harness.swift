@testable import SpringLabUI

/// Fixed-advance text measure: 0.6 × size per character, height = size.
func fakeMeasure(_ s: String, _ size: Double) -> (Double, Double) {
  (Double(s.count) * size * 0.6, size)
}

/// Drives a UIContext frame by frame with scripted events.
final class Harness {
  let ctx = UIContext()
  var t = 0.0
  var panel = PixelRect(x: 0, y: 0, w: 320, h: 600)

  @discardableResult
  func frame(_ events: [UIEvent] = [], _ body: (UIContext) -> Void) -> DrawList {
    ctx.beginFrame(events: events, time: t, measure: fakeMeasure)
    ctx.beginPanel("panel", rect: panel)
    body(ctx)
    ctx.endPanel()
    t += 1.0 / 60
    return ctx.endFrame()
  }
}

func down(
  _ x: Double, _ y: Double, _ mods: KeyModifiers = [], clicks: Int = 1, button: MouseButton = .left
) -> UIEvent {
  .mouseDown(x: x, y: y, button: button, clicks: clicks, mods: mods)
}

func up(_ x: Double, _ y: Double, _ mods: KeyModifiers = [], button: MouseButton = .left) -> UIEvent
{
  .mouseUp(x: x, y: y, button: button, mods: mods)
}

func move(_ x: Double, _ y: Double, _ mods: KeyModifiers = []) -> UIEvent {
  .mouseMove(x: x, y: y, mods: mods)
}

func key(_ k: String, _ mods: KeyModifiers = []) -> UIEvent {
  .keyDown(k, mods: mods, isRepeat: false)
}

/// Every text run of a draw list.
func texts(_ list: DrawList) -> [String] {
  list.finished.compactMap {
    if case .text(let s, _, _, _, _, _) = $0 { return s }
    return nil
  }
}

func textY(_ list: DrawList, _ s: String) -> Double? {
  for c in list.finished {
    if case .text(let t, _, let y, _, _, _) = c, t == s { return y }
  }
  return nil
}
