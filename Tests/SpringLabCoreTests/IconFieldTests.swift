import Foundation
import Testing

@testable import SpringLabCore

/// The icon fields (schema 4): `fan.items[i].icon` and `tintIcon`,
/// `fan.main.icon`, `fan.main.tintIcon`, `bubble.icon`, `bubble.tint`,
/// `bubble.tintIcon` — a built-in name or a relative .svg/.png path, the
/// path's text checked here (its file is the platform's), errors naming the
/// field, written sparsely, asset names for the exports.
@Suite("Icon fields")
struct IconFieldTests {
  static func problem(_ json: String) -> FieldProblem? {
    do {
      _ = try PresetReader.decode(Data(json.utf8), file: "icons.json")
      return nil
    } catch {
      #expect(error.problems.count == 1, "\(error)")
      return error.problems.first
    }
  }

  static func item(_ members: String) -> String {
    #"{"schema": 5, "fan": {"items": [{}, {\#(members)}]}}"#
  }

  @Test func theNewFieldsAreSchema5AndInTheTable() {
    for id: FieldID in [
      .fanMainIcon, .fanMainTintIcon, .bubbleIcon, .bubbleTint, .bubbleTintIcon,
    ] {
      #expect(id.field.sinceSchema == 5, "\(id.path)")
      #expect(FieldID.builtIn.contains(id))
    }
    #expect(Preset.currentSchema == 5)
    let d = Preset()
    #expect(d.fan.mainIcon == "plus" && d.bubble.icon.isEmpty && d.fan.mainTintIcon)
    #expect(!d.setsAppearance, "the defaults draw today's look")
  }

  @Test func anItemTakesABuiltInNameOrAPathAndFallsBackToTheIconList() throws {
    let p = try PresetReader.decode(
      Data(
        #"{"schema": 5, "fan": {"icons": ["note", "star"], "items": [{"icon": "bell"}, {}, {"icon": "icons/a b.SVG", "tintIcon": false}]}}"#
          .utf8), file: "x.json")
    #expect(p.fan.icon(0) == "bell" && p.fan.iconRef(0) == .builtin("bell"))
    #expect(p.fan.icon(1) == "star", "no icon of its own: fan.icons cycled")
    #expect(p.fan.iconRef(2) == .file("icons/a b.SVG") && !p.fan.look(2).tintIcon)
    #expect(p.fan.icon(3) == "star" && p.fan.look(3).tintIcon)
    let files = p.fan.iconFiles(bubble: p.bubble)
    #expect(files.map(\.field) == ["fan.items[2].icon"] && files.map(\.path) == ["icons/a b.SVG"])
    // written sparsely, read back the same
    let text = PresetWriter.text(p)
    #expect(text.contains(#""icon": "icons/a b.SVG""#) && text.contains(#""tintIcon": false"#))
    #expect(!text.contains(#"{"tintIcon": true"#) && !text.contains(#"", "tintIcon": true"#))
    #expect(try PresetReader.decode(Data(text.utf8), file: "back") == p)
  }

