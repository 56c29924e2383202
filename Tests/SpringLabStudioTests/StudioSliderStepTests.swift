import SpringLabCore
import SpringLabUI
import Testing

@testable import SpringLabStudio

/// #23 in the Studio: the panel's sliders move a step per pixel.
@Suite("Studio slider steps")
struct StudioSliderStepTests {
  /// The panel's Radius: 19 px on its number moves 19 pt (was 120 → 206);
  /// 47 px back moves 47 pt (was 206 → 0), and a long drag down stops at
  /// the 20 pt floor with its reason in the panel.
  @Test func scrubbingTheRadiusMovesOnePointPerPixel() throws {
    let h = StudioHarness(path: "/lib/a.json")
    h.draw()
    let start = h.state.preset.fan.radius
    let shown = UnitFormat.text(start, .points)
    // why: Layout sits under the springs; the designer scrolls to it
    #expect(h.reveal("Radius"))
    let label = try #require(h.textPosition("Radius"))
    let number = try #require(
      h.lastFrame.finished.lazy.compactMap { c -> (Double, Double)? in
        if case .text(let t, let x, let y, _, _, _) = c, t == shown, abs(y - label.y) < 2 {
          return (x, y)
        }
        return nil
      }.first)
    // the number is drawn right-aligned at x: press just left of its end
    let x = number.0 - 8
    let y = number.1 + 6
    h.drag(from: (x, y), to: (x + 19, y), steps: 3)
    #expect(h.state.preset.fan.radius == start + 19)
    h.drag(from: (x, y), to: (x - 47, y), steps: 3)
    #expect(h.state.preset.fan.radius == start + 19 - 47)
    h.input([
      .mouseMove(x: x, y: y, mods: []),
      .mouseDown(x: x, y: y, button: .left, clicks: 1, mods: []),
    ])
    h.input([.mouseMove(x: x - 600, y: y, mods: [])])
    #expect(h.state.preset.fan.radius == 20)
    #expect(h.texts.joined(separator: " ").contains("the items hide under the main button"))
    h.input([.mouseUp(x: x - 600, y: y, button: .left, mods: [])])
  }
}
