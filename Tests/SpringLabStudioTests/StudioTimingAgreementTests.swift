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
        // why: a narrow card's headline gives total and settle, the line
        // under it the overshoot; a wide one gives all three
        let head = texts.first { $0.hasPrefix(target.title + ": ") } ?? ""
        #expect(head.contains("total \(Fmt.fixed(figures.total, 3)) s"), "\(path): \(head)")
        if let st = figures.settle, let os = figures.overshoot {
          #expect(
            head.contains("· settles \(Fmt.fixed(st, 3)) s")
              || head.contains("· settles at \(Fmt.fixed(st, 3)) s"), "\(path): \(head)")
          let over = "overshoot \(Fmt.fixed(os, 1)) %"
          #expect(
            head.contains(over) || texts.contains { $0.hasPrefix(over) }, "\(path): \(head)")
        }
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
    // why: a narrow card gives A's settle and overshoot, a wide one all three
    #expect(
      texts.contains("A: " + GraphView.figures(a)) || texts.contains("A: " + GraphView.compared(a)),
      "\(texts)")
  }
}

/// Lint's buttons and toasts name fields as the panel does.
@Suite("Field names in lint")
struct StudioLintFieldNameTests {
  @Test func panelNamesReplacePaths() {
    #expect(FieldNames.panel("fan.expand.duration") == "Expand · Duration")
    #expect(FieldNames.panel("fan.expand.stagger") == "Expand · Stagger")
    #expect(FieldNames.panel("bubble.snap.damping") == "Bubble · Snap damping ζ")
    #expect(FieldNames.panel("no.such.field") == "no.such.field")
  }

  @Test func aSlowBloomsLintButtonAndToastReadAsThePanel() throws {
    var p = Preset.seedDefault
    p.fan.expand.duration = 0.9
    let h = StudioHarness(preset: p, path: "/lib/a.json")
    h.draw()
    let texts = h.texts
    #expect(texts.contains("⚠ Expand · Duration, Expand · Stagger"), "\(texts)")
    #expect(
      !texts.contains { $0.contains("fan.expand.") }, "\(texts.filter { $0.contains("fan.") })")
    h.key("l")
    let toast = try #require(h.state.toast?.text)
    #expect(toast.hasPrefix("Expand · Duration: "), "\(toast)")
  }
}

/// `springlab spring` reads one spring: its settle time is the graph's for
/// that spring played alone (the same ±0.5 % band, the same 1 µs search).
@Suite("Timing agreement with spring")
struct SpringCommandTimingTests {
  @Test func springSettleEqualsTheGraphsForEveryShippedSpring() throws {
    var checked = 0
    for path in shippedPresetPaths {
      let p = try PresetReader.load(path: path)
      for s in PresetSpring.all where s.isSpring(p) {
        let u = s.values(p)
        let snippet =
          "UIView.animate(withDuration: \(u.duration), delay: 0, usingSpringWithDamping: \(u.damping), initialSpringVelocity: \(u.velocity), animations: {})"
        guard case .spring(let r) = try SpringNotationReader.read(snippet) else {
          Issue.record("\(snippet) is not a spring")
          continue
        }
        let eq = SpringEquivalents(r)
        let part = MotionTiming.Part(
          track: Track(
            rest: 0,
            tweens: [
              .uikit(
                start: 0, from: 0, to: 1, duration: u.duration, damping: u.damping,
                velocity: u.velocity)
            ]), from: 0, to: 1)
        let timing = MotionTiming(parts: [part])
        let settle = try #require(timing.settle)
        // why: UIKit's snap at T ends the graph's curve; the free spring of
        // `spring` is already inside the band by then for these springs
        #expect(abs(eq.settle - settle) <= 2e-6, "\(path) \(s.prefix): \(eq.settle) vs \(settle)")
        checked += 1
      }
    }
    #expect(checked >= 20)
  }
}