  @Test(arguments: [
    (#""../up.svg""#, "leaves the preset's folder"),
    (#""icons/../../x.svg""#, "leaves the preset's folder"),
    (#""/etc/x.svg""#, "absolute path"),
    (#""~/x.png""#, "absolute path"),
    (#""icons\\x.svg""#, "separate folders with /"),
    (#""icons//x.svg""#, "empty folder name"),
    (#""icons/x.gif""#, ".svg or .png"),
    (#""rocket""#, "built-in icon"),
    (#""""#, "built-in icon"),
    ("3", "built-in icon or a relative path"),
  ])
  func aBadItemIconIsRefusedNamingTheMember(_ value: String, _ why: String) throws {
    let p = try #require(Self.problem(Self.item(#""icon": \#(value)"#)), "\(value)")
    #expect(p.path == "fan.items[1].icon", "\(p)")
    #expect(p.reason.contains(why), "\(p)")
    #expect(p.description.hasPrefix("icons.json: fan.items[1].icon = "))
    #expect(!p.description.contains("\n"))
  }

  @Test func tintIconMustBeABoolean() throws {
    let p = try #require(Self.problem(Self.item(#""tintIcon": "no""#)))
    #expect(p.path == "fan.items[1].tintIcon" && p.reason == "must be true or false")
  }

  @Test func theMainAndBubbleIconsAreCheckedLikeAnItems() throws {
    for (path, json) in [
      ("fan.main.icon", #"{"schema": 5, "fan": {"main": {"icon": "../x.svg"}}}"#),
      ("bubble.icon", #"{"schema": 5, "bubble": {"icon": "/x.png"}}"#),
      ("fan.main.icon", #"{"schema": 5, "fan": {"main": {"icon": ""}}}"#),
      ("bubble.icon", #"{"schema": 5, "bubble": {"icon": "sparkle"}}"#),
      ("fan.main.tintIcon", #"{"schema": 5, "fan": {"main": {"tintIcon": 1}}}"#),
    ] {
      let p = try #require(Self.problem(json), "\(json)")
      #expect(p.path == path, "\(p)")
    }
    let ok = try PresetReader.decode(
      Data(
        ##"{"schema": 5, "fan": {"main": {"icon": "star"}}, "bubble": {"icon": "", "tint": "#112233"}}"##
          .utf8), file: "ok")
    #expect(ok.fan.mainIcon == "star" && ok.bubble.icon.isEmpty)
    #expect(ok.bubble.tint == HexColor(rgb: 0x112233))
    let plus = try PresetReader.decode(
      Data(#"{"schema": 5, "bubble": {"icon": "plus"}}"#.utf8), file: "ok")
    #expect(plus.bubble.icon == "plus")
  }

  @Test func iconFieldsNeedSchema5() throws {
    let p = try #require(Self.problem(#"{"schema": 4, "fan": {"main": {"icon": "star"}}}"#))
    #expect(p.path == "fan.main.icon" && p.reason.contains("added in schema 5"), "\(p)")
    let q = try #require(
      Self.problem(##"{"schema": 4, "fan": {"items": [{"fill": "#000000"}, {"icon": "bell"}]}}"##))
    #expect(q.path == "fan.items[1].icon" && q.reason.contains("added in schema 5"), "\(q)")
    let t = try #require(Self.problem(#"{"schema": 4, "fan": {"items": [{"tintIcon": false}]}}"#))
    #expect(t.path == "fan.items[0].tintIcon", "\(t)")
    // a look without icons stays schema 4
    var p4 = Preset()
    p4.fan.items = [ItemLook(fill: .black)]
    #expect(p4.writtenSchema == 4 && !p4.setsIcons)
    p4.fan.items[0].icon = "bell"
    #expect(p4.writtenSchema == 5 && p4.setsIcons)
  }

  @Test func aPresetWithAFileIconListsItInFieldOrder() {
    var p = Preset()
    p.fan.items = [ItemLook(icon: "a.svg"), ItemLook(icon: "note"), ItemLook(icon: "b/c.png")]
    p.fan.mainIcon = "m.svg"
    p.bubble.icon = "b.svg"
    let files = p.fan.iconFiles(bubble: p.bubble)
    #expect(
      files.map(\.field) == [
        "fan.items[0].icon", "fan.items[2].icon", "fan.main.icon", "bubble.icon",
      ])
    p.bubble.enabled = false
    #expect(p.fan.iconFiles(bubble: p.bubble).count == 3, "a hidden bubble's icon is not needed")
    #expect(p.setsAppearance && p.writtenSchema == 5)
  }

  @Test func assetNamesAreSanitisedIdentifiers() {
    #expect(IconRef.assetName("icons/compose.svg") == "compose")
    #expect(IconRef.assetName("icons/Home Screen-2.svg") == "homeScreen2")
    #expect(IconRef.assetName("a/2fa.png") == "icon2fa")
    #expect(IconRef.assetName("é.svg") == "icon")
    #expect(IconRef.assetName("x.y.svg") == "xY")
    #expect(IconRef.resourceName("icons/Home Screen-2.svg") == "home_screen2")
    #expect(IconRef.resourceName("icons/compose.svg") == "compose")
  }

  @Test func theToastNamesAFileIconByItsAssetName() {
    var f = FanPreset()
    f.items = [ItemLook(icon: "icons/check-in.svg"), ItemLook(icon: "bell")]
    #expect(Scene.label(f, 0) == "CheckIn")
    #expect(Scene.label(f, 1) == "Bell")
  }
}
