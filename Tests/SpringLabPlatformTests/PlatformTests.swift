import Foundation
import SpringLabCore
import SpringLabPlatform
import Testing

@Suite("Platform: hot reload, dropped files")
struct PlatformTests {
  @Test func hotReloadAfterAnOnDiskRenameReplace() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "watch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let path = dir.appendingPathComponent("p.json").path
    var p = Preset.seedDefault
    try PresetWriter.save(p, to: path)
    var w = PresetWatcher(path: path)
    #expect(w.poll() == nil)
    // an editor writes a new file and renames it over the old one
    p.fan.radius = 140
    let tmp = dir.appendingPathComponent(".p.json.swp").path
    try PresetWriter.text(p).write(toFile: tmp, atomically: false, encoding: .utf8)
    #expect(rename(tmp, path) == 0)
    #expect(w.poll() == .reloaded(p))
    #expect(w.poll() == nil)
    // a bad edit keeps the last good state: the watcher reports it, not a preset
    try #"{"fan": {"radius": -5}}"#.write(toFile: tmp, atomically: false, encoding: .utf8)
    #expect(rename(tmp, path) == 0)
    guard case .invalid(let message)? = w.poll() else {
      Issue.record("expected an invalid change")
      return
    }
    #expect(message.contains("fan.radius = -5"))
    try FileManager.default.removeItem(atPath: path)
    #expect(w.poll() == .deleted)
  }

  @Test func ourOwnSaveIsNotAChange() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "watch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let path = dir.appendingPathComponent("p.json").path
    try PresetWriter.save(.seedDefault, to: path)
    var w = PresetWatcher(path: path)
    var p = Preset.seedDefault
    p.fan.count = 4
    try PresetWriter.save(p, to: path)
    w.acknowledge()
    #expect(w.poll() == nil)
  }

  @Test func droppedFilesByKind() {
    #expect(DroppedFile(path: "/a/b/preset.JSON") == .preset)
    #expect(DroppedFile(path: "shot.png") == .image)
    #expect(DroppedFile(path: "shot.jpeg") == .image)
    #expect(DroppedFile(path: "notes.txt") == .unsupported)
    #expect(DroppedFile(path: "noext") == .unsupported)
  }
}

@Suite("Platform: remembered state")
struct RememberedStateTests {
  @Test func theFolderFollowsXDGThenHome() {
    #expect(
      RememberedState.folder(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/springlab"
    )
    #expect(RememberedState.folder(environment: ["HOME": "/h"]) == "/h/.config/springlab")
  }

  @Test func savedStateReadsBackAndUnknownNamesAreDropped() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "state-\(UUID().uuidString)"
    ).path
    var s = RememberedState()
    s.device = .ipadSplit
    s.orientation = .landscape
    s.presetPath = "/p.json"
    try s.save(folder: dir)
    let back = RememberedState.load(folder: dir)
    #expect(back.state == s && back.warning == nil)
    try #"{"device": "pixel8", "orientation": "sideways", "panelVisible": false}"#.write(
      toFile: dir + "/state.json", atomically: true, encoding: .utf8)
    let odd = RememberedState.load(folder: dir).state
    #expect(odd.device == nil && odd.orientation == nil && odd.panelVisible == false)
  }
}
