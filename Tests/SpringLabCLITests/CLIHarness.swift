import Foundation

/// Runs the built `springlab` binary the way a user would.
enum CLIHarness {
  /// The package root (tests live in Tests/<target>/).
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The `springlab` executable built beside the test bundle.
  static var binary: String { built("springlab") }

  /// The test-only executable (the kill-during-save child), never shipped.
  static var testSupport: String { built("springlab-test-support") }

  static func built(_ name: String) -> String {
    let exe = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var dir = exe.deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = dir.appendingPathComponent(name).path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      dir = dir.deletingLastPathComponent()
    }
    return root.appendingPathComponent(".build/debug/\(name)").path
  }

  static func runTestSupport(_ args: [String]) throws -> Result {
    let child = try Spawned.start(testSupport, args, env: ProcessInfo.processInfo.environment)
    let code = child.wait()
    defer { child.cleanUp() }
    return Result(code: code, out: child.out, err: child.err)
  }

  struct Result {
    var code: Int32
    var out: String
    var err: String
  }

  static func run(_ args: [String], env: [String: String] = [:]) throws -> Result {
    var e = ProcessInfo.processInfo.environment
    e["DISPLAY"] = nil
    e["WAYLAND_DISPLAY"] = nil
    for (k, v) in env { e[k] = v }
    let child = try Spawned.start(binary, args, env: e)
    let code = child.wait()
    defer { child.cleanUp() }
    return Result(code: code, out: child.out, err: child.err)
  }

  static func preset(_ name: String) -> String {
    root.appendingPathComponent("presets/\(name)").path
  }

  static func tempDir() -> URL {
    let u = FileManager.default.temporaryDirectory.appendingPathComponent(
      "springlab-test-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
    return u
  }

  static var shippedPresets: [String] {
    let dir = root.appendingPathComponent("presets").path
    return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter {
      $0.hasSuffix(".json")
    }.sorted()
      .map { dir + "/" + $0 }
  }

  /// Parses JSON Lines into objects.
  static func lines(_ path: String) throws -> [[String: Any]] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    return try text.split(separator: "\n").map {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
    }
  }
}
