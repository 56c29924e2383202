import Foundation
import Testing

@testable import SpringLabCore

/// Lint's rules about the look: WCAG 2.2 contrast of the colours a preset
/// sets, hit targets for Apple (44 pt) and Material (48 dp), labels at the
/// open state, and icons that cannot tell items apart.
@Suite("Appearance lint")
struct AppearanceLintTests {
  var base: Preset { shipped("seed-000-fan.json") }

  func warnings(_ p: Preset, about fragment: String) -> [LintWarning] {
    Lint.check(p).filter { $0.message.contains(fragment) }
  }

  func color(_ hex: String) -> HexColor { HexColor(hex: hex)! }

  @Test func contrastFollowsTheWCAGFormula() {
    let white = HexColor.white
    #expect(abs(white.relativeLuminance - 1) < 1e-12)
    #expect(HexColor.black.relativeLuminance == 0)
    #expect(abs(white.contrast(with: .black) - 21) < 1e-9)
    // white on iOS yellow fails 3:1, white on iOS blue (dark) passes
    #expect(abs(white.contrast(with: color("#FFD60A")) - 1.41) < 0.01)
    #expect(abs(white.contrast(with: color("#0A84FF")) - 3.65) < 0.01)
    // white on the built-in orange: why the built-in look is not checked
    #expect(abs(white.contrast(with: DefaultLook.itemFills[0]) - 2.20) < 0.01)
    // mid grey #777777 against white is the textbook 4.48:1
    #expect(abs(white.contrast(with: color("#777777")) - 4.48) < 0.01)
    // order does not matter
    #expect(color("#0A84FF").contrast(with: white) == white.contrast(with: color("#0A84FF")))
  }

  @Test func translucentColoursAreMeasuredAsTheScreenShowsThem() {
    let half = color("#00000080").over(.white)
    #expect(half == HexColor(0x7F, 0x7F, 0x7F))
    #expect(color("#0A84FF").over(.black) == color("#0A84FF"))
    var f = FanPreset()
    #expect(Lint.openBackdrop(f) == DefaultLook.screen)
    f.backdropDim = 0.5
    f.dimColor = color("#00000080")
    // a quarter of black (alpha 64/255) over the screen
    #expect(Lint.openBackdrop(f) == HexColor(0xB5, 0xB5, 0xB9))
  }

  @Test func aLowTintContrastNamesTheItem() throws {
    var p = base
    p.fan.items = [ItemLook(), ItemLook(fill: color("#FFD60A")), ItemLook(fill: color("#0A84FF"))]
    let w = try #require(warnings(p, about: "icon tint on fill").first)
    #expect(w.fields == ["fan.items"])
    #expect(w.items == [1])
    #expect(w.message.contains("fan.items[1] 1.41:1"), "\(w)")
    #expect(w.source.contains("WCAG 2.2 §1.4.11"))
    // the built-in items (0) are not checked; the blue one (2) passes
    #expect(!w.message.contains("fan.items[0]") && !w.message.contains("fan.items[2]"))
    // a dark tint fixes it
    p.fan.items[1].tint = color("#1C1C1E")
    #expect(warnings(p, about: "icon tint on fill").isEmpty)
  }

  @Test func aFillTooCloseToTheScreenIsWarned() throws {
    var p = base
    p.fan.items = [ItemLook(fill: color("#E5E5EA"), tint: color("#000000"))]
    let w = try #require(warnings(p, about: "against the screen behind").first)
    #expect(w.fields == ["fan.items"] && w.items == [0])
    #expect(w.message.contains("(#F2F2F7)"))
    // a dim behind the open menu is part of what the item stands on
    p.backdropDark()
    #expect(warnings(p, about: "against the screen behind").isEmpty, "\(Lint.check(p))")
  }

  @Test func theMainButtonAndTheBubbleAreChecked() throws {
    var p = base
    p.fan.mainTint = color("#FFD60A")
    p.fan.mainFill = color("#FFFFFF")
    let main = Lint.check(p).filter {
      $0.message.contains("main button") && $0.message.contains(":1")
    }
    #expect(main.map(\.fields).contains(["fan.main.tint", "fan.main.fill"]), "\(main)")
    #expect(main.map(\.fields).contains(["fan.main.fill"]), "\(main)")
    p = base
    p.bubble.fill = color("#F2F2F7")
    #expect(warnings(p, about: "bubble #F2F2F7").first?.fields == ["bubble.fill"])
    p = base
    p.bubble.badge = "9"
    p.bubble.badgeTint = color("#FFD60A")
    let badge = try #require(warnings(p, about: "badge text").first)
    #expect(badge.fields == ["bubble.badgeTint", "bubble.badgeFill"])
    #expect(badge.source.contains("§1.4.3"))
  }

  @Test func anIconInItsOwnColoursIsNotCheckedForTint() throws {
    var p = base
    // yellow on white: 1.07:1 when tinted
    let low = ItemLook(fill: color("#FFFFFF"), tint: color("#FFD60A"), icon: "icons/logo.svg")
    p.fan.items = [low]
    #expect(warnings(p, about: "icon tint on fill").count == 1, "a tinted file shows the tint")
    var own = low
    own.tintIcon = false
    p.fan.items = [own]
    #expect(warnings(p, about: "icon tint on fill").isEmpty, "drawn in its own colours")
    own.icon = "star"
    p.fan.items = [own]
    #expect(warnings(p, about: "icon tint on fill").count == 1, "built-in icons are always tinted")
    p = base
    p.fan.mainFill = color("#FFFFFF")
    p.fan.mainTint = color("#FFD60A")
    p.fan.mainIcon = "icons/spark.svg"
    p.fan.mainTintIcon = false
    #expect(warnings(p, about: "main button icon").isEmpty)
    p.fan.mainTintIcon = true
    #expect(warnings(p, about: "main button icon").count == 1)
  }

