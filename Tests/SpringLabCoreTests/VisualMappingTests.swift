import Foundation
import Testing

@testable import SpringLabCore

/// The progress-to-visual mapping is data, declared once per motion in its
/// `MotionDescriptor`: the runtime draws with it and every exporter prints it.
@Suite("Visual mapping")
struct VisualMappingTests {
  static func spell(_ x: Double) -> String { ExportNumber.format(x) }

  @Test func channelsAreAffineAndPrintTheirNumbers() {
    let c = ProgressChannel(from: 0.4, span: 0.6)
    #expect(c.at(0) == 0.4 && c.at(1) == 1 && c.to == 1)
    #expect(c.at(0.5) == 0.4 + 0.6 * 0.5)
    #expect(c.expression(of: "p", number: Self.spell) == "0.4 + 0.6 * p")
    #expect(ProgressChannel.progress.expression(of: "p", number: Self.spell) == "p")
    #expect(ProgressChannel(from: 1, span: -1).expression(of: "f", number: Self.spell) == "1 - f")
    #expect(ProgressChannel(from: 0, span: 2).expression(of: "p", number: Self.spell) == "2 * p")
    #expect(ProgressChannel.constant(0.8).expression(of: "p", number: Self.spell) == "0.8")
    #expect(
      ProgressChannel.progress.clamped(1.2) == 1 && ProgressChannel.progress.clamped(-0.1) == 0)
  }

  /// The fan's drawn items follow the expand descriptor's mapping at every
  /// sampled instant, and the exports print the same numbers.
  @Test func theFanItemMappingHasOneSource() {
    let p = shipped("seed-000-fan.json")
    let m = MotionID.fanExpand.descriptor.mapping
    #expect(MotionID.fanCollapse.descriptor.mapping == m)
    let d = Device.iPhone15
    let main = FanLayout.mainCenter(p.fan, device: d)
    let offs = FanLayout.offsets(p.fan, device: d)
    var fan = FanMenu(config: p.fan)
    fan.toggle(at: 0)
    for k in 0...40 {
      let t = Double(k) * 0.01
      for (i, v) in fan.visuals(at: t, main: main, offsets: offs).enumerated() {
        #expect(v.scale == m.scale.at(v.progress))
        #expect(v.alpha == m.alpha.clamped(v.progress))
        #expect(v.rotation == p.fan.spin * m.rotation.at(v.progress))
        #expect(v.center == main + offs[i] * m.position.at(v.progress))
      }
    }
    let scale = "\(Self.spell(m.scale.from)) + \(Self.spell(m.scale.span)) * p"
    let uikit = Exporter.export(p, format: .uikit)
    #expect(uikit.contains("CGAffineTransform(scaleX: \(scale), y: \(scale))"))
    #expect(Exporter.export(p, format: .swiftui).contains(".scaleEffect(\(scale))"))
    let css = Exporter.export(p, format: .css)
    #expect(
      css.contains(
        "scale: calc(\(Self.spell(m.scale.from)) + \(Self.spell(m.scale.span)) * var(--p))"))
  }

  /// The bubble menu's drawn scale and alpha (what the drawer draws and the
  /// trace records) follow the open and close descriptors' mappings, and the
  /// exports print the same numbers.
  @Test func theBubbleMenuMappingHasOneSource() {
    let p = shipped("seed-002-bubble.json")
    let opening = MotionID.bubbleMenuOpen.descriptor.mapping
    let closing = MotionID.bubbleMenuClose.descriptor.mapping
    var s = Scene(preset: p)
    let t0 = s.now
    s.send(.command(.toggleBubbleMenu))
    var sawOpen = false
    var sawClose = false
    for k in 1...80 {
      if k == 40 { s.send(.command(.toggleBubbleMenu)) }
      s.advance(to: t0 + Double(k) * 0.01)
      let b = s.bubble
      let progress = b.menuProgress(at: s.now)
      let m = b.menuOpen ? opening : closing
      sawOpen = sawOpen || b.menuOpen
      sawClose = sawClose || !b.menuOpen
      #expect(b.menuScale(at: s.now) == m.scale.at(progress))
      if b.menuAlpha(at: s.now) > 0 { #expect(b.menuAlpha(at: s.now) == m.alpha.clamped(progress)) }
    }
    #expect(sawOpen && sawClose)
    func swift(_ c: ProgressChannel) -> String {
      "\(Self.spell(c.from)) + \(Self.spell(c.span)) * p"
    }
    let uikit = Exporter.export(p, format: .uikit)
    #expect(uikit.contains("scaleX: \(swift(opening.scale)), y: \(swift(opening.scale))"))
    #expect(uikit.contains("scaleX: \(swift(closing.scale)), y: \(swift(closing.scale))"))
    let css = Exporter.export(p, format: .css)
    for c in [opening.scale, closing.scale] {
      #expect(css.contains("scale: calc(\(Self.spell(c.from)) + \(Self.spell(c.span)) * var(--m))"))
    }
  }

  /// Every motion declares a mapping; the ones that draw something scaled
  /// are the fan's items and the bubble's menu.
  @Test func everyMotionDeclaresItsMapping() {
    let scaled = MotionDescriptor.all.filter { $0.mapping.scale.span != 0 }.map(\.id)
    #expect(scaled == [.fanExpand, .fanCollapse, .bubbleMenuOpen, .bubbleMenuClose])
    #expect(MotionID.rotationOpen.descriptor.mapping.rotation == .progress)
  }

  /// The coefficients are written once: no source outside the descriptor
  /// files spells a mapping (`0.4 + 0.6 * p` and the like, or a channel).
  @Test func theCoefficientsAreWrittenOnlyInTheDescriptors() throws {
    let sources = TestPaths.packageRoot.appendingPathComponent("Sources")
    let spelled = try NSRegularExpression(
      pattern:
        #"0?\.4\s*\+\s*0?\.6\s*\*|0?\.6\s*\+\s*0?\.4\s*\*|0?\.8\s*\+\s*0?\.2\s*\*|ProgressChannel\(from:"#
    )
    let allowed: Set<String> = [
      "SpringLabCore/Controls/Fan/FanMotions.swift",
      "SpringLabCore/Controls/Bubble/BubbleMotions.swift",
      "SpringLabCore/Controls/VisualMapping.swift",
    ]
    var found: [String] = []
    var sawDescriptor = false
    let files = FileManager.default.enumerator(atPath: sources.path)!
    while let f = files.nextObject() as? String {
      guard f.hasSuffix(".swift") else { continue }
      let text = try String(contentsOf: sources.appendingPathComponent(f), encoding: .utf8)
      let hits = spelled.matches(in: text, range: NSRange(text.startIndex..., in: text))
      if allowed.contains(f) {
        sawDescriptor = sawDescriptor || (f.hasSuffix("Motions.swift") && !hits.isEmpty)
        continue
      }
      for m in hits { found.append("\(f): \(text[Range(m.range, in: text)!])") }
    }
    #expect(found.isEmpty, "\(found)")
    // why: proves the pattern matches the declarations it guards (a pattern that matched nothing would pass)
    #expect(sawDescriptor)
  }
}
