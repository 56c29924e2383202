import Foundation
import Testing

@testable import SpringLabCore

/// The look's fields (schema 4) through the field table: reading, the
/// errors naming the field (inside `fan.items`, the member), writing only
/// what a preset sets, and a preset that sets none staying what it was.
@Suite("Appearance fields")
struct AppearanceFieldTests {
  static let colorFields: [FieldID] = [
    .fanMainFill, .fanMainTint, .fanDimColor, .bubbleFill, .bubbleBadgeFill, .bubbleBadgeTint,
  ]

  /// The single problem decoding `json` gives, as its one-line message.
  static func problem(_ json: String, file: String = "look.json") -> FieldProblem? {
    do {
      _ = try PresetReader.decode(Data(json.utf8), file: file)
      return nil
    } catch {
      #expect(error.problems.count == 1, "\(error)")
      return error.problems.first
    }
  }

  /// `{"fan": {"main": {"fill": v}}}` for `fan.main.fill`, and so on.
  static func nest(_ path: String, _ value: String) -> String {
    path.split(separator: ".").reversed().reduce(value) { "{\"\($1)\": \($0)}" }
  }

  @Test func everyNewFieldIsSchema4AndOutOfThePanel() {
    let new: [FieldID] = Self.colorFields + [.fanItems, .fanMainShadow, .bubbleShadow]
    for id in new {
      #expect(id.field.sinceSchema == 4, "\(id.path)")
      #expect(!id.field.inPanel, "\(id.path): the Appearance panel comes later")
    }
    // why: schema 5 (icon files) came after the look; the look stays schema 4
    #expect(Preset.currentSchema >= 4)
  }

  @Test func hexColoursParseInEitherCaseAndWriteUpperCase() throws {
    let c = try #require(HexColor(hex: "#0a84ff"))
    #expect(c == HexColor(0x0A, 0x84, 0xFF) && c.hex == "#0A84FF")
    let t = try #require(HexColor(hex: "#1C1C1ECC"))
    #expect(t.a == 0xCC && t.hex == "#1C1C1ECC")
    #expect(HexColor(hex: "#FFFFFFFF")?.hex == "#FFFFFF")
    for bad in [
      "#12345", "red", "#GGGGGG", "", "#", "FFD60A", "#FFD60A ", " #FFD60A", "#FFD60A0", "#ＦＦＦＦＦＦ",
    ] {
      #expect(HexColor(hex: bad) == nil, "\(bad)")
    }
  }

