import Foundation

@testable import SpringLabCore

/// Paths and small helpers shared by the core tests.
enum TestPaths {
  /// The package root, found from this file's location.
  static var packageRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  }
  static var presets: URL { packageRoot.appendingPathComponent("presets") }
  static var badPresets: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/bad-presets")
  }
  static func preset(_ name: String) -> String { presets.appendingPathComponent(name).path }

  /// A fresh empty temporary folder.
  static func tempDir(_ tag: String = "springlab") -> URL {
    let u = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(tag)-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
    try! FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
    return u
  }
}

/// Loads a shipped preset, failing loudly.
func shipped(_ name: String) -> Preset {
  do { return try PresetReader.load(path: TestPaths.preset(name)) } catch {
    fatalError("cannot load \(name): \(error)")
  }
}

func near(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool { abs(a - b) <= tol }
func near(_ a: Point, _ b: Point, _ tol: Double = 1e-9) -> Bool { near(a.x, b.x, tol) && near(a.y, b.y, tol) }
