import Foundation
import SpringLabCore
import SpringLabUI
import Testing

@testable import SpringLabStudio

/// What a frame's draw list shows, checked as a designer would look at it:
/// text measured with DejaVu Sans's widths (`dejaVuMeasure`, the font on
/// screen) fits the control or card it sits in, no text runs into another,
/// and nothing touches the window's edge.
struct LayoutCheck {
  var width: Double
  var height: Double
  /// Controls the UI laid out (the panel's and the dialog's item rects):
  /// a text whose anchor lies in one must fit in it.
  var controls: [PixelRect]
  /// The controls that show whole (not cut by a scrolling view): none may
  /// touch the window's edge.
  var wholeControls: [PixelRect]
  /// Backgrounds that reach the edge by design (the panel's column).
  var backgrounds: [PixelRect]

  /// How close to the window's edge anything may come, pixels.
  static let edge = 2.0

  static func inside(_ a: PixelRect, _ b: PixelRect, slack: Double = 1) -> Bool {
    a.x >= b.x - slack && a.y >= b.y - slack && a.x + a.w <= b.x + b.w + slack
      && a.y + a.h <= b.y + b.h + slack
  }

  static func contains(_ r: PixelRect, _ x: Double, _ y: Double) -> Bool {
    x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h
  }

  /// The overlap of two rectangles (zero-sized when they do not meet).
  static func meet(_ a: PixelRect, _ b: PixelRect) -> PixelRect {
    let x0 = max(a.x, b.x)
    let y0 = max(a.y, b.y)
    let x1 = min(a.x + a.w, b.x + b.w)
    let y1 = min(a.y + a.h, b.y + b.h)
    return PixelRect(x: x0, y: y0, w: max(0, x1 - x0), h: max(0, y1 - y0))
  }

  static func intersects(_ a: PixelRect, _ b: PixelRect) -> Bool {
    min(a.x + a.w, b.x + b.w) - max(a.x, b.x) > 0.5
      && min(a.y + a.h, b.y + b.h) - max(a.y, b.y) > 0.5
  }

  /// A text run's box on screen (DejaVu Sans at its size).
  static func extent(_ t: String, x: Double, y: Double, size: Double, align: TextAlign)
    -> PixelRect
  {
    let (w, h) = dejaVuMeasure(t, size)
    let left: Double
    switch align {
    case .left: left = x
    case .center: left = x - w / 2
    case .right: left = x - w
    }
    return PixelRect(x: left, y: y, w: w, h: h)
  }

  func touchesEdge(_ r: PixelRect) -> Bool {
    r.x < Self.edge || r.y < Self.edge || r.x + r.w > width - Self.edge
      || r.y + r.h > height - Self.edge
  }

  /// A text run as drawn: its box, the clip it was drawn under, the cards
  /// drawn before it (what it may sit on) and whether a later opaque card
  /// hides it.
  struct Run {
    var text: String
    var box: PixelRect
    var anchor: (x: Double, y: Double)
    var clip: PixelRect?
    var cards: [PixelRect]
    var hidden = false
  }

  /// Whether `r`, drawn under `clip`, may reach the window's edge: only
  /// where its scrolling view itself reaches the edge (a row scrolls out
  /// of the window there).
  func scrollsOut(_ r: PixelRect, _ clip: PixelRect?) -> Bool {
    guard let c = clip else { return false }
    let e = Self.edge
    return (r.y < e && c.y < e) || (r.y + r.h > height - e && c.y + c.h > height - e)
  }

