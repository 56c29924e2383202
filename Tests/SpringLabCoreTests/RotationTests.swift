import Foundation
import Testing

@testable import SpringLabCore

/// Rotating the device (O) never leaves the bubble on the fan's main button
/// (#23: in landscape it landed there), wherever the bubble was.
@Suite("Rotation")
struct RotationTests {
  /// Seeded random bubble places on every device, both ways round, with
  /// and without the keyboard: after one rotation (and after a second) the
  /// bubble comes to rest clear of the main button and inside the screen.
  @Test func theBubbleNeverLandsOnTheMainButton() {
    let seed: UInt64 = 0x23_0A7E
    print("RotationTests seed \(seed)")
    var rng = SplitMix(seed: seed)
    var checked = 0
    for model in DeviceModel.allCases {
      for start in [Orientation.portrait, .landscape] {
        for _ in 0..<40 {
          var p = Preset.seedDefault
          p.device = model
          p.orientation = start
          var s = Scene(preset: p)
          let d = s.device
          s.restoreBubble(Point(rng.unit() * d.width, rng.unit() * d.height))
          let keyboard = rng.unit() < 0.25
          if keyboard { s.send(.command(.toggleKeyboard)) }
          s.advance(to: 0.5)
          for turn in 1...2 {
            s.send(.command(.rotate))
            s.advance(to: s.now + 2)
            let c = s.bubble.center(at: s.now)
            let m = s.mainButton
            let gap = hypot(c.x - m.center.x, c.y - m.center.y) - s.bubble.radius - m.radius
            #expect(
              gap >= 0,
              "seed \(seed) \(model) from \(start) turn \(turn) keyboard \(keyboard): bubble \(c) on the button \(m.center) (gap \(gap))"
            )
            let b = BubbleSnap.bounds(
              device: s.device, size: p.bubble.size, margin: p.bubble.margin,
              keyboard: s.keyboardTarget)
            #expect(c.x >= b.minX - 1e-9 && c.x <= b.maxX + 1e-9)
            #expect(c.y >= b.minY - 1e-9 && c.y <= b.maxY + 1e-9)
            checked += 1
          }
        }
      }
    }
    #expect(checked == DeviceModel.allCases.count * 2 * 40 * 2)
  }

  /// O turns the device: from the old orientation's angle to 0 over
  /// `Scene.turnDuration`, eased, in scene time (so two scenes fed the same
  /// input agree exactly); a second O mid-turn carries on from where it is.
  @Test func theDeviceTurnsInSceneTime() {
    var s = Scene(preset: .seedDefault)
    s.advance(to: 1)
    #expect(s.turnAngle(at: s.now) == 0 && !s.isAnimating(at: s.now))
    s.send(.command(.rotate))
    #expect(s.device.landscape)
    #expect(s.turnAngle(at: 1) == -90, "starts looking like the portrait it was")
    let mid = s.turnAngle(at: 1 + Scene.turnDuration / 2)
    #expect(mid > -90 && mid < 0)
    #expect(abs(mid + 45) < 1e-4, "ease-in-out: half way at half time")
    #expect(s.isAnimating(at: 1 + Scene.turnDuration / 2))
    #expect(s.turnAngle(at: 1 + Scene.turnDuration) == 0)
    // the same input gives the same angles
    var twin = Scene(preset: .seedDefault)
    twin.advance(to: 1)
    twin.send(.command(.rotate))
    #expect(twin == s)
    // back to portrait half way: continuous, from -45 + 90
    s.advance(to: 1 + Scene.turnDuration / 2)
    let before = s.turnAngle(at: s.now)
    s.send(.command(.rotate))
    #expect(abs(s.turnAngle(at: s.now) - (before + 90)) < 1e-9)
    s.advance(to: s.now + Scene.turnDuration)
    #expect(s.turnAngle(at: s.now) == 0 && !s.device.landscape)
  }

  /// The place found keeps the bubble's side and moves it the least.
  @Test func clearingMovesAlongTheEdge() {
    let b = (minX: 36.0, maxX: 800.0, minY: 36.0, maxY: 350.0)
    let button = (center: Point(780, 330), radius: 28.0)
    let moved = BubbleSnap.clear(Point(800, 350), radius: 28, of: button, gap: 8, bounds: b)
    #expect(moved == Point(800, 330 - 64))
    let clear = Point(800, 100)
    #expect(BubbleSnap.clear(clear, radius: 28, of: button, gap: 8, bounds: b) == clear)
  }
}

