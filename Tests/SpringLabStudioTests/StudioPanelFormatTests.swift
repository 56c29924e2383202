import Foundation
import SpringLabCore
import SpringLabUI
import Testing

@testable import SpringLabStudio

/// Numbers and choices as the panel draws them, read back from the draw list.
@Suite("Panel number formats")
struct StudioPanelFormatTests {
  static let shipped = [
    "auto-arc-center.json", "floating-party.json", "gentle-ease.json", "playful.json",
    "seed-000-fan.json", "seed-002-bubble.json", "seed-003-sequential.json", "seed-004-ring.json",
    "snappy.json",
  ]

  /// A value with its unit, alone or inside a sentence ("Time 3.460 s · 1×").
  static let valuePattern = try! NSRegularExpression(
    pattern: #"(?<![\w.])-?\d+(\.\d+)?( s| pt/s| pt|°)(?![\w/])"#)

  static func unit(ofSuffix s: String) -> FieldUnit {
    if s.hasSuffix("°") { return .degrees }
    if s.hasSuffix(" pt/s") { return .pointsPerSecond }
    if s.hasSuffix(" pt") { return .points }
    return .seconds
  }

  /// Every panel text on every tab, for every shipped preset (a tall window,
  /// so no row is scrolled away).
  static func panelTexts(_ name: String, form: SpringForm = .uikit) throws -> (
    texts: [String], preset: Preset
  ) {
    var p = try Shipped.preset(name)
    for s in PresetSpring.all { p[keyPath: s.form] = form }
    let h = StudioHarness(preset: p, path: "/lib/" + name)
    h.send(.resized(WindowSize(width: 1600, height: 5000, scale: 1)))
    var texts: [String] = []
    for tab in PanelTab.allCases {
      h.send(.panelTab(tab))
      // why: rarely used sections start folded; open them to see every field
      for g in tab.groups where !g.opensByDefault {
        h.draw()
        if let pos = h.textPosition(g.title.uppercased()) { h.click(pos.x + 4, pos.y + 5) }
      }
      let panel = try #require(StudioLayout(h.state).frame.panel)
      for c in h.draw().finished {
        if case .text(let t, let x, _, _, _, _) = c, x >= panel.x { texts.append(t) }
      }
    }
    // why: lint messages are Core's sentences (shared with `springlab lint`), not panel values
    let lint = h.state.liveWarnings.map { "\($0.message) [\($0.source)]" }
    return (texts.filter { t in t.count < 16 || !lint.contains { $0.contains(t) } }, h.state.preset)
  }

  /// The number fields the panel shows for `p`, section by section.
  static func shownNumberFields(_ p: Preset) -> [PresetField] {
    PanelSections.all.flatMap { _, fields in
      SpringEditorRows.rows(fields.filter { PanelApplicability.applies($0, to: p) }, p)
    }.compactMap { row -> PresetField? in
      if case .field(let id) = row { return id.field }
      return nil
    }.filter {
      if case .number = $0.kind { return true }
      return false
    }
  }

  @Test(arguments: shipped, SpringForm.allCases)
  func everyNumberShownWithAUnitUsesThatUnitsFormat(_ name: String, _ form: SpringForm) throws {
    let (texts, preset) = try Self.panelTexts(name, form: form)
    var checked = 0
    for t in texts {
      let ns = t as NSString
      for m in Self.valuePattern.matches(in: t, range: NSRange(location: 0, length: ns.length)) {
        let shown = ns.substring(with: m.range)
        #expect(
          UnitFormat.matches(shown, Self.unit(ofSuffix: shown)),
          "\(name): “\(shown)” in “\(t)” is not written the \(Self.unit(ofSuffix: shown).name) way")
        checked += 1
      }
      // a bare value with a point is a ratio: three decimals
      if t.first.map({ $0.isNumber || $0 == "-" }) == true, t.contains("."),
        Double(t) != nil
      {
        #expect(UnitFormat.matches(t, .none), "\(name): ratio “\(t)” is not written 0.000")
        checked += 1
      }
    }
    #expect(checked > 10, "\(name): the panel shows numbers")
    // every numeric field the panel shows, shown through the unit's formatter
    let fields = Self.shownNumberFields(preset)
    #expect(fields.count > 5)
    for f in fields {
      guard case .number(let kp, _, let unit) = f.kind else { continue }
      let want = UnitFormat.text(preset[keyPath: kp], unit)
      #expect(texts.contains(want), "\(name): \(f.path) should read “\(want)”")
    }
  }

