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

  /// A dot moving in one corner while a label changes in the opposite one
  /// (the fan and the panel's time) is two small boxes, not a full redraw.
  @Test func changesInFarCornersRedrawTwoSmallBoxesNotTheFrame() {
    func frame(dotX: Double, label: String) -> DrawList {
      var dl = DrawList()
      dl.fillCircle(cx: dotX, cy: 280, r: 10, RGBA(0, 122, 255))
      dl.text(label, x: 330, y: 5, size: 14, color: RGBA(255, 255, 255))
      return dl
    }
    let boxes = Self.damage(
      frame(dotX: 20, label: "Time 0.00 s"), frame(dotX: 24, label: "Time 0.10 s"))
    #expect(boxes.count == 2, "\(boxes)")
    #expect(boxes.reduce(0) { $0 + $1.area } < 400 * 300 / 10, "\(boxes)")
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

  /// One command more early on (an icon appears on a moving item) and a
  /// changed label late (the panel's time): what lies between stays clean.
  @Test func anInsertionAndALaterChangeLeaveWhatIsBetweenClean() {
    func frame(extra: Bool, label: String) -> DrawList {
      var dl = DrawList()
      dl.fillCircle(cx: 20, cy: 280, r: 10, RGBA(0, 122, 255))
      if extra { dl.fillCircle(cx: 40, cy: 280, r: 5, RGBA(255, 0, 0)) }
      dl.fillRoundedRect(PixelRect(x: 150, y: 100, w: 100, h: 100), radius: 8, RGBA(9, 9, 9))
      dl.text(label, x: 330, y: 5, size: 14, color: RGBA(255, 255, 255))
      return dl
    }
    let boxes = Self.damage(
      frame(extra: false, label: "Time 0.00 s"), frame(extra: true, label: "Time 0.10 s"))
    #expect(boxes.contains { $0.intersects(PixelBox(x0: 38, y0: 278, x1: 42, y1: 282)) })
    #expect(boxes.contains { $0.intersects(PixelBox(x0: 330, y0: 5, x1: 340, y1: 15)) })
    #expect(
      !boxes.contains { $0.intersects(PixelBox(x0: 150, y0: 100, x1: 250, y1: 200)) }, "\(boxes)")
  }
}
