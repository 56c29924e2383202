import Foundation
import SpringLabCore
import SpringLabUI
import Testing

@testable import SpringLabStudio

/// The canvas with the graph open at common window sizes, checked on the
/// draw list: the device as large as fits beside (or above) the graph, and
/// captions, hints and toasts in the strip, never on the device.
@Suite("Canvas layout")
struct StudioCanvasLayoutTests {
  struct Case: CustomStringConvertible, Sendable {
    var w: Double
    var h: Double
    var preset: String
    var description: String { "\(Int(w))×\(Int(h)) \(preset)" }
  }

  static let cases: [Case] = [(1024.0, 640.0), (1280, 800), (1920, 1200)].flatMap { s in
    ["seed-000-fan.json", "playful.json", "seed-002-bubble.json"].map {
      Case(w: s.0, h: s.1, preset: $0)
    }
  }

  static func overlap(_ a: PixelRect, _ b: PixelRect) -> Bool {
    min(a.x + a.w, b.x + b.w) - max(a.x, b.x) > 0.5
      && min(a.y + a.h, b.y + b.h) - max(a.y, b.y) > 0.5
  }

  static func inside(_ a: PixelRect, _ b: PixelRect) -> Bool {
    a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.w <= b.x + b.w + 0.5
      && a.y + a.h <= b.y + b.h + 0.5
  }

  /// The device with its bezel, pixels.
  static func deviceRect(_ v: ViewTransform, _ d: Device) -> PixelRect {
    let b = 14 * v.scale
    return PixelRect(
      x: v.x - b, y: v.y - b, w: d.width * v.scale + 2 * b, h: d.height * v.scale + 2 * b)
  }

  static func studio(_ c: Case) throws -> StudioHarness {
    let h = StudioHarness(preset: try Shipped.preset(c.preset), path: "/lib/" + c.preset)
    h.send(.resized(WindowSize(width: c.w, height: c.h, scale: 1)))
    h.send(.command(.toggleGraph))
    return h
  }

