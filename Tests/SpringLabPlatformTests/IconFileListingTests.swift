import Foundation
import SpringLabCore
import Testing

@testable import SpringLabPlatform

/// The icon chooser's files on a real disk: the SVG/PNG files in a preset's
/// folder and its direct subfolders, relative, sorted; never a hidden file,
/// a symbolic link (a preset names only files inside its folder tree), a
/// file deeper down, or more than the limits.
@Suite("Icon files beside a preset")
struct IconFileListingTests {
  @Test func theFolderAndItsSubfoldersAreListedRelativeAndSorted() throws {
    let dir = makeTempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let fm = FileManager.default
    for sub in ["icons", "brand/deep", ".hidden"] {
      try fm.createDirectory(atPath: dir + "/" + sub, withIntermediateDirectories: true)
    }
    for f in [
      "logo.PNG", "b.svg", "preset.json", ".secret.svg", "icons/rocket.svg", "icons/notes.txt",
      "brand/mark.png", "brand/deep/too-deep.svg", ".hidden/x.svg", "bad\u{7}name.svg",
      "back\\slash.png",
    ] {
      try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/" + f))
    }
    try fm.createSymbolicLink(atPath: dir + "/link.svg", withDestinationPath: "/etc/hostname")
    try fm.createSymbolicLink(atPath: dir + "/icons/alias.svg", withDestinationPath: dir + "/b.svg")
    #expect(
      LibraryFolder.iconFiles(dir) == ["b.svg", "logo.PNG", "brand/mark.png", "icons/rocket.svg"])
  }

  @Test func aHugeFolderIsCutAtTheLimit() throws {
    let dir = makeTempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    for i in 0..<(LibraryFolder.iconFileLimit + 40) {
      try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/i\(i).svg"))
    }
    #expect(LibraryFolder.iconFiles(dir).count == LibraryFolder.iconFileLimit)
    #expect(LibraryFolder.iconFiles(dir + "/missing").isEmpty)
  }
}

/// An icon file picked in the window from outside the preset's folder is
/// checked like on load, then copied into the folder's `icons/`: the name
/// kept when free, never replacing other bytes, reused when the same.
@Suite("Copying a picked icon file beside the preset")
struct IconImportTests {
  static let svg = Data(
    #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="9" height="9"/></svg>"#
      .utf8)

  @Test func aPickedFileIsCopiedIntoIconsAndNeverReplacesAnother() throws {
    let dir = makeTempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let preset = dir + "/presets"
    let downloads = dir + "/Downloads"
    for d in [preset, downloads] {
      try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
    }
    let source = downloads + "/My Rocket (1).svg"
    try Self.svg.write(to: URL(fileURLWithPath: source))
    let first = try IconAssets.importCopy(from: source, into: preset).get()
    #expect(first == "icons/My-Rocket--1-.svg")
    #expect(FileManager.default.contents(atPath: preset + "/" + first) == Self.svg)
    #expect(IconRef.problem(first, builtins: []) == nil, "a path the preset accepts")
    #expect(try IconAssets.importCopy(from: source, into: preset).get() == first, "reused")
    // another file of the same name: kept beside, not over
    let other = Data(Self.svg.map { $0 == UInt8(ascii: "9") ? UInt8(ascii: "8") : $0 })
    try other.write(to: URL(fileURLWithPath: source))
    let second = try IconAssets.importCopy(from: source, into: preset).get()
    #expect(second == "icons/My-Rocket--1--2.svg")
    #expect(FileManager.default.contents(atPath: preset + "/" + first) == Self.svg)
    #expect(try IconAssets.read(second, folder: preset).get().bytes == other)
  }

  @Test func aFileTheChecksRefuseIsNotCopied() throws {
    let dir = makeTempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let source = dir + "/evil.svg"
    try Data(#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#.utf8)
      .write(to: URL(fileURLWithPath: source))
    let png = dir + "/named.svg"
    try Data([0x89, 0x50, 0x4E, 0x47]).write(to: URL(fileURLWithPath: png))
    for s in [source, png, dir + "/missing.svg"] {
      guard case .failure(let p) = IconAssets.importCopy(from: s, into: dir + "/preset") else {
        Issue.record("\(s) was copied")
        continue
      }
      #expect(!p.message.isEmpty)
    }
    #expect(!FileManager.default.fileExists(atPath: dir + "/preset/icons"))
  }

  @Test func aLinkedIconsFolderOrADanglingLinkIsNeverWrittenThrough() throws {
    let dir = makeTempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let fm = FileManager.default
    let preset = dir + "/preset"
    let elsewhere = dir + "/elsewhere"
    for d in [preset, elsewhere] {
      try fm.createDirectory(atPath: d, withIntermediateDirectories: true)
    }
    let source = dir + "/rocket.svg"
    try Self.svg.write(to: URL(fileURLWithPath: source))
    // icons/ is a link to a folder outside the preset
    try fm.createSymbolicLink(atPath: preset + "/icons", withDestinationPath: elsewhere)
    guard case .failure(let p) = IconAssets.importCopy(from: source, into: preset) else {
      Issue.record("copied through a linked icons/")
      return
    }
    #expect(p.message.contains("outside"))
    #expect(try fm.contentsOfDirectory(atPath: elsewhere).isEmpty)
    // a dangling link under the name: the name is taken, the copy goes beside it
    try fm.removeItem(atPath: preset + "/icons")
    try fm.createDirectory(atPath: preset + "/icons", withIntermediateDirectories: true)
    try fm.createSymbolicLink(
      atPath: preset + "/icons/rocket.svg", withDestinationPath: elsewhere + "/planted.svg")
    #expect(try IconAssets.importCopy(from: source, into: preset).get() == "icons/rocket-2.svg")
    #expect(!fm.fileExists(atPath: elsewhere + "/planted.svg"), "nothing written through the link")
  }

  @Test func namesAreMadeSafe() {
    #expect(IconAssets.safeName("..hidden.svg", format: .svg) == "hidden.svg")
    #expect(IconAssets.safeName("Épée bleue.png", format: .png) == "-p-e-bleue.png")
    #expect(
      IconAssets.safeName(String(repeating: "a", count: 200) + ".svg", format: .svg).count == 84)
    #expect(IconAssets.safeName("logo.svg", format: .png) == "logo.png", "named by its content")
    #expect(IconAssets.safeName("\u{7}bell.svg", format: .svg) == "-bell.svg")
  }
}