  @Test func theBubblesIconTintIsCheckedWhenItShowsOne() throws {
    var p = base
    p.bubble.tint = color("#7A78E0")
    #expect(warnings(p, about: "bubble icon").isEmpty, "no icon: the rings, no tint shown")
    p.bubble.icon = "star"
    let w = try #require(warnings(p, about: "bubble icon").first)
    #expect(w.fields == ["bubble.tint", "bubble.fill"])
    #expect(w.message.contains("1.5") || w.message.contains(":1"), "\(w.message)")
    p.bubble.icon = "icons/logo.svg"
    p.bubble.tintIcon = false
    #expect(warnings(p, about: "bubble icon").isEmpty, "a logo in its own colours")
  }

  @Test func theBuiltInLookRaisesNoContrastWarning() {
    for name in PresetTests.shippedNames {
      let w = Lint.check(shipped(name)).filter { $0.source.contains("WCAG") }
      #expect(w.isEmpty, "\(name): \(w)")
    }
  }

  @Test func theThemedPresetIsCleanWithItsFigures() {
    let p = shipped("themed-speed-dial.json")
    #expect(Lint.check(p).isEmpty, "\(Lint.check(p))")
    let backdrop = Lint.openBackdrop(p.fan)
    let figures = (0..<p.fan.count).map { i -> (Double, Double) in
      let fill = p.fan.fill(i).over(backdrop)
      return (p.fan.tint(i).contrast(with: fill), fill.contrast(with: backdrop))
    }
    // tint on fill and fill on the dimmed screen (#BCBCC1), as the report of issue 26 gives them
    #expect(backdrop == HexColor(rgb: 0xBCBCC1))
    let want: [(Double, Double)] = [(7.57, 4.00), (6.54, 3.46), (4.62, 3.45)]
    for (got, w) in zip(figures, want) {
      #expect(abs(got.0 - w.0) < 0.01 && abs(got.1 - w.1) < 0.01, "\(figures)")
      #expect(got.0 >= Lint.nonTextContrast && got.1 >= Lint.nonTextContrast)
    }
    // the main button: yellow on near-black, near-black on the screen
    #expect(abs(p.fan.mainTint.contrast(with: p.fan.mainFill) - 12.05) < 0.01)
    #expect(abs(p.fan.mainFill.contrast(with: DefaultLook.screen) - 15.25) < 0.01)
  }

  @Test func hitTargetsFollowAppleAndMaterial() throws {
    var p = base
    p.fan.hitSize = 46
    // the 50 pt items are hit where they are drawn: 50 pt, enough for both
    #expect(warnings(p, about: "Material's 48 dp").isEmpty)
    p.fan.itemSize = 40
    let m = try #require(warnings(p, about: "Material's 48 dp").first)
    #expect(m.fields == ["fan.hitSize"] && m.message.contains("46 pt"))
    #expect(warnings(p, about: "below 44 pt").isEmpty)
    // a larger item is hit where it is drawn
    p.fan.items = (0..<5).map { _ in ItemLook(size: 48) }
    #expect(warnings(p, about: "Material's 48 dp").isEmpty)
    p = base
    p.fan.hitSize = 40
    #expect(warnings(p, about: "below 44 pt").first?.fields == ["fan.hitSize"])
    #expect(warnings(p, about: "Material's 48 dp").isEmpty, "Apple's rule already says it")
    p = base
    p.fan.mainSize = 40
    let main = try #require(warnings(p, about: "main button 40 pt").first)
    #expect(main.fields == ["fan.mainSize"] && main.message.contains("hit area 44 pt"))
  }

  @Test func labelsThatCollideOrLeaveTheScreenAreWarned() throws {
    var p = base
    // seed 000's arc: items 50 pt apart on a 120 pt radius, labels beside them collide
    p.fan.items = (0..<5).map { ItemLook(label: "Item number \($0)") }
    let w = try #require(warnings(p, about: "labels collide").first)
    #expect(w.fields.first == "fan.items" && !w.items.isEmpty)
    // the themed speed dial's column has room
    #expect(warnings(shipped("themed-speed-dial.json"), about: "labels").isEmpty)
    // a long label at the left of an item near the left edge leaves the screen
    // (just right of the middle, so labels go left: 24 characters reach past x = 0)
    p = shipped("themed-speed-dial.json")
    p.fan.mainRight = 193
    p.fan.items[0].label = String(repeating: "W", count: 24)
    let off = try #require(warnings(p, about: "leave the screen").first)
    #expect(off.fields.first == "fan.items" && off.items == [0], "\(off)")
    #expect(FanLabels.box("", center: Point(0, 0), diameter: 50, device: .iPhone15) == nil)
  }

  @Test func allItemsWithOneIconAreWarned() throws {
    var p = base
    p.fan.icons = ["star"]
    let w = try #require(warnings(p, about: "same icon").first)
    #expect(w.fields == ["fan.icons"] && w.message.contains("all 5 items"))
    p.fan.count = 1
    #expect(warnings(p, about: "same icon").isEmpty)
    #expect(warnings(base, about: "same icon").isEmpty)
  }
}

extension Preset {
  /// A dark dim behind the open menu, for the contrast tests.
  fileprivate mutating func backdropDark() {
    fan.backdropDim = 0.8
    fan.dimColor = .black
  }
}
