import Foundation
import SpringLabCore
import SpringLabStudio
import Testing

@testable import SpringLabCommands

/// The HTML export of a preset with its own SVG icons, opened in headless
/// Chromium from a folder that holds no icon files: the icons are drawn
/// (they are inlined, the page is one self-contained file), in the item's
/// white tint on its own fill. With the inlined data broken, those white
/// pixels vanish, so the check cannot pass on the fills alone.
@Suite("HTML export with icon files in Chromium")
struct HTMLIconChromiumTests {
  /// `presets/themed-quick-actions.json`: items, main button and bubble filled #0B5A43.
  static let fill = (0x0B, 0x5A, 0x43)

  /// Discs of the preset's fill: bounding boxes of the connected regions of
  /// that colour (±10 per channel) larger than 300 px, and the white pixels
  /// (all channels ≥ 235) inside each box.
  static func discs(_ img: RGBImage) -> [(box: (Int, Int, Int, Int), white: Int)] {
    let (w, h) = (img.width, img.height)
    var seen = [Bool](repeating: false, count: w * h)
    func isFill(_ x: Int, _ y: Int) -> Bool {
      let p = img.pixel(x, y)
      return abs(p.0 - Double(fill.0)) <= 10 && abs(p.1 - Double(fill.1)) <= 10
        && abs(p.2 - Double(fill.2)) <= 10
    }
    var out: [(box: (Int, Int, Int, Int), white: Int)] = []
    for y0 in 0..<h {
      for x0 in 0..<w where !seen[y0 * w + x0] && isFill(x0, y0) {
        var stack = [(x0, y0)]
        seen[y0 * w + x0] = true
        var (minX, minY, maxX, maxY, n) = (x0, y0, x0, y0, 0)
        while let (x, y) = stack.popLast() {
          n += 1
          (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
          for (nx, ny) in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
          where nx >= 0 && ny >= 0 && nx < w && ny < h && !seen[ny * w + nx] && isFill(nx, ny) {
            seen[ny * w + nx] = true
            stack.append((nx, ny))
          }
        }
        guard n > 300 else { continue }
        var white = 0
        for y in minY...maxY {
          for x in minX...maxX {
            let p = img.pixel(x, y)
            if p.0 >= 235 && p.1 >= 235 && p.2 >= 235 { white += 1 }
          }
        }
        out.append(((minX, minY, maxX, maxY), white))
      }
    }
    return out
  }

  static func shoot(_ html: String, _ dir: URL, _ name: String) throws -> [(
    box: (Int, Int, Int, Int), white: Int
  )] {
    let png = dir.appendingPathComponent(name + ".png").path
    let run = try Chromium.screenshot(
      "file://" + html + "#t=1.5", width: HTMLChromiumTests.window.width,
      height: HTMLChromiumTests.window.height, png: png)
    #expect(run.code == 0, "chromium exit \(run.code): \(run.err.suffix(2000))")
    #expect(run.scriptErrors.isEmpty, "script errors: \(run.scriptErrors)")
    return discs(try RGBImage(png: png))
  }

  @Test func theIconsShowFromTheInlinedFilesAlone() throws {
    try #require(Chromium.path != nil, Comment(rawValue: Chromium.missing))
    let dir = CLIHarness.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let html = try HTMLChromiumTests.exportHTML(
      CLIHarness.preset("themed-quick-actions.json"), in: dir)
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("icons").path))
    let page = try String(contentsOfFile: html, encoding: .utf8)
    #expect(page.components(separatedBy: "data:image/svg+xml;base64,").count - 1 >= 4)
    let shown = try Self.shoot(html, dir, "icons")
    // three open items and the main button carry white icons
    let withIcons = shown.filter { $0.white >= 20 }
    #expect(withIcons.count >= 4, "discs: \(shown)")
    let broken = dir.appendingPathComponent("broken.html").path
    try page.replacingOccurrences(of: "data:image/svg+xml;base64,", with: "data:broken;base64,")
      .write(toFile: broken, atomically: true, encoding: .utf8)
    let bare = try Self.shoot(broken, dir, "broken")
    #expect(bare.count >= 4, "the fills still draw: \(bare)")
    #expect(bare.allSatisfy { $0.white < 20 }, "no icon without the inlined data: \(bare)")
    print(
      "HTML icons: white px per disc with icons \(shown.map(\.white)), with the data broken \(bare.map(\.white))"
    )
  }
}

/// The window's Export buttons copy what `springlab export` prints: with a
/// saved preset's icon files inlined in CSS/HTML, and listed (not inlined)
/// for a preset not saved yet.
@Suite("Window export copies inline icons")
struct WindowExportIconTests {
  @Test func theCopiedCSSInlinesTheFilesBesideThePreset() throws {
    let path = CLIHarness.preset("themed-quick-actions.json")
    let preset = try PresetReader.load(path: path)
    let svg = try Data(
      contentsOf: URL(fileURLWithPath: path).deletingLastPathComponent()
        .appendingPathComponent("icons/compose.svg"))
    let saved = LiveStudioServices.exportText(
      ExportRequest(
        preset: preset, format: .css, options: ExportOptions(),
        folder: URL(fileURLWithPath: path).deletingLastPathComponent().path, label: "CSS"))
    #expect(saved.contains("data:image/svg+xml;base64," + svg.base64EncodedString()))
    let cli = try CLIHarness.run(["export", "--format", "css", "--preset", path])
    #expect(cli.code == 0)
    #expect(
      saved.trimmingSuffixNewline == cli.out.trimmingSuffixNewline,
      "the window copies what the command prints")
    let untitled = LiveStudioServices.exportText(
      ExportRequest(
        preset: preset, format: .css, options: ExportOptions(), folder: nil, label: "CSS"))
    #expect(!untitled.contains("data:image/svg+xml"))
    #expect(untitled.contains("icons/compose.svg"), "listed for the developer to add")
  }
}
