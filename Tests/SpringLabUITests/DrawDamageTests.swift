import Testing

@testable import SpringLabUI

/// What a changed draw list dirties (the regions a renderer redraws).
@Suite("Draw damage")
struct DrawDamageTests {
  static func measure(_ s: String, _ size: Double) -> (Double, Double) {
    (Double(s.count) * size * 0.6, size * 1.2)
  }

  static func damage(_ a: DrawList?, _ b: DrawList) -> [PixelBox] {
    DrawDamage.between(a, b, width: 400, height: 300, measure: measure)
  }

  static func scene(dotX: Double, label: String = "Time 0.00 s") -> DrawList {
    var dl = DrawList()
    dl.fillRoundedRect(PixelRect(x: 20, y: 20, w: 200, h: 260), radius: 30, RGBA(20, 20, 20))
    dl.clip(PixelRect(x: 30, y: 30, w: 180, h: 240))
    dl.fillCircle(cx: dotX, cy: 100, r: 10, RGBA(0, 122, 255))
    dl.clip(nil)
    dl.text(label, x: 250, y: 20, size: 14, color: RGBA(255, 255, 255))
    return dl
  }

  @Test func noOldFrameOrANewClearColourIsAFullRedraw() {
    let full = [PixelBox(x0: 0, y0: 0, x1: 400, y1: 300)]
    #expect(Self.damage(nil, Self.scene(dotX: 50)) == full)
    var other = Self.scene(dotX: 50)
    other.clearColor = RGBA(1, 2, 3)
    #expect(Self.damage(Self.scene(dotX: 50), other) == full)
  }

  @Test func anUnchangedFrameDirtiesNothing() {
    #expect(Self.damage(Self.scene(dotX: 50), Self.scene(dotX: 50)).isEmpty)
  }

  @Test func aMovedDotDirtiesItsOldAndNewPlaceOnly() {
    let boxes = Self.damage(Self.scene(dotX: 50), Self.scene(dotX: 58))
    #expect(!boxes.isEmpty)
    let union = boxes.reduce(PixelBox(x0: 0, y0: 0, x1: 0, y1: 0)) { $0.union($1) }
    // the old disc (39…61) and the new one (47…69), plus a pixel of fringe
    #expect(union == PixelBox(x0: 39, y0: 89, x1: 69, y1: 111))
    // the label did not change, so it is not in the damage
    #expect(!boxes.contains { $0.intersects(PixelBox(x0: 250, y0: 20, x1: 300, y1: 40)) })
  }

  @Test func aChangedLabelDirtiesOnlyTheLabel() {
    let boxes = Self.damage(Self.scene(dotX: 50), Self.scene(dotX: 50, label: "Time 0.10 s"))
    #expect(boxes.count == 1)
    #expect(boxes[0].x0 >= 245 && boxes[0].y0 >= 15 && boxes[0].y1 <= 45)
  }

  @Test func damageIsClippedToTheActiveClip() {
    // a dot mostly outside the clip dirties only the part inside it
    let boxes = Self.damage(Self.scene(dotX: 30), Self.scene(dotX: 32))
    #expect(boxes.allSatisfy { $0.x0 >= 30 })
  }

  @Test func aCommandInsertedInTheMiddleDirtiesTheRestOfTheMiddle() {
    var a = DrawList()
    var b = DrawList()
    a.fillCircle(cx: 10, cy: 10, r: 5, RGBA(255, 0, 0))
    a.fillCircle(cx: 200, cy: 200, r: 5, RGBA(255, 0, 0))
    b.fillCircle(cx: 10, cy: 10, r: 5, RGBA(255, 0, 0))
    b.fillCircle(cx: 100, cy: 100, r: 5, RGBA(0, 255, 0))
    b.fillCircle(cx: 200, cy: 200, r: 5, RGBA(255, 0, 0))
    let boxes = Self.damage(a, b)
    #expect(boxes.contains { $0.intersects(PixelBox(x0: 98, y0: 98, x1: 102, y1: 102)) })
    #expect(!boxes.contains { $0.intersects(PixelBox(x0: 8, y0: 8, x1: 12, y1: 12)) })
  }
}