  @Test(arguments: cases)
  func theDeviceNeverMeetsTheStripOrTheGraph(_ c: Case) throws {
    let h = try Self.studio(c)
    // every caption at once, then a toast (which takes the strip for its life)
    h.send(.command(.pinA))
    h.send(.command(.toggleTrails))
    h.send(.command(.toggleEditOnCanvas))
    h.advance(5)
    #expect(h.state.toast == nil)
    let captions = try check(c, h, h.draw())
    #expect(captions.contains { $0.hasPrefix("Ghost = A") }, "\(c): \(captions)")
    if OverlayView.diffBox(h.state, StudioLayout(h.state), height: 0) != nil {
      // the second line joins the other hints (shortened with … when narrow)
      #expect(captions.contains { $0.hasPrefix("Edit on canvas") })
      if c.w >= 1280 { #expect(captions.contains { $0.contains("Trails on") }) }
    } else {
      // no room for the difference box off the phone and the graph: the
      // difference takes the second line, the hints give way
      #expect(captions.contains { $0.hasPrefix("A and B are the same") }, "\(c): \(captions)")
    }
    h.send(.command(.faster))
    #expect(h.state.toast != nil)
    let toast = try check(c, h, h.draw())
    #expect(toast.contains { $0.hasPrefix("Speed") }, "\(c): the toast: \(toast)")
    #expect(!toast.contains { $0.hasPrefix("Ghost = A") }, "\(c): no caption under the toast")
  }

  /// Checks one frame; returns the texts drawn in the strip.
  func check(_ c: Case, _ h: StudioHarness, _ frame: DrawList) throws -> [String] {
    let layout = StudioLayout(h.state)
    let graph = try #require(layout.graph)
    let device = Self.deviceRect(layout.view, h.state.scene.device)
    let canvas = layout.frame.canvas
    #expect(Self.inside(device, layout.canvas), "\(c): device \(device) in \(layout.canvas)")
    #expect(!Self.overlap(device, layout.strip), "\(c): device \(device) under the strip")
    #expect(!Self.overlap(device, graph), "\(c): device \(device) meets the graph \(graph)")
    #expect(!Self.overlap(layout.strip, graph), "\(c): graph \(graph) in the strip")
    #expect(Self.inside(graph, canvas) && Self.inside(layout.strip, canvas))
    if let p = layout.frame.panel { #expect(!Self.overlap(graph, p) && !Self.overlap(device, p)) }
    // the graph's chips: inside the graph, none on another
    let chips = GraphView.chips(graph, scale: 1).map(\.0)
    for (i, a) in chips.enumerated() {
      #expect(Self.inside(a, graph), "\(c): chip \(a) outside the graph \(graph)")
      for b in chips[(i + 1)...] { #expect(!Self.overlap(a, b), "\(c): chips \(a) and \(b)") }
    }
    // captions and the toast: in the strip, inside the canvas, off the device
    var stripTexts: [String] = []
    for cmd in frame.finished {
      guard case .text(let t, let x, let y, let size, _, let align) = cmd,
        x < canvas.x + canvas.w, y < layout.strip.y + layout.strip.h
      else { continue }
      stripTexts.append(t)
      let (w, th) = fakeMeasure(t, size)
      let left = align == .center ? x - w / 2 : align == .right ? x - w : x
      let box = PixelRect(x: left, y: y, w: w, h: th)
      #expect(Self.inside(box, layout.strip), "\(c): “\(t)” \(box) leaves the strip")
      #expect(!Self.overlap(box, device), "\(c): “\(t)” covers the device")
    }
    // the A/B difference box: beside the device, never on it nor on the
    // graph (without room the strip carries it)
    let diffBoxes = frame.finished.compactMap { cmd -> PixelRect? in
      if case .fill(.roundedRect(let r, _), let col) = cmd, col == RGBA(0x1C, 0x1C, 0x1E, 0xE0) {
        return r
      }
      return nil
    }
    #expect(diffBoxes.count <= 1, "\(c): one diff box at most")
    for b in diffBoxes {
      #expect(!Self.overlap(b, device), "\(c): the diff box \(b) covers the device \(device)")
      #expect(!Self.overlap(b, graph), "\(c): the diff box \(b) covers the graph \(graph)")
      #expect(Self.inside(b, canvas) && !Self.overlap(b, layout.strip), "\(c): diff box \(b)")
    }
    // texts of the graph stay in its card (the card clips; nothing is cut
    // but the legend and rule, which fit by construction)
    for cmd in frame.finished {
      guard case .text(let t, let x, let y, let size, _, let align) = cmd,
        graph.contains(x, y + 1)
      else { continue }
      let w = fakeMeasure(t, size).0 * 0.9
      let left = align == .center ? x - w / 2 : align == .right ? x - w : x
      #expect(
        left >= graph.x - 1 && left + w <= graph.x + graph.w + 1,
        "\(c): graph text “\(t)” (\(Int(left))…\(Int(left + w))) overflows \(graph)")
    }
    return stripTexts
  }

  /// With the graph open, a portrait phone beside it is far larger than above it.
  @Test func aPortraitPhoneGoesBesideTheGraph() throws {
    for (w, h, least) in [(1024.0, 640.0, 220.0), (1280, 800, 300), (1920, 1200, 450)] {
      let st = try Self.studio(Case(w: w, h: h, preset: "seed-000-fan.json"))
      let layout = StudioLayout(st.state)
      let device = Self.deviceRect(layout.view, st.state.scene.device)
      let graph = try #require(layout.graph)
      #expect(graph.x >= device.x + device.w, "\(w)×\(h): the graph is beside the phone")
      #expect(device.w >= least, "\(w)×\(h): the phone is \(device.w) px wide")
      #expect(graph.w >= StudioLayout.graphMinWidth)
    }
    // a landscape device keeps the graph below it
    let st = try Self.studio(Case(w: 1280, h: 800, preset: "playful.json"))
    let layout = StudioLayout(st.state)
    #expect(try #require(layout.graph).y > layout.view.y)
  }
}

/// A UI scale (X11 HiDPI, `--ui-scale`): the panel, its text and its hit
/// areas grow together, so a click lands on what is drawn under it.
@Suite("UI scale")
struct StudioUIScaleTests {
  @Test(arguments: [1.0, 1.5, 2.0])
  func thePanelAndItsHitAreasScaleTogether(_ k: Double) throws {
    let h = StudioHarness(preset: try Shipped.preset("seed-000-fan.json"), path: "/lib/a.json")
    h.input([.resize(width: Int(1280 * k), height: Int(800 * k), scale: k)])
    #expect(h.state.window.scale == k)
    let panel = try #require(StudioLayout(h.state).frame.panel)
    #expect(abs(panel.w - FrameLayout.panelWidth * k) < 1 || panel.w > FrameLayout.panelWidth * k)
    let sizes = h.lastFrame.finished.compactMap { c -> Double? in
      if case .text(let t, _, _, let size, _, _) = c, t == "Seed 000 fan menu" { return size }
      return nil
    }
    #expect(
      sizes.contains { abs($0 - UITheme.dark.fontSize * k) < 1e-9 }, "text at \(k)×: \(sizes)")
    // a click where the “Bubble” tab is drawn picks that tab
    let (x, y) = try #require(h.textPosition("Bubble"))
    h.click(x, y + 6 * k)
    #expect(h.state.panelTab == .bubble, "at \(k)×")
  }
}

extension StudioCanvasLayoutTests {
  /// The A/B difference box, as drawn.
  static func diffBoxes(_ frame: DrawList) -> [PixelRect] {
    frame.finished.compactMap { cmd -> PixelRect? in
      if case .fill(.roundedRect(let r, _), let col) = cmd, col == RGBA(0x1C, 0x1C, 0x1E, 0xE0) {
        return r
      }
      return nil
    }
  }

