import Foundation
import Testing

@testable import SpringLabCore

@Suite("Lint")
struct LintTests {
  /// The seed-000 preset: clean, so each edit below isolates one rule.
  var base: Preset { shipped("seed-000-fan.json") }

  func warnings(_ p: Preset, about fragment: String) -> [LintWarning] {
    Lint.check(p).filter { $0.message.contains(fragment) }
  }

  @Test func seed000AndSeed002AreClean() {
    #expect(
      Lint.check(shipped("seed-000-fan.json")).isEmpty,
      "\(Lint.check(shipped("seed-000-fan.json")))")
    #expect(
      Lint.check(shipped("seed-002-bubble.json")).isEmpty,
      "\(Lint.check(shipped("seed-002-bubble.json")))")
  }

  @Test func seed000IsCleanOnEveryDeviceAndOrientation() {
    for d in Device.models {
      for o in Orientation.allCases {
        var p = base
        p.device = d.model
        p.orientation = o
        let geo = Lint.check(p).filter {
          $0.message.contains("safe area") || $0.message.contains("overlap")
        }
        #expect(geo.isEmpty, "\(d.id) \(o): \(geo)")
      }
    }
  }

  @Test func everyWarningNamesRealFieldsAndASource() {
    let paths = Set(PresetField.all.map(\.path))
    for name in PresetTests.shippedNames {
      for w in Lint.check(shipped(name)) {
        #expect(!w.fields.isEmpty && w.fields.allSatisfy { paths.contains($0) }, "\(name): \(w)")
        #expect(!w.source.isEmpty)
        #expect(w.description.hasPrefix(w.fields.joined(separator: ", ") + ": "))
      }
    }
  }

  @Test func theOffscreenExampleIsFlaggedForTheSafeArea() {
    let p = shipped("example-offscreen.json")
    let w = warnings(p, about: "outside the safe area")
    #expect(w.count == 1)
    #expect(
      w.first?.fields.contains("fan.startAngle") == true
        && w.first?.fields.contains("fan.endAngle") == true)
    // 90° puts item 0 120 pt below the button: off the bottom
    #expect(w.first?.items.contains(0) == true)
  }

  @Test func seed003GetsTheDampingWarning() {
    let w = warnings(shipped("seed-003-sequential.json"), about: "safe zone 0.6–0.8")
    #expect(w.count == 1)
    #expect(w.first?.fields == ["fan.expand.damping"])
    #expect(w.first?.message.contains("0.5") == true)
  }

  @Test func tooManyItems() {
    var p = base
    p.fan.count = 7
    p.fan.expand.stagger = 0.03
    p.fan.endAngle = 360
    p.fan.startAngle = 150
    #expect(Lint.check(p).contains { $0.fields == ["fan.count"] && $0.message.contains("7 items") })
    p.fan.count = 6
    #expect(!Lint.check(p).contains { $0.fields == ["fan.count"] })
  }

  @Test func mainButtonOutsideTheSafeArea() {
    var p = base
    p.fan.mainBottom = 10
    #expect(
      warnings(p, about: "main button outside").first?.fields == [
        "fan.main.right", "fan.main.bottom",
      ])
    p.fan.mainBottom = 28
    #expect(warnings(p, about: "main button outside").isEmpty)
  }

  @Test func overlappingItems() {
    var p = base
    p.fan.radius = 60  // 5 items over 110° at r 60: 28.5 pt apart
    let w = warnings(p, about: "overlap")
    #expect(w.count == 1 && w.first?.items == [0, 1, 2, 3, 4])
    p.fan.radius = 120
    #expect(warnings(p, about: "overlap").isEmpty)
    // exactly touching is not overlapping: chord 2r·sin(Δ/2) = 50
    var q = base
    q.fan.count = 2
    q.fan.startAngle = 200
    q.fan.endAngle = 200 + 2 * asin(50.0 / 240) * 180 / .pi
    #expect(warnings(q, about: "overlap").isEmpty)
    q.fan.endAngle -= 0.5
    #expect(warnings(q, about: "overlap").count == 1)
  }

  @Test func thumbReach() {
    var p = base
    p.fan.radius = 200
    let w = warnings(p, about: "thumb")
    #expect(w.count == 1 && w.first?.fields.first == "fan.radius")
    #expect(warnings(base, about: "thumb").isEmpty)
  }

  @Test func hitTargetBelow44() {
    var p = base
    p.fan.hitSize = 43.9
    #expect(warnings(p, about: "hit target").first?.fields == ["fan.hitSize"])
    p.fan.hitSize = 44
    #expect(warnings(p, about: "hit target").isEmpty)
  }

  @Test func dampingSafeZoneEdges() {
    for (d, fires) in [
      (0.59, true), (0.6, false), (0.72, false), (0.8, false), (0.81, true), (0.9, true),
    ] {
      var p = base
      p.fan.expand.damping = d
      #expect(warnings(p, about: "safe zone").count == (fires ? 1 : 0), "damping \(d)")
    }
    // a timing curve has no damping to judge
    var p = base
    p.fan.expand.curve = .easeOut
    p.fan.expand.damping = 0.2
    #expect(warnings(p, about: "safe zone").isEmpty)
    #expect(warnings(p, about: "jump").isEmpty)
  }

  @Test func steepDampingJustUnderOneWarns() {
    for (d, fires) in [(0.99, false), (0.995, true), (0.997, true), (0.999, true), (1.0, false)] {
      var p = base
      p.fan.expand.damping = d
      p.bubble.snap.damping = d
      let w = warnings(p, about: "climbs steeply")
      #expect(w.count == (fires ? 2 : 0), "damping \(d): \(w)")
      if fires {
        #expect(w.map(\.fields) == [["fan.expand.damping"], ["bubble.snap.damping"]])
        #expect(!w[0].description.contains("SPEC"))
      }
    }
  }

  @Test func uikitEndJumpBelowDamping03() {
    var p = base
    p.fan.expand.damping = 0.29
    let w = warnings(p, about: "jump")
    #expect(w.count == 1 && w.first?.fields == ["fan.expand.damping"])
    p.fan.expand.damping = 0.3
    #expect(warnings(p, about: "jump").isEmpty)
    var c = base
    c.fan.collapse.curve = .spring
    c.fan.collapse.damping = 0.2
    #expect(warnings(c, about: "jump").first?.fields == ["fan.collapse.damping"])
  }

  @Test func dizzyTotalExpandTime() {
    var p = base
    // the seed's "dizzy" version: damping 0.55, stagger 0.06, 0.5 s → 0.74 s
    p.fan.expand.damping = 0.55
    p.fan.expand.stagger = 0.06
    p.fan.expand.duration = 0.5
    let w = warnings(p, about: "total expand time")
    #expect(w.count == 1 && w.first?.message.contains("0.74") == true)
    #expect(w.first?.fields == ["fan.expand.duration", "fan.expand.stagger"])
    var q = base
    q.fan.expand.duration = 0.42  // 0.18 + 0.42 = 0.6: not over
    #expect(warnings(q, about: "total expand time").isEmpty)
    q.fan.expand.duration = 0.43
    #expect(warnings(q, about: "total expand time").count == 1)
  }

  @Test func collapseNotQuickerThanExpand() {
    var p = base
    p.fan.collapse.duration = 0.46  // 0.12 + 0.46 = 0.58 = expand
    #expect(
      warnings(p, about: "not quicker").first?.fields == [
        "fan.collapse.duration", "fan.collapse.stagger",
      ])
    p.fan.collapse.duration = 0.45
    #expect(warnings(p, about: "not quicker").isEmpty)
  }

  @Test func staggerForTheCount() {
    var p = base
    p.fan.expand.stagger = 0.06  // 5 items: keep ≤ 0.05
    #expect(warnings(p, about: "long for 5 items").count == 1)
    p.fan.count = 3
    p.fan.expand.stagger = 0.06
    #expect(
      Lint.check(p).filter { $0.fields == ["fan.expand.stagger"] }.isEmpty,
      "3 items ~0.06 s is the seed's advice")
    p.fan.count = 6
    p.fan.expand.stagger = 0.045
    #expect(warnings(p, about: "long for 6 items").count == 1, "6+ shorter")
    p.fan.expand.stagger = 0
    #expect(warnings(p, about: "explosion").count == 1)
  }

  @Test func bubbleUnderTheHomeIndicatorOrKeyboard() {
    var p = shipped("seed-002-bubble.json")
    p.bubble.startY = 800  // 800 + 28 > 852 − 34
    #expect(warnings(p, about: "home indicator").first?.fields == ["bubble.startY"])
    p.bubble.startY = 600  // above the home indicator, under the 336 pt keyboard
    #expect(warnings(p, about: "home indicator").isEmpty)
    #expect(warnings(p, about: "keyboard").first?.fields == ["bubble.startY"])
    p.bubble.startY = 400
    #expect(warnings(p, about: "keyboard").isEmpty)
    p.bubble.enabled = false
    p.bubble.startY = 800
    #expect(warnings(p, about: "home indicator").isEmpty)
  }

  @Test func snapDampingWobble() {
    var p = shipped("seed-002-bubble.json")
    p.bubble.snap.damping = 0.25
    #expect(warnings(p, about: "snap damping").first?.fields == ["bubble.snap.damping"])
    p.bubble.snap.damping = 0.3
    #expect(warnings(p, about: "snap damping").isEmpty)
  }
}
