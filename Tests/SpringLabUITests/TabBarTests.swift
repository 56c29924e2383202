import Testing

@testable import SpringLabUI

/// The tab bar: behaviour (which tab a click chooses) and look (selected
/// tab joined to the content, recessed others, hover), and sections whose
/// open state the caller keeps.
@Suite("Tab bar and kept sections")
struct TabBarTests {
  static let titles = ["Fan", "Bubble", "Device", "Export"]

  /// The text colour of the run `title` in `list`.
  static func color(of title: String, in list: DrawList) -> RGBA? {
    for c in list.finished {
      if case .text(let t, _, _, _, let color, _) = c, t == title { return color }
    }
    return nil
  }

  /// The fills of rounded rectangles whose box contains (x, y), in draw order.
  static func fills(at x: Double, _ y: Double, in list: DrawList) -> [RGBA] {
    list.finished.compactMap {
      if case .fill(.roundedRect(let r, _), let c) = $0, r.contains(x, y) { return c }
      return nil
    }
  }

  @Test func clickingAnotherTabChoosesItAndTheSelectedOneChoosesNothing() {
    let h = Harness()
    var rects: [PixelRect] = []
    h.frame { ui in
      _ = ui.tabBar(Self.titles, selected: 0)
      rects = ui.itemRects.map(\.rect)
    }
    #expect(rects.count == 4)
    let device = rects[2]
    let (x, y) = (device.x + device.w / 2, device.y + device.h / 2)
    var hit: Int?
    h.frame([move(x, y), down(x, y)]) { ui in _ = ui.tabBar(Self.titles, selected: 0) }
    h.frame([up(x, y)]) { ui in hit = ui.tabBar(Self.titles, selected: 0) }
    #expect(hit == 2)
    let fan = rects[0]
    let (fx, fy) = (fan.x + fan.w / 2, fan.y + fan.h / 2)
    hit = nil
    h.frame([move(fx, fy), down(fx, fy)]) { ui in _ = ui.tabBar(Self.titles, selected: 0) }
    h.frame([up(fx, fy)]) { ui in hit = ui.tabBar(Self.titles, selected: 0) }
    #expect(hit == nil, "the selected tab is already chosen")
  }

  @Test func selectedTabHasThePanelFillAndNoMarkOthersAreDimUntilHovered() {
    let h = Harness()
    let theme = h.ctx.theme
    var rects: [PixelRect] = []
    let list = h.frame { ui in
      _ = ui.tabBar(Self.titles, selected: 1)
      rects = ui.itemRects.map(\.rect)
    }
    #expect(!texts(list).contains { $0.contains("●") })
    #expect(Self.color(of: "Bubble", in: list) == theme.text)
    #expect(Self.color(of: "Fan", in: list) == theme.textDim)
    // why: the selected tab's last fill is the panel body's, and it reaches
    // past the row's foot, over the line the other tabs stand on
    let sel = rects[1]
    #expect(Self.fills(at: sel.x + sel.w / 2, sel.y + sel.h - 0.5, in: list).last == theme.panel)
    let fan = rects[0]
    let recessed = Self.fills(at: fan.x + fan.w / 2, fan.y + fan.h / 2, in: list).last
    #expect(recessed != nil && recessed != theme.panel)
    let hovered = h.frame([move(fan.x + fan.w / 2, fan.y + fan.h / 2)]) { ui in
      _ = ui.tabBar(Self.titles, selected: 1)
    }
    #expect(Self.color(of: "Fan", in: hovered) == theme.text)
    let hotFill = Self.fills(at: fan.x + fan.w / 2, fan.y + fan.h / 2, in: hovered).last
    #expect(hotFill != recessed)
  }

  @Test func aKeptSectionFlipsOnAClickAndKeepsItsWidgetWhenItsTitleChanges() {
    let h = Harness()
    var open = false
    var header = PixelRect(x: 0, y: 0, w: 0, h: 0)
    h.frame { ui in
      ui.section("Lint (1)##lint", open: &open)
      header = ui.itemRects[0].rect
    }
    #expect(!open)
    let (x, y) = (header.x + 40, header.y + header.h / 2)
    h.frame([move(x, y), down(x, y)]) { ui in ui.section("Lint (1)##lint", open: &open) }
    // why: the title's count changed between press and release; the click still lands
    let list = h.frame([up(x, y)]) { ui in ui.section("Lint (2)##lint", open: &open) }
    #expect(open)
    #expect(texts(list).contains("LINT (2)"))
  }
}
