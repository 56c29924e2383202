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

  /// While the device turns (after O) it is drawn as its turned body:
  /// polygons, no app text; when the turn ends, the screen as always.
  @Test func aTurningDeviceIsDrawnTurned() {
    var scene = Scene(preset: .seedDefault)
    scene.advance(to: 1)
    scene.send(.command(.rotate))
    scene.advance(to: 1 + Scene.turnDuration / 2)
    let v = ViewTransform(x: 0, y: 0, scale: 1)
    var dl = DrawList()
    SceneDrawer.draw(scene, view: v, into: &dl, icons: IconSet())
    let polygons = dl.finished.filter {
      if case .fill(.polygon, _) = $0 { return true } else { return false }
    }
    #expect(polygons.count == 2, "bezel and screen")
    #expect(!dl.finished.contains { if case .text = $0 { true } else { false } })
    // the turned body stays within the resting device's outline (plus bezel)
    for case .fill(.polygon(let pts), _) in dl.finished {
      for p in pts {
        #expect(p.x >= -12.5 && p.x <= scene.device.width + 12.5)
        #expect(p.y >= -12.5 && p.y <= scene.device.height + 12.5)
      }
    }
    scene.advance(to: 1 + Scene.turnDuration)
    var rest = DrawList()
    SceneDrawer.draw(scene, view: v, into: &rest, icons: IconSet())
    #expect(rest.finished.contains { if case .text = $0 { true } else { false } })
  }

  @Test func fitCentresTheDevice() {
    let v = SceneDrawer.fit(
      device: .iPhone15, in: PixelRect(x: 0, y: 0, w: 1000, h: 1000), margin: 0)
    #expect(abs(v.x + 393 * v.scale / 2 - 500) <= 1)
    #expect(abs(v.y + 852 * v.scale / 2 - 500) <= 1)
  }
}

/// The simulated keyboard and the bubble's long-press ring, on the draw list.
@Suite("Keyboard caps and long-press ring")
struct KeyboardAndLongPressTests {
  static let view = ViewTransform(x: 30, y: 20, scale: 0.75)

  static func draw(_ scene: Scene) -> DrawList {
    var dl = DrawList()
    SceneDrawer.draw(
      scene, view: view, into: &dl, icons: IconSet(), options: SceneDrawOptions(touches: false))
    return dl
  }

  static func texts(_ dl: DrawList) -> [String] {
    dl.finished.compactMap {
      if case .text(let s, _, _, _, _, _) = $0 { return s }
      return nil
    }
  }

  /// Whether device point `p` lies inside the display's rounded rectangle.
  static func onDisplay(_ p: Point, _ d: Device) -> Bool {
    let r = SceneDrawer.cornerRadius(d)
    guard p.x >= -1e-9, p.y >= -1e-9, p.x <= d.width + 1e-9, p.y <= d.height + 1e-9 else {
      return false
    }
    let cx = min(max(p.x, r), d.width - r)
    let cy = min(max(p.y, r), d.height - r)
    return (p.x - cx) * (p.x - cx) + (p.y - cy) * (p.y - cy) <= r * r + 1e-6
  }

  @Test(arguments: [DeviceModel.iphone15, .iphoneSE, .iphone15ProMax, .ipadSplit])
  func theKeyboardHasKeyCapsAndFollowsTheDisplaysCorners(_ model: DeviceModel) {
    var p = Preset.seedDefault
    p.device = model
    var scene = Scene(preset: p)
    scene.send(.command(.toggleKeyboard))
    scene.advance(to: 2)
    let d = scene.device
    #expect(scene.keyboardHeight(at: 2) > 100)
    let shown = Self.texts(Self.draw(scene))
    for row in SceneDrawer.keyRows {
      for letter in row { #expect(shown.contains(String(letter)), "\(model): no \(letter) cap") }
    }
    #expect(shown.contains("space"))
    let outline = SceneDrawer.keyboardOutline(d, height: scene.keyboardHeight(at: 2))
    for q in outline { #expect(Self.onDisplay(q, d), "\(model): \(q) sticks out of the display") }
    // the bottom corners are rounded: the bottom-left corner point is not on the outline
    #expect(!outline.contains(Point(0, d.height)) && !outline.contains(Point(d.width, d.height)))
    // and the outline reaches the bottom edge and both sides
    #expect(outline.contains { abs($0.y - d.height) < 1e-6 })
    #expect(outline.contains { $0.x == 0 } && outline.contains { $0.x == d.width })
    // a keyboard sliding in, shorter than the corner, still stays on the display
    for q in SceneDrawer.keyboardOutline(d, height: 10) { #expect(Self.onDisplay(q, d)) }
  }

  /// The arc drawn around the bubble: its sweep (radians) or nil.
  static func ringSweep(_ dl: DrawList) -> Double? {
    for c in dl.finished {
      if case .stroke(.arc(_, _, _, let from, let to), _, _) = c { return to - from }
    }
    return nil
  }

  @Test func aStillPressOnTheBubbleFillsARingOverTheLongPressTime() throws {
    var p = Preset.seedDefault
    p.bubble.enabled = true
    p.bubble.longPress = 0.6
    var scene = Scene(preset: p)
    let c = scene.bubble.center(at: 0)
    scene.advance(to: 1)
    #expect(Self.ringSweep(Self.draw(scene)) == nil, "no press, no ring")
    scene.send(.pointerDown(c))
    scene.advance(to: 1.05)
    #expect(Self.ringSweep(Self.draw(scene)) == nil, "not in a tap's first instants")
    scene.advance(to: 1.3)
    let half = try #require(Self.ringSweep(Self.draw(scene)))
    #expect(abs(half - Double.pi) < 1e-6, "half the hold, half the ring: \(half)")
    scene.advance(to: 1.54)
    let more = try #require(Self.ringSweep(Self.draw(scene)))
    #expect(abs(more - 2 * Double.pi * 0.9) < 1e-6)
    scene.advance(to: 1.61)
    #expect(Self.ringSweep(Self.draw(scene)) == nil, "the long press fired: the ring is gone")
    // a press that becomes a drag has no ring
    var dragged = Scene(preset: p)
    dragged.advance(to: 1)
    dragged.send(.pointerDown(c))
    dragged.send(.pointerMove(Point(c.x + 40, c.y + 40)))
    dragged.advance(to: 1.3)
    #expect(Self.ringSweep(Self.draw(dragged)) == nil)
  }
}
