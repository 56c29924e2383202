import Foundation
import SpringLabPlatform
import Testing

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
      "brand/mark.png", "brand/deep/too-deep.svg", ".hidden/x.svg",
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
