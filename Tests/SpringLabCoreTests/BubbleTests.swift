import Foundation
import Testing

@testable import SpringLabCore

@Suite("Bubble")
struct BubbleTests {
  /// iPhone 15 portrait with the seed-002 bubble: centre bounds x 36…357, y 95…782.
  func scene(_ edit: (inout Preset) -> Void = { _ in }) -> Scene {
    var p = shipped("seed-002-bubble.json")
    edit(&p)
    return Scene(preset: p)
  }

  func bounds(_ s: Scene, keyboard: Double = 0) -> (
    minX: Double, maxX: Double, minY: Double, maxY: Double
  ) {
    BubbleSnap.bounds(
      device: s.device, size: s.preset.bubble.size, margin: s.preset.bubble.margin,
      keyboard: keyboard)
  }

  /// Press at the bubble's centre, move to `to` in `steps` moves spread over `over` seconds, release there.
  func drag(_ s: inout Scene, by d: Point, over: Double = 0.5, steps: Int = 10) {
    let start = s.bubble.center(at: s.now)
    let t0 = s.now
    s.send(.pointerDown(start))
    for k in 1...steps {
      s.advance(to: t0 + over * Double(k) / Double(steps))
      s.send(.pointerMove(start + d * (Double(k) / Double(steps))))
    }
    s.send(.pointerUp(start + d))
  }

  @Test func startsWhereTheSeedPutsIt() {
    let s = scene()
    #expect(s.bubble.center(at: 0) == Point(36, 248))
    let b = bounds(s)
    #expect(b.minX == 36 && b.maxX == 357 && b.minY == 95 && b.maxY == 782)
  }

