import Foundation
import SpringLabCore
import SpringLabUI
import Testing

@testable import SpringLabStudio

/// A/B side by side: each phone's label stays over it whatever the toast
/// and with the graph open; the graph's headline gives A's and B's figures.
@Suite("A/B labels and headline")
struct StudioABLabelTests {
  struct Case: CustomStringConvertible, Sendable {
    var w: Double
    var h: Double
    var graph: Bool
    var description: String { "\(Int(w))×\(Int(h))\(graph ? " graph" : "")" }
  }

  static let cases = StudioWindowLayoutTests.sizes.flatMap { s in
    [false, true].map { Case(w: s.0, h: s.1, graph: $0) }
  }

  /// Where a text run starting with `prefix` is drawn, and its box.
  static func box(_ list: DrawList, _ prefix: String) -> PixelRect? {
    for c in list.finished {
      if case .text(let t, let x, let y, let size, _, let align) = c, t.hasPrefix(prefix) {
        return LayoutCheck.extent(t, x: x, y: y, size: size, align: align)
      }
    }
    return nil
  }

  /// The phone's bezel top and its horizontal span, pixels.
  static func phone(_ v: ViewTransform, _ d: Device) -> (top: Double, left: Double, right: Double) {
    let bezel = 14 * v.scale
    return (v.y - bezel, v.x - bezel, v.x + d.width * v.scale + bezel)
  }

  @Test(arguments: cases)
  func labelsStayOverTheirPhonesOnPinAndSwap(_ c: Case) throws {
    let h = try StudioWindowLayoutTests.harness(
      StudioWindowLayoutTests.Size(w: c.w, h: c.h))
    if c.graph { h.key("g") }
    var p = h.state.preset
    p.fan.expand.damping = 0.4
    h.edit(p)
    for step in ["pin, side by side", "swap"] {
      if step == "swap" {
        h.key("x")
      } else {
        h.key("a")
        h.key("v")
      }
      #expect(h.state.compare?.mode == .sideBySide, "\(c) \(step)")
      #expect(h.state.toast != nil, "\(c) \(step): a toast shows")
      let frame = h.draw()
      let layout = StudioLayout(h.state)
      let gv = try #require(layout.ghostView)
      let cmp = try #require(h.state.compare)
      for (prefix, view, device) in [
        ("A · ", gv, cmp.ghost.scene.device), ("B (tuning)", layout.view, h.state.scene.device),
      ] {
        let label = try #require(Self.box(frame, prefix), "\(c) \(step): \(prefix) is drawn")
        let ph = Self.phone(view, device)
        let centre = label.x + label.w / 2
        #expect(centre > ph.left && centre < ph.right, "\(c) \(step): \(prefix) over its phone")
        #expect(
          label.y + label.h <= ph.top + 1 && label.y + label.h >= ph.top - 12,
          "\(c) \(step): \(prefix) just above its phone (\(label) vs top \(ph.top))")
        #expect(label.y >= layout.strip.y + layout.strip.h, "\(c) \(step): under the strip")
        if let g = layout.graph {
          #expect(!LayoutCheck.intersects(label, g), "\(c) \(step): off the graph")
        }
      }
      let problems = StudioWindowLayoutTests.check(h).problems(frame)
      #expect(problems.isEmpty, "\(c) \(step):\n\(problems.joined(separator: "\n"))")
    }
  }

  @Test(arguments: StudioWindowLayoutTests.allSizes)
  func theHeadlineGivesBothSettleAndOvershoot(_ size: StudioWindowLayoutTests.Size) throws {
    let h = try StudioWindowLayoutTests.harness(size)
    h.key("g")
    h.key("a")
    var p = h.state.preset
    p.fan.expand.damping = 0.35
    h.edit(p)
    let g = h.state.motionGraph
    let a = try #require(g.comparedTiming)
    let b = g.timing
    let texts = h.draw().finishedTexts
    for (who, t) in [("A", a), ("B", b)] {
      let st = try #require(t.settle)
      let os = try #require(t.overshoot)
      let line = texts.first {
        $0.contains("\(who): ") || $0.contains(": \(who) ")
      }
      let shown = try #require(
        line, "\(size): \(who)'s line in \(texts.filter { $0.contains("settles") })")
      #expect(shown.contains("settles") && shown.contains(Fmt.fixed(st, 3) + " s"), "\(shown)")
      #expect(shown.contains("overshoot \(Fmt.fixed(os, 1)) %"), "\(shown)")
    }
  }
}

