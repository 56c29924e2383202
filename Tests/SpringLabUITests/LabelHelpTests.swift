import Testing

@testable import SpringLabCore
@testable import SpringLabUI

/// A widget's help shows as a tooltip while the pointer rests on its label,
/// and only there (#23: each number's tooltip says what it is in its form).
@Suite("Label help")
struct LabelHelpTests {
  static func row(_ ctx: UIContext) {
    var v = 0.4
    ctx.setNextItemHelp("UIKit's settling duration")
    ctx.slider("Duration", value: &v, range: 0.01...10, unit: "s")
    var w = 0.7
    ctx.slider("Damping ratio", value: &w, range: 0.05...1)
  }

  @Test func restingOnTheLabelShowsTheHelpAfterTheDelay() throws {
    let h = Harness()
    let first = h.frame { Self.row($0) }
    // on the label, left of the track
    let y = try #require(textY(first, "Duration"))
    h.frame([move(14, y + 5)]) { Self.row($0) }
    #expect(!texts(h.frame { Self.row($0) }).contains("UIKit's settling duration"), "not at once")
    h.t += 0.6
    let shown = texts(h.frame { Self.row($0) })
    #expect(shown.contains("UIKit's settling duration"), "\(shown)")
    // the next widget's label has none of it
    let y2 = try #require(
      first.finished.compactMap { c -> Double? in
        if case .text(let t, _, let ty, _, _, _) = c, t.hasPrefix("Damping") { return ty }
        return nil
      }.first)
    h.frame([move(14, y2 + 5)]) { Self.row($0) }
    h.t += 0.6
    #expect(!texts(h.frame { Self.row($0) }).contains("UIKit's settling duration"))
  }

  @Test func theTrackShowsNoHelp() throws {
    let h = Harness()
    h.frame { Self.row($0) }
    let r = try #require(h.ctx.itemRects.first { $0.id == h.ctx.id("Duration") }).rect
    h.frame([move(r.x + r.w * 0.6, r.y + r.h / 2)]) { Self.row($0) }
    h.t += 0.6
    #expect(!texts(h.frame { Self.row($0) }).contains("UIKit's settling duration"))
  }
}

/// The debug overlay's legend names each overlay in the colour it is drawn in.
@Suite("Debug legend")
struct DebugLegendTests {
  @Test func eachLegendWordHasItsOverlaysColour() throws {
    let scene = Scene(preset: .seedDefault)
    var dl = DrawList()
    SceneDrawer.draw(
      scene, view: ViewTransform(x: 20, y: 20, scale: 1), into: &dl, icons: IconSet(),
      options: SceneDrawOptions(debug: true, touches: false))
    var textColour: [String: RGBA] = [:]
    var strokes: [RGBA] = []
    for c in dl.finished {
      switch c {
      case .text(let t, _, _, _, let col, _): textColour[t] = col
      case .stroke(_, _, let col): strokes.append(col)
      default: break
      }
    }
    #expect(textColour["safe area"] == Palette.safeArea)
    #expect(textColour["hit areas"] == Palette.debug)
    #expect(textColour["thumb zone"] == Palette.thumb.fading(0.7))
    #expect(textColour["arc"] == Palette.debug.fading(0.5))
    // each colour named is one the overlay strokes with
    for name in ["safe area", "hit areas", "thumb zone", "arc"] {
      let col = try #require(textColour[name])
      #expect(strokes.contains(col), "\(name) in \(col)")
    }
    // the words do not run into each other (the estimate is wider than DejaVu)
    var xs: [Double] = []
    for c in dl.finished {
      if case .text(let t, let x, _, _, _, _) = c,
        DebugOverlay.legend.contains(where: { $0.0 == t })
      {
        xs.append(x)
      }
    }
    #expect(xs == xs.sorted() && xs.count == 4)
  }
}
