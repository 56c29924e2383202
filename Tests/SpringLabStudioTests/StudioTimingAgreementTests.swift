import Foundation
import SpringLabCore
import SpringLabUI
import Testing

@testable import SpringLabStudio

/// The shipped presets, found relative to this file.
private let shippedPresetPaths: [String] = {
  let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("presets")
  let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
  return names.filter { $0.hasSuffix(".json") }.sorted().map { dir.appendingPathComponent($0).path }
}()

/// One total time and one settle time: the graph's headline, lint and the
/// panel's timing line show the same `MotionTiming` figures (the graph once
/// said "settles at 0.747 s" while lint said "total expand time 0.855 s").
@Suite("Timing agreement")
struct StudioTimingAgreementTests {
  @Test func graphLintAndPanelShowTheSameFiguresForEveryShippedPreset() throws {
    #expect(shippedPresetPaths.count >= 10)
    for path in shippedPresetPaths {
      let p = try PresetReader.load(path: path)
      let plan = MotionPlan(p)
      let h = StudioHarness(preset: p, path: "/lib/x.json")
      h.key("g")
      for (target, kind) in [
        (GraphTarget.fanExpand, PlannedAnimationKind.fanExpand), (.fanCollapse, .fanCollapse),
      ] {
        h.send(.graph(.target(target)))
        let figures = plan.timing(kind)
        let g = h.state.motionGraph
        #expect(g.timing == figures, "\(path) \(target)")
        let texts = h.draw().finishedTexts
        let shown = GraphView.figures(figures)
        #expect(
          texts.contains { $0.hasPrefix(target.title + ": " + shown) }, "\(path): graph headline")
        // why: the panel's line may wrap; its words are compared joined
        let panel = texts.joined(separator: " ")
        #expect(panel.contains(PanelTimings.text(figures)), "\(path): panel line")
        #expect(PanelTimings.text(figures).contains("Total \(Fmt.fixed(figures.total, 3)) s"))
        if let st = figures.settle {
          #expect(PanelTimings.text(figures).contains("settles \(Fmt.fixed(st, 3)) s"))
          #expect(shown.contains("settles at \(Fmt.fixed(st, 3)) s"))
        }
        #expect(shown.contains("total \(Fmt.fixed(figures.total, 3)) s"))
      }
      let expand = plan.timing(.fanExpand)
      let lint = Lint.check(p).first { $0.message.hasPrefix("total expand time") }
      if expand.total > 0.6 + 1e-9 {
        let w = try #require(lint, "\(path)")
        #expect(w.message.contains("total expand time \(Fmt.fixed(expand.total, 3)) s"), "\(w)")
        if let st = expand.settle {
          #expect(w.message.contains("settles at \(Fmt.fixed(st, 3)) s"), "\(w)")
          #expect(GraphView.figures(expand).contains("settles at \(Fmt.fixed(st, 3)) s"))
        }
      } else {
        #expect(lint == nil, "\(path)")
      }
      #expect(Lint.totalTimes(plan).expand == expand.total)
    }
  }

  /// The graph's headline gives A's figures beside B's.
  @Test func theHeadlineGivesAsFiguresWhenPinned() throws {
    let h = StudioHarness(path: "/lib/a.json")
    h.key("g")
    h.key("a")
    var p = h.state.preset
    p.fan.expand.damping = 0.5
    h.edit(p)
    let g = h.state.motionGraph
    let a = try #require(g.comparedTiming)
    #expect(a != g.timing)
    let texts = h.draw().finishedTexts
    #expect(
      texts.contains { $0.contains(" · A: " + GraphView.figures(a, short: true)) }, "\(texts)")
  }
}
