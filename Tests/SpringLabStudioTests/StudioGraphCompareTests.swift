import Foundation
import SpringLabCore
import SpringLabUI
import Testing

@testable import SpringLabStudio

/// A/B on the graph: A's curve dashed under B's, in the same scale, with a
/// legend entry; gone when A is unpinned.
@Suite("Studio graph A/B")
struct StudioGraphCompareTests {
  @Test func pinnedADrawsDashedOnTheGraph() throws {
    let h = StudioHarness(path: "/lib/a.json")
    var a = h.state.preset
    a.fan.expand.damping = 0.2
    h.edit(a)
    h.key("a")  // pin A: the loose spring
    var b = h.state.preset
    b.fan.expand.damping = 1
    h.edit(b)
    h.key("g")
    let frame = h.draw()
    let cmp = try #require(h.state.compare)
    let g = h.state.motionGraph
    #expect(g.compared.count == MotionGraph.curves(cmp.pinned, .fanExpand, paired: false).count)
    // A's plan is what is drawn: its lead item's curve is A's planned spring
    let planA = try #require(cmp.plan.animations(.fanExpand).first)
    #expect(abs(g.compared[0].track.end - planA.end) < 1e-12)
    #expect(abs(g.compared[0].sample(0.2).x - (g.curves[0].sample(0.2).x)) > 0.01)
    // the range covers A's overshoot (B has none)
    var hiA = -Double.infinity
    for c in g.compared { for (_, v) in GraphView.samples(c, g) { hiA = max(hiA, v) } }
    #expect(hiA > 1.3 && g.yMax >= hiA, "A's overshoot \(hiA) within yMax \(g.yMax)")
    #expect(g.overshoot == 0, "the headline figures are B's")
    // dashes: short pieces of width 1.5 in item 1's colour, on A's curve
    let r = try #require(StudioLayout(h.state).graph)
    let p = GraphView.plot(r, scale: 1)
    let colour = GraphView.color(g.compared[0]).fading(0.8)
    var dashes: [[PixelPoint]] = []
    for c in frame.finished {
      if case .stroke(.polyline(let pts), let w, let col) = c, w == 1.5, col == colour {
        dashes.append(pts)
      }
    }
    #expect(dashes.count >= 10, "\(dashes.count) dashes")
    let lead = g.compared[0]
    for d in dashes.prefix(20) {
      let q = d[0]
      let t = (q.x - p.x) / p.w * g.tMax
      let (_, y) = GraphView.toPx(t, lead.sample(t).x, p, g)
      #expect(abs(y - q.y) < 1.5, "dash at t \(t) lies on A's curve (\(q.y) vs \(y))")
      let len = zip(d, d.dropFirst()).map {
        ($1.x - $0.x) * ($1.x - $0.x) + ($1.y - $0.y) * ($1.y - $0.y)
      }
      .map { $0.squareRoot() }.reduce(0, +)
      #expect(len <= 6.01, "a dash is at most 6 px long: \(len)")
    }
    #expect(frame.finishedTexts.contains("dashed: A"))
    // unpinned: no dashes, no legend entry
    h.key("a")
    let after = h.draw()
    #expect(h.state.motionGraph.compared.isEmpty)
    #expect(!after.finishedTexts.contains("dashed: A"))
    #expect(
      !after.finished.contains {
        if case .stroke(_, 1.5, colour) = $0 { return true }
        return false
      })
  }

  @Test func dashesFollowTheLineAndLeaveGaps() {
    let line = [(0.0, 0.0), (25.0, 0.0), (25.0, 10.0)]
    let d = GraphView.dashes(line, on: 6, off: 4)
    // 35 px: on 0–6, 10–16, 20–25 then the corner to 26, 30–35
    #expect(d.count == 4)
    #expect(d[0].first! == (0, 0) && d[0].last! == (6, 0))
    #expect(d[1].first! == (10, 0) && d[1].last! == (16, 0))
    #expect(d[2].count == 3 && d[2].last! == (25, 1), "a dash turns the corner: \(d[2])")
    #expect(d[3].first! == (25, 5) && d[3].last! == (25, 10))
  }
}
