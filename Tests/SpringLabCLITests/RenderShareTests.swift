import Foundation
import Testing

/// `springlab render` for sharing: a summary line on success and touch dots
/// for instantaneous scripted taps.
@Suite("Render for sharing")
struct RenderShareTests {
  @Test func aSuccessfulRenderSaysWhatItWrote() throws {
    let dir = CLIHarness.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("still.png").path
    let r = try CLIHarness.run(["render", "--out", out, "--size", "200x120", "--at", "0.5"])
    #expect(r.code == 0, "\(r.err)")
    #expect(r.err == "wrote \(out): 1 frame, 200×120 px\n")
    #expect(r.out.isEmpty)
  }

  @Test func aScriptedTapShowsADotThatFades() throws {
    let dir = CLIHarness.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let script = dir.appendingPathComponent("tap.json").path
    try #"{"duration": 1.0, "events": [{"at": 0.5, "tap": [200, 600]}]}"#.write(
      toFile: script, atomically: true, encoding: .utf8)
    func png(_ at: String, touches: Bool) throws -> Data {
      let out = dir.appendingPathComponent("f-\(at)-\(touches).png").path
      let r = try CLIHarness.run(
        ["render", "--script", script, "--out", out, "--size", "240x400", "--at", at]
          + [touches ? "--touches" : "--no-touches"])
      #expect(r.code == 0, "\(r.err)")
      return try Data(contentsOf: URL(fileURLWithPath: out))
    }
    #expect(
      try png("0.6", touches: true) != png("0.6", touches: false), "the dot shows 0.1 s after")
    #expect(try png("0.8", touches: true) == png("0.8", touches: false), "and is gone after 0.25 s")
  }
}