/// Each form's numbers are labelled for what they are in that form, and
/// their tooltips say it (#23: "Duration" meant UIKit's settling time in one
/// form and SwiftUI's perceptual duration in another; "Damping" a ratio in
/// UIKit and a coefficient in physics).
@Suite("Spring form labels")
struct StudioFormLabelTests {
  static let expected: [(SpringForm, [String])] = [
    (.uikit, ["Duration", "Damping ratio", "Velocity"]),
    (.swiftUIDurationBounce, ["Perceptual dur.", "Bounce", "Velocity"]),
    (.swiftUIResponse, ["Response", "Damping frac.", "Velocity"]),
    (.physics, ["Stiffness", "Damping", "Mass", "Velocity"]),
  ]

  @Test func eachFormShowsItsOwnLabelsAndNoOtherFormsWord() throws {
    let h = try StudioWindowLayoutTests.harness(.init(w: 1280, h: 800))
    for (form, labels) in Self.expected {
      var p = h.state.preset
      p.fan.expand.form = form
      h.edit(p)
      let texts = h.draw().finishedTexts
      for l in labels { #expect(texts.contains(l), "\(form.title): \(l)") }
      // a word that means something else in another form is not shown
      let others = Self.expected.filter { $0.0 != form }.flatMap(\.1).filter {
        !labels.contains($0) && $0 != "Velocity"
      }
      // why: the collapse below may be a spring in UIKit's form
      let expandRows = texts.prefix { !$0.hasPrefix("Total ") }
      for o in others { #expect(!expandRows.contains(o), "\(form.title) shows \(o)") }
    }
    // the words differ where the quantities do
    let duration = Set(Self.expected.flatMap(\.1).filter { $0.contains("ur") })
    #expect(duration == ["Duration", "Perceptual dur."])
    #expect(
      SpringFormParameter.swiftUIDuration.label != PresetField.named("fan.expand.duration")?.label)
    #expect(PresetField.named("fan.expand.damping")?.label == "Expand damping ratio")
    #expect(PresetField.named("bubble.snap.damping")?.label == "Snap damping ζ")
    #expect(SpringFormParameter.damping.help.contains("coefficient"))
    #expect(SpringFormParameter.swiftUIDuration.help.contains("perceptual duration"))
  }

  /// The pointer resting on a form's label shows what the number is.
  @Test(arguments: [
    (SpringForm.swiftUIDurationBounce, "Perceptual dur.", "perceptual duration"),
    (.physics, "Damping", "damping coefficient"),
    (.uikit, "Damping ratio", "damping ratio"),
    (.uikit, "Duration", "settling duration"),
  ])
  func theLabelsTooltipSaysWhatTheNumberIs(_ form: SpringForm, _ label: String, _ words: String)
    throws
  {
    let h = try StudioWindowLayoutTests.harness(.init(w: 1280, h: 800))
    var p = h.state.preset
    p.fan.expand.form = form
    h.edit(p)
    h.draw()
    let at = try #require(h.textPosition(label), "\(form.title): \(label)")
    h.input([.mouseMove(x: at.x + 4, y: at.y + 6, mods: [])])
    h.advance(0.7)
    let texts = h.draw().finishedTexts
    #expect(
      texts.contains { $0.lowercased().contains(words) }
        || texts.joined(separator: " ").lowercased().contains(words),
      "\(form.title) \(label): \(texts.suffix(6))")
  }
}

/// The graph's y axis labels the whole plotted range.
@Suite("Graph y axis")
struct StudioGraphYAxisTests {
  @Test(arguments: [0.05, 0.2, 0.72, 1.0])
  func labelsCoverThePlottedRange(_ damping: Double) throws {
    var p = Preset.seedDefault
    p.fan.expand.damping = damping
    let h = StudioHarness(preset: p, path: "/lib/a.json")
    h.key("g")
    let frame = h.draw()
    let g = h.state.motionGraph
    let r = try #require(StudioLayout(h.state).graph)
    let plot = GraphView.plot(r, scale: 1)
    let ticks = GraphView.yTicks(g, plotHeight: plot.h, scale: 1)
    #expect(ticks.count >= 2)
    let step = ticks.count > 2 ? ticks[2].value - ticks[1].value : 1
    let values = ticks.map(\.value)
    #expect(values.contains(0) && values.contains(1), "\(values)")
    #expect((values.max() ?? 0) >= g.yMax - step - 1e-9, "top \(values) vs yMax \(g.yMax)")
    #expect((values.min() ?? 0) <= g.yMin + step + 1e-9, "bottom \(values) vs yMin \(g.yMin)")
    // drawn left of the plot, right-aligned, inside the card
    let texts = frame.finished.compactMap { c -> (String, Double)? in
      if case .text(let t, let x, let y, _, _, .right) = c, abs(x - (plot.x - 8)) < 0.5 {
        return (t, y)
      }
      return nil
    }
    #expect(texts.count >= ticks.count - 1, "\(texts.map(\.0)) vs \(ticks.map(\.label))")
    for (t, y) in texts { #expect(y >= r.y && y <= r.y + r.h, "\(t) inside the card") }
  }
}