  @Test(
    "moved 9.9 pt is a tap, 10.1 pt a drag",
    arguments: [
      (Point(9.9, 0), true), (Point(10.1, 0), false), (Point(4.9, -5), true),
      (Point(-5, 5.1), false),
    ])
  func tapDistanceEdge(_ move: Point, _ tap: Bool) {
    var s = scene()
    s.advance(to: 1)
    drag(&s, by: move, over: 0.5)
    #expect(s.bubble.menuOpen == tap, "moved \(move)")
    #expect(
      s.bubble.phase == .snapping, "a drag snaps; a tap that nudged the bubble springs it back")
    s.advance(to: s.now + 1)
    if tap {
      #expect(s.bubble.center(at: s.now) == Point(36, 248), "a tap leaves the bubble where it was")
    }
  }

  @Test func aTapThatDidNotMoveLeavesTheBubbleIdle() {
    var s = scene()
    s.advance(to: 1)
    s.tap(s.bubble.center(at: 1))
    #expect(s.bubble.phase == .idle && s.bubble.menuOpen)
  }

  @Test func aSecondPressWhileHeldEndsTheFirst() {
    var s = scene()
    s.advance(to: 1)
    let c = s.bubble.center(at: 1)
    s.send(.pointerDown(c))
    s.advance(to: 1.2)
    s.send(.pointerMove(c + Point(200, 300)))
    #expect(s.bubble.phase == .dragging)
    // the release was lost; a new press arrives elsewhere
    s.send(.pointerDown(Point(200, 100)))
    #expect(s.bubble.phase == .snapping)
    s.send(.pointerUp(Point(200, 100)))
    s.advance(to: 3)
    #expect(s.bubble.phase == .idle)
    #expect(s.bubble.center(at: 3) == Point(357, 548))
  }

  @Test func keyboardDuringASnapKeepsTheSnapsSide() {
    var s = scene()
    s.advance(to: 1)
    drag(&s, by: Point(250, 500), over: 0.3)  // released at (286, 748) → heading for x 357
    s.advance(to: s.now + 0.05)
    s.send(.command(.toggleKeyboard))
    s.advance(to: s.now + 2)
    let b = bounds(s, keyboard: 336)
    // why: the main button slid up above the keyboard too; the bubble rests above it
    let clear = BubbleSnap.clear(
      Point(b.maxX, b.maxY), radius: 28, of: s.mainButton, gap: 8, bounds: b)
    #expect(clear.x == b.maxX && clear.y < b.maxY)
    #expect(s.bubble.center(at: s.now) == clear)
    s.send(.command(.toggleKeyboard))
    s.advance(to: s.now + 2)
    #expect(s.bubble.center(at: s.now) == Point(357, 748), "back to the former y, on its side")
  }

  @Test(
    "released at 0.19 s vs 0.21 s having moved 12 pt", arguments: [(0.19, true), (0.21, false)])
  func quickTapEdge(_ after: Double, _ tap: Bool) {
    var s = scene()
    s.advance(to: 1)
    let c = s.bubble.center(at: 1)
    s.send(.pointerDown(c))
    s.advance(to: 1 + after / 2)
    s.send(.pointerMove(c + Point(6, 6)))
    s.advance(to: 1 + after)
    s.send(.pointerUp(c + Point(6, 6)))
    #expect(s.bubble.menuOpen == tap)
  }

  @Test func movedIsTheLargestExcursionNotTheFinalOffset() {
    var s = scene()
    s.advance(to: 1)
    let c = s.bubble.center(at: 1)
    s.send(.pointerDown(c))
    s.advance(to: 1.3)
    s.send(.pointerMove(c + Point(0, 30)))
    s.advance(to: 1.6)
    s.send(.pointerMove(c))
    s.send(.pointerUp(c))
    #expect(!s.bubble.menuOpen, "went 30 pt away and back: a drag")
    #expect(s.bubble.moved == 30)
  }

  @Test func dragFollowsThePointerClampedInside() {
    var s = scene()
    s.advance(to: 1)
    let c = s.bubble.center(at: 1)
    // grab off-centre: the offset is kept
    s.send(.pointerDown(c + Point(10, 0)))
    s.advance(to: 1.1)
    s.send(.pointerMove(c + Point(110, 50)))
    #expect(s.bubble.phase == .dragging)
    #expect(near(s.bubble.center(at: 1.1), c + Point(100, 50), 1e-9))
    s.advance(to: 1.2)
    s.send(.pointerMove(Point(-500, -500)))
    #expect(s.bubble.center(at: 1.2) == Point(36, 95))
    s.send(.pointerMove(Point(5000, 5000)))
    #expect(s.bubble.center(at: 1.2) == Point(357, 782))
  }

  @Test func releaseSnapsToTheNearerSideKeepingY() {
    for (to, wantX) in [
      (Point(250, 400), 357.0), (Point(150, 400), 36.0), (Point(196, 500), 36.0),
      (Point(197, 500), 357.0),
    ] {
      var s = scene()
      s.advance(to: 1)
      drag(&s, by: to - s.bubble.center(at: 1), over: 0.5)
      let t = s.now
      #expect(s.bubble.phase == .snapping)
      // the snap starts from where the bubble is: no jump
      #expect(near(s.bubble.center(at: t), to, 1e-9))
      s.advance(to: t + 0.35)
      #expect(s.bubble.phase == .idle)
      #expect(s.bubble.center(at: s.now) == Point(wantX, to.y), "\(to)")
      // during the snap y never moves
      #expect(s.bubble.center(at: t + 0.1).y == to.y || s.bubble.phase == .idle)
    }
  }

  @Test func snapIsExactAtItsDuration() {
    var s = scene()
    s.advance(to: 1)
    drag(&s, by: Point(200, 100), over: 0.3)
    let t = s.now
    let b = s.bubble
    #expect(b.center(at: t + 0.35) == Point(357, 348))
    #expect(b.center(at: t + 0.2).x != 357)
  }

  @Test func releaseAboveTheTopIsClampedInY() {
    var s = scene()
    s.advance(to: 1)
    drag(&s, by: Point(50, -400), over: 0.5)
    s.advance(to: s.now + 1)
    #expect(s.bubble.center(at: s.now) == Point(36, 95))
  }

  @Test func snapModes() {
    let b = (minX: 36.0, maxX: 357.0, minY: 95.0, maxY: 782.0)
    #expect(
      BubbleSnap.target(
        from: Point(200, 120), velocity: Point(0, 0), mode: .edges, deceleration: 0.998, bounds: b)
        == Point(200, 95))
    #expect(
      BubbleSnap.target(
        from: Point(340, 500), velocity: Point(0, 0), mode: .edges, deceleration: 0.998, bounds: b)
        == Point(357, 500))
    #expect(
      BubbleSnap.target(
        from: Point(200, 770), velocity: Point(0, 0), mode: .edges, deceleration: 0.998, bounds: b)
        == Point(200, 782))
    #expect(
      BubbleSnap.target(
        from: Point(300, 700), velocity: Point(0, 0), mode: .corner, deceleration: 0.998, bounds: b
      ) == Point(357, 782))
    #expect(
      BubbleSnap.target(
        from: Point(100, 200), velocity: Point(0, 0), mode: .corner, deceleration: 0.998, bounds: b
      ) == Point(36, 95))
    // fling: projection v/1000 · d/(1−d) = −1000 · 0.499 → far to the left of the middle
    #expect(near(BubbleSnap.projection(velocity: -1000, deceleration: 0.998), -499, 1e-9))
    #expect(
      BubbleSnap.target(
        from: Point(250, 400), velocity: Point(-1000, 0), mode: .fling, deceleration: 0.998,
        bounds: b) == Point(36, 400))
    #expect(
      BubbleSnap.target(
        from: Point(250, 400), velocity: Point(0, 0), mode: .fling, deceleration: 0.998, bounds: b)
        == Point(357, 400))
    // fling projects y too, clamped
    #expect(
      BubbleSnap.target(
        from: Point(100, 400), velocity: Point(0, 5000), mode: .fling, deceleration: 0.998,
        bounds: b) == Point(36, 782))
    let slow = BubbleSnap.target(
      from: Point(100, 400), velocity: Point(0, 200), mode: .fling, deceleration: 0.998, bounds: b)
    #expect(slow.x == 36 && abs(slow.y - 499.8) < 1e-9)
  }

  @Test func aFlingInTheSceneUsesTheReleaseVelocity() {
    var s = scene { $0.bubble.snapMode = .fling }
    s.advance(to: 1)
    // drag slowly to the right half, then flick left in the last 50 ms
    drag(&s, by: Point(250, 0), over: 1.0, steps: 20)
    s.advance(to: s.now + 1)
    #expect(s.bubble.center(at: s.now).x == 357, "a slow release on the right stays right")
    let c = s.bubble.center(at: s.now)
    let t0 = s.now
    s.send(.pointerDown(c))
    s.advance(to: t0 + 0.5)
    s.send(.pointerMove(c + Point(-40, 0)))
    s.advance(to: t0 + 0.55)
    s.send(.pointerMove(c + Point(-90, 0)))
    s.send(.pointerUp(c + Point(-90, 0)))
    s.advance(to: s.now + 1)
    #expect(
      s.bubble.center(at: s.now).x == 36,
      "a flick to the left lands left although released right of the middle")
  }

  @Test func rotationReclampKeepsItInsideAndOnItsSide() {
    var s = scene()
    s.advance(to: 1)
    drag(&s, by: Point(400, 600), over: 0.5)  // to the bottom-right
    s.advance(to: s.now + 1)
    #expect(s.bubble.center(at: s.now) == Point(357, 782))
    s.send(.command(.rotate))
    #expect(s.device.landscape)
    s.advance(to: s.now + 1)
    let b = bounds(s)
    let c = s.bubble.center(at: s.now)
    #expect(c.x >= b.minX && c.x <= b.maxX && c.y >= b.minY && c.y <= b.maxY, "\(c) inside \(b)")
    #expect(
      c.x == b.maxX, "a bubble on the right edge stays on the right edge after rotating (\(c))")
    // why: the landscape bottom-right corner is the main button's; the bubble rests above it
    let m = s.mainButton
    #expect(c.y < m.center.y && hypot(c.x - m.center.x, c.y - m.center.y) >= 28 + m.radius)
    s.send(.command(.rotate))
    s.advance(to: s.now + 1)
    let b2 = bounds(s)
    let c2 = s.bubble.center(at: s.now)
    #expect(c2.x == b2.maxX)
  }

  @Test func rotationMidSnapEndsInside() {
    var s = scene()
    s.advance(to: 1)
    drag(&s, by: Point(300, 600), over: 0.3)
    s.advance(to: s.now + 0.1)
    s.send(.command(.rotate))
    s.advance(to: s.now + 2)
    let b = bounds(s)
    let c = s.bubble.center(at: s.now)
    #expect(c.x >= b.minX && c.x <= b.maxX && c.y >= b.minY && c.y <= b.maxY)
    #expect(c.x == b.minX || c.x == b.maxX)
  }

  @Test func deviceChangeReclamps() {
    var s = scene()
    s.advance(to: 1)
    drag(&s, by: Point(0, 700), over: 0.3)
    s.advance(to: s.now + 1)
    #expect(s.bubble.center(at: s.now).y == 782)
    s.send(.setDevice(.iphoneSE))
    s.advance(to: s.now + 1)
    let b = bounds(s)
    #expect(s.bubble.center(at: s.now) == Point(b.minX, b.maxY))
    #expect(b.maxY == 667 - 8 - 28)
  }

  @Test func keyboardRoundTrip() {
    var s = scene()
    s.advance(to: 1)
    drag(&s, by: Point(0, 452), over: 0.3)  // to y 700
    s.advance(to: s.now + 1)
    #expect(s.bubble.center(at: s.now) == Point(36, 700))
    let t = s.now
    s.send(.command(.toggleKeyboard))
    #expect(s.keyboardShown)
    s.advance(to: t + Scene.keyboardDuration)
    #expect(s.keyboardHeight(at: s.now) == 336)
    let above = bounds(s, keyboard: 336).maxY
    #expect(above == 852 - 336 - 8 - 28)
    #expect(s.bubble.center(at: s.now) == Point(36, above), "moved above the keyboard")
    s.advance(to: s.now + 1)
    s.send(.command(.toggleKeyboard))
    s.advance(to: s.now + 1)
    #expect(s.keyboardHeight(at: s.now) == 0)
    #expect(s.bubble.center(at: s.now) == Point(36, 700), "back to the former y")
  }

  @Test func keyboardLeavesAHighBubbleAlone() {
    var s = scene()
    s.advance(to: 1)
    s.send(.command(.toggleKeyboard))
    s.advance(to: 2)
    #expect(s.bubble.center(at: 2) == Point(36, 248))
    #expect(s.bubble.phase == .idle)
    s.send(.command(.toggleKeyboard))
    s.advance(to: 3)
    #expect(s.bubble.center(at: 3) == Point(36, 248))
  }

  @Test func aBubbleDraggedWhileTheKeyboardShowsStaysAboveIt() {
    var s = scene()
    s.send(.command(.toggleKeyboard))
    s.advance(to: 1)
    drag(&s, by: Point(300, 600), over: 0.3)
    s.advance(to: s.now + 1)
    let b = bounds(s, keyboard: 336)
    #expect(s.bubble.center(at: s.now) == Point(b.maxX, b.maxY))
  }

  @Test func cornersOfTheSquarePassThrough() {
    var s = scene()
    let c = s.bubble.center(at: 0)
    #expect(s.hitTest(c) == .bubble)
    #expect(s.hitTest(c + Point(27.9, 0)) == .bubble)
    #expect(s.hitTest(c + Point(19, 19)) == .bubble)
    #expect(s.hitTest(c + Point(26, 26)) == nil, "the square's corner is not the bubble")
    #expect(s.hitTest(c + Point(-26, -26)) == nil)
    // a press in the corner does not start a drag
    s.send(.pointerDown(c + Point(25, 25)))
    s.send(.pointerMove(c + Point(125, 125)))
    #expect(s.bubble.phase == .idle)
    #expect(s.bubble.center(at: 0) == c)
  }

  @Test func longPressDismissesAndShowBubbleRestores() {
    var s = scene()
    s.advance(to: 1)
    let c = s.bubble.center(at: 1)
    s.send(.pointerDown(c))
    s.advance(to: 1.599)
    #expect(s.bubble.phase == .idle)
    s.advance(to: 1.6)
    #expect(s.bubble.phase == .hidden)
    #expect(s.hitTest(c) == nil)
    #expect(s.targetPoint("bubble", index: nil) == nil)
    s.send(.pointerUp(c))
    #expect(s.bubble.phase == .hidden)
    #expect(!s.bubble.menuOpen, "the release of a long press is not a tap")
    #expect(s.traceObject()["bubble"]?["phase"] == .string("hidden"))
    s.send(.command(.showBubble))
    #expect(s.bubble.phase == .idle)
    #expect(s.bubble.center(at: s.now) == c)
    #expect(s.hitTest(c) == .bubble)
  }

  @Test func aLongPressThatJumpsTimeFiresAtItsExactTime() {
    var s = scene()
    s.advance(to: 1)
    s.send(.pointerDown(s.bubble.center(at: 1)))
    s.advance(to: 10)
    #expect(s.bubble.phase == .hidden)
  }

  @Test func movingCancelsTheLongPress() {
    var s = scene()
    s.advance(to: 1)
    let c = s.bubble.center(at: 1)
    s.send(.pointerDown(c))
    s.advance(to: 1.3)
    s.send(.pointerMove(c + Point(0, 40)))
    s.advance(to: 2.5)
    #expect(s.bubble.phase == .dragging)
  }

  @Test func menuOpensAwayFromItsEdge() {
    var s = scene()
    s.advance(to: 1)
    s.tap(s.bubble.center(at: 1))
    #expect(s.bubble.menuOpen)
    s.advance(to: 1.25)
    #expect(s.bubble.menuProgress(at: 1.25) == 1)
    let left = s.bubbleMenuLayout(at: s.now)
    let c = s.bubble.center(at: s.now)
    #expect(left.x > c.x + s.bubble.radius, "left edge → opens to the right")
    #expect(left.x + left.w <= s.device.width)
    #expect(s.hitTest(left.items[0]) == .bubbleMenu(0))
    // close, move to the right edge, open again
    s.tap(s.bubble.center(at: s.now))
    #expect(!s.bubble.menuOpen)
    s.advance(to: 2)
    drag(&s, by: Point(300, 0), over: 0.3)
    s.advance(to: s.now + 1)
    #expect(s.bubble.center(at: s.now).x == 357)
    s.tap(s.bubble.center(at: s.now))
    #expect(s.bubble.menuOpen)
    let right = s.bubbleMenuLayout(at: s.now)
    #expect(right.x + right.w < 357 - 28, "right edge → opens to the left")
    #expect(right.x >= 0)
  }

  @Test func menuItemTapClosesAndToasts() {
    var s = scene()
    s.advance(to: 1)
    s.tap(s.bubble.center(at: 1))
    s.advance(to: 1.5)
    let p = s.targetPoint("bubble.menu", index: 1)!
    s.tap(p)
    #expect(!s.bubble.menuOpen)
    #expect(s.toast?.text == "Search tapped")
    s.advance(to: 1.7)
    #expect(s.bubble.menuProgress(at: 1.7) == 0)
  }

  @Test func restoreClampsARememberedPosition() {
    var s = scene()
    s.restoreBubble(Point(-100, 5000))
    #expect(s.bubble.center(at: 0) == Point(36, 782))
  }

  @Test func idleFade() {
    var s = scene {
      $0.bubble.idleDelay = 3
      $0.bubble.idleAlpha = 0.5
    }
    #expect(s.bubble.alpha(at: 2.9) == 1)
    #expect(near(s.bubble.alpha(at: 3.3), 0.5, 1e-12))
    s.advance(to: 4)
    s.tap(s.bubble.center(at: 4))
    #expect(s.bubble.alpha(at: 4.1) == 1, "a touch restores it")
  }

  @Test func aBubbleMovedWhileTheKeyboardShowsStaysWhereItWasPut() {
    var s = scene()
    s.advance(to: 1)
    drag(&s, by: Point(0, 452), over: 0.3)  // to y 700
    s.advance(to: s.now + 1)
    s.send(.command(.toggleKeyboard))
    s.advance(to: s.now + 1)
    #expect(s.bubble.center(at: s.now).y == 480)
    // the user puts it somewhere else while the keyboard shows
    drag(&s, by: Point(0, -280), over: 0.3)  // to y 200
    s.advance(to: s.now + 1)
    #expect(s.bubble.center(at: s.now) == Point(36, 200))
    s.send(.command(.toggleKeyboard))
    s.advance(to: s.now + 1)
    #expect(
      s.bubble.center(at: s.now) == Point(36, 200),
      "the keyboard hiding must not undo the user's move")
  }

  @Test func aHiddenBubbleRotatedComesBackOnItsSide() {
    var s = scene()
    s.advance(to: 1)
    drag(&s, by: Point(300, 0), over: 0.3)
    s.advance(to: s.now + 1)
    #expect(s.bubble.center(at: s.now) == Point(357, 248))
    s.send(.pointerDown(Point(357, 248)))
    s.advance(to: s.now + 1)  // long press: hidden
    s.send(.pointerUp(Point(357, 248)))
    #expect(s.bubble.phase == .hidden)
    s.send(.command(.rotate))
    s.send(.command(.showBubble))
    let b = bounds(s)
    // why: y 248 on the landscape right edge touches the main button; it rests just above it
    let clear = BubbleSnap.clear(
      Point(b.maxX, 248), radius: 28, of: s.mainButton, gap: 8, bounds: b)
    #expect(clear.x == b.maxX && clear.y < 248)
    #expect(s.bubble.center(at: s.now) == clear, "on the right edge of the landscape screen")
  }

  @Test(
    "rotating while the bubble is held keeps its resting place on its side",
    arguments: [false, true])
  func rotateWhileHeld(_ longPress: Bool) {
    var s = scene()
    s.advance(to: 1)
    drag(&s, by: Point(300, 0), over: 0.3)
    s.advance(to: s.now + 1)
    let c = s.bubble.center(at: s.now)
    #expect(c == Point(357, 248))
    s.send(.pointerDown(c))
    s.send(.pointerMove(c + Point(2, 0)))
    s.advance(to: s.now + 0.1)
    s.send(.command(.rotate))
    if longPress {
      s.advance(to: s.now + 1)
      #expect(s.bubble.phase == .hidden)
      s.send(.pointerUp(c))
      s.send(.command(.showBubble))
    } else {
      s.send(.pointerUp(c + Point(2, 0)))
    }
    s.advance(to: s.now + 1)
    let b = bounds(s)
    let clear = BubbleSnap.clear(
      Point(b.maxX, 248), radius: 28, of: s.mainButton, gap: 8, bounds: b)
    #expect(s.bubble.center(at: s.now) == clear && clear.x == b.maxX)
  }

  @Test func twoRotationsInOneInstantLeaveTheBubbleWhereItWas() {
    var s = scene()
    s.advance(to: 1)
    #expect(s.bubble.center(at: 1) == Point(36, 248))
    s.send(.command(.rotate))
    s.send(.command(.rotate))
    s.advance(to: 3)
    #expect(!s.device.landscape)
    #expect(s.bubble.center(at: 3) == Point(36, 248), "not carried on to the landscape edge x 95")
  }
}
