import Foundation
import SpringLabPlatform
import Testing

/// `springlab bench` only launches `springlab-bench`: the benchmarks are not
/// linked into `springlab`, and without the bench executable it says so in
/// one line with the environment's exit status.
@Suite("Bench launcher")
struct BenchLauncherTests {
  /// Whether the file at `path` holds `needle` (a type name in its symbols
  /// and reflection metadata).
  static func holds(_ path: String, _ needle: String) throws -> Bool {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return data.range(of: Data(needle.utf8)) != nil
  }

  @Test func noBenchmarkCodeIsLinkedIntoSpringlab() throws {
    let bench = CLIHarness.built("springlab-bench")
    for type in ["BenchRender", "BenchWindow", "BenchLatency", "BenchFit", "TextPathBench"] {
      #expect(try !Self.holds(CLIHarness.binary, type), "springlab links \(type)")
      // why: the same search finds them where they are, so the check can fail
      #expect(try Self.holds(bench, type), "springlab-bench lacks \(type)")
    }
  }

  @Test func withoutTheBenchExecutableItSaysSoInOneLine() throws {
    let dir = CLIHarness.tempDir()
    let copy = dir.appendingPathComponent("springlab").path
    try FileManager.default.copyItem(atPath: CLIHarness.binary, toPath: copy)
    // why: a test running beside this one may fork while the copy's write
    // descriptor is open; its child holds that descriptor until it execs,
    // and until then starting the copy fails with ETXTBSY ("Text file
    // busy"). That window is milliseconds: try again for up to 5 s.
    var started: Spawned?
    for attempt in 0..<100 {
      do {
        started = try Spawned.start(
          copy, ["bench", "--quick"], env: ProcessInfo.processInfo.environment)
        break
      } catch  where "\(error)".contains("Text file busy") && attempt < 99 {
        usleep(50_000)
      }
    }
    let child = try #require(started)
    let code = child.wait()
    defer { child.cleanUp() }
    #expect(code == 4)
    #expect(child.out.isEmpty)
    let lines = child.err.split(separator: "\n")
    #expect(lines.count == 1, "\(child.err)")
    #expect(lines.first?.hasPrefix("springlab: bench: springlab-bench is not installed") == true)
  }
}
