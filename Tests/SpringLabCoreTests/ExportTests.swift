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

/// Whether some number after `label` in `text` is within 0.01 of `value` (the UIKit mapping's golden k and c).
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
    // why: k 575.54 / c 34.55 (the golden mapping), printed with the fewest
    // digits that play within 0.01 % of travel (CleanNumbers)
    #expect(t.contains("UISpringTimingParameters(mass: 1, stiffness: 575.5, damping: 34.55,"))
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
    #expect(t.contains("stiffness: 656.8, damping: 41,"))
    #expect(t.contains("stiffness: 1544, damping: 55,"))
  }

  @Test func swiftuiHasSeedNumbers() throws {
    let t = Exporter.export(
      try ExportFixtures.seed000(), format: .swiftui, options: ExportOptions())
    // iOS 17: duration and bounce (velocity ≠ 0 → interpolatingSpring); before: stiffness and damping
    #expect(t.contains("if #available(iOS 17, *) {"))
    #expect(
      t.contains(
        "withAnimation(.interpolatingSpring(duration: 0.2619, bounce: 0.28, initialVelocity: 0.6).delay(0.18)) { set(4, 1) }"
      ))
    #expect(
      t.contains(".interpolatingSpring(stiffness: 575.5, damping: 34.55, initialVelocity: 0.6)"))
    #expect(t.contains("initialVelocity: 0.6).delay(0.18))"))
    #expect(t.contains("withAnimation(.easeIn(duration: 0.25).delay(0.12)) { set(0, 0) }"))
    #expect(t.contains("withAnimation(.easeInOut(duration: 0.25)) { rotate(1) }"))
    #expect(!t.contains(".delay(0)"))
    #expect(!t.contains("mass: 1"))
  }

  @Test func composeHasSeedNumbers() throws {
    let t = Exporter.export(
      try ExportFixtures.seed000(), format: .compose, options: ExportOptions())
    #expect(
      t.contains(
        "delay(45L); progress[1].animateTo(1f, spring(dampingRatio = 0.72f, stiffness = 575.5f,"))
    #expect(t.contains("initialVelocity = 0.6f"))
    #expect(
      t.contains(
        "tween(durationMillis = 250, delayMillis = 120, easing = CubicBezierEasing(0.42f, 0f, 1f, 1f))"
      ))
    // offsets are dp values with the imports they need (a bare Offset is pixels and was not imported)
    #expect(t.contains("listOf(DpOffset(-118.1769f.dp, 20.8378f.dp), "), "\(t)")
    #expect(!t.contains(" Offset("))
    for i in ["androidx.compose.ui.unit.DpOffset", "androidx.compose.ui.unit.dp"] {
      #expect(t.contains("\nimport \(i)\n"))
    }
  }

  @Test func framerHasSeedNumbers() throws {
    let t = Exporter.export(try ExportFixtures.seed000(), format: .framer, options: ExportOptions())
    #expect(t.contains("type: \"spring\", stiffness: 575.5, damping: 34.55, mass: 1,"))
    #expect(t.contains("velocity: 0.6, restDelta: 0.0001, restSpeed: 0.001, delay: 0.045"))
    #expect(t.contains("ease: \"easeIn\", delay: 0.12"))
    #expect(t.contains("import { animate } from \"motion\""))
    #expect(
      t.contains(
        "// With the older framer-motion package: import { animate } from \"framer-motion\""))
  }

  @Test func cssHasLinearAndDelays() throws {
    let t = Exporter.export(try ExportFixtures.seed000(), format: .css, options: ExportOptions())
    // one linear() per distinct spring, as a custom property; keywords for the eases
    #expect(t.components(separatedBy: "--springlab-spring-1: linear(0, ").count == 2)
    #expect(t.contains("transition: --p 0.4s var(--springlab-spring-1) 0.18s;"))
    #expect(t.contains("transition: --p 0.4s var(--springlab-spring-1);"))
    #expect(t.contains("transition: --p 0.25s ease-in 0.12s;"))
    #expect(t.contains("transition: --r 0.25s ease-in-out;"))
    #expect(!t.contains(" 0s;"))
    #expect(t.contains("to 0.1 % of travel"))
    // three distinct springs (expand, snap, menu), each defined once, each with a fallback
    for n in 1...3 {
      #expect(t.components(separatedBy: "--springlab-spring-\(n): linear(").count == 2)
      #expect(t.components(separatedBy: "--springlab-spring-\(n): cubic-bezier(").count == 2)
    }
    #expect(!t.contains("--springlab-spring-4"))
    #expect(t.contains("@supports not (transition-timing-function: linear(0, 1)) {"))
    // linear() only for springs: the collapse, rotation and menu close have none of their own
    #expect(
      !t.split(separator: "\n").contains { $0.contains("transition: --") && $0.contains("linear(") }
    )
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

  @Test func cssAlwaysHasReducedMotion() throws {
    let t = Exporter.export(try ExportFixtures.seed000(), format: .css, options: ExportOptions())
    #expect(t.contains("@media (prefers-reduced-motion: reduce) {"))
    let h = Exporter.export(
      try ExportFixtures.seed000(), format: .css, options: ExportOptions(html: true))
    #expect(h.contains("@media (prefers-reduced-motion: reduce) {"))
  }

  @Test func zeroVelocitySpringIsSwiftUIsSpringDurationBounce() throws {
    var p = try ExportFixtures.seed000()
    p.fan.expand.velocity = 0
    let t = Exporter.export(p, format: .swiftui, options: ExportOptions())
    #expect(t.contains("withAnimation(.spring(duration: 0.2"))
    #expect(t.contains(".interpolatingSpring(stiffness: "))
    #expect(ExportCheck.check(p, format: .swiftui, text: t).allSatisfy { $0.pass })
  }

  @Test func uikitAddsTheIOS17SpringAPI() throws {
    let t = Exporter.export(try ExportFixtures.seed000(), format: .uikit, options: ExportOptions())
    #expect(t.contains("@available(iOS 17, *)"))
    #expect(
      t.contains(
        "UIView.animate(springDuration: 0.2619, bounce: 0.28, initialSpringVelocity: 0.6, delay: 0.18, options: [], animations: { item(4, 1) })"
      ))
    // today's call stays
    #expect(t.contains("usingSpringWithDamping: 0.72, initialSpringVelocity: 0.6"))
    #expect(t.contains("framer-motion's findSpring ignores velocity"))
  }

  @Test(arguments: [ExportFormat.uikit, .swiftui, .compose, .framer])
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
      .css: ("spring-1) 0.18s;", "spring-1) 0.2s;"),
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
    // the bound sits next to the error it bounds; the jump comes after the verdict, explained
    let line = try #require(
      r.table.split(separator: "\n").first { $0.hasPrefix("uikit ") && $0.contains("item0") })
    let cells = line.split(separator: " ")
    // format, animation, exact, played, allowance, bound, verdict, jump
    #expect(cells.count >= 8 && cells[5] == "0.10" && cells[6] == "ok", "\(line)")
    for t in [r.table, r.summary] {
      #expect(t.contains("for information, not checked against the bound"))
    }
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

  @Test(arguments: [
    "seed-000-fan.json", "seed-003-sequential.json", "seed-004-ring.json",
    "themed-speed-dial.json", "themed-quick-actions.json",
  ])
  func generatedUIKitTypeChecks(_ name: String) throws {
    let p = try PresetReader.load(
      path: ExportFixtures.root.appendingPathComponent("presets/\(name)").path)
    var p2 = p
    p2.fan.collapse.curve = .caDefault  // also exercise the CAMediaTimingFunction path
    for preset in [p, p2] {
      let code = Exporter.export(preset, format: .uikit, options: ExportOptions(reduceMotion: true))
      let (status, out) = try Self.typecheck(code)
      #expect(status == 0, "\(out)\n\(code)")
    }
  }

  /// Type-checks a UIKit export against the UIKit stub with swiftc:
  /// (exit status, compiler output).
  static func typecheck(_ code: String) throws -> (Int32, String) {
    let swiftc = try #require(Self.swiftc(), "no swiftc found")
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
    return (status, out)
  }
}

