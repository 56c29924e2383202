import Foundation
import SpringLabPlatform
import Testing

@testable import SpringLabCore

/// Shipped presets, found relative to this file.
enum ExportFixtures {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()
  static var presetPaths: [String] {
    let dir = root.appendingPathComponent("presets")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map {
      dir.appendingPathComponent($0).path
    }
  }
  static func seed000() throws -> Preset {
    try PresetReader.load(path: root.appendingPathComponent("presets/seed-000-fan.json").path)
  }
}

/// Whether some number after `label` in `text` is within 0.01 of `value` (SPEC §5 golden k and c).
func near(_ text: String, _ label: String, _ value: Double) -> Bool {
  text.components(separatedBy: label).dropFirst().contains { part in
    let digits = part.prefix { "0123456789.".contains($0) }
    return Double(digits).map { abs($0 - value) < 0.01 } ?? false
  }
}

@Suite("Export formats")
struct ExportFormatTests {
  @Test func uikitHasSeedNumbers() throws {
    let t = Exporter.export(try ExportFixtures.seed000(), format: .uikit, options: ExportOptions())
    #expect(
      t.contains(
        "withDuration: 0.4, delay: 0, usingSpringWithDamping: 0.72, initialSpringVelocity: 0.6"))
    for d in ["0.045", "0.09", "0.135", "0.18"] {
      #expect(
        t.contains("withDuration: 0.4, delay: \(d), usingSpringWithDamping: 0.72"), "delay \(d)")
    }
    #expect(t.contains("UISpringTimingParameters(mass: 1, stiffness: 575.53"))
    #expect(near(t, "stiffness: ", 575.54) && near(t, "damping: ", 34.55))
    // collapse: reverse order, 0.03 s stagger, ease-in 0.25 s; rotation ease-in-out
    #expect(t.contains("withDuration: 0.25, delay: 0.12, options: [.curveEaseIn]"))
    #expect(
      t.contains(
        "withDuration: 0.25, delay: 0, options: [.curveEaseInOut], animations: { rotate(1) })"))
    #expect(
      t.contains(
        "withDuration: 0.2, delay: 0, options: [.curveEaseInOut], animations: { rotate(0) })"))
    // bubble snap and menu
    #expect(
      t.contains(
        "withDuration: 0.35, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0.4"))
    #expect(
      t.contains(
        "withDuration: 0.25, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0.3"))
    #expect(near(t, "stiffness: ", 656.78) && near(t, "damping: ", 41.00))
    #expect(near(t, "stiffness: ", 1544.17) && near(t, "damping: ", 55.01))
  }

  @Test func swiftuiHasSeedNumbers() throws {
    let t = Exporter.export(
      try ExportFixtures.seed000(), format: .swiftui, options: ExportOptions())
    #expect(t.contains(".interpolatingSpring(mass: 1, stiffness: 575.53"))
    #expect(t.contains("initialVelocity: 0.6).delay(0.18))"))
    #expect(t.contains("nearest Spring(duration:"))
    #expect(t.contains(".timingCurve(0.42, 0, 1, 1, duration: 0.25).delay(0.12))"))
  }

  @Test func composeHasSeedNumbers() throws {
    let t = Exporter.export(
      try ExportFixtures.seed000(), format: .compose, options: ExportOptions())
    #expect(
      t.contains(
        "delay(45L); progress[1].animateTo(1f, spring(dampingRatio = 0.72f, stiffness = 575.53"))
    #expect(t.contains("initialVelocity = 0.6f"))
    #expect(
      t.contains(
        "tween(durationMillis = 250, delayMillis = 120, easing = CubicBezierEasing(0.42f, 0f, 1f, 1f))"
      ))
  }

  @Test func framerHasSeedNumbers() throws {
    let t = Exporter.export(try ExportFixtures.seed000(), format: .framer, options: ExportOptions())
    #expect(t.contains("type: \"spring\", stiffness: 575.53"))
    #expect(t.contains("velocity: 0.6, restDelta: 0.0001, restSpeed: 0.001, delay: 0.045"))
    #expect(t.contains("ease: [0.42, 0, 1, 1], delay: 0.12"))
  }

  @Test func cssHasLinearAndDelays() throws {
    let t = Exporter.export(try ExportFixtures.seed000(), format: .css, options: ExportOptions())
    #expect(t.contains("transition: --p 0.4s linear(0, "))
    #expect(t.contains(") 0.18s;"))
    #expect(t.contains("within 0.1 % of travel"))
  }

  @Test func jsonIsResolvedPreset() throws {
    let p = try ExportFixtures.seed000()
    #expect(Exporter.export(p, format: .json, options: ExportOptions()) == PresetWriter.text(p))
  }

  @Test(arguments: [ExportFormat.uikit, .swiftui, .compose, .framer, .css])
  func headerNamesVersionAndPreset(_ f: ExportFormat) throws {
    let p = try ExportFixtures.seed000()
    let first = Exporter.export(p, format: f, options: ExportOptions()).split(separator: "\n")[0]
    #expect(first.hasPrefix("//") || first.hasPrefix("/*"))
    #expect(first.contains("SpringLab \(SpringLabVersion.string)"))
    #expect(first.contains("\"Seed 000 fan menu\""))
    let html = Exporter.export(p, format: .css, options: ExportOptions(html: true)).split(
      separator: "\n")[0]
    #expect(
      html.hasPrefix("<!--") && html.contains(SpringLabVersion.string)
        && html.contains("Seed 000 fan menu"))
  }

  @Test(arguments: [ExportFormat.uikit, .swiftui, .compose, .framer, .css])
  func reduceMotionOnlyWhenAsked(_ f: ExportFormat) throws {
    let p = try ExportFixtures.seed000()
    let with = Exporter.export(p, format: f, options: ExportOptions(reduceMotion: true))
    let without = Exporter.export(p, format: f, options: ExportOptions())
    #expect(with.contains("Reduce Motion"))
    #expect(!without.contains("Reduce Motion"))
    #expect(with.contains("0.2"))
  }

  @Test func htmlPlaysTheMenu() throws {
    let p = try ExportFixtures.seed000()
    let h = Exporter.export(p, format: .css, options: ExportOptions(html: true))
    #expect(h.contains("<!DOCTYPE html>"))
    #expect(h.contains("item-4"))
    #expect(h.contains("<button id=\"toggle\">"))
    // rest offsets from the core
    let off = FanLayout.offsets(p.fan, device: Device.named(p.device))[0]
    #expect(h.contains("--ox: \(ExportNumber.format(off.x, decimals: 4));"))
  }

  @Test func variantsSaySo() throws {
    let seq = try PresetReader.load(
      path: ExportFixtures.root.appendingPathComponent("presets/seed-003-sequential.json").path)
    #expect(
      Exporter.export(seq, format: .compose, options: ExportOptions()).contains("'sequential'"))
    let ring = try PresetReader.load(
      path: ExportFixtures.root.appendingPathComponent("presets/seed-004-ring.json").path)
    let t = Exporter.export(ring, format: .uikit, options: ExportOptions())
    #expect(t.contains("two-phase 'overshoot'"))
    #expect(t.contains("completion: { _ in"))
    #expect(
      Exporter.export(ring, format: .swiftui, options: ExportOptions()).contains(
        "settles on its own"))
  }
}

