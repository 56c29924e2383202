import Testing

@testable import SpringLabCore
@testable import SpringLabUI

/// A control that never moves, takes no taps and traces nothing: what
/// these tests need besides drawing.
protocol InertControl: SceneControl {}
extension InertControl {
  static func plan(_ preset: Preset) -> [PlannedAnimation] { [] }
  mutating func apply(_ context: ControlContext, at t: Double) {}
  mutating func advance(to t: Double) {}
  func isAnimating(at t: Double) -> Bool { false }
  func hitTargets(at t: Double, _ context: ControlContext) -> [ControlTarget] { [] }
  mutating func activate(_ part: ControlPart, at t: Double, _ context: ControlContext) -> String? {
    nil
  }
  func trace(at t: Double, _ context: ControlContext) -> JSONValue { .null }
}

/// A further control drawn only through `DrawableControl`: a dot.
struct DotControl: InertControl, DrawableControl {
  static let name = "dot"
  static let centre = Point(100, 400)
  init(_ context: ControlContext) {}
  func draw(
    at t: Double, _ context: ControlContext, view: ViewTransform, into dl: inout DrawList,
    icons: IconSet
  ) {
    let (x, y) = view.toPixels(Self.centre)
    dl.fillCircle(cx: x, cy: y, r: 10 * view.scale, RGBA(1, 2, 3))
  }
}

/// A further control whose drawer was forgotten.
struct UndrawnControl: InertControl {
  static let name = "undrawn"
  init(_ context: ControlContext) {}
}

@Suite("Further controls draw themselves")
struct DrawableControlTests {
  /// A missed conformance is said on the device's screen, not drawn as nothing.
  @Test func aControlWithoutADrawerSaysSoOnTheScreen() {
    let scene = Scene(preset: .seedDefault, controls: [DotControl.self, UndrawnControl.self])
    var dl = DrawList()
    SceneDrawer.draw(
      scene, view: ViewTransform(x: 40, y: 20, scale: 1), into: &dl, icons: IconSet(),
      options: SceneDrawOptions(touches: false))
    let texts = dl.finished.compactMap { c -> String? in
      if case .text(let s, _, _, _, _, _) = c { return s } else { return nil }
    }
    #expect(texts.contains("undrawn: no drawer (conform to DrawableControl)"), "\(texts)")
    #expect(!texts.contains { $0.hasPrefix("dot:") })
  }

  @Test func theSceneDrawerDrawsAFurtherControl() throws {
    let scene = Scene(preset: .seedDefault, controls: [DotControl.self])
    let view = ViewTransform(x: 40, y: 20, scale: 0.8)
    var dl = DrawList()
    SceneDrawer.draw(
      scene, view: view, into: &dl, icons: IconSet(), options: SceneDrawOptions(touches: false))
    let c = try #require(SceneDrawerTests.centroid(dl, rgb: RGBA(1, 2, 3)), "the dot is not drawn")
    let (ex, ey) = view.toPixels(DotControl.centre)
    #expect(abs(c.0 - ex) < 0.05 && abs(c.1 - ey) < 0.05)
  }
}
