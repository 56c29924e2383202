import Foundation
import SpringLabCore
import Testing

@testable import SpringLabPlatform

#if canImport(Glibc)
  import Glibc
#endif

/// Icon files on load: every refusal is one `FILE: field = "path": why`
/// line, and nothing outside the preset's folder tree is read.
@Suite("Icon assets")
struct IconAssetsTests {
  static let svg =
    ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M4 4h16v16H4z"/></svg>"##

  /// A 1 × 1 PNG (red, opaque), made here so the test needs no file.
  static let png: [UInt8] = {
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
      let body = Array(type.utf8) + data
      let crc = CRC32.of(body[...])
      return be32(data.count) + body + be32(Int(crc))
    }
    func be32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((v >> $0) & 0xFF) } }
    let ihdr = be32(1) + be32(1) + [8, 2, 0, 0, 0]
    // zlib stream of the one row: filter 0, then FF 00 00 (stored block)
    let raw: [UInt8] = [0, 0xFF, 0, 0]
    var a: UInt32 = 1
    var b: UInt32 = 0
    for x in raw {
      a = (a + UInt32(x)) % 65521
      b = (b + a) % 65521
    }
    let adler = Int(b << 16 | a)
    let idat: [UInt8] = [0x78, 0x01, 0x01, 0x04, 0x00, 0xFB, 0xFF] + raw + be32(adler)
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr)
      + chunk("IDAT", idat) + chunk("IEND", [])
  }()

  /// A folder holding `preset.json` naming `icon` on item 0 (and files).
  static func folder(icon: String, files: [String: [UInt8]] = [:]) throws -> String {
    let dir = makeTempDir()
    for (name, bytes) in files {
      let p = dir + "/" + name
      try FileManager.default.createDirectory(
        atPath: (p as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try Data(bytes).write(to: URL(fileURLWithPath: p))
    }
    let json = #"{"schema": 5, "fan": {"items": [{"icon": "\#(icon)"}]}}"#
    try json.write(toFile: dir + "/preset.json", atomically: true, encoding: .utf8)
    return dir
  }

  /// The one problem loading the folder's preset gives.
  static func problem(_ dir: String) throws -> FieldProblem {
    do {
      _ = try IconAssets.loadPreset(path: dir + "/preset.json")
      Issue.record("loaded")
      throw CancellationError()
    } catch let e as LoadError {
      #expect(e.problems.count == 1, "\(e)")
      let p = try #require(e.problems.first)
      #expect(p.file == dir + "/preset.json" && p.path == "fan.items[0].icon")
      #expect(!p.description.contains("\n"))
      return p
    }
  }

  @Test func aGoodSVGAndAGoodPNGLoad() throws {
    let dir = try Self.folder(
      icon: "icons/a.svg", files: ["icons/a.svg": Array(Self.svg.utf8), "b.png": Self.png])
    let p = try IconAssets.loadPreset(path: dir + "/preset.json")
    #expect(p.fan.icon(0) == "icons/a.svg")
    let svg = try IconAssets.read("icons/a.svg", folder: dir).get()
    #expect(svg.format == .svg && svg.bytes == Data(Self.svg.utf8))
    #expect(try IconAssets.read("b.png", folder: dir).get().format == .png)
  }

  @Test func aMissingFileIsRefused() throws {
    let p = try Self.problem(try Self.folder(icon: "icons/none.svg"))
    #expect(p.reason == "no such file")
    #expect(p.description.hasSuffix(#"fan.items[0].icon = "icons/none.svg": no such file"#))
  }

  @Test func aFolderOrAFIFOIsRefusedWithoutHanging() throws {
    let dir = try Self.folder(icon: "d.svg")
    try FileManager.default.createDirectory(
      atPath: dir + "/d.svg", withIntermediateDirectories: false)
    #expect(try Self.problem(dir).reason == "not a regular file")
    let fifoDir = try Self.folder(icon: "f.svg")
    #expect(mkfifo(fifoDir + "/f.svg", 0o600) == 0)
    #expect(try Self.problem(fifoDir).reason == "not a regular file")
  }

  @Test func anUnreadableFileIsRefused() throws {
    // why: as root every mode is readable; a dangling link cannot be read by anyone
    let dir = try Self.folder(icon: "gone.svg")
    #expect(symlink(dir + "/nowhere.svg", dir + "/gone.svg") == 0)
    #expect(try Self.problem(dir).reason == "no such file")
    if getuid() != 0 {
      let d2 = try Self.folder(icon: "x.svg", files: ["x.svg": Array(Self.svg.utf8)])
      chmod(d2 + "/x.svg", 0)
      #expect(try Self.problem(d2).reason.hasPrefix("cannot be read"))
    }
  }

  @Test func aHugeDeclaredSizeIsRefused() throws {
    let big =
      ##"<svg xmlns="http://www.w3.org/2000/svg" width="10000" height="24"><path d="M0 0h1"/></svg>"##
    let p = try Self.problem(try Self.folder(icon: "big.svg", files: ["big.svg": Array(big.utf8)]))
    #expect(p.reason.contains("declares a size of 10000"), "\(p)")
    let vb = ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 9e9"></svg>"##
    let q = try Self.problem(try Self.folder(icon: "vb.svg", files: ["vb.svg": Array(vb.utf8)]))
    #expect(q.reason.contains("limited to 4096"), "\(q)")
    // a PNG whose header declares 5000 × 5000 (the CRC is not even reached)
    var png = Self.png
    png.replaceSubrange(16..<24, with: [0, 0, 0x13, 0x88, 0, 0, 0x13, 0x88])
    let r = try Self.problem(try Self.folder(icon: "big.png", files: ["big.png": png]))
    #expect(r.reason.contains("5000 × 5000") && r.reason.contains("4096"), "\(r)")
    // an SVG file over 1 MiB
    let padded = Self.svg.replacingOccurrences(
      of: "<path", with: "<!--" + String(repeating: "x", count: 1 << 20) + "--><path")
    let s = try Self.problem(
      try Self.folder(icon: "pad.svg", files: ["pad.svg": Array(padded.utf8)]))
    #expect(s.reason.contains("1 MiB"), "\(s)")
  }

  @Test func aPNGRenamedSVGIsReadByItsBytes() throws {
    let dir = try Self.folder(icon: "looks.svg", files: ["looks.svg": Self.png])
    _ = try IconAssets.loadPreset(path: dir + "/preset.json")
    #expect(try IconAssets.read("looks.svg", folder: dir).get().format == .png)
    // and a JPEG or text named .png is neither
    let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array(repeating: 0, count: 20)
    let p = try Self.problem(try Self.folder(icon: "j.png", files: ["j.png": jpeg]))
    #expect(p.reason.contains("neither an SVG nor a PNG"), "\(p)")
    let t = try Self.problem(try Self.folder(icon: "t.svg", files: ["t.svg": Array("hello".utf8)]))
    #expect(t.reason.contains("neither an SVG nor a PNG"), "\(t)")
  }

  @Test(arguments: [
    ##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="secret.png" width="24" height="24"/></svg>"##,
    ##"<svg xmlns="http://www.w3.org/2000/svg"><image href="file:///etc/passwd"/></svg>"##,
    ##"<svg xmlns="http://www.w3.org/2000/svg"><use href = 'https://example.com/a.svg#x'/></svg>"##,
    ##"<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill: url(other.svg#g)" width="4" height="4"/></svg>"##,
    ##"<svg xmlns="http://www.w3.org/2000/svg"><style>@import "x.css";</style></svg>"##,
    ##"<svg xmlns="http://www.w3.org/2000/svg"><xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="x.svg"/></svg>"##,
    ##"<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>"##,
  ])
  func anExternalReferenceIsRefusedBeforeParsing(_ text: String) throws {
    let dir = try Self.folder(icon: "ext.svg", files: ["ext.svg": Array(text.utf8)])
    let p = try Self.problem(dir)
    #expect(
      p.reason.contains("refers to") || p.reason.contains("@import")
        || p.reason.contains("ENTITY") || p.reason.contains("DTD"), "\(p)")
  }

  @Test func localReferencesAreAllowed() throws {
    let text =
      ##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24"><defs><linearGradient id="g"/><path id="p" d="M0 0h4"/></defs><use xlink:href="#p"/><rect fill="url(#g)" width="4" height="4"/><image href="data:image/png;base64,AAAA"/></svg>"##
    #expect(SVGCheck.problem(Array(text.utf8)) == nil)
  }

  @Test func aScriptIsRefused() throws {
    for text in [
      ##"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"##,
      ##"<svg xmlns="http://www.w3.org/2000/svg"><SCRIPT type="text/ecmascript"/></svg>"##,
      ##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:s="http://www.w3.org/2000/svg"><s:script/></svg>"##,
    ] {
      let dir = try Self.folder(icon: "s.svg", files: ["s.svg": Array(text.utf8)])
      #expect(try Self.problem(dir).reason.contains("<script>"), "\(text)")
    }
  }

  @Test func aPathLeavingTheFolderIsRefusedByTheReader() throws {
    for icon in ["../x.svg", "/tmp/x.svg", "icons/../../x.svg"] {
      let dir = try Self.folder(icon: icon)
      #expect(try Self.problem(dir).reason.contains("folder"), "\(icon)")
    }
  }

  @Test func aSymlinkPointingOutsideIsRefusedAndOneInsideIsFollowed() throws {
    let outside = makeTempDir()
    try Data(Self.svg.utf8).write(to: URL(fileURLWithPath: outside + "/secret.svg"))
    let dir = try Self.folder(icon: "icons/link.svg")
    try FileManager.default.createDirectory(
      atPath: dir + "/icons", withIntermediateDirectories: true)
    #expect(symlink(outside + "/secret.svg", dir + "/icons/link.svg") == 0)
    let p = try Self.problem(dir)
    #expect(p.reason.contains("outside the preset's folder"), "\(p)")
    // a linked folder pointing outside counts as outside too
    let d2 = try Self.folder(icon: "ext/secret.svg")
    #expect(symlink(outside, d2 + "/ext") == 0)
    #expect(try Self.problem(d2).reason.contains("outside"))
    // a link inside the tree is fine
    let d3 = try Self.folder(icon: "alias.svg", files: ["real.svg": Array(Self.svg.utf8)])
    #expect(symlink(d3 + "/real.svg", d3 + "/alias.svg") == 0)
    #expect((try? IconAssets.loadPreset(path: d3 + "/preset.json")) != nil)
    // unless the user picked it in the window
    #expect(
      (try? IconAssets.read(outside + "/secret.svg", folder: dir, anywhere: true).get()) != nil)
  }

  @Test func theBubbleAndMainIconsAreCheckedToo() throws {
    let dir = makeTempDir()
    try #"{"schema": 5, "fan": {"main": {"icon": "m.svg"}}, "bubble": {"icon": "b.png"}}"#.write(
      toFile: dir + "/p.json", atomically: true, encoding: .utf8)
    do {
      _ = try IconAssets.loadPreset(path: dir + "/p.json")
      Issue.record("loaded")
    } catch {
      #expect(error.problems.map(\.path) == ["fan.main.icon", "bubble.icon"])
    }
  }

  /// Seeded mutations of a small SVG corpus (truncations, flipped bytes,
  /// broken XML, huge numbers, inserted references): the check never
  /// crashes and every refusal is one line.
  @Test func mutatedSVGsGiveOneLineAnswers() {
    let corpus = [
      Self.svg,
      ##"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="24px" height="24px" viewBox="0 0 24 24"><g><circle cx="12" cy="12" r="9" fill="url(#g)"/></g></svg>"##,
      ##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="#a"/></svg>"##,
    ]
    let inserts = [
      "<", ">", "\"", "'", "href=", " xlink:href=\"", "url(", "<script", "<!ENTITY", "1e308",
      "99999999999999999999", "-", "\u{0}", "é", "]]>", "<!--", "&#x0;",
    ]
    var seeded = SeededRNG(seed: 26)
    for round in 0..<3000 {
      var b = Array(corpus[round % corpus.count].utf8)
      for _ in 0..<Int.random(in: 1...4, using: &seeded) {
        switch Int.random(in: 0...3, using: &seeded) {
        case 0: b = Array(b.prefix(Int.random(in: 0...b.count, using: &seeded)))
        case 1:
          if !b.isEmpty {
            b[Int.random(in: 0..<b.count, using: &seeded)] = UInt8.random(
              in: 0...255, using: &seeded)
          }
        default:
          let at = Int.random(in: 0...b.count, using: &seeded)
          b.insert(contentsOf: Array(inserts.randomElement(using: &seeded)!.utf8), at: at)
        }
      }
      if let why = SVGCheck.problem(b) {
        #expect(!why.contains("\n") && !why.isEmpty)
      }
      switch IconAssets.check(Data(b), resolvedPath: "/x") {
      case .failure(let f): #expect(!f.message.contains("\n"))
      case .success: break
      }
    }
  }
}

/// A small deterministic generator (SplitMix64) for the mutation test.
struct SeededRNG: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E4B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// The window's reload path: a preset whose icon file goes missing on disk
/// is a problem like a bad field (the window toasts it and keeps the last
/// good look), not a reload.
@Suite("Icon assets on reload")
struct IconAssetsReloadTests {
  @Test func theWatcherReportsAMissingIconAsInvalid() throws {
    let dir = try IconAssetsTests.folder(
      icon: "a.svg", files: ["a.svg": Array(IconAssetsTests.svg.utf8)])
    let path = dir + "/preset.json"
    var w = PresetWatcher(path: path)
    try FileManager.default.removeItem(atPath: dir + "/a.svg")
    // why: a new stamp (size changes) so the watcher sees the file as changed
    let json = ##"{"schema": 5, "fan": {"items": [{"icon": "a.svg", "fill": "#000000"}]}}"##
    try json.write(toFile: path, atomically: true, encoding: .utf8)
    guard case .invalid(let message)? = w.poll() else {
      Issue.record("not reported as invalid")
      return
    }
    #expect(message.hasSuffix(#"fan.items[0].icon = "a.svg": no such file"#), "\(message)")
  }
}