  /// Every problem in `list`, one line each (empty when the frame is clean).
  func problems(_ list: DrawList) -> [String] {
    var out: [String] = []
    var clip: PixelRect?
    var cards: [PixelRect] = []
    var runs: [Run] = []
    let window = PixelRect(x: 0, y: 0, w: width, h: height)
    for cmd in list.finished {
      switch cmd {
      case .clip(let r): clip = r
      case .fill(.roundedRect(let r, _), let c) where c.a > 0 && r.w > 0 && r.h > 0:
        let isBackground = backgrounds.contains(r)
        // why: a row cut by a scrolling view is not a box on its own
        let whole = clip.map { Self.inside(r, $0, slack: 0) } ?? true
        if !isBackground, whole, touchesEdge(r), !scrollsOut(r, clip) {
          out.append("a box \(r) touches the window's edge")
        }
        // why: an opaque card hides what was drawn under it, texts and cards
        if c.a >= 0xE0 {
          let shown = clip.map { Self.meet(r, $0) } ?? r
          for i in runs.indices where Self.intersects(runs[i].box, shown) { runs[i].hidden = true }
          cards.removeAll { Self.intersects($0, shown) && !Self.inside(shown, $0, slack: 0) }
        }
        if !isBackground { cards.append(r) }
      case .text(let t, let x, let y, let size, _, let align) where !t.isEmpty:
        let box = Self.extent(t, x: x, y: y, size: size, align: align)
        let ax = align == .center ? x : align == .right ? x - 1 : x + 1
        runs.append(Run(text: t, box: box, anchor: (ax, y + box.h / 2), clip: clip, cards: cards))
      default: break
      }
    }
    var shown: [(text: String, box: PixelRect)] = []
    for run in runs where !run.hidden {
      let (t, box) = (run.text, run.box)
      var visible = box
      if let c = run.clip {
        guard Self.contains(c, run.anchor.x, run.anchor.y) else { continue }
        // why: cut at the top or bottom of a scrolling view is scrolling;
        // cut at its side is a text too wide for its place
        if box.x < c.x - 1 || box.x + box.w > c.x + c.w + 1 {
          out.append("“\(t)” \(box) is cut by its clip \(c)")
        }
        visible = Self.meet(box, c)
      }
      let cut = visible != box
      let holders = (controls + run.cards).filter {
        Self.contains($0, run.anchor.x, run.anchor.y)
      }
      let holder = holders.min { $0.w * $0.h < $1.w * $1.h } ?? window
      if !cut, !Self.inside(box, holder) { out.append("“\(t)” \(box) overflows \(holder)") }
      if touchesEdge(visible), !scrollsOut(visible, run.clip) {
        out.append("“\(t)” \(box) touches the window's edge")
      }
      for other in shown where Self.intersects(other.box, visible) {
        out.append("“\(t)” \(box) runs into “\(other.text)” \(other.box)")
      }
      shown.append((t, visible))
    }
    for c in wholeControls where touchesEdge(c) {
      out.append("a control \(c) touches the window's edge")
    }
    return out
  }
}

/// The window at 1024×640, 1280×800 and 1920×1200: every tab scrolled from
/// top to bottom, the graph, A/B, the help, the debug overlay and every
/// dialog, checked with `LayoutCheck` (#23).
@Suite("Window layout at three sizes")
struct StudioWindowLayoutTests {
  static let sizes: [(Double, Double)] = [(1024, 640), (1280, 800), (1920, 1200)]

  struct Size: CustomStringConvertible, Sendable {
    var w: Double
    var h: Double
    var description: String { "\(Int(w))×\(Int(h))" }
  }

  static let allSizes = sizes.map { Size(w: $0.0, h: $0.1) }

  /// A session on seed 000 in a library of shipped presets, measured with
  /// DejaVu Sans, at `size`.
  static func harness(_ size: Size, preset name: String = "seed-000-fan.json") throws
    -> StudioHarness
  {
    let disk = FakeDisk()
    for n in ["playful.json", "seed-000-fan.json", "seed-003-sequential.json", "snappy.json"] {
      disk.write(try Shipped.preset(n), to: "/lib/" + n)
    }
    let h = StudioHarness(
      preset: disk.presets["/lib/" + name]!.preset, path: "/lib/" + name, disk: disk)
    h.view.measure = dejaVuMeasure
    h.send(.resized(WindowSize(width: size.w, height: size.h, scale: 1)))
    h.draw()
    return h
  }

  static func check(_ h: StudioHarness) -> LayoutCheck {
    let layout = StudioLayout(h.state)
    // why: the canvas and the graph take the pointer as UI regions; they
    // are the stage, not controls
    let regions = [layout.frame.canvas] + (layout.graph.map { [$0] } ?? [])
    let ui = h.state.dialog == nil ? h.view.panelUI : h.view.dialogUI
    var controls: [PixelRect] = []
    var whole: [PixelRect] = []
    for (id, shown) in ui.visibleItemRects
    where !regions.contains(where: { Self.covers(shown, $0) }) {
      controls.append(shown)
      // why: a row cut by its scrolling view at the window's edge is
      // scrolling, and so is a row that happens to end at the panel's foot
      // mid-scroll (the body reaches the window's bottom; the end of the
      // scroll keeps the panel's padding, checked on its own)
      let foot =
        h.state.dialog == nil && shown.y + shown.h > h.state.window.height - LayoutCheck.edge
      if !foot, ui.itemRects.first(where: { $0.id == id })?.rect == shown { whole.append(shown) }
    }
    if h.state.overlays.help {
      // why: the help's card covers the panel; its controls are not there
      let card = OverlayView.helpLayout(
        PixelRect(x: 0, y: 0, w: h.state.window.width, h: h.state.window.height),
        scale: h.state.window.scale, measure: h.view.measure
      ).card
      controls.removeAll { LayoutCheck.intersects($0, card) }
      whole.removeAll { LayoutCheck.intersects($0, card) }
    }
    return LayoutCheck(
      width: h.state.window.width, height: h.state.window.height, controls: controls,
      wholeControls: whole, backgrounds: layout.frame.panel.map { [$0] } ?? [])
  }