@Suite("Export check")
struct ExportCheckTests {
  @Test func everyShippedPresetPasses() throws {
    let paths = ExportFixtures.presetPaths
    #expect(paths.count >= 10)
    for path in paths {
      let p = try PresetReader.load(path: path)
      let r = ExportCheck.check(p)
      #expect(r.passed, "\(path)\n\(r.table)")
      #expect(r.rows.contains { $0.format == "uikit-physics" })
      print("== \(p.name)\n\(r.summary)")
    }
  }

  @Test func corruptedDampingFails() throws {
    let p = try ExportFixtures.seed000()
    let good = Exporter.export(p, format: .uikit, options: ExportOptions())
    let bad = good.replacingOccurrences(
      of: "usingSpringWithDamping: 0.72", with: "usingSpringWithDamping: 0.62")
    #expect(bad != good)
    #expect(ExportCheck.check(p, format: .uikit, text: good).allSatisfy { $0.pass })
    let rows = ExportCheck.check(p, format: .uikit, text: bad)
    #expect(
      rows.contains { !$0.pass && $0.animation == "fan.expand.item0" && $0.format == "uikit" })
  }

  @Test(arguments: [ExportFormat.swiftui, .compose, .framer, .css])
  func corruptedTextFails(_ f: ExportFormat) throws {
    let p = try ExportFixtures.seed000()
    let good = Exporter.export(p, format: f, options: ExportOptions())
    let edits: [ExportFormat: (String, String)] = [
      .swiftui: ("initialVelocity: 0.6).delay(0.045)", "initialVelocity: 0.6).delay(0.05)"),
      .compose: ("dampingRatio = 0.72f", "dampingRatio = 0.6f"),
      .framer: ("restDelta: 0.0001", "restDelta: 0.05"),
      .css: (") 0.18s;", ") 0.2s;"),
    ]
    let (a, b) = edits[f]!
    let bad = good.replacingOccurrences(of: a, with: b)
    #expect(bad != good)
    #expect(!ExportCheck.check(p, format: f, text: bad).allSatisfy { $0.pass })
  }

  @Test func unreadableTextFails() throws {
    let p = try ExportFixtures.seed000()
    let rows = ExportCheck.check(p, format: .uikit, text: "// nothing here\n")
    #expect(!rows.isEmpty && rows.allSatisfy { !$0.pass })
  }

  @Test func uikitJumpReportedSeparately() throws {
    let r = ExportCheck.check(try ExportFixtures.seed000())
    let row = try #require(
      r.rows.first { $0.format == "uikit" && $0.animation == "fan.expand.item0" })
    #expect(row.maxErrorPercent < 0.01)
    #expect(row.jumpAtTPercent > 0 && row.jumpAtTPercent < 0.13)
    #expect(r.table.contains("jump@T %"))
  }

  @Test func rdpKeepsErrorUnderTolerance() {
    let u = UIKitSpring(duration: 0.4, dampingRatio: 0.3, velocity: 2)
    for tol in [0.0005, 0.001, 0.003] {
      let e = LinearEasing.fit(tolerance: tol) { u.progress(at: $0 * 0.4).p }
      #expect(e.stops.count < 200)
      var worst = 0.0
      for k in 0..<4000 {
        let x = Double(k) / 4000
        let stops = e.stops.map { ($0.input, $0.output) }
        worst = max(worst, abs(CheckCurve.linear(stops, x) - u.progress(at: x * 0.4).p))
      }
      // between samples (1/800) the chord error adds a little to the tolerance
      #expect(worst <= tol * 1.5 + 2e-4, "tolerance \(tol): \(worst)")
    }
  }

  @Test func linearStopsFollowCSSDefaults() throws {
    let s = try #require(ExportCheckParser.linearStops("0, 0.25, 1 75%, 1"))
    #expect(s.map(\.0) == [0, 0.375, 0.75, 1])
  }
}

