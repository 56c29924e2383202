import Testing

@testable import SpringLabCore
@testable import SpringLabUI

@Suite("Scene drawing")
struct SceneDrawerTests {
  /// Centre of the filled circle whose RGB is `c`, and how many such circles there are.
  static func centroid(_ dl: DrawList, rgb c: RGBA) -> (Double, Double, Int)? {
    var found: [(Double, Double)] = []
    for cmd in dl.finished {
      guard case .fill(.circle(let x, let y, _), let p) = cmd,
        p.r == c.r && p.g == c.g && p.b == c.b && p.a > 0
      else { continue }
      found.append((x, y))
    }
    return found.first.map { ($0.0, $0.1, found.count) }
  }

  @Test func theFanAt0_2sDrawsNCirclesAtTheExpectedCentres() throws {
    var scene = Scene(preset: .seedDefault)
    scene.send(.pointerDown(scene.mainCenter))
    scene.send(.pointerUp(scene.mainCenter))
    scene.advance(to: 0.2)
    let view = ViewTransform(x: 40, y: 20, scale: 0.8)
    var dl = DrawList()
    SceneDrawer.draw(
      scene, view: view, into: &dl, icons: IconSet(), options: SceneDrawOptions(touches: false))
    let items = scene.fanItems(at: 0.2)
    #expect(items.count == 5)
    for (i, it) in items.enumerated() {
      let (ex, ey) = view.toPixels(it.center)
      let c = try #require(Self.centroid(dl, rgb: Palette.items[i]), "item \(i) not drawn")
      #expect(abs(c.0 - ex) < 0.05 && abs(c.1 - ey) < 0.05, "item \(i): \(c) vs \(ex), \(ey)")
      #expect(c.2 == 1, "item \(i) should be one true circle, not a tessellation")
    }
  }

  @Test func collapsedItemsAreNotDrawn() {
    let scene = Scene(preset: .seedDefault)
    var dl = DrawList()
    SceneDrawer.draw(scene, view: ViewTransform(x: 0, y: 0, scale: 1), into: &dl, icons: IconSet())
    for c in Palette.items { #expect(Self.centroid(dl, rgb: c) == nil) }
  }

  @Test func fitCentresTheDevice() {
    let v = SceneDrawer.fit(
      device: .iPhone15, in: PixelRect(x: 0, y: 0, w: 1000, h: 1000), margin: 0)
    #expect(abs(v.x + 393 * v.scale / 2 - 500) <= 1)
    #expect(abs(v.y + 852 * v.scale / 2 - 500) <= 1)
  }
}
