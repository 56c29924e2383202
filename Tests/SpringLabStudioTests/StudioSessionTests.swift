import Foundation
import SpringLabCore
import SpringLabUI
import Testing

@testable import SpringLabStudio

/// Recovery copies per preset path across sessions, takes, live scripts and
/// where files go.
@Suite("Studio sessions")
struct StudioSessionTests {
  static func edited(_ h: StudioHarness, radius: Double) {
    var p = h.state.preset
    p.fan.radius = radius
    h.edit(p)
  }

  @Test func recoveryIsKeptPerPresetPathAndOnlyItsWriterRemovesIt() {
    let disk = FakeDisk()
    disk.write(.seedDefault, to: "/lib/a.json")
    disk.write(.seedDefault, to: "/lib/b.json")
    // session 1 tunes a.json and crashes (never quits)
    let s1 = StudioHarness(path: "/lib/a.json", disk: disk, session: "s1")
    Self.edited(s1, radius: 150)
    s1.advance(1.2)
    let nameA = StudioFiles.recoveryName(path: "/lib/a.json", session: "s1")
    #expect(disk.recovery[nameA]?.fan.radius == 150, "autosaved within a second")
    // session 2 on b.json, and a fresh untitled session, quit cleanly
    let s2 = StudioHarness(path: "/lib/b.json", disk: disk, session: "s2")
    s2.key("q")
    #expect(s2.quit)
    let s3 = StudioHarness(disk: disk, session: "s3", lookForRecovery: false)
    s3.advance(2.5)
    s3.key("q")
    #expect(disk.recovery[nameA]?.fan.radius == 150, "another session's clean exit keeps a's copy")
    #expect(s2.state.dialog == nil, "a's copy is never offered for b")
    // session 4 opens a.json again: offered, recovered, then saved: the copy goes
    let s4 = StudioHarness(path: "/lib/a.json", disk: disk, session: "s4")
    guard case .recovery(let name, let p)? = s4.state.dialog else {
      Issue.record("a.json's copy is offered when a.json opens")
      return
    }
    #expect(name == nameA && p.fan.radius == 150)
    s4.key(KeyName.enter)
    #expect(s4.state.preset.fan.radius == 150 && s4.state.modified)
    s4.key("s", .ctrl)
    s4.advance(1.2)
    #expect(disk.recovery[nameA] == nil, "saving removes the copy it recovered")
    #expect(disk.presets["/lib/a.json"]?.preset.fan.radius == 150)
  }

  @Test func escapeLeavesTheRecoveryForNextTimeAndDiscardRemovesIt() {
    let disk = FakeDisk()
    disk.write(.seedDefault, to: "/lib/a.json")
    var rec = Preset.seedDefault
    rec.fan.radius = 160
    let name = StudioFiles.recoveryName(path: "/lib/a.json", session: "old")
    disk.recovery[name] = rec
    let s1 = StudioHarness(path: "/lib/a.json", disk: disk, session: "s1")
    #expect(s1.state.dialog != nil)
    s1.key(KeyName.escape)
    #expect(s1.state.dialog == nil && s1.state.preset.fan.radius == Preset.seedDefault.fan.radius)
    s1.key("q")
    #expect(disk.recovery[name] != nil, "Esc asks again next time")
    let s2 = StudioHarness(path: "/lib/a.json", disk: disk, session: "s2")
    s2.send(.dialog(.discard))
    #expect(disk.recovery[name] == nil)
  }

  @Test func anUntitledDocumentHasACopyPerSessionOfferedAtTheNextLaunch() {
    let disk = FakeDisk()
    let s1 = StudioHarness(disk: disk, session: "111-1")
    Self.edited(s1, radius: 170)
    s1.send(.sessionEnding)  // --exit-after: no question, the copy stays
    let own = StudioFiles.recoveryName(path: nil, session: "111-1")
    #expect(disk.recovery[own]?.fan.radius == 170)
    let s2 = StudioHarness(disk: disk, session: "222-2")
    guard case .recovery(let name, _)? = s2.state.dialog else {
      Issue.record("the untitled copy is offered at the next launch")
      return
    }
    #expect(name == own)
    s2.key(KeyName.enter)
    #expect(s2.state.preset.fan.radius == 170)
    #expect(disk.recovery[own] == nil, "recovered into this session, whose own copy takes over")
    s2.advance(1.2)
    #expect(disk.recovery[StudioFiles.recoveryName(path: nil, session: "222-2")] != nil)
    // a window opened on a preset is never offered an untitled copy
    let s3 = StudioHarness(path: "/lib/x.json", disk: disk, session: "333-3")
    #expect(s3.state.dialog == nil)
  }