/// The on-screen keyboard (K) lifts the fan's main button above it, as iOS
/// apps lift a floating button, animated with the keyboard (#23: the
/// keyboard covered it).
@Suite("Keyboard lifts the main button")
struct KeyboardLiftTests {
  @Test func theMainButtonSlidesAboveTheKeyboardAndBack() {
    var s = Scene(preset: .seedDefault)
    s.advance(to: 1)
    let rest = s.mainCenter
    let d = s.device
    #expect(rest.y + s.mainButton.radius > d.height - d.keyboard, "covered without the lift")
    s.send(.command(.toggleKeyboard))
    s.advance(to: 1 + Scene.keyboardDuration / 2)
    let mid = s.mainCenter
    #expect(mid.y < rest.y && mid.x == rest.x, "it moves with the keyboard")
    s.advance(to: 1 + Scene.keyboardDuration)
    let lifted = s.mainCenter
    #expect(mid.y > lifted.y)
    // as far above the keyboard as it sat above the screen's bottom inset
    #expect(abs((d.height - d.keyboard) - lifted.y - ((d.height - d.safe.bottom) - rest.y)) < 1e-9)
    #expect(lifted.y + s.mainButton.radius <= d.height - s.keyboardHeight(at: s.now))
    // a tap where it is now opens the fan; the items open around it
    s.send(.pointerDown(lifted))
    s.send(.pointerUp(lifted))
    s.advance(to: s.now + 1)
    #expect(s.fan.phase(at: s.now) == .expanded)
    let first = s.fanItems(at: s.now)[0].center
    #expect(abs(first.y - (lifted.y + s.itemOffsets[0].y)) < 1e-9)
    // the trace says where it is
    if case .object(let fan)? = s.trace(frame: 0, view: ViewTransform(x: 0, y: 0, scale: 1))["fan"],
      case .object(let main)? = fan.first(where: { $0.0 == "main" })?.1,
      case .number(let y)? = main.first(where: { $0.0 == "y" })?.1
    {
      #expect(abs(y - lifted.y) < 0.01)
    } else {
      Issue.record("no fan.main in the trace")
    }
    s.send(.command(.toggleKeyboard))
    s.advance(to: s.now + Scene.keyboardDuration)
    #expect(s.mainCenter == rest)
  }

  /// Seeded bubble places: with the keyboard up, the bubble rests clear of
  /// the lifted button.
  @Test func theBubbleNeverRestsOnTheLiftedButton() {
    let seed: UInt64 = 0x4B_0B0A
    print("KeyboardLiftTests seed \(seed)")
    var rng = SplitMix(seed: seed)
    for model in DeviceModel.allCases {
      for o in [Orientation.portrait, .landscape] {
        for _ in 0..<30 {
          var p = Preset.seedDefault
          p.device = model
          p.orientation = o
          var s = Scene(preset: p)
          let d = s.device
          s.restoreBubble(Point(rng.unit() * d.width, rng.unit() * d.height))
          s.advance(to: 0.5)
          s.send(.command(.toggleKeyboard))
          s.advance(to: s.now + 2)
          let c = s.bubble.center(at: s.now)
          let m = s.mainButton
          let gap = hypot(c.x - m.center.x, c.y - m.center.y) - s.bubble.radius - m.radius
          #expect(gap >= 0, "seed \(seed) \(model) \(o): bubble \(c) on the button \(m.center)")
        }
      }
    }
  }
}
