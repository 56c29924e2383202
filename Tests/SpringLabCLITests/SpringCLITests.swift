import Foundation
import Testing

@Suite("springlab spring")
struct SpringCLITests {
  @Test func printsEveryFormForAUIKitSnippet() throws {
    let r = try CLIHarness.run([
      "spring",
      "UIView.animate(withDuration: 0.4, delay: 0, usingSpringWithDamping: 0.72, initialSpringVelocity: 0.6, options: [], animations: {})",
    ])
    #expect(r.code == 0, "\(r.err)")
    for label in [
      "stiffness/damping/mass:", "UIKit:", "UIKit (iOS 17):", "SwiftUI:", "Compose:", "motion:",
      "Origami:", "POP / Rebound:", "settle (±0.5 % of travel):", "peak overshoot:", "CSS:",
    ] {
      #expect(r.out.contains(label), "missing \(label)\n\(r.out)")
    }
    #expect(r.out.contains("stiffness 575.53"))
    #expect(r.out.contains("usingSpringWithDamping: 0.72, initialSpringVelocity: 0.6"))
    #expect(r.out.contains("linear(0, "))
  }

  @Test func uikitVelocityPastTheMappingIsRefusedNamingTheBound() throws {
    let r = try CLIHarness.run([
      "spring",
      "UIView.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 10.0, animations: {})",
      "--json",
    ])
    #expect(r.code == 3, "\(r.out)")
    #expect(r.out.isEmpty)
    #expect(r.err.contains("the largest velocity it can solve there is 7.077"), "\(r.err)")
  }

