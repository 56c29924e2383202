import SpringLabCore
import SpringLabUI
import Testing

@testable import SpringLabStudio

/// #23: the graph's handles stay under the pointer (the axes hold during a drag).
@Suite("Studio graph axes during a drag")
struct StudioGraphAxesTests {
  func graphed(damping: Double) throws -> (StudioHarness, PixelRect) {
    let h = StudioHarness(path: "/lib/a.json")
    var p = h.state.preset
    p.fan.expand.damping = damping
    h.edit(p)
    h.key("g")
    let r = try #require(StudioLayout(h.state).graph)
    return (h, GraphView.plot(r, scale: 1))
  }

  /// The designer's case: 28 px on the peak took damping 0.53 → 0.786 as the
  /// y axis rescaled under the pointer. Now the axes are those of the press
  /// until the release, and the handle is where the pointer is.
  @Test(arguments: [28.0, -12.0])
  func thePeakHandleFollowsThePointerOnFixedAxes(dy: Double) throws {
    let (h, plot) = try graphed(damping: 0.53)
    let axes = GraphAxes(h.state.motionGraph)
    let pk = try #require(GraphHandles.peak(h.state, plot: plot))
    #expect(!pk.bounceZero)
    h.input([
      .mouseMove(x: pk.x, y: pk.y, mods: []),
      .mouseDown(x: pk.x, y: pk.y, button: .left, clicks: 1, mods: []),
    ])
    for i in 1...4 {
      let y = pk.y + dy * Double(i) / 4
      h.input([.mouseMove(x: pk.x, y: y, mods: [])])
      #expect(GraphAxes(h.state.motionGraph) == axes, "the axes hold at step \(i)")
      let now = try #require(GraphHandles.peak(h.state, plot: plot))
      // why: the damping is kept to 0.001, which moves the peak a fraction of a pixel
      #expect(abs(now.y - y) < 1, "handle \(now.y) under the pointer \(y)")
    }
    let damping = h.state.preset.fan.expand.damping
    #expect(dy > 0 ? damping > 0.53 : damping < 0.53)
    h.input([.mouseUp(x: pk.x, y: pk.y + dy, button: .left, mods: [])])
    #expect(h.state.gesture == nil)
    #expect(h.state.preset.fan.expand.damping == damping, "the release keeps the value")
  }

  @Test func theSettleHandleFollowsThePointerOnAFixedTimeAxis() throws {
    let (h, plot) = try graphed(damping: 0.72)
    let axes = GraphAxes(h.state.motionGraph)
    let st = try #require(GraphHandles.settle(h.state, plot: plot))
    h.input([
      .mouseMove(x: st.x, y: st.y, mods: []),
      .mouseDown(x: st.x, y: st.y, button: .left, clicks: 1, mods: []),
    ])
    h.input([.mouseMove(x: st.x + 40, y: st.y, mods: [])])
    #expect(GraphAxes(h.state.motionGraph) == axes)
    let now = try #require(GraphHandles.settle(h.state, plot: plot))
    #expect(abs(now.x - (st.x + 40)) < 1, "settle handle \(now.x) under \(st.x + 40)")
    h.input([.mouseUp(x: st.x + 40, y: st.y, button: .left, mods: [])])
  }

  /// A peak dragged above the held axis is cut at the plot's top: neither
  /// the curves nor the handle's label are drawn over the headline.
  @Test func aPeakDraggedPastTheAxisStaysInThePlot() throws {
    let (h, plot) = try graphed(damping: 0.53)
    let pk = try #require(GraphHandles.peak(h.state, plot: plot))
    h.input([
      .mouseMove(x: pk.x, y: pk.y, mods: []),
      .mouseDown(x: pk.x, y: pk.y, button: .left, clicks: 1, mods: []),
    ])
    let list = h.input([.mouseMove(x: pk.x, y: plot.y - 20, mods: [])])
    let label = try #require(
      list.finished.lazy.compactMap { c -> Double? in
        if case .text(let t, _, let y, _, _, _) = c, t.hasPrefix("bounce ") { return y }
        return nil
      }.first)
    #expect(label >= plot.y - 7 - 1e-9, "label at \(label), plot top \(plot.y)")
    let clips = list.finished.compactMap { c -> PixelRect? in
      if case .clip(let r?) = c { return r }
      return nil
    }
    #expect(clips.contains { abs($0.y - (plot.y - 3)) < 1e-9 && abs($0.x - (plot.x - 3)) < 1e-9 })
    h.input([.mouseUp(x: pk.x, y: plot.y - 20, button: .left, mods: [])])
  }

  /// The peak's label stays inside the plot at every damping: at ζ 0.95 the
  /// peak sits near the right edge and its label ran off it (walk-through).
  /// Widths as the view estimates them (5.6 pt a character at 10 pt).
  @Test(arguments: [0.3, 0.6, 0.9, 0.95, 0.98])
  func thePeakLabelStaysInsideThePlot(damping: Double) throws {
    let (h, plot) = try graphed(damping: damping)
    h.draw()
    let label = try #require(
      h.lastFrame.finished.lazy.compactMap { c -> (String, Double, TextAlign)? in
        if case .text(let t, let x, _, _, _, let a) = c, t.hasPrefix("bounce ") { return (t, x, a) }
        return nil
      }.first)
    let w = Double(label.0.count) * 5.6
    let (left, right) = label.2 == .right ? (label.1 - w, label.1) : (label.1, label.1 + w)
    #expect(
      left >= plot.x - 1e-9 && right <= plot.x + plot.w + 1e-9,
      "'\(label.0)' spans \(left)…\(right), plot \(plot.x)…\(plot.x + plot.w)")
  }
}
