import Foundation
import Testing

/// `springlab bench` names every renderer and export figure and says how
/// many threads each used; no time is asserted (figures live in docs/PERFORMANCE.md).
@Suite("Renderer bench figures")
struct RendererBenchTests {
  static let renderKeys = [
    "1280x720.panel", "1280x720.noPanel", "1920x1080.panel", "phone.1180x2556",
  ]
  .flatMap { c in
    ["full", "incremental"].flatMap { m in
      ["render.\(c).\(m).fps", "render.\(c).\(m).framesPerCpuSecond"]
    }
  }
  static let exportKeys =
    ["bgra", "yuv420p"].flatMap { f in
      [
        "export.mp4.\(f).seconds", "export.mp4.\(f).ffmpegAlone.seconds", "export.mp4.\(f).ratio",
        "export.mp4.\(f).renderBlockedShare", "export.mp4.\(f).cpuRatio",
      ]
    } + ["export.gif.ratio", "export.folder.seconds"]

  @Test func everyRendererAndExportFigureIsThereWithItsThreads() throws {
    let r = try CLIHarness.run(["bench", "--json", "--quick", "--only", "render,export"])
    #expect(r.code == 0, "\(r.err)")
    let obj = try #require(
      try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    for k in Self.renderKeys + Self.exportKeys + [
      "text.cachedMask.usPerRun", "text.cairoFreeType.usPerRun",
      "render.icons.builtin12at3x.msPerFrame", "render.icons.svg12at3x.msPerFrame",
      "render.icons.svgOverBuiltin", "render.icons.svg12at3x.rasters",
    ] {
      let fig = try #require(obj[k] as? [String: Any], "missing \(k)")
      let note = fig["note"] as? String ?? ""
      if fig["value"] is NSNull {
        #expect(
          note.hasPrefix("skipped") || note.hasPrefix("failed"), "\(k): null without a reason")
        continue
      }
      #expect(fig["value"] is NSNumber, "\(k)")
      if k.hasSuffix(".fps") || k.hasSuffix(".seconds") && !k.contains("ffmpegAlone") {
        #expect(note.contains("thread"), "\(k) does not say its threads: \(note)")
      }
    }
    // no core or window figures when only render and export were asked for
    #expect(obj["window.idle.cpuPercent"] == nil)
    #expect(obj["spring.rk4_1ms.nsPerFrame"] == nil)
    let bad = try CLIHarness.run(["bench", "--only", "gpu"])
    #expect(bad.code == 2)
  }

  /// RK4's own error apart from the interpolation lag, and the window's
  /// process CPU per animated frame.
  @Test(arguments: [
    (
      "core",
      [
        "spring.rk4_1ms.integrationErrorPercent", "spring.rk4_1ms.interpolationLagPercent",
        "spring.rk4_1ms.maxErrorPercent",
      ]
    ),
    (
      "window",
      [
        "window.toggle.cpuPerFrameP50.ms", "window.toggle.cpuPerFrameP99.ms",
        "window.toggle.xvfbCpuPerFrame.ms", "window.idle.cpuPercent",
        "window.click.latencyP50.ms", "window.click.latencyP99.ms",
        "window.drag.latencyP50.ms", "window.drag.latencyP99.ms",
      ]
    ),
  ])
  func coreAndWindowFiguresAreThere(_ group: String, _ keys: [String]) throws {
    let r = try CLIHarness.run(["bench", "--json", "--quick", "--only", group])
    #expect(r.code == 0, "\(r.err)")
    let obj = try #require(
      try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    for k in keys {
      let fig = try #require(obj[k] as? [String: Any], "missing \(k)")
      if fig["value"] is NSNull {
        let note = fig["note"] as? String ?? ""
        #expect(
          note.hasPrefix("skipped") || note.hasPrefix("failed"), "\(k): null without a reason")
      } else {
        #expect(fig["value"] is NSNumber, "\(k)")
      }
    }
    if group == "core" {
      // why: RK4 at 1 ms is far more accurate than the lag its interpolation adds
      let own =
        (obj["spring.rk4_1ms.integrationErrorPercent"] as? [String: Any])?["value"] as? Double
      let lag =
        (obj["spring.rk4_1ms.interpolationLagPercent"] as? [String: Any])?["value"] as? Double
      #expect(
        (own ?? 1) < 0.001 && (lag ?? 0) > 0.1,
        "own \(String(describing: own)), lag \(String(describing: lag))")
    }
  }
}