  @Test(arguments: colorFields)
  func aBadColourIsRefusedNamingTheField(_ id: FieldID) throws {
    for bad in [
      ##""#12345""##, ##""red""##, ##""#GGGGGG""##, ##""""##, ##""#FF\u0000FF""##, "12", "null",
    ] {
      let p = try #require(Self.problem(Self.nest(id.path, bad)), "\(id.path) took \(bad)")
      #expect(p.path == id.path)
      #expect(p.description.hasPrefix("look.json: \(id.path) = "), "\(p)")
      #expect(p.description.split(separator: "\n").count == 1)
    }
    let ok = try PresetReader.decode(Data(Self.nest(id.path, ##""#0a84ffcc""##).utf8), file: "x")
    #expect(ok[field: id] == .color(HexColor(0x0A, 0x84, 0xFF, 0xCC)))
  }

  @Test func theMessageIsOneLineInTheFieldStyle() throws {
    let p = try #require(Self.problem(##"{"fan": {"main": {"fill": "#12345"}}}"##))
    #expect(
      p.description
        == ##"look.json: fan.main.fill = "#12345": must be a colour "#RRGGBB" or "#RRGGBBAA" (hex digits)"##
    )
  }

  @Test(arguments: [FieldID.fanMainShadow, .bubbleShadow])
  func shadowsAreOpacities(_ id: FieldID) throws {
    for bad in ["-0.1", "1.5", #""1""#] {
      let p = try #require(Self.problem(Self.nest(id.path, bad)))
      #expect(p.path == id.path && p.reason.contains("0…1"), "\(p)")
    }
    let ok = try PresetReader.decode(Data(Self.nest(id.path, "0").utf8), file: "x")
    #expect(ok[field: id] == .number(0))
  }

  @Test func anItemProblemNamesTheMember() throws {
    let cases: [(String, String, String)] = [
      (##"[{}, {}, {"fill": "#12345"}]"##, "fan.items[2].fill", "colour"),
      (#"[{"tint": "red"}]"#, "fan.items[0].tint", "colour"),
      (##"[{"fill": "#GGGGGG"}]"##, "fan.items[0].fill", "colour"),
      (#"[{"fill": ""}]"#, "fan.items[0].fill", "colour"),
      (#"[{"label": "a\u0007b"}]"#, "fan.items[0].label", "printable"),
      (#"[{"label": "a\u2028b"}]"#, "fan.items[0].label", "printable"),
      (#"[{"label": "\#(String(repeating: "x", count: 25))"}]"#, "fan.items[0].label", "0…24"),
      (#"[{"size": 15}]"#, "fan.items[0].size", "16…120 pt"),
      (#"[{"size": 121}]"#, "fan.items[0].size", "16…120 pt"),
      (#"[{"size": "50"}]"#, "fan.items[0].size", "16…120 pt"),
      (#"[{"image": "star"}]"#, "fan.items[0].image", "unknown field"),
      (#"[{"fill": null}]"#, "fan.items[0].fill", "null"),
      (#"[3]"#, "fan.items[0]", "object"),
      (##"{"fill": "#FFFFFF"}"##, "fan.items", "at most 12 objects"),
      (
        "[" + Array(repeating: "{}", count: 13).joined(separator: ",") + "]", "fan.items",
        "at most 12"
      ),
    ]
    for (items, path, reason) in cases {
      let p = try #require(Self.problem(#"{"fan": {"items": \#(items)}}"#), "accepted \(items)")
      #expect(p.path == path, "\(items): \(p)")
      #expect(p.reason.contains(reason), "\(items): \(p)")
      #expect(p.description.hasPrefix("look.json: \(path)"), "\(p)")
    }
  }

  @Test func everyItemProblemIsListed() {
    let text = ##"{"fan": {"items": [{"fill": "#1", "tint": "#2"}, {"size": 0}]}}"##
    do {
      _ = try PresetReader.decode(Data(text.utf8), file: "many.json")
      Issue.record("accepted")
    } catch {
      #expect(
        error.problems.map(\.path) == [
          "fan.items[0].fill", "fan.items[0].tint", "fan.items[1].size",
        ])
    }
  }

  @Test func itemsReadAndFallBackToTheBuiltInLook() throws {
    let p = try PresetReader.decode(
      Data(
        ##"{"fan": {"count": 6, "items": [{"fill": "#0A84FF", "label": "Home", "size": 64}, {}, {"tint": "#000000"}]}}"##
          .utf8), file: "x")
    let f = p.fan
    #expect(f.fill(0) == HexColor(rgb: 0x0A84FF) && f.label(0) == "Home" && f.size(0) == 64)
    #expect(f.fill(1) == DefaultLook.itemFills[1] && f.label(1) == "" && f.size(1) == 50)
    #expect(f.tint(2) == .black && f.fill(2) == DefaultLook.itemFills[2])
    // past the list: the built-in colours keep cycling
    #expect(f.fill(5) == DefaultLook.itemFills[0] && f.tint(5) == .white)
    #expect(p.writtenSchema == 4)
  }

  @Test func anOlderSchemaRefusesTheLook() throws {
    let p = try #require(Self.problem(##"{"schema": 3, "bubble": {"fill": "#000000"}}"##))
    #expect(p.path == "bubble.fill" && p.reason.contains("added in schema 4"), "\(p)")
  }

  @Test func aPresetWithoutALookIsWrittenAsBefore() throws {
    for name in PresetTests.shippedNames
    where !["themed-speed-dial.json", "themed-quick-actions.json"].contains(name) {
      let p = shipped(name)
      #expect(!p.setsAppearance, "\(name)")
      #expect(p.writtenSchema < 4, "\(name)")
      let text = PresetWriter.text(p)
      for id in [FieldID.fanMainFill, .bubbleBadgeFill] {
        #expect(!text.contains("\"\(id.path.split(separator: ".").last!)\""), "\(name)")
      }
      #expect(!text.contains("\"items\"") && !text.contains("\"dimColor\""), "\(name)")
      // saved over itself: not a byte changes
      let file = try String(contentsOfFile: TestPaths.preset(name), encoding: .utf8)
      #expect(PresetSparseWriter.text(p, over: file) == file, "\(name)")
    }
  }

  @Test func theLookIsSavedSparselyAndReloads() throws {
    let name = "seed-000-fan.json"
    let file = try String(contentsOfFile: TestPaths.preset(name), encoding: .utf8)
    var p = shipped(name)
    p[field: .fanItems] = .looks([
      ItemLook(), ItemLook(fill: HexColor(rgb: 0x0A84FF), label: "Home"),
    ])
    p[field: .bubbleFill] = .color(HexColor(0x1C, 0x1C, 0x1E, 0xCC))
    let saved = PresetSparseWriter.text(p, over: file)
    #expect(saved.contains("\"schema\": 4"))
    // the new array sits where the canonical order puts it (after `hitSize`)
    let root = try StrictJSONParser.parse(Data(saved.utf8), maxDepth: 32)
    #expect(
      root["fan"]?["items"]
        == .array([
          .object([]), .object([("fill", .string("#0A84FF")), ("label", .string("Home"))]),
        ]))
    let keys = saved.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let hit = try #require(keys.firstIndex { $0.hasPrefix("\"hitSize\"") })
    #expect(keys[hit + 1].hasPrefix("\"items\": ["), "\(saved)")
    #expect(saved.contains(##""fill": "#1C1C1ECC""##))
    // unset look fields stay out
    for key in ["tint", "shadow", "badgeFill", "badgeTint", "dimColor"] {
      #expect(!saved.contains("\"\(key)\""), "\(key) written:\n\(saved)")
    }
    let back = try PresetReader.decode(Data(saved.utf8), file: "saved")
    #expect(back == p)
    // back to the built-in look: the file is byte for byte what it was
    var undone = back
    undone[field: .fanItems] = .looks([])
    undone[field: .bubbleFill] = .color(DefaultLook.bubbleFill)
    #expect(PresetSparseWriter.text(undone, over: saved) == file)
  }

  @Test func settingsFromAScriptGoThroughTheSameChecks() {
    let p = Preset()
    let s = p.settings(fromJSON: [
      "fan.main.fill": .string("#112233"), "bubble.fill": .string("indigo"),
      "fan.items": .array([.object([("label", .string("Hi"))])]),
    ])
    // the bad colour is left out, as a script's player skips it
    #expect(
      s == [
        FieldSetting(.fanItems, .looks([ItemLook(label: "Hi")])),
        FieldSetting(.fanMainFill, .color(HexColor(rgb: 0x112233))),
      ])
  }

  @Test func theShippedThemedPresetSetsItsOwnLook() {
    let p = shipped("themed-speed-dial.json")
    // schema 5: its items draw their own SVG icons
    #expect(p.setsAppearance && p.writtenSchema == 5)
    #expect((0..<p.fan.count).allSatisfy { IconRef.isPath(p.fan.icon($0)) })
    #expect((0..<p.fan.count).allSatisfy { !p.fan.label($0).isEmpty })
    #expect((0..<p.fan.count).allSatisfy { p.fan.look($0).fill != nil })
  }
}
