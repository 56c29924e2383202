import Testing

@testable import SpringLabUI

@Suite struct ScrollTests {
  func tall(_ h: Harness, _ values: inout [Double], _ e: [UIEvent] = []) -> DrawList {
    h.frame(e) { ctx in
      for i in values.indices {
        ctx.slider("S\(i)", value: &values[i], range: 0...100, unit: "pt", step: 1)
      }
    }
  }

  @Test func wheelScrollsAndContentIsClipped() {
    let h = Harness()
    h.panel = PixelRect(x: 0, y: 0, w: 320, h: 120)
    var values = (0..<20).map { Double($0) }
    var list = tall(h, &values)
    #expect(list.finished.contains(.clip(h.panel)))
    #expect(
      list.finished.last(where: { if case .clip = $0 { return true } else { return false } })
        == .clip(nil))
    let y0 = textY(list, "0 pt")!
    list = tall(h, &values, [move(100, 60), .wheel(dx: 0, dy: -1)])
    #expect(h.ctx.scrollOffset("panel") == 40)
    #expect(textY(list, "0 pt")! == y0 - 40)
    #expect(h.ctx.passThroughEvents == [move(100, 60)])  // the wheel stayed in the panel
    // scrolling stops at the end of the content
    for _ in 0..<50 { _ = tall(h, &values, [.wheel(dx: 0, dy: -1)]) }
    let maxOffset = h.ctx.scrollOffset("panel")
    #expect(maxOffset > 40)
    _ = tall(h, &values, [.wheel(dx: 0, dy: -1)])
    #expect(h.ctx.scrollOffset("panel") == maxOffset)
  }

  @Test func widgetsOutsideTheClipAreNotHot() {
    let h = Harness()
    h.panel = PixelRect(x: 0, y: 0, w: 320, h: 120)
    var values = (0..<20).map { Double($0) }
    _ = tall(h, &values)
    // slider 6 is laid out at y ≈ 10 + 6 × 28, below the 120 px panel
    let y = 10 + 6 * 28 + 12.0
    _ = tall(h, &values, [move(200, y)])
    #expect(h.ctx.hotID == nil)
    _ = tall(h, &values, [down(200, y)])
    #expect(values[6] == 6)
    #expect(!h.ctx.consumedMouse)
  }

  @Test func nestedListScrollsOnItsOwn() {
    let h = Harness()
    let items = (0..<30).map { "preset \($0)" }
    func run(_ e: [UIEvent]) {
      h.frame(e) { ctx in _ = ctx.list("Presets", items: items, selected: nil, visibleRows: 5) }
    }
    run([])
    run([move(100, 40), .wheel(dx: 0, dy: -2)])
    #expect(h.ctx.scrollOffset("Presets") == 80)
    #expect(h.ctx.scrollOffset("panel") == 0)
  }
}
