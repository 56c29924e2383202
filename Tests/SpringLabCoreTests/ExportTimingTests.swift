import Foundation
import Testing

@testable import SpringLabCore

/// The exports' headers give each motion's timing figures, the same
/// `MotionTiming` text the panel shows and the graph and lint compute.
@Suite("Export timing lines")
struct ExportTimingTests {
  @Test func everyCodeExportOfEveryShippedPresetGivesThePlansFigures() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: TestPaths.presets.path)
      .filter { $0.hasSuffix(".json") }.sorted()
    #expect(files.count >= 10)
    for file in files {
      let p = shipped(file)
      let plan = MotionPlan(p)
      var expected = [
        "Expand: " + plan.timing(.fanExpand).line, "Collapse: " + plan.timing(.fanCollapse).line,
      ]
      if p.bubble.enabled {
        expected += [
          "Bubble snap: " + plan.timing(.bubbleSnap).line,
          MotionID.bubbleMenuOpen.descriptor.title + ": " + plan.timing(.bubbleMenuOpen).line,
        ]
      }
      for format in ExportFormat.allCases where format != .json {
        for html in format == .css ? [false, true] : [false] {
          let text = Exporter.export(p, format: format, options: ExportOptions(html: html))
          let lines = text.split(separator: "\n").filter { $0.contains(ExportContext.timingPrefix) }
          #expect(lines.count == expected.count + 1, "\(file) \(format) html \(html)")
          for e in expected {
            #expect(
              lines.contains { $0.contains(ExportContext.timingPrefix + e) },
              "\(file) \(format): \(e)")
          }
        }
      }
    }
  }

  /// Golden: the figures the window's panel showed for seed 000 (a
  /// screenshot of the window at 1152 × 720).
  @Test func theLineReadsTotalSettleAndOvershoot() {
    let p = shipped("seed-000-fan.json")
    #expect(
      MotionPlan(p).timing(.fanExpand).line == "Total 0.580 s · settles 0.474 s · overshoot 3.8 %")
    #expect(MotionTiming(parts: []).line == "Total 0.000 s")
  }
}
