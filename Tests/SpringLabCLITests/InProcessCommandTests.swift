import Foundation
import Testing

@testable import SpringLabCommands

/// The command logic called as functions, no process spawned: the same exit
/// statuses the spawned binary reports (`CommandTests` keeps those end to end).
@Suite("Commands in-process")
struct InProcessCommandTests {
  @Test func versionHelpAndUnknownCommand() {
    #expect(springlabMain(["springlab", "--version"]) == Exit.ok.rawValue)
    #expect(springlabMain(["springlab", "--help"]) == Exit.ok.rawValue)
    #expect(springlabMain(["springlab", "no-such-command"]) == Exit.usage.rawValue)
    #expect(springlabMain(["springlab", "validate", "--no-such-flag"]) == Exit.usage.rawValue)
  }

  @Test func everyShippedPresetValidates() throws {
    let presets = CLIHarness.shippedPresets
    #expect(presets.count >= 5, "\(presets)")
    for p in presets {
      #expect(try ValidateCommand.run([p]) == .ok, "\(p)")
    }
  }

  @Test func aMissingPresetIsAnInputError() {
    let missing = CLIHarness.tempDir().appendingPathComponent("missing.json").path
    #expect(springlabMain(["springlab", "validate", missing]) == Exit.input.rawValue)
  }
}
