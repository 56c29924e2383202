import Foundation
import Testing

@testable import SpringLabCore

/// A field's typed value, read and written through the field table.
@Suite("Field values")
struct FieldValueTests {
  @Test func everyFieldReadsBackWhatItWasSetTo() {
    var rng = SeededGenerator(seed: 21)
    for _ in 0..<20 {
      let target = randomPreset(&rng, maxFloating: 0)
      var p = Preset.seedDefault
      p.name = target.name
      p.set(target.settings(of: FieldID.allCases))
      #expect(p == target)
      for id in FieldID.allCases { #expect(p[field: id] == target[field: id], "\(id)") }
    }
  }

  @Test func aValueOfAnotherKindChangesNothing() {
    var p = Preset.seedDefault
    #expect(!FieldID.fanRadius.field.set(.flag(true), in: &p))
    #expect(!FieldID.fanCount.field.set(.number(3), in: &p))
    #expect(!FieldID.fanLayout.field.set(.choice("nonsense"), in: &p))
    #expect(p == .seedDefault)
    #expect(FieldID.fanLayout.field.set(.choice("ring"), in: &p))
    #expect(p.fan.layout == .ring)
  }

  @Test func scriptValuesBecomeSettingsThroughTheFileChecks() {
    let p = Preset.seedDefault
    let s = p.settings(fromJSON: [
      FieldID.fanRadius.path: .number(150),
      FieldID.fanCount.path: .number(5),
      FieldID.bubbleEnabled.path: .bool(false),
      FieldID.fanExpandDamping.path: .number(7),  // out of range: left out
      "fan.nonsense": .number(1),  // unknown: left out
    ])
    #expect(
      s
        == [
          FieldSetting(.fanCount, .integer(5)), FieldSetting(.fanRadius, .number(150)),
          FieldSetting(.bubbleEnabled, .flag(false)),
        ].sorted { $0.field.path < $1.field.path })
  }
}