  @Test func validateNamesTheVelocityAndTheBound() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "springlab-uikit-domain-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let f = dir.appendingPathComponent("p.json").path
    try
      #"{"schema": 3, "fan": {"expand": {"curve": "spring", "duration": 2, "damping": 0.2, "velocity": 5}}}"#
      .write(toFile: f, atomically: true, encoding: .utf8)
    let v = try CLIHarness.run(["validate", f])
    #expect(v.code == 1)
    #expect(
      (v.out + v.err).contains("fan.expand.velocity = 5: UIKit's spring mapping has no solution"))
    #expect((v.out + v.err).contains("1.484"))
    let l = try CLIHarness.run(["lint", f])
    #expect(l.code == 3)
  }

  @Test func overflowingPhysicsIsRefusedNotPrinted() throws {
    let j = try CLIHarness.run(["spring", "stiffness=1e308 damping=1e308 mass=1e-308", "--json"])
    #expect(j.code == 3)
    #expect(j.out.isEmpty)
    #expect(j.err.contains("stiffness / mass overflows"), "\(j.err)")
    let t = try CLIHarness.run(["spring", "stiffness=1e308 damping=1e308 mass=1e-308"])
    #expect(t.code == 3)
    #expect(!t.out.contains("stiffness 0"))
  }

  @Test func overshootIsTheTrueMaximum() throws {
    let r = try CLIHarness.run(["spring", "stiffness=100 damping=17.6", "--json"])
    #expect(r.code == 0, "\(r.err)")
    let obj = try #require(
      try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    let o = try #require(obj["overshoot"] as? Double)
    #expect(abs(o - 0.0029660142) < 1e-9)
  }

  @Test func jsonKeysAreExactlyTheDocumentedOnes() throws {
    let r = try CLIHarness.run([
      "spring", "--json", "spring(dampingRatio = 0.5f, stiffness = 200f)",
    ])
    #expect(r.code == 0, "\(r.err)")
    let obj = try #require(
      try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    #expect(
      Set(obj.keys) == [
        "stiffness", "damping", "mass", "dampingRatio", "response", "bounce", "swiftuiDuration",
        "settle", "overshoot", "uikit",
      ])
    let uikit = try #require(obj["uikit"] as? [String: Any])
    #expect(Set(uikit.keys) == ["duration", "dampingRatio", "velocity"])
    #expect(obj["stiffness"] as? Double == 200)
    #expect(abs((obj["dampingRatio"] as? Double ?? 0) - 0.5) < 1e-12)
  }

  @Test func overdampedIsNotExpressibleInUIKit() throws {
    let r = try CLIHarness.run(["spring", "stiffness=100 damping=40"])
    #expect(r.code == 0)
    #expect(r.out.contains("not expressible in UIKit"))
    let j = try CLIHarness.run(["spring", "--json", "stiffness=100", "damping=40"])
    let obj = try #require(
      try JSONSerialization.jsonObject(with: Data(j.out.utf8)) as? [String: Any])
    #expect(obj["uikit"] is NSNull)
  }

  @Test func durationCompletesASnippetThatLacksOne() throws {
    let without = try CLIHarness.run(["spring", "UISpringTimingParameters(dampingRatio: 0.8)"])
    #expect(without.code == 3)
    #expect(without.err.contains("--duration"))
    let with = try CLIHarness.run([
      "spring", "--duration", "0.3", "UISpringTimingParameters(dampingRatio: 0.8)",
    ])
    #expect(with.code == 0, "\(with.err)")
    #expect(with.out.contains("withDuration: 0.3, delay: 0, usingSpringWithDamping: 0.8"))
  }

  @Test func unreadableSnippetsExit3WithOneLine() throws {
    for snippet in ["hello", "cubic-bezier(2, 0, 0, 1)", "{ type: \"tween\" }"] {
      let r = try CLIHarness.run(["spring", snippet])
      #expect(r.code == 3, "\(snippet)")
      #expect(r.err.hasPrefix("springlab: could not read a spring in: "), "\(r.err)")
      #expect(r.err.split(separator: "\n").count == 1)
      #expect(r.out.isEmpty)
    }
  }

  @Test func usageErrorsExit2() throws {
    #expect(try CLIHarness.run(["spring"]).code == 2)
    #expect(try CLIHarness.run(["spring", "--frob", ".smooth"]).code == 2)
    #expect(try CLIHarness.run(["spring", "--duration", "abc", ".smooth"]).code == 2)
    let h = try CLIHarness.run(["spring", "--help"])
    #expect(h.code == 0 && h.out.contains("usage: springlab spring"))
    #expect(try CLIHarness.run(["--help"]).out.contains("springlab spring"))
  }

  @Test func dashReadsAMultiLineSnippetFromStandardInput() throws {
    let dir = CLIHarness.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("snippet.kt")
    try """
    val offset by animateDpAsState(
        targetValue = if (open) 120.dp else 0.dp,
        animationSpec = spring(
            dampingRatio = Spring.DampingRatioLowBouncy,
            stiffness = Spring.StiffnessMediumLow
        )
    )
    """.write(to: file, atomically: true, encoding: .utf8)
    // why: the harness gives children no standard input; a shell redirects the file into it
    let child = try Spawned.start(
      "/bin/sh", ["-c", "exec \"$0\" spring --json - < \"$1\"", CLIHarness.binary, file.path],
      env: ProcessInfo.processInfo.environment)
    let code = child.wait()
    defer { child.cleanUp() }
    #expect(code == 0, "\(child.err)")
    let obj = try #require(
      try JSONSerialization.jsonObject(with: Data(child.out.utf8)) as? [String: Any])
    #expect(obj["stiffness"] as? Double == 400)
    #expect(abs((obj["dampingRatio"] as? Double ?? 0) - 0.75) < 1e-12)
  }

  @Test func aCurveIsPrintedAsCurveForms() throws {
    let r = try CLIHarness.run(["spring", "transition: transform 0.3s ease-in-out"])
    #expect(r.code == 0)
    #expect(r.out.contains("cubic-bezier(0.42, 0, 0.58, 1) 0.3s"))
    #expect(r.out.contains(".timingCurve(0.42, 0, 0.58, 1, duration: 0.3)"))
  }
}