  @Test(arguments: shipped)
  func noChoiceOrFormatShowsItsCodeName(_ name: String) throws {
    let (texts, _) = try Self.panelTexts(name)
    let formats = Set(ExportFormat.allCases.map(\.rawValue))
    #expect(texts.contains("SwiftUI") && texts.contains("UIKit"))
    var codeNames: Set<String> = []
    for f in PresetField.all {
      guard case .choice(let c) = f.kind else { continue }
      for o in c.options where ChoiceNames.human(o) != o && o.contains(where: \.isUppercase) {
        codeNames.insert(o)
      }
    }
    #expect(codeNames.contains("iphone15ProMax") && codeNames.contains("allAtOnce"))
    for t in texts {
      #expect(!formats.contains(t), "\(name): an export button reads \(t)")
      let words = t.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
      for w in words where codeNames.contains(w) {
        Issue.record("\(name): “\(t)” shows the code name \(w)")
      }
    }
  }

  /// Toasts name formats and curves as people say them.
  @Test func toastsUseHumanNames() {
    let h = StudioHarness()
    h.send(.command(.copyExport(.swiftui)))
    #expect(h.state.toast?.text == "Copied the SwiftUI export to the clipboard")
    h.disk.clipboard = "transition: transform 300ms ease-in-out;"
    h.send(.pasted(h.disk.clipboard))
    let t = h.state.toast?.text ?? ""
    #expect(t.contains("Ease in-out") && !t.contains("easeInOut"), "\(t)")
  }

  /// The Export section's Reduce Motion switch reaches the copied code, as
  /// `export --reduce-motion` does (a designer walkthrough found it did not).
  @Test func copiedCodeFollowsTheReduceMotionSwitch() {
    let h = StudioHarness()
    for format in [ExportFormat.swiftui, .uikit, .css] {
      h.send(.reduceMotionChanged(false))
      h.send(.command(.copyExport(format)))
      #expect(h.disk.clipboard == Exporter.export(h.state.preset, format: format))
      h.send(.reduceMotionChanged(true))
      h.send(.command(.copyExport(format)))
      let reduced = Exporter.export(
        h.state.preset, format: format, options: ExportOptions(reduceMotion: true))
      #expect(h.disk.clipboard == reduced, "\(format)")
      // why: CSS always carries its prefers-reduced-motion block
      if format != .css {
        #expect(reduced != Exporter.export(h.state.preset, format: format), "\(format)")
      }
    }
  }

  @Test func theFormatIsOnePerUnit() {
    #expect(UnitFormat.text(0.3, .seconds) == "0.300 s")
    #expect(UnitFormat.text(0.2, .seconds) == "0.200 s")
    #expect(UnitFormat.text(0.045, .seconds) == "0.045 s")
    #expect(UnitFormat.text(0.998, .none) == "0.998")
    #expect(UnitFormat.text(0.72, .none) == "0.720")
    #expect(UnitFormat.text(120, .points) == "120 pt")
    #expect(UnitFormat.text(170, .degrees) == "170°")
    #expect(UnitFormat.text(640, .pointsPerSecond) == "640 pt/s")
    #expect(UnitFormat.matches("0.300 s", .seconds) && !UnitFormat.matches("0.3000 s", .seconds))
    #expect(UnitFormat.matches("-12°", .degrees) && !UnitFormat.matches("12.0°", .degrees))
    #expect(!UnitFormat.matches("0.72", .none) && UnitFormat.matches("0.720", .none))
  }
}

/// A shortened panel label shows whole in a tooltip, inside the window, in
/// a window that was never resized (no `.resize` event ever came).
@Suite("Panel tooltips")
struct StudioPanelTooltipTests {
  @Test func aShortenedHintShowsWholeInsideTheWindow() throws {
    // why: the document's path is the panel's one line cut with "…" by
    // design (from its start, then a name too long at its end); a long one
    // shows whole in the tooltip
    let path = "/lib/a preset whose file name is far too long for the panel column.json"
    let h = StudioHarness(preset: try Shipped.preset("seed-000-fan.json"), path: path)
    h.draw()
    let cut = try #require(
      h.texts.first { $0.hasPrefix("…/a preset") && $0.hasSuffix("…") }, "\(h.texts)")
    let (x, y) = try #require(h.textPosition(cut))
    h.input([.mouseMove(x: x + 200, y: y + 6, mods: [])])
    #expect(h.view.nextWakeTime != nil, "the window is asked to wake for the tooltip")
    h.advance(1)
    let frame = h.draw()
    var tip: [(String, Double)] = []
    for c in frame.finished {
      if case .text(let t, let tx, _, let size, _, _) = c, t != cut, t.count > 2, path.contains(t) {
        tip.append((t, tx + fakeMeasure(t, size).0))
      }
    }
    #expect(tip.map(\.0).joined() == path || tip.map(\.0).joined(separator: " ") == path, "\(tip)")
    #expect(!tip.isEmpty)
    for (t, right) in tip { #expect(right <= h.state.window.width, "“\(t)” ends at \(right)") }
  }
}