/// `--check` on valid extremes: every enforced row within its bound.
@Suite("Export check on extreme presets")
struct ExportExtremeTests {
  static let extremes: [(String, String)] = [
    (
      "damping 0.05 over 10 s",
      #"{"fan": {"expand": {"damping": 0.05, "duration": 10, "velocity": 0}}}"#
    ),
    (
      // why: 0.19 is the largest velocity UIKit's mapping solves at 10 s and ζ 0.05
      // (0.6, this row's old value, is past it: an invalid preset since #24)
      "damping 0.05 over 10 s with velocity",
      #"{"fan": {"expand": {"damping": 0.05, "duration": 10, "velocity": 0.19}}}"#
    ),
    (
      "custom Bézier y1 −2, y2 3 over 10 s",
      #"{"fan": {"expand": {"curve": "custom", "duration": 10, "bezier": {"x1": 0, "y1": -2, "x2": 1, "y2": 3}}}}"#
    ),
    (
      "(1, −2, 1, −2) over 0.01 s",
      #"{"fan": {"expand": {"curve": "custom", "duration": 0.01, "bezier": {"x1": 1, "y1": -2, "x2": 1, "y2": -2}}}}"#
    ),
    ("zero rotation durations", #"{"fan": {"rotation": {"openDuration": 0, "closeDuration": 0}}}"#),
    (
      "damping 1 (critical) and 0.999",
      #"{"fan": {"expand": {"damping": 1}}, "bubble": {"snap": {"damping": 0.999}, "menu": {"damping": 1}}}"#
    ),
    (
      "damping 0.05 everywhere",
      #"{"fan": {"collapse": {"curve": "spring", "damping": 0.05}, "expand": {"damping": 0.05}}, "bubble": {"snap": {"damping": 0.05}, "menu": {"damping": 0.05}}}"#
    ),
    ("1 item", #"{"fan": {"count": 1, "icons": ["note"]}}"#),
    (
      "12 items, overshoot, long",
      #"{"fan": {"count": 12, "radius": 300, "expand": {"variant": "overshoot", "stagger": 0.3}, "overshoot": {"outDuration": 3, "backDuration": 3}}}"#
    ),
    (
      "shortest springs",
      #"{"fan": {"expand": {"duration": 0.01, "damping": 0.5, "velocity": 20}}, "bubble": {"menu": {"duration": 0.01}}}"#
    ),
  ]

  @Test(arguments: extremes.indices)
  func checksClean(_ i: Int) throws {
    let (name, json) = Self.extremes[i]
    let p = try PresetReader.decode(Data(json.utf8), file: "\(name).json")
    let r = ExportCheck.check(p)
    #expect(r.passed, "\(name)\n\(r.table)")
    #expect(r.rows.contains { $0.format == "css" })
    for row in r.rows where row.enforced {
      #expect(row.maxErrorPercent.isFinite, "\(name): \(row.format) \(row.animation)")
    }
  }

  @Test func cssFallbackIsReportedButNotEnforced() throws {
    let p = try ExportFixtures.seed000()
    let r = ExportCheck.check(p)
    let fallback = r.rows.filter { $0.format == "css-fallback" }
    #expect(fallback.count == 7)  // 5 expand items, snap, menu open
    #expect(fallback.allSatisfy { !$0.enforced && $0.pass && $0.maxErrorPercent > 0.5 })
    #expect(r.table.contains("info"))
    // a corrupted fallback shows a larger error and still passes; a corrupted linear() fails
    let good = Exporter.export(p, format: .css, options: ExportOptions())
    guard let at = good.range(of: "    --springlab-spring-1: cubic-bezier(") else {
      Issue.record("no fallback")
      return
    }
    let line = good[at.lowerBound...].prefix { $0 != "\n" }
    let bad = good.replacingOccurrences(
      of: String(line), with: "    --springlab-spring-1: cubic-bezier(1, 0, 1, 0);")
    let rows = ExportCheck.check(p, format: .css, text: bad)
    #expect(rows.allSatisfy { $0.pass })
    let worse = rows.first { $0.format == "css-fallback" && $0.animation == "fan.expand.item0" }
    let before = fallback.first { $0.animation == "fan.expand.item0" }
    #expect((worse?.maxErrorPercent ?? 0) > (before?.maxErrorPercent ?? .infinity))
  }
}