  @Test func aCleanQuitRemovesOnlyTheCopyThisSessionWrote() {
    let disk = FakeDisk()
    let s1 = StudioHarness(path: "/lib/a.json", disk: disk, session: "s1")
    Self.edited(s1, radius: 150)
    s1.advance(1.2)
    let name = StudioFiles.recoveryName(path: "/lib/a.json", session: "s1")
    #expect(disk.recovery[name] != nil)
    s1.key("z", .ctrl)
    s1.advance(1.2)
    #expect(disk.recovery[name] == nil, "back to the saved state: the copy goes")
    Self.edited(s1, radius: 151)
    s1.key("q")
    s1.key("d")  // the modal ignores hot keys
    #expect(!s1.quit)
    let dont = s1.textPosition("Don't save")!
    s1.click(dont.x, dont.y + 5)
    #expect(s1.quit)
    #expect(disk.recovery[name] == nil, "Don't save drops the copy too")
  }

  @Test func aTakeCarriesTheScriptOfItsInputAndItsStartPreset() throws {
    let h = StudioHarness(path: "/lib/a.json")
    h.advance(0.5)
    h.key("r")
    #expect(h.state.take != nil)
    h.draw()
    #expect(h.texts.contains("REC"))
    let startPreset = h.state.preset
    h.advance(0.25)
    h.key("space")
    h.advance(1.0)
    var p = h.state.preset
    p.fan.radius = 140
    h.edit(p)
    h.advance(0.5)
    h.key("r")
    #expect(h.state.take == nil)
    let take = h.effects.compactMap { e -> (Preset, InputScript, TakeFrame)? in
      if case .renderTake(let p, let s, let f) = e { return (p, s, f) }
      return nil
    }
    let (preset, script, frame) = try #require(take.first)
    #expect(preset == startPreset)
    #expect(frame == .device, "a take is framed like render --frame device by default")
    let keys = script.events.filter {
      if case .key("space") = $0.action { return true }
      return false
    }
    #expect(keys.count == 1)
    #expect(abs((keys.first?.at ?? -1) - 0.25) < 1e-9, "the key at its time from the take's start")
    #expect(abs(script.duration - 1.75) < 1e-6)
    #expect(
      h.state.toast?.text == "Rendering /data/springlab/recordings/take.mp4 in the background")
  }

  @Test func playingAScriptPausesAtExactlyTheRequestedTime() throws {
    let script = try InputScript.decode(
      Data(#"{"duration": 2, "events": [{"at": 0.2, "key": "space"}]}"#.utf8), file: "t.json")
    let h = StudioHarness(path: "/lib/a.json")
    h.state.startPlaying(script, pauseAt: 0.5)
    // uneven frames that straddle both times
    for t in [0.07, 0.19, 0.33, 0.49, 0.61, 0.9, 1.4] { h.send(.tick(t)) }
    #expect(h.state.timeline.paused)
    #expect(h.state.timeline.time == 0.5)
    var reference = Scene(preset: h.state.preset)
    var player = ScriptPlayer(script)
    player.run(&reference, until: 0.5)
    let live = h.state.scene.fanItems(at: h.state.scene.now)
    let ref = reference.fanItems(at: 0.5)
    #expect(live.count == ref.count)
    for (a, b) in zip(live, ref) {
      #expect(abs(a.center.x - b.center.x) < 1e-9 && abs(a.center.y - b.center.y) < 1e-9)
    }
    // stepping back and forth after the pause is exact
    h.key(",")
    h.key(".")
    #expect(abs(h.state.timeline.time - 0.5) < 1e-12)
    #expect(h.state.scene.fanItems(at: h.state.scene.now).map(\.center) == live.map(\.center))
  }

  @Test func filesGoWhereTheEnvironmentSaysAndTheToastsNameThem() {
    let f = StudioFolders.resolve(
      environment: ["XDG_DATA_HOME": "/d", "XDG_CONFIG_HOME": "/c"], home: "/home/u",
      defaultLibrary: "/lib")
    #expect(f.recordings == "/d/springlab/recordings")
    #expect(f.screenshots == "/d/springlab/screenshots")
    #expect(f.recovery == "/c/springlab/recovery")
    let g = StudioFolders.resolve(
      environment: ["XDG_DATA_HOME": "relative/ignored"], home: "/home/u", defaultLibrary: "/lib")
    #expect(g.recordings == "/home/u/.local/share/springlab/recordings")
    #expect(g.state == "/home/u/.config/springlab")
    let h = StudioHarness(path: "/lib/a.json")
    h.key("f12")
    #expect(h.state.toast?.text == "Saved /data/springlab/screenshots/shot.png")
    h.key("c", .ctrl)
    #expect(h.disk.clipboard == Exporter.export(h.state.preset, format: .json))
  }

  @Test func recoveryNamesDifferPerPathAndStayStable() {
    let a = StudioFiles.recoveryName(path: "/x/a.json", session: "1")
    #expect(a == StudioFiles.recoveryName(path: "/x/a.json", session: "2"))
    #expect(a != StudioFiles.recoveryName(path: "/y/a.json", session: "1"))
    #expect(a.hasPrefix("a-") && a.hasSuffix(".json") && !a.contains("/"))
    #expect(StudioFiles.isUntitledRecovery(StudioFiles.recoveryName(path: nil, session: "9")))
  }
}