  /// Whether `r` is (the visible part of) the region `region`.
  static func covers(_ r: PixelRect, _ region: PixelRect) -> Bool {
    LayoutCheck.inside(region, r, slack: 1)
      || LayoutCheck.inside(r, region, slack: 1)
        && r.w * r.h >= region.w * region.h * 0.5
  }

  /// Scrolls the panel body down a few notches; false once it stops moving.
  static func scrollDown(_ h: StudioHarness) -> Bool {
    let before = h.view.panelUI.scrollOffset("panel")
    let x = h.state.window.width - 60
    h.input([.mouseMove(x: x, y: h.state.window.height - 80, mods: []), .wheel(dx: 0, dy: -5)])
    return h.view.panelUI.scrollOffset("panel") > before + 0.5
  }

  @Test(arguments: allSizes)
  func everyTabFromTopToBottom(_ size: Size) throws {
    let h = try Self.harness(size)
    for tab in PanelTab.allCases {
      h.send(.panelTab(tab))
      h.draw()
      Self.checkFromTopToBottom(h, size, tab)
    }
  }

  /// Every tab with every section open, each folded one opened by a click
  /// on its header as a designer would, then scrolled from top to bottom.
  @Test(arguments: allSizes)
  func everyTabWithEverySectionOpenedFromTopToBottom(_ size: Size) throws {
    let h = try Self.harness(size)
    for tab in PanelTab.allCases {
      h.send(.panelTab(tab))
      h.draw()
      for g in tab.groups where !h.state.panelFolds.isOpen(.group(g)) {
        let header = g.title.uppercased()
        guard h.reveal(header), let at = h.textPosition(header) else {
          // why: a section whose fields do not apply to this preset is not drawn
          continue
        }
        h.click(at.x + 4, at.y + 5)
        #expect(h.state.panelFolds.isOpen(.group(g)), "\(size) \(tab.title): \(g.title)")
      }
      for s in PanelSection.allCases where !h.state.panelFolds.isOpen(s) {
        h.send(.panelSection(s, open: true))
      }
      h.view.panelUI.setScrollOffset("panel", 0)
      h.draw()
      Self.checkFromTopToBottom(h, size, tab)
    }
    #expect(PanelSection.allCases.allSatisfy { h.state.panelFolds.isOpen($0) })
  }

