import Foundation
import Testing

/// Every bench run, whatever `--only` chose, carries the calibration figures
/// its others are read against (docs/PERFORMANCE.md); no time is asserted.
@Suite("Bench calibration")
struct BenchCalibrationTests {
  static let keys = [
    "calibration.cairoFill.1280x720.us", "calibration.springClosedForm.nsPerFrame",
  ]

  @Test(arguments: ["core", "fit"])
  func calibrationIsMeasuredInEveryRun(_ group: String) throws {
    let r = try CLIHarness.run(["bench", "--json", "--quick", "--only", group])
    #expect(r.code == 0, "\(r.err)")
    let obj = try #require(
      try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    for k in Self.keys {
      let fig = try #require(obj[k] as? [String: Any], "missing \(k)")
      let value = try #require(fig["value"] as? Double, "\(k) was not measured: \(fig)")
      #expect(value > 0, "\(k)")
      #expect((fig["note"] as? String)?.hasPrefix("1 thread") == true, "\(k)")
    }
    // why: the table lists them first, so a reader meets the yardstick before the figures
    let table = try CLIHarness.run(["bench", "--quick", "--only", group])
    #expect(table.out.hasPrefix("calibration.cairoFill.1280x720.us"), "\(table.out.prefix(200))")
  }
}
