import Foundation
import Testing

@Suite("springlab export", .serialized)
struct ExportCLITests {
  @Test func everyFormatPrintsCodeWithAHeader() throws {
    for f in ["uikit", "swiftui", "compose", "css", "framer"] {
      let r = try CLIHarness.run([
        "export", "--format", f, "--preset", CLIHarness.preset("seed-000-fan.json"),
      ])
      #expect(r.code == 0, "\(f): \(r.err)")
      #expect(r.out.contains("SpringLab 0.1.0"), "\(f)")
      #expect(r.out.contains("Seed 000 fan menu"), "\(f)")
      #expect(r.err.isEmpty)
    }
    let uikit = try CLIHarness.run([
      "export", "--format", "uikit", "--preset", CLIHarness.preset("seed-000-fan.json"),
    ])
    #expect(uikit.out.contains("usingSpringWithDamping: 0.72"))
    #expect(uikit.out.contains("delay: 0.18"))
  }

  @Test func checkPassesForEveryShippedPresetAndFormat() throws {
    for file in CLIHarness.shippedPresets {
      let r = try CLIHarness.run(["export", "--check", "--preset", file])
      #expect(r.code == 0, "\(file):\n\(r.out)")
      for f in ["uikit", "swiftui", "compose", "css", "framer", "json"] {
        #expect(r.out.contains("\n\(f)"), "\(file) lacks \(f) rows")
      }
      #expect(!r.out.contains("FAIL"))
    }
  }

  @Test func htmlAndReduceMotionOptions() throws {
    let html = try CLIHarness.run([
      "export", "--format", "css", "--html", "--preset", CLIHarness.preset("seed-000-fan.json"),
    ])
    #expect(html.code == 0)
    #expect(html.out.contains("<html") || html.out.contains("<!DOCTYPE html"))
    let rm = try CLIHarness.run(["export", "--format", "swiftui", "--reduce-motion"])
    #expect(rm.code == 0)
    #expect(rm.out.lowercased().contains("reduce"))
    let bad = try CLIHarness.run(["export", "--format", "uikit", "--html"])
    #expect(bad.code == 2)
    let unknown = try CLIHarness.run(["export", "--format", "flutter"])
    #expect(unknown.code == 2)
    #expect(unknown.err.contains("unknown format"))
  }
}
