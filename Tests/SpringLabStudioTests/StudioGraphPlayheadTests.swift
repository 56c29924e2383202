import Foundation
import SpringLabCore
import SpringLabUI
import Testing

@testable import SpringLabStudio

/// The playhead on the bubble snap, bubble menu and keyboard graphs: it
/// follows the test clock while the canvas plays the graphed motion and is
/// gone once the motion's span has passed or another motion starts.
@Suite("Studio graph playhead (bubble, keyboard)")
struct StudioGraphPlayheadTests {
  func harness(_ target: GraphTarget) -> StudioHarness {
    let h = StudioHarness(path: "/lib/a.json")
    h.key("g")
    h.send(.graph(.target(target)))
    h.draw()
    return h
  }

  /// The bubble's centre in window pixels.
  func bubble(_ h: StudioHarness) -> (Double, Double) {
    StudioLayout(h.state).view.toPixels(h.state.scene.bubble.center(at: h.state.scene.now))
  }

  /// Drags the bubble toward the screen's middle and lets go: it snaps back.
  func throwBubble(_ h: StudioHarness) {
    let (x, y) = bubble(h)
    h.send(.pointerDown(x: x, y: y))
    for k in 1...6 {
      h.advance(1.0 / 60)
      h.send(.pointerMove(x: x + Double(k) * 12, y: y + Double(k) * 4))
    }
    h.advance(0.2)  // held still: no fling
    h.send(.pointerUp(x: x + 72, y: y + 24))
  }

  func readout(_ h: StudioHarness) -> String? {
    h.draw().finishedTexts.first { $0.hasPrefix("t ") && $0.contains("velocity") }
  }

  @Test func theSnapGraphFollowsTheSnapAndEndsWithIt() throws {
    let h = harness(.bubbleSnap)
    #expect(h.state.graphPlayhead == nil, "nothing played yet")
    throwBubble(h)
    #expect(h.state.scene.bubble.phase == .snapping)
    h.advance(0.1)
    let local = try #require(h.state.graphPlayhead)
    #expect(abs(local - 0.1) < 1.0 / 60 + 1e-9, "\(local)")
    #expect(readout(h)?.hasPrefix("t 0.1") == true, "\(String(describing: readout(h)))")
    // past the graph's span: gone
    h.advance(h.state.motionGraph.tMax)
    #expect(h.state.graphPlayhead == nil)
    #expect(readout(h) == nil)
    // a new snap shows it again; a press during it takes it away
    throwBubble(h)
    h.advance(0.05)
    #expect(h.state.graphPlayhead != nil)
    let (x, y) = bubble(h)
    h.send(.pointerDown(x: x, y: y))
    #expect(h.state.graphPlayhead == nil, "the bubble is held: another motion")
    h.send(.pointerUp(x: x, y: y))
  }

  @Test func theMenuGraphFollowsTheOpeningNotTheSnapOrTheClose() throws {
    let h = harness(.bubbleMenu)
    let (x, y) = bubble(h)
    h.send(.pointerDown(x: x, y: y))
    h.advance(0.05)
    h.send(.pointerUp(x: x, y: y))  // a tap opens the menu
    #expect(h.state.scene.bubble.menuOpen)
    h.advance(0.1)
    let local = try #require(h.state.graphPlayhead)
    #expect(abs(local - 0.1) < 1.0 / 60 + 1e-9, "\(local)")
    #expect(readout(h) != nil)
    // the snap graph shows no playhead for the menu's motion
    h.send(.graph(.target(.bubbleSnap)))
    #expect(h.state.graphPlayhead == nil)
    h.send(.graph(.target(.bubbleMenu)))
    // closing is another motion: the opening's playhead goes at once
    h.key("b")
    #expect(!h.state.scene.bubble.menuOpen)
    #expect(h.state.graphPlayhead == nil)
    #expect(readout(h) == nil)
  }

  @Test func theKeyboardGraphFollowsTheSlideIn() throws {
    let h = harness(.keyboard)
    h.key("k")
    h.advance(0.1)
    let local = try #require(h.state.graphPlayhead)
    #expect(abs(local - 0.1) < 1.0 / 60 + 1e-9)
    let text = try #require(readout(h))
    #expect(text.contains("value"), "\(text)")
    h.advance(h.state.motionGraph.tMax)
    #expect(h.state.graphPlayhead == nil, "the slide is over")
    h.key("k")
    h.advance(0.05)
    #expect(h.state.graphPlayhead == nil, "sliding out is not the graphed slide in")
    // a fan expand does not put a playhead on the keyboard graph
    h.key("space")
    h.advance(0.05)
    #expect(h.state.graphPlayhead == nil)
  }
}

extension StudioGraphPlayheadTests {
  @Test func scrubbingTheSnapGraphSeeksWithinTheSnap() throws {
    let h = harness(.bubbleSnap)
    throwBubble(h)
    let start = try #require(h.state.graphMotionStart)
    h.advance(0.3)
    h.key("p")  // pause
    let r = try #require(StudioLayout(h.state).graph)
    let p = GraphView.plot(r, scale: 1)
    let g = h.state.motionGraph
    let x = p.x + 0.05 / g.tMax * p.w
    h.drag(from: (x, p.y + p.h / 2), to: (x, p.y + p.h / 2 + 1), steps: 1)
    #expect(
      abs(h.state.scene.now - (start + 0.05)) < 0.005, "seeked to \(h.state.scene.now - start)")
    let local = try #require(h.state.graphPlayhead)
    #expect(abs(local - 0.05) < 0.005)
    #expect(h.state.scene.bubble.phase == .snapping)
  }
}