  /// Ghost or side by side, graph open or not: the difference never lies on a phone.
  @Test(arguments: cases)
  func theDifferenceNeverCoversAPhone(_ c: Case) throws {
    for graph in [false, true] {
      for sideBySide in [false, true] {
        let h = StudioHarness(preset: try Shipped.preset(c.preset), path: "/lib/" + c.preset)
        h.send(.resized(WindowSize(width: c.w, height: c.h, scale: 1)))
        if graph { h.send(.command(.toggleGraph)) }
        h.send(.command(.pinA))
        if sideBySide { h.send(.command(.toggleCompareMode)) }
        h.advance(5)
        #expect(h.state.toast == nil)
        let frame = h.draw()
        let layout = StudioLayout(h.state)
        var phones = [Self.deviceRect(layout.view, h.state.scene.device)]
        if let g = layout.ghostView, let cmp = h.state.compare {
          phones.append(Self.deviceRect(g, cmp.ghost.scene.device))
        }
        let boxes = Self.diffBoxes(frame)
        if boxes.isEmpty {
          // no room for a box: the difference is the strip's second line
          let inStrip = frame.finished.contains {
            if case .text(let t, _, let y, _, _, _) = $0 {
              return t.hasPrefix("A and B are the same") && y < layout.strip.y + layout.strip.h
            }
            return false
          }
          #expect(inStrip, "\(c) graph \(graph) side by side \(sideBySide): no difference shown")
        }
        #expect(boxes.count <= 1)
        for b in boxes {
          for p in phones {
            #expect(
              !Self.overlap(b, p),
              "\(c) graph \(graph) side by side \(sideBySide): diff \(b) on the phone \(p)")
          }
          #expect(Self.inside(b, layout.frame.canvas), "\(c): diff \(b)")
        }
      }
    }
  }
}
