import Foundation
import Testing

/// The render module draws, decodes and encodes without SDL
/// (docs/ARCHITECTURE.md): text goes through FreeType and Cairo, images
/// through Cairo's PNG reader and libjpeg, so it neither imports nor links
/// SDL, SDL_ttf or SDL_image.
@Suite struct RenderLayerTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let render = root.appendingPathComponent("Sources/SpringLabRender")

  /// Every Swift file of the module, without comments and string literals.
  static func sources() throws -> [String: String] {
    var out: [String: String] = [:]
    let files = FileManager.default.enumerator(atPath: render.path)!
    while let f = files.nextObject() as? String {
      guard f.hasSuffix(".swift") else { continue }
      var text = try String(contentsOf: render.appendingPathComponent(f), encoding: .utf8)
      for pattern in [#""""[\s\S]*?""""#, #"//[^\n]*"#, #""(?:\\.|[^"\\\n])*""#] {
        let re = try NSRegularExpression(pattern: pattern)
        text = re.stringByReplacingMatches(
          in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "\"\"")
      }
      out[f] = text
    }
    return out
  }

  @Test func namesNoSDLSDLttfOrSDLimageCall() throws {
    let sources = try Self.sources()
    #expect(sources.count >= 10, "\(sources.keys.sorted())")
    let sdl = try NSRegularExpression(pattern: #"\b(?:SDL|TTF|IMG)_\w+"#)
    var found: Set<String> = []
    for (file, text) in sources {
      for m in sdl.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        found.insert("\(file): \(text[Range(m.range, in: text)!])")
      }
    }
    #expect(found.isEmpty, "\(found.sorted())")
  }

  @Test func neverImportsSDLOrTheWindowModule() throws {
    for (file, text) in try Self.sources() {
      for module in ["CSDL2", "SpringLabSDL", "CX11Input", "SpringLabStudio"] {
        #expect(!text.contains("import \(module)\n"), "\(file) imports \(module)")
      }
    }
  }

  /// The target's declared dependencies in Package.swift: what it links.
  @Test func packageSwiftGivesTheRenderTargetNoSDL() throws {
    let manifest = try String(
      contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let target = try #require(
      manifest.range(
        of: #"\.target\(\s*name: "SpringLabRender",\s*dependencies: \[[^\]]*\]"#,
        options: .regularExpression),
      "no SpringLabRender target with a dependency list")
    let dependencies = manifest[target].split(separator: "[")[1]
    #expect(!dependencies.contains("CSDL2"), "\(dependencies)")
    #expect(dependencies.contains("\"CCairo\"") && dependencies.contains("\"CJPEGDecode\""))
    // what the C libraries it uses link: Cairo with FreeType, libjpeg; never SDL's
    for module in ["CCairo", "CJPEG"] {
      let map = try String(
        contentsOf: Self.root.appendingPathComponent("Sources/\(module)/module.modulemap"),
        encoding: .utf8)
      #expect(!map.contains("SDL"), "\(module)'s module map links SDL")
    }
  }
}
