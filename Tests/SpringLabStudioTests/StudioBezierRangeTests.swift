import Foundation
import SpringLabCore
import SpringLabUI
import Testing

@testable import SpringLabStudio

/// Bézier control points: x stays in 0…1 (CSS requires it), y takes any
/// finite value, and the graph keeps what falls outside its card off screen.
@Suite("Studio Bézier range")
struct StudioBezierRangeTests {
  func eased() throws -> (StudioHarness, PixelRect) {
    let h = StudioHarness(path: "/lib/a.json")
    h.send(.resized(WindowSize(width: 1280, height: 1400, scale: 1)))
    var p = h.state.preset
    p.fan.expand.curve = .easeOut
    h.edit(p)
    h.key("g")
    h.draw()
    return (h, try #require(StudioLayout(h.state).graph))
  }

  @Test func aHandleDraggedPastTheOldLimitsKeepsItsY() throws {
    let (h, r) = try eased()
    let e = try #require(GraphView.easedMotion(h.state))
    let (_, p1, _, _) = GraphView.handlePoints(e, h.state.motionGraph, GraphView.plot(r, scale: 1))
    let g = h.state.motionGraph
    let perY = GraphView.plot(r, scale: 1).h / (g.yMax - g.yMin)
    // y 3.5 was clamped to 3 before; the pointer ends left of the start (x < 0)
    let up = (3.5 - h.state.preset.fan.expand.bezier.y1) * perY
    h.drag(from: p1, to: (r.x + 2, p1.1 - up), steps: 2)
    let b = h.state.preset.fan.expand.bezier
    #expect(h.state.preset.fan.expand.curve == .custom)
    #expect(b.x1 == 0, "x stays in 0…1")
    #expect(b.y1 > 3, "y is not clamped: \(b.y1)")
  }

  @Test func typedPointsTakeAnyFiniteYAndClampX() throws {
    let (h, r) = try eased()
    var p = h.state.preset
    p.fan.expand.curve = .custom
    h.edit(p)
    h.draw()
    func type(_ label: String, _ text: String) throws {
      let at = try #require(h.panelRows()[label], "no \(label) row: \(h.texts)")
      h.click(1100, at + 7, clicks: 2)
      #expect(h.view.panelUI.editingID != nil)
      h.input([.text(text)])
      h.key(KeyName.enter)
      h.draw()
    }
    try type("Bézier y1", "12.5")
    try type("Bézier y2", "-7")
    try type("Bézier x1", "1.5")
    let b = h.state.preset.fan.expand.bezier
    #expect(b.y1 == 12.5 && b.y2 == -7, "\(b)")
    #expect(b.x1 == 1, "x is clamped to CSS's 0…1")
    #expect(
      h.texts.contains("12.500"), "the row shows the value: \(h.texts.filter { $0.contains("12") })"
    )
    // the saved preset reads back with those points
    let text = PresetWriter.text(h.state.preset)
    #expect(try PresetReader.decode(Data(text.utf8), file: "b.json") == h.state.preset)
    // on the graph: every drawn point is finite, the arms end at the card's
    // edge and an off-card knob is not drawn
    let frame = h.draw()
    #expect(frame.finished.contains(.clip(r)))
    let e = try #require(GraphView.easedMotion(h.state))
    let (_, p1, p2, _) = GraphView.handlePoints(e, h.state.motionGraph, GraphView.plot(r, scale: 1))
    // arms stop just past the plot (8 px), inside the card
    let plot = GraphView.plot(r, scale: 1)
    let outside = { (q: (Double, Double)) in
      q.0 < plot.x - 8.001 || q.0 > plot.x + plot.w + 8.001 || q.1 < plot.y - 8.001
        || q.1 > plot.y + plot.h + 8.001
    }
    #expect(outside(p1) && outside(p2), "y 12.5 and −7 lie off the plot: \(p1) \(p2)")
    var knobs = 0
    for c in frame.finished {
      if case .fill(.circle(let cx, let cy, _), let col) = c, col == RGBA(0xFF, 0xD6, 0x0A) {
        knobs += 1
        #expect(!outside((cx, cy)))
      }
      if case .stroke(.polyline(let pts), _, let col) = c, col == RGBA(0xFF, 0xD6, 0x0A) {
        for q in pts {
          #expect(q.x.isFinite && q.y.isFinite)
          #expect(!outside((q.x, q.y)), "arm point \(q) leaves the plot")
        }
      }
    }
    #expect(knobs == 0, "off-card knobs are not drawn")
  }

  @Test func theFormatAcceptsAnyFiniteYAndNoOtherX() throws {
    for y in ["-1e6", "40", "1e300"] {
      let doc = #"{"fan": {"expand": {"curve": "custom", "bezier": {"y1": \#(y)}}}}"#
      let p = try PresetReader.decode(Data(doc.utf8), file: "y.json")
      #expect(p.fan.expand.bezier.y1 == Double(y))
    }
    let doc = #"{"fan": {"expand": {"bezier": {"x2": 1.2}}}}"#
    #expect(throws: LoadError.self) { try PresetReader.decode(Data(doc.utf8), file: "x.json") }
  }
}
