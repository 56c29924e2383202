import Foundation
import Testing

@Suite("springlab export")
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

  /// As-played rows for every shipped preset, read from the table the CLI prints.
  @Test func asPlayedRowsForEveryShippedPreset() throws {
    let seed = "24"
    print("ExportCLITests: tap phase seed \(seed)")
    var worst: [String: Double] = [:]
    for file in CLIHarness.shippedPresets {
      let r = try CLIHarness.run(["export", "--check", "--seed", seed, "--preset", file])
      #expect(r.code == 0, "\(file):\n\(r.out)")
      #expect(r.out.contains("seed \(seed)"), "\(file)")
      var rows = 0
      for line in r.out.split(separator: "\n") {
        let cells = line.split(separator: " ").map(String.init)
        // format, animation, exact, played, allowance, bound, verdict, jump
        guard cells.count >= 8, ["ok", "FAIL"].contains(cells[6]),
          let exact = Double(cells[2]), let played = Double(cells[3]),
          let allow = Double(cells[4]), let bound = Double(cells[5])
        else { continue }
        rows += 1
        #expect(exact <= bound, "\(file): \(line)")
        #expect(played <= bound + allow, "\(file): \(line)")
        #expect(cells[0] == "framer" || allow == 0, "\(file): \(line)")
        worst[cells[0]] = max(worst[cells[0]] ?? 0, played)
      }
      #expect(rows >= 20, "\(file): \(rows) rows")
    }
    print("ExportCLITests: worst played error per format: \(worst.sorted { $0.key < $1.key })")
    let other = try CLIHarness.run([
      "export", "--check", "--seed", "7", "--format", "framer", "--preset",
      CLIHarness.preset("seed-004-ring.json"),
    ])
    #expect(other.code == 0, "\(other.out)")
    #expect(other.out.contains("seed 7"))
    let lone = try CLIHarness.run(["export", "--format", "framer", "--seed", "7"])
    #expect(lone.code == 2)
    let bad = try CLIHarness.run(["export", "--check", "--seed", "-1"])
    #expect(bad.code == 2)
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

/// `springlab export --check` on valid extreme presets, the way a user runs it.
@Suite("springlab export --check on extremes")
struct ExportExtremeCLITests {
  static let presets: [String: String] = [
    // why: the default velocity 0.6 is past what UIKit's mapping solves at 10 s and ζ 0.05 (0.19)
    "damping-0.05-10s":
      #"{"fan": {"expand": {"damping": 0.05, "duration": 10, "velocity": 0.19}}}"#,
    "bezier-y-2-3":
      #"{"fan": {"expand": {"curve": "custom", "duration": 10, "bezier": {"x1": 0, "y1": -2, "x2": 1, "y2": 3}}}}"#,
    "bezier-1-2-1-2-10ms":
      #"{"fan": {"expand": {"curve": "custom", "duration": 0.01, "bezier": {"x1": 1, "y1": -2, "x2": 1, "y2": -2}}}}"#,
    "zero-rotation": #"{"fan": {"rotation": {"openDuration": 0, "closeDuration": 0}}}"#,
    "damping-1": #"{"fan": {"expand": {"damping": 1}}, "bubble": {"snap": {"damping": 1}}}"#,
    "twelve-items": #"{"fan": {"count": 12, "radius": 300}}"#,
  ]

  @Test(arguments: presets.keys.sorted())
  func checkPasses(_ name: String) throws {
    let dir = CLIHarness.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("\(name).json")
    try Self.presets[name]!.write(to: file, atomically: true, encoding: .utf8)
    let r = try CLIHarness.run(["export", "--check", "--preset", file.path])
    #expect(r.code == 0, "\(name):\n\(r.out)\(r.err)")
    #expect(!r.out.contains("FAIL"))
    #expect(r.out.contains("\ncss "))
  }
}
