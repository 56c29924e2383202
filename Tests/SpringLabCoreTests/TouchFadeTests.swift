import SpringLabCore
import Testing

/// A released touch leaves a dot that fades over `Scene.touchFade`, so an
/// instantaneous scripted tap is visible in renders.
@Suite("Touch dots fade")
struct TouchFadeTests {
  @Test func aTapFadesOutOverAQuarterSecond() {
    var s = Scene(preset: .seedDefault)
    s.advance(to: 1)
    s.send(.pointerDown(Point(100, 300)))
    #expect(s.fadingTouch(at: 1) == nil, "held: the live dot, not the fading one")
    s.send(.pointerUp(Point(110, 300)))
    let now = s.fadingTouch(at: 1)
    #expect(now?.point == Point(110, 300))
    #expect(now?.alpha == 1)
    #expect(abs((s.fadingTouch(at: 1.1)?.alpha ?? -1) - 0.6) < 1e-9)
    #expect(s.fadingTouch(at: 1 + Scene.touchFade) == nil)
    #expect(Scene.touchFade == 0.25)
  }
}
