import SpringLabCore
import Testing

@testable import SpringLabUI

/// The icons are compiled in: a copied binary (no Assets folder beside it)
/// drew fan items as blank dots and the main button without its "+".
@Suite struct BuiltinIconTests {
  @Test func everyIconAPresetMayNameIsBuiltInAndDrawable() {
    let set = IconSet.builtin
    #expect(set.size == 24)
    for name in PresetField.iconNames + ["plus"] {
      let strokes = set.icons[name] ?? []
      #expect(!strokes.isEmpty, "no icon \(name)")
      #expect(strokes.allSatisfy { $0.count >= 2 }, "\(name) has a stroke of fewer than 2 points")
      let inside = strokes.joined().allSatisfy {
        (0...24).contains($0.x) && (0...24).contains($0.y)
      }
      #expect(inside, "\(name) leaves its 24-unit box")
    }
    var dl = DrawList()
    dl.icon(set, "plus", cx: 50, cy: 50, side: 24, width: 2, RGBA(255, 255, 255))
    #expect(!dl.finished.isEmpty, "the plus draws")
  }
}
