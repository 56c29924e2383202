import Foundation
import Testing

@testable import SpringLabCore

/// Exports carry the look a preset sets (colour literals per platform,
/// labels as text, sizes), and only then: a preset without one exports as
/// before (the export golden holds the shipped ones byte for byte).
@Suite("Appearance exports")
struct AppearanceExportTests {
  var themed: Preset {
    var p = Preset.seedDefault
    p.fan.count = 3
    p.fan.items = [
      ItemLook(
        fill: HexColor(rgb: 0xFFD60A), tint: HexColor(rgb: 0x1C1C1E), label: "Say \"hi\" $x"),
      ItemLook(size: 64),
    ]
    p.fan.mainFill = HexColor(0x0A, 0x84, 0xFF, 0x80)
    p.bubble.badgeFill = HexColor(rgb: 0x34C759)
    return p
  }

  @Test func colourLiteralsPerPlatform() {
    let y = HexColor(rgb: 0xFFD60A)
    #expect(
      ExportAppearance.swiftUI(y) == "Color(red: 1, green: 0.839216, blue: 0.039216, opacity: 1)")
    #expect(
      ExportAppearance.uiKit(y) == "UIColor(red: 1, green: 0.839216, blue: 0.039216, alpha: 1)")
    #expect(ExportAppearance.compose(y) == "Color(0xFFFFD60A)")
    #expect(ExportAppearance.compose(HexColor(0x0A, 0x84, 0xFF, 0x80)) == "Color(0x800A84FF)")
  }

  @Test func everyFormatCarriesTheLook() {
    let p = themed
    let swiftUI = Exporter.export(p, format: .swiftui)
    #expect(swiftUI.contains("enum SpringLabAppearance"))
    #expect(swiftUI.contains("Color(red: 1, green: 0.839216, blue: 0.039216, opacity: 1)"))
    #expect(swiftUI.contains(#"static let itemLabels: [String?] = ["Say \"hi\" $x", nil, nil]"#))
    #expect(swiftUI.contains("static let itemSizes: [CGFloat] = [50, 64, 50]"))
    #expect(
      swiftUI.contains(
        "mainFill = Color(red: 0.039216, green: 0.517647, blue: 1, opacity: 0.501961)"))
    let uiKit = Exporter.export(p, format: .uikit)
    #expect(uiKit.contains("UIColor(red: 1, green: 0.839216, blue: 0.039216, alpha: 1)"))
    // the built-in colours of the unset items are spelled out too
    #expect(uiKit.contains("UIColor(red: 0.203922, green: 0.780392, blue: 0.34902, alpha: 1)"))
    let compose = Exporter.export(p, format: .compose)
    #expect(compose.contains("import androidx.compose.ui.graphics.Color"))
    #expect(
      compose.contains(
        "val itemFills = listOf(Color(0xFFFFD60A), Color(0xFF34C759), Color(0xFFFF2D55))"))
    #expect(compose.contains(#"listOf("Say \"hi\" \$x", null, null)"#))
    #expect(compose.contains("val itemSizes = listOf(50.dp, 64.dp, 50.dp)"))
    #expect(compose.contains("val badgeFill = Color(0xFF34C759)"))
    let framer = Exporter.export(p, format: .framer)
    #expect(
      framer.contains(##"{ fill: "#FFD60A", tint: "#1C1C1E", label: "Say \"hi\" $x", size: 50 }"##))
    let css = Exporter.export(p, format: .css)
    #expect(css.contains(".springlab-fan .item-0 { background: #FFD60A; color: #1C1C1E; }"))
    #expect(css.contains(#".springlab-fan .item-0::after { content: "Say \22 hi\22  $x"; }"#))
    #expect(css.contains(".springlab-fan .item-1 { background: #34C759; color: #FFFFFF; left:"))
    #expect(css.contains(".springlab-fan .main { background: #0A84FF80;"))
    let html = Exporter.export(p, format: .css, options: ExportOptions(html: true))
    #expect(
      html.contains(#"class="item item-0 label-left" style="background: #FFD60A; color: #1C1C1E""#))
    #expect(html.contains(#"<div class="springlab-dim"></div>"#))
    let json = Exporter.export(p, format: .json)
    #expect(json.contains("\"schema\": 4") && json.contains("\"#FFD60A\""))
    #expect((try? PresetReader.decode(Data(json.utf8), file: "x")) == p)
  }

  @Test func aPresetWithoutALookExportsNoneOfIt() {
    for format in ExportFormat.allCases {
      let text = Exporter.export(.seedDefault, format: format)
      #expect(!text.contains("SpringLabAppearance") && !text.contains("appearance"), "\(format)")
      #expect(!text.contains("label-left") && !text.contains("springlab-dim"), "\(format)")
    }
  }

  @Test func aThemedExportPassesItsCheck() {
    for p in [themed, shipped("themed-speed-dial.json")] {
      let report = ExportCheck.check(p)
      #expect(report.passed, "\(p.name): \(report.rows.filter { !$0.pass })")
      let html = Exporter.export(p, format: .css, options: ExportOptions(html: true))
      let rows = ExportCheck.check(p, format: .css, text: html)
      #expect(!rows.isEmpty && rows.allSatisfy(\.pass), "\(p.name) HTML")
    }
  }
}
