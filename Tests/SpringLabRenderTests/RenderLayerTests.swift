import Foundation
import Testing

/// The render module draws and encodes without a window (docs/ARCHITECTURE.md):
/// of SDL it uses only SDL_ttf's text masks, SDL_image's decoders and the
/// surface calls they need, never video, events or windows.
@Suite struct RenderLayerTests {
  static let render = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/SpringLabRender")

  /// The SDL names a headless render may use.
  static let allowed: Set<String> = [
    "SDL_Color", "SDL_ConvertSurfaceFormat", "SDL_FreeSurface", "SDL_GetError", "SDL_Surface",
    "SDL_PIXELFORMAT_ARGB8888", "SDL_PIXELFORMAT_ABGR8888",
  ]

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

  @Test func rendersWithoutSDLVideoEventsOrWindows() throws {
    let sources = try Self.sources()
    #expect(sources.count >= 10, "\(sources.keys.sorted())")
    let sdl = try NSRegularExpression(pattern: #"\bSDL_\w+"#)
    var found: Set<String> = []
    for (file, text) in sources {
      for m in sdl.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        let name = String(text[Range(m.range, in: text)!])
        if !Self.allowed.contains(name) { found.insert("\(file): \(name)") }
      }
    }
    #expect(found.isEmpty, "\(found.sorted())")
  }

  @Test func neverImportsTheWindowModule() throws {
    for (file, text) in try Self.sources() {
      for module in ["SpringLabSDL", "CX11Input", "SpringLabStudio"] {
        #expect(!text.contains("import \(module)\n"), "\(file) imports \(module)")
      }
    }
  }
}
