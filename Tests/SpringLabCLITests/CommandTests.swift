import Foundation
import Testing

@Suite("CLI commands")
struct CommandTests {
  @Test func versionAndHelp() throws {
    let v = try CLIHarness.run(["--version"])
    #expect(v.code == 0)
    #expect(v.out.hasPrefix("springlab 0."))
    for cmd in [
      ["--help"], ["render", "--help"], ["export", "--help"], ["validate", "--help"],
      ["lint", "--help"], ["bench", "--help"],
    ] {
      let r = try CLIHarness.run(cmd)
      #expect(r.code == 0, "\(cmd)")
      #expect(r.out.contains("usage"), "\(cmd)")
    }
    #expect(try CLIHarness.run(["--help"]).out.contains("docs/FORMATS.md"))
  }

  @Test func unknownFlagIsAUsageError() throws {
    let r = try CLIHarness.run(["validate", "--frobnicate", "x.json"])
    #expect(r.code == 2)
    #expect(r.err.contains("unknown option --frobnicate"))
    #expect(r.err.contains("usage:"))
  }

  @Test func unknownCommandIsAUsageErrorButAMissingPresetIsExit3() throws {
    let r = try CLIHarness.run(["frobnicate"])
    #expect(r.code == 2)
    #expect(r.err.contains("unknown command frobnicate"))
    let p = try CLIHarness.run(["/nonexistent/p.json", "--exit-after", "1"])
    #expect(p.code == 3)
    #expect(p.err.contains("/nonexistent/p.json: (document): no such file"))
  }

  @Test func everyShippedPresetValidates() throws {
    let files = CLIHarness.shippedPresets
    #expect(files.count >= 9)
    let r = try CLIHarness.run(["validate"] + files)
    #expect(r.code == 0, "\(r.out)")
    #expect(r.out.isEmpty)
  }

  @Test func invalidPresetIsAFindingWithTheSpecFormat() throws {
    let dir = CLIHarness.tempDir()
    let f = dir.appendingPathComponent("bad.json").path
    try #"{"fan": {"expand": {"damping": -3}, "radius": "big"}, "extra": 1}"#.write(
      toFile: f, atomically: true, encoding: .utf8)
    let before = try Data(contentsOf: URL(fileURLWithPath: f))
    let r = try CLIHarness.run(["validate", f])
    #expect(r.code == 1)
    let lines = r.out.split(separator: "\n").map(String.init)
    #expect(lines.contains("\(f): fan.expand.damping = -3: must be 0.05…0.999 or 1"))
    #expect(lines.contains { $0.hasPrefix("\(f): fan.radius = \"big\": must be a number") })
    #expect(lines.contains("\(f): extra = 1: unknown field"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: f)) == before)
  }

  @Test func unreadableFileIsExit3() throws {
    let r = try CLIHarness.run(["validate", "/nonexistent/preset.json"])
    #expect(r.code == 3)
    #expect(r.out.contains("/nonexistent/preset.json: (document): no such file"))
    let l = try CLIHarness.run(["lint", "/nonexistent/preset.json"])
    #expect(l.code == 3)
    let e = try CLIHarness.run([
      "export", "--format", "json", "--preset", "/nonexistent/preset.json",
    ])
    #expect(e.code == 3)
  }

  @Test func exportJSONPrintsTheSeedNumbers() throws {
    let r = try CLIHarness.run([
      "export", "--format", "json", "--preset", CLIHarness.preset("seed-000-fan.json"),
    ])
    #expect(r.code == 0)
    let obj = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as! [String: Any]
    let fan = obj["fan"] as! [String: Any]
    let expand = fan["expand"] as! [String: Any]
    #expect(expand["duration"] as? Double == 0.4)
    #expect(expand["damping"] as? Double == 0.72)
    #expect(expand["velocity"] as? Double == 0.6)
    #expect(expand["stagger"] as? Double == 0.045)
    #expect(fan["radius"] as? Double == 120)
    #expect(fan["startAngle"] as? Double == 170)
    #expect(fan["endAngle"] as? Double == 280)
    let collapse = fan["collapse"] as! [String: Any]
    #expect(collapse["duration"] as? Double == 0.25)
    #expect(collapse["stagger"] as? Double == 0.03)
    #expect(r.out.contains("\"damping\": 0.72"))
    #expect(r.err.isEmpty)
  }

  @Test func exportedJSONIsItselfAValidPreset() throws {
    let r = try CLIHarness.run([
      "export", "--format", "json", "--preset", CLIHarness.preset("playful.json"),
    ])
    let dir = CLIHarness.tempDir()
    let f = dir.appendingPathComponent("round.json").path
    try r.out.write(toFile: f, atomically: true, encoding: .utf8)
    let again = try CLIHarness.run(["export", "--format", "json", "--preset", f])
    #expect(again.code == 0)
    #expect(again.out == r.out)
  }

  @Test func lintSeedIsCleanAndOffscreenIsFlagged() throws {
    let clean = try CLIHarness.run([
      "lint", CLIHarness.preset("seed-000-fan.json"), CLIHarness.preset("seed-002-bubble.json"),
    ])
    #expect(clean.code == 0, "\(clean.out)")
    #expect(clean.out.isEmpty)
    let off = try CLIHarness.run(["lint", CLIHarness.preset("example-offscreen.json")])
    #expect(off.code == 1)
    #expect(off.out.contains("fan.startAngle, fan.endAngle, fan.radius: item"))
    #expect(off.out.contains("outside the safe area"))
  }
}
