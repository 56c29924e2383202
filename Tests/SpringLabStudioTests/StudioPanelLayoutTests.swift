import Foundation
import SpringLabCore
import SpringLabUI
import Testing

@testable import SpringLabStudio

/// The panel at common window sizes, checked on the draw list: no control
/// overlaps another and no text runs out of its control (or the panel).
@Suite("Panel layout")
struct StudioPanelLayoutTests {
  static let sizes: [(Double, Double)] = [(1024, 640), (1280, 800), (1920, 1200)]

  struct Case: CustomStringConvertible, Sendable {
    var w: Double
    var h: Double
    var tab: PanelTab
    var description: String { "\(Int(w))×\(Int(h)) \(tab.title)" }
  }

  static let cases: [Case] = sizes.flatMap { s in
    PanelTab.allCases.map { Case(w: s.0, h: s.1, tab: $0) }
  }

  static func overlap(_ a: PixelRect, _ b: PixelRect) -> Bool {
    min(a.x + a.w, b.x + b.w) - max(a.x, b.x) > 0.5
      && min(a.y + a.h, b.y + b.h) - max(a.y, b.y) > 0.5
  }

  @Test(arguments: cases)
  func noControlOverlapsAnotherAndNoTextOverflows(_ c: Case) throws {
    let disk = FakeDisk()
    for n in ["playful.json", "seed-000-fan.json", "seed-003-sequential.json", "snappy.json"] {
      disk.write(try Shipped.preset(n), to: "/lib/" + n)
    }
    let h = StudioHarness(
      preset: disk.presets["/lib/playful.json"]!.preset, path: "/lib/playful.json", disk: disk)
    h.send(.resized(WindowSize(width: c.w, height: c.h, scale: 1)))
    h.send(.panelTab(c.tab))
    let frame = h.draw()
    let panel = try #require(StudioLayout(h.state).frame.panel)
    let items = h.view.panelUI.itemRects.map(\.rect).filter { $0.w > 0 && $0.h > 0 }
    #expect(items.count > 10, "the panel has controls")
    for i in items.indices {
      for j in items.indices where j > i {
        #expect(
          !Self.overlap(items[i], items[j]), "\(c): \(items[i]) overlaps \(items[j])")
      }
    }
    var texts = 0
    for cmd in frame.finished {
      guard case .text(let t, let x, let y, let size, _, let align) = cmd else { continue }
      guard x >= panel.x, x <= panel.x + panel.w, y >= panel.y, y < panel.y + panel.h else {
        continue
      }
      texts += 1
      let (w, _) = fakeMeasure(t, size)
      let left: Double
      switch align {
      case .left: left = x
      case .center: left = x - w / 2
      case .right: left = x - w
      }
      let anchor = align == .center ? x : align == .right ? x - 1 : x + 1
      let box =
        items.first { anchor >= $0.x && anchor <= $0.x + $0.w && y >= $0.y - 2 && y <= $0.y + $0.h }
        ?? panel
      #expect(
        left >= box.x - 1 && left + w <= box.x + box.w + 1,
        "\(c): “\(t)” (\(Int(left))…\(Int(left + w))) overflows \(box)")
    }
    #expect(texts > 10)
  }

  /// Only controls that apply show; choices read as words; tabs split the panel.
  @Test func tabsShowOnlyControlsThatApplyWithHumanNames() throws {
    var p = try Shipped.preset("playful.json")
    p.fan.expand.variant = .stagger
    p.fan.collapse.variant = .stagger
    let h = StudioHarness(preset: p, path: "/lib/playful.json")
    var texts = h.texts
    #expect(!texts.contains("OVERSHOOT (KYCIRCLEMENU)"), "no overshoot fields under stagger")
    #expect(texts.contains("Radius"))
    #expect(texts.contains("All at once") && texts.contains("Ease in-out"))
    #expect(!texts.contains("allAtOnce") && !texts.contains("easeInOut"))
    #expect(!texts.contains("BUBBLE TOUCH"), "the bubble has its own tab")
    p.fan.layout = .custom
    p.fan.expand.variant = .overshoot
    h.edit(p)
    texts = StudioHarness.texts(h.draw())
    #expect(!texts.contains("Radius") && !texts.contains("Start angle"), "no radius under custom")
    #expect(texts.contains("OVERSHOOT (KYCIRCLEMENU)"))
    h.send(.panelTab(.device))
    texts = StudioHarness.texts(h.draw())
    #expect(texts.contains("iPhone 15 Pro Max"))
    h.send(.panelTab(.bubble))
    #expect(StudioHarness.texts(h.draw()).contains("BUBBLE TOUCH"))
    // a lint warning's field opens its tab
    h.send(.selectField(.fanExpandDamping))
    #expect(h.state.panelTab == .fan)
  }
}
