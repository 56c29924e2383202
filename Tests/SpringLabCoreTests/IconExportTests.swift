import Foundation
import Testing

@testable import SpringLabCore

/// Exports of a preset with icon files (schema 5): an asset manifest in
/// every code export, `Image("name")` / `UIImage(named:)` with sanitised
/// asset names, Compose drawable ids in lower_snake, CSS and HTML with the
/// files inlined as `data:` URLs, JSON with the paths; a preset without its
/// own icons exports as before.
@Suite("Icon exports")
struct IconExportTests {
  static var preset: Preset { shipped("themed-quick-actions.json") }

  static func export(_ f: ExportFormat, _ o: ExportOptions = ExportOptions()) -> String {
    Exporter.export(preset, format: f, options: o)
  }

  @Test func swiftExportsNameAssetCatalogImages() {
    let ui = Self.export(.swiftui)
    #expect(ui.contains("// Icon files to add to the project"))
    #expect(ui.contains("//   icons/compose.svg → Image(\"compose\")"))
    #expect(ui.contains(#"Image("compose").renderingMode(.template)"#))
    #expect(ui.contains(#"static let bubble: Image? = Image("logo").renderingMode(.original)"#))
    #expect(ui.contains(#"static let main = Image("spark").renderingMode(.template)"#))
    let kit = Self.export(.uikit)
    #expect(kit.contains(#"UIImage(named: "camera")?.withRenderingMode(.alwaysTemplate)"#))
    #expect(kit.contains(#"UIImage(named: "logo")?.withRenderingMode(.alwaysOriginal)"#))
  }

  @Test func builtInIconsBecomeSFSymbols() {
    var p = Self.preset
    p.fan.items[1].icon = "bell"
    let ui = Exporter.export(p, format: .swiftui, options: ExportOptions())
    #expect(ui.contains(#"Image(systemName: "bell")"#))
    #expect(!ui.contains("icons/camera.svg"), "a file no longer used is not in the manifest")
  }

  @Test func composeUsesLowerSnakeDrawables() {
    var p = Self.preset
    p.fan.items[0].icon = "icons/Quick Note-2.svg"
    let k = Exporter.export(p, format: .compose, options: ExportOptions())
    #expect(k.contains("//   icons/Quick Note-2.svg → R.drawable.quick_note2"))
    #expect(k.contains("listOf(R.drawable.quick_note2, R.drawable.camera, R.drawable.location)"))
    #expect(k.contains("val bubble: Int? = R.drawable.logo"))
  }

  @Test func cssAndHTMLInlineTheFilesTheyAreGiven() throws {
    let svg = Data(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"/>"#.utf8)
    var o = ExportOptions(html: true)
    o.iconData = ["icons/compose.svg": svg]
    let html = Self.export(.css, o)
    #expect(html.contains("data:image/svg+xml;base64," + svg.base64EncodedString()))
    #expect(
      html.contains(".springlab-fan .item-0::before { background: currentColor; -webkit-mask: url(")
    )
    #expect(html.contains("icons/camera.svg (not read: not inlined)"))
    #expect(html.contains(#"<div class="main icon"></div>"#))
    #expect(!html.contains("<script src") && !html.contains("href=\"icons/"))
    // Core itself reads nothing: without bytes the files are only listed
    let bare = Self.export(.css)
    #expect(!bare.contains("data:image/") && bare.contains("icons/compose.svg (not read"))
  }

  @Test func jsonAndFramerKeepThePaths() {
    #expect(Self.export(.json).contains(#""icon": "icons/compose.svg""#))
    #expect(Self.export(.framer).contains(#"{ file: "icons/compose.svg", tinted: true }"#))
  }

  @Test func bothDesignerPresetsShipTheirOwnIcons() {
    for (name, file) in [
      ("themed-speed-dial.json", "icons/dial-note.svg"),
      ("themed-quick-actions.json", "icons/compose.svg"),
    ] {
      let p = shipped(name)
      #expect(p.fan.iconFiles(bubble: p.bubble).map(\.path).contains(file), "\(name)")
      #expect(Exporter.export(p, format: .swiftui, options: ExportOptions()).contains(file))
    }
  }

  @Test func aPresetWithoutOwnIconsHasNoIconBlock() {
    for name in ["seed-000-fan.json", "seed-002-bubble.json"] {
      for f in ExportFormat.allCases {
        let text = Exporter.export(shipped(name), format: f, options: ExportOptions())
        #expect(!text.contains("SpringLabIcons") && !text.contains("Icon files"), "\(name) \(f)")
      }
    }
  }
}
