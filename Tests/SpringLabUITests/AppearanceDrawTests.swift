import Foundation
import Testing

@testable import SpringLabCore
@testable import SpringLabUI

/// The look on the draw list the window and `springlab render` share:
/// a themed item in its own colour and size, a default one as always,
/// labels beside open items, the main button, the bubble and the dim.
@Suite("Appearance drawing")
struct AppearanceDrawTests {
  static func openScene(_ p: Preset) -> Scene {
    var scene = Scene(preset: p)
    scene.send(.pointerDown(scene.mainCenter))
    scene.send(.pointerUp(scene.mainCenter))
    scene.advance(to: 2)
    return scene
  }

  static func draw(_ scene: Scene) -> DrawList {
    var dl = DrawList()
    SceneDrawer.draw(
      scene, view: ViewTransform(x: 0, y: 0, scale: 1), into: &dl, icons: IconSet(),
      options: SceneDrawOptions(touches: false))
    return dl
  }

  /// The radii of the filled circles of exactly colour `c`.
  static func circles(_ dl: DrawList, _ c: RGBA) -> [(x: Double, y: Double, r: Double)] {
    dl.finished.compactMap {
      guard case .fill(.circle(let x, let y, let r), let p) = $0, p == c else { return nil }
      return (x, y, r)
    }
  }

  @Test func aThemedItemIsFilledWithItsColourAndADefaultOneAsToday() throws {
    var p = Preset.seedDefault
    p.fan.items = [ItemLook(fill: HexColor(rgb: 0x0A84FF), size: 64)]
    let scene = Self.openScene(p)
    let dl = Self.draw(scene)
    let items = scene.fanItems(at: scene.now)
    let themed = Self.circles(dl, RGBA(0x0A, 0x84, 0xFF))
    #expect(themed.count == 1)
    #expect(abs(themed[0].x - items[0].center.x) < 1e-6 && abs(themed[0].r - 32) < 1e-6)
    // item 1 keeps today's green at today's 50 pt
    let green = Self.circles(dl, RGBA(0x34, 0xC7, 0x59))
    #expect(green.count == 1 && abs(green[0].r - 25) < 1e-6)
    #expect(Palette.items[1] == RGBA(0x34, 0xC7, 0x59))
    // nothing is orange any more: item 0 has its own fill
    #expect(Self.circles(dl, RGBA(0xFF, 0x95, 0x00)).isEmpty)
  }

  @Test func theBuiltInLookIsTodaysPalette() {
    #expect(
      Palette.items.map { [$0.r, $0.g, $0.b] } == [
        [0xFF, 0x95, 0x00], [0x34, 0xC7, 0x59], [0xFF, 0x2D, 0x55], [0xAF, 0x52, 0xDE],
        [0x30, 0xB0, 0xC7],
      ])
    #expect(Palette.main == RGBA(0x00, 0x7A, 0xFF) && Palette.bubble == RGBA(0x58, 0x56, 0xD6))
    #expect(Palette.screen == RGBA(0xF2, 0xF2, 0xF7))
  }

  @Test func theMainButtonBubbleBadgeAndDimTakeTheirColours() {
    var p = Preset.seedDefault
    p.fan.mainFill = HexColor(rgb: 0x1C1C1E)
    p.bubble.fill = HexColor(rgb: 0x123456)
    p.bubble.badge = "3"
    p.bubble.badgeFill = HexColor(rgb: 0xFFD60A)
    p.bubble.badgeTint = HexColor(rgb: 0x000000)
    p.fan.backdropDim = 0.5
    p.fan.dimColor = HexColor(rgb: 0x001122)
    let dl = Self.draw(Self.openScene(p))
    #expect(Self.circles(dl, RGBA(0x1C, 0x1C, 0x1E)).count == 1)
    #expect(Self.circles(dl, RGBA(0x12, 0x34, 0x56)).count == 1)
    #expect(Self.circles(dl, RGBA(0xFF, 0xD6, 0x0A)).count == 1)
    #expect(
      dl.finished.contains {
        if case .text("3", _, _, _, let c, _) = $0 { return c == RGBA(0, 0, 0) }
        return false
      })
    #expect(
      dl.finished.contains {
        if case .fill(.polygon, let c) = $0 { return c == RGBA(0x00, 0x11, 0x22, 0x80) }
        return false
      })
  }

  @Test func labelsShowBesideOpenItemsAndFadeWithThem() throws {
    let p = shipped("themed-speed-dial.json")
    let scene = Self.openScene(p)
    let dl = Self.draw(scene)
    let texts = dl.finished.compactMap { cmd -> (String, Double)? in
      if case .text(let s, let x, _, _, _, _) = cmd { return (s, x) }
      return nil
    }
    for i in 0..<p.fan.count {
      let label = p.fan.label(i)
      let t = try #require(texts.first { $0.0 == label }, "\(label) not drawn")
      // the main button is in the right half: labels sit left of their items
      #expect(t.1 < scene.fanItems(at: scene.now)[i].center.x - 24)
    }
    // collapsed: no labels
    let closed = Self.draw(Scene(preset: p))
    #expect(
      !closed.finished.contains {
        if case .text("Scan", _, _, _, _, _) = $0 { true } else { false }
      })
  }

  @Test func aLargerItemIsHitWhereItIsDrawn() {
    var p = Preset.seedDefault
    p.fan.items = [ItemLook(size: 100)]
    let scene = Self.openScene(p)
    let c = scene.fanItems(at: scene.now)[0].center
    // 45 pt from the centre: inside the 100 pt item, outside the 56 pt hit size
    #expect(scene.hitTest(c + Point(0, 45)) == .fanItem(0))
    #expect(scene.fan.itemHitRadius(0) == 50 && scene.fan.itemHitRadius(1) == 28)
  }
}

/// Loads a shipped preset.
private func shipped(_ name: String) -> Preset {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  return try! PresetReader.load(path: root.appendingPathComponent("presets/\(name)").path)
}