@Suite("Export UIKit type-check")
struct ExportUIKitTypeCheckTests {
  static func swiftc() -> String? {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("swiftc").path,
      "/opt/swift/usr/bin/swiftc", "/usr/bin/swiftc",
    ]
    if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
      return found
    }
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
      let p = "\(dir)/swiftc"
      if FileManager.default.isExecutableFile(atPath: p) { return p }
    }
    return nil
  }

  @Test(arguments: ["seed-000-fan.json", "seed-003-sequential.json", "seed-004-ring.json"])
  func generatedUIKitTypeChecks(_ name: String) throws {
    let swiftc = try #require(Self.swiftc(), "no swiftc found")
    let p = try PresetReader.load(
      path: ExportFixtures.root.appendingPathComponent("presets/\(name)").path)
    var p2 = p
    p2.fan.collapse.curve = "default"  // also exercise the CAMediaTimingFunction path
    for preset in [p, p2] {
      let code = Exporter.export(preset, format: .uikit, options: ExportOptions(reduceMotion: true))
      // why: the stub stands in for the UIKit module, so its import is dropped
      let body = code.split(separator: "\n", omittingEmptySubsequences: false).filter {
        $0 != "import UIKit"
      }
      .joined(separator: "\n")
      let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
        "springlab-uikit-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: dir) }
      let gen = dir.appendingPathComponent("generated.swift")
      try body.write(to: gen, atomically: true, encoding: .utf8)
      let stub = ExportFixtures.root.appendingPathComponent(
        "Tests/SpringLabCoreTests/Fixtures/UIKitStub.swift"
      ).path
      let proc = try ChildProcess.launch(
        swiftc, ["-typecheck", "-swift-version", "6", stub, gen.path],
        env: ProcessInfo.processInfo.environment, captureOutput: true, captureErrors: true)
      let status = proc.wait()
      let out = proc.output + proc.errors
      proc.cleanUp()
      #expect(status == 0, "\(out)\n\(body)")
    }
  }
}