  /// Checks each frame while scrolling the panel body from where it is to
  /// its end, then the end's padding and cut labels.
  static func checkFromTopToBottom(_ h: StudioHarness, _ size: Size, _ tab: PanelTab) {
    var frames = 0
    repeat {
      let problems = Self.check(h).problems(h.lastFrame)
      #expect(
        problems.isEmpty,
        "\(size) \(tab.title) frame \(frames):\n\(problems.joined(separator: "\n"))")
      frames += 1
    } while Self.scrollDown(h) && frames < 40
    #expect(frames >= 1)
    // why: at the end of the scroll the last row keeps the panel's padding
    // from the window's bottom (the export row touched it)
    let bottom = Self.check(h).controls.map { $0.y + $0.h }.max() ?? 0
    #expect(bottom <= size.h - 8, "\(size) \(tab.title): last row ends at \(bottom)")
    // why: a label cut with "…" hides what the control is
    // (buttons that open a dialog end in "…" by design; a library row's
    // file name may be shortened, its title may not)
    let files = h.disk.presets.keys.map { String($0.split(separator: "/").last ?? "") }
    let designed: Set<String> = ["Save as…", "Rename…", "Delete…"]
    let cut = h.texts.filter { t in
      t.hasSuffix("…") && !t.hasPrefix("/") && !designed.contains(t)
        && !files.contains { $0.hasPrefix(t.dropLast()) }
    }
    #expect(cut.isEmpty, "\(size) \(tab.title): \(cut)")
  }

  @Test(arguments: allSizes)
  func theGraphForEveryMotionAndWhileComparing(_ size: Size) throws {
    let h = try Self.harness(size)
    h.key("g")
    for target in GraphTarget.allCases {
      h.send(.graph(.target(target)))
      let problems = Self.check(h).problems(h.draw())
      #expect(problems.isEmpty, "\(size) \(target):\n\(problems.joined(separator: "\n"))")
    }
    h.send(.graph(.target(.fanExpand)))
    h.key("a")  // pin A: a toast says so
    var p = h.state.preset
    p.fan.expand.damping = 0.3
    h.edit(p)
    for mode in ["ghost", "side by side"] {
      let problems = Self.check(h).problems(h.draw())
      #expect(problems.isEmpty, "\(size) A/B \(mode):\n\(problems.joined(separator: "\n"))")
      h.key("v")
    }
  }

  @Test(arguments: allSizes)
  func theHelpFitsWholeAndTheDebugLegendFits(_ size: Size) throws {
    let h = try Self.harness(size)
    h.key("h")
    #expect(h.state.overlays.help)
    let frame = h.draw()
    let problems = Self.check(h).problems(frame)
    #expect(problems.isEmpty, "\(size) help:\n\(problems.joined(separator: "\n"))")
    let help = OverlayView.helpLayout(
      PixelRect(x: 0, y: 0, w: size.w, h: size.h), scale: 1, measure: dejaVuMeasure)
    #expect(help.card.y >= 8 && help.card.y + help.card.h <= size.h - 8, "\(size): \(help.card)")
    // every binding's words are there, none cut with "…"
    let texts = StudioHarness.texts(frame)
    for b in KeyMap.bindings {
      let shown = help.columns.flatMap { $0 }.first { $0.keys.joined(separator: " ") == b.label }
      let item = try #require(shown, "\(size): \(b.label)")
      #expect(item.help.joined(separator: " ") == b.help, "\(size): \(b.label)")
      for line in item.help { #expect(texts.contains(line)) }
    }
    // the texts drawn on the card (after it, inside it)
    var onCard: [String] = []
    var cardDrawn = false
    for c in frame.finished {
      if case .fill(.roundedRect(let r, _), _) = c, r == help.card { cardDrawn = true }
      if cardDrawn, case .text(let t, let x, let y, _, _, _) = c,
        LayoutCheck.contains(help.card, x + 1, y + 1)
      {
        onCard.append(t)
      }
    }
    #expect(onCard.count > KeyMap.bindings.count)
    #expect(
      !onCard.contains { $0.hasSuffix("…") }, "\(size): \(onCard.filter { $0.hasSuffix("…") })")
    h.key("h")
    h.key("d")
    let debug = Self.check(h).problems(h.draw())
    #expect(debug.isEmpty, "\(size) debug:\n\(debug.joined(separator: "\n"))")
  }

  static func dialogs(_ h: StudioHarness) -> [(String, StudioDialog)] {
    [
      ("save as", .saveAs), ("confirm quit", .confirm(.quit)),
      ("confirm load", .confirm(.load("/lib/playful.json"))),
      ("recovery", .recovery(name: "seed-000-fan.json", h.state.preset)),
      ("conflict", .conflict(path: "/lib/seed-000-fan.json", then: nil)),
      ("rename", .rename(path: "/lib/seed-000-fan.json")),
      ("delete", .delete(path: "/lib/seed-000-fan.json")),
    ]
  }

  /// The dialog's card: the first rounded box drawn after the dimming
  /// that covers the whole window.
  static func dialogCard(_ list: DrawList) -> PixelRect? {
    var dimmed = false
    for cmd in list.finished {
      if case .fill(.polygon(let pts), _) = cmd, pts.count == 4, pts[0].x == 0, pts[0].y == 0 {
        dimmed = true
      } else if dimmed, case .fill(.roundedRect(let r, _), _) = cmd {
        return r
      }
    }
    return nil
  }

  @Test(arguments: allSizes)
  func everyDialogFitsWithNoEmptyBand(_ size: Size) throws {
    let h = try Self.harness(size)
    for (name, d) in Self.dialogs(h) {
      h.state.dialog = d
      let frame = h.draw()
      let problems = Self.check(h).problems(frame)
      #expect(problems.isEmpty, "\(size) \(name):\n\(problems.joined(separator: "\n"))")
      // the dialog's card: the largest rounded box the dialog drew
      let items = h.view.dialogUI.itemRects.map(\.rect).filter { $0.h > 0 }
      let card = try #require(Self.dialogCard(frame), "\(name)")
      let last = items.map { $0.y + $0.h }.max() ?? 0
      let pad = UITheme.dark.padding
      #expect(
        abs(card.y + card.h - last - pad) <= 1,
        "\(size) \(name): \(card.y + card.h - last) px under the buttons (padding \(pad))")
      h.state.dialog = nil
    }
  }
}
