import Foundation
import SpringLabStudio
import Testing

@testable import SpringLabCommands

/// The window's reading of a library folder from the disk: each `.json`
/// file a preset, or the reason it is not one.
@Suite("Library folder listing")
struct LibraryListingTests {
  @Test func scriptsAndBrokenFilesSayWhatTheyAre() throws {
    let dir = CLIHarness.tempDir().path
    let fan = try String(contentsOfFile: CLIHarness.preset("seed-000-fan.json"), encoding: .utf8)
    try fan.write(toFile: dir + "/fan.json", atomically: true, encoding: .utf8)
    try #"{"duration": 1.5, "events": [{"at": 0.3, "tap": "bubble"}]}"#.write(
      toFile: dir + "/tap.json", atomically: true, encoding: .utf8)
    try #"{"name": 3}"#.write(toFile: dir + "/broken.json", atomically: true, encoding: .utf8)
    try #"{"name": "x", "#.write(toFile: dir + "/cut.json", atomically: true, encoding: .utf8)
    let byName = Dictionary(
      uniqueKeysWithValues: LiveStudioServices.listLibrary(dir).entries.map { ($0.fileName, $0) })
    #expect(byName["fan.json"]?.preset != nil && byName["fan.json"]?.problem == nil)
    #expect(byName["tap.json"]?.problem == .inputScript)
    #expect(
      byName["broken.json"]?.problem?.text.hasPrefix("name: must be a string") == true,
      "\(byName["broken.json"]?.problem?.text ?? "-")")
    #expect(
      byName["cut.json"]?.problem?.text.hasPrefix("unexpected end of file") == true,
      "\(byName["cut.json"]?.problem?.text ?? "-")")
  }
}
