import Foundation
import SpringLabCore
import SpringLabPlatform
import Testing

/// The library's files on a real disk: the freedesktop Trash and renaming a
/// preset inside its file.
@Suite("Library folder and Trash")
struct LibraryFolderTests {
  static let playful = """
    {
      "schema": 2,
      "name": "Playful",
      "fan": {"count": 4, "radius": 130}
    }

    """

  @Test func trashWritesTheSpecsInfoFileAndRestorePutsTheFileBack() throws {
    let dir = makeTempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let lib = dir + "/my presets"
    try FileManager.default.createDirectory(atPath: lib, withIntermediateDirectories: true)
    let file = lib + "/playful.json"
    try Self.playful.write(toFile: file, atomically: false, encoding: .utf8)
    let trash = FreedesktopTrash.resolve(
      environment: ["XDG_DATA_HOME": dir + "/data"], home: "/nonexistent")
    #expect(trash.home == dir + "/data/Trash")
    let when = Date(timeIntervalSince1970: 1_700_000_000)
    let item = try trash.trash(file, now: when)
    #expect(access(file, F_OK) != 0, "the file left the library")
    #expect(item.trashed == dir + "/data/Trash/files/playful.json")
    #expect(readText(item.trashed) == Self.playful)
    let info = try #require(readText(dir + "/data/Trash/info/playful.json.trashinfo"))
    #expect(info.hasPrefix("[Trash Info]\nPath=\(dir)/my%20presets/playful.json\nDeletionDate="))
    #expect(
      info.range(
        of: #"DeletionDate=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\n$"#, options: .regularExpression) != nil)
    // a second file of the same name gets its own slot
    try Self.playful.write(toFile: file, atomically: false, encoding: .utf8)
    let second = try trash.trash(file, now: when)
    #expect(second.trashed == dir + "/data/Trash/files/playful.json.2")
    try trash.restore(item)
    #expect(readText(file) == Self.playful)
    #expect(access(item.info, F_OK) != 0, "the info file is removed")
    // restoring never replaces a file that is there again
    #expect(throws: OutputError.self) { try trash.restore(second) }
    #expect(access(second.trashed, F_OK) == 0)
  }

  @Test func renameChangesOnlyTheNameLineAndNeverReplacesAFile() throws {
    let dir = makeTempDir()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let from = dir + "/playful.json"
    try Self.playful.write(toFile: from, atomically: false, encoding: .utf8)
    try LibraryFolder.copyRenamed(from: from, to: dir + "/bouncy.json", name: "Bouncy", keep: false)
    #expect(access(from, F_OK) != 0)
    #expect(
      readText(dir + "/bouncy.json")
        == Self.playful.replacingOccurrences(of: "Playful", with: "Bouncy"))
    try LibraryFolder.copyRenamed(
      from: dir + "/bouncy.json", to: dir + "/copy.json", name: "Bouncy copy", keep: true)
    #expect(access(dir + "/bouncy.json", F_OK) == 0)
    #expect(throws: OutputError.self) {
      try LibraryFolder.copyRenamed(
        from: dir + "/copy.json", to: dir + "/bouncy.json", name: "X", keep: false)
    }
    #expect(readText(dir + "/bouncy.json")?.contains("\"Bouncy\"") == true)
    #expect(LibraryFolder.presetFiles(dir) == [dir + "/bouncy.json", dir + "/copy.json"])
  }
}
