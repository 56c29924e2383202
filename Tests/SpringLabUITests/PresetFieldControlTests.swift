import SpringLabCore
import Testing

@testable import SpringLabUI

@Suite struct PresetFieldControlTests {
  @Test func everyNumericFieldGetsASliderWithItsUnit() {
    let h = Harness()
    var p = Preset()
    let list = h.frame { ctx in
      for f in PresetField.all { ctx.field(f, in: &p) }
    }
    #expect(p == Preset())  // drawing changes nothing
    let all = texts(list)
    #expect(all.contains("Radius"))
    #expect(all.contains { $0.hasSuffix(" pt") })
    #expect(all.contains { $0.hasSuffix(" s") })
    #expect(all.contains { $0.hasSuffix("°") })
  }

  @Test func aFieldSliderResetsToTheDefaultPreset() {
    let h = Harness()
    var p = Preset()
    let radius = PresetField.named("fan.radius")!
    p.fan.radius = 300
    h.frame { ctx in ctx.field(radius, in: &p) }
    let r = h.ctx.lastItemRect!
    h.frame([down(r.x + 10, r.y + 5, button: .right)]) { ctx in ctx.field(radius, in: &p) }
    #expect(p.fan.radius == Preset().fan.radius)
  }
}
