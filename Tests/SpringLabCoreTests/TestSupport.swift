import Foundation

@testable import SpringLabCore

/// Paths and small helpers shared by the core tests.
enum TestPaths {
  /// The package root, found from this file's location.
  static var packageRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }
  static var presets: URL { packageRoot.appendingPathComponent("presets") }
  static var badPresets: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "Fixtures/bad-presets")
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
func near(_ a: Point, _ b: Point, _ tol: Double = 1e-9) -> Bool {
  near(a.x, b.x, tol) && near(a.y, b.y, tol)
}

/// A preset with every field random within its documented range (and the
/// bounds themselves half the time), for fuzzing.
func randomPreset(_ rng: inout SeededGenerator, maxFloating: Int = 10_000) -> Preset {
  var p = Preset()
  p.name = String(
    (0..<Int.random(in: 1...64, using: &rng)).map { _ in "aé\"\\/ x☃7".randomElement(using: &rng)! }
  )
  for f in PresetField.all {
    switch f.kind {
    case .number(let kp, let r, _):
      // why: an unbounded field (Bézier y) is drawn from values designers type
      var d = Double.random(in: f.isUnbounded ? -1000...1000 : r, using: &rng)
      if Bool.random(using: &rng), !f.isUnbounded {
        d = [r.lowerBound, r.upperBound].randomElement(using: &rng)!
      }
      p[keyPath: kp] = d
    case .integer(let kp, let r):
      p[keyPath: kp] = Int.random(
        in: r
          .lowerBound...min(
            r.upperBound, f.path == "bubble.floating.count" ? maxFloating : r.upperBound),
        using: &rng)
    case .choice(let c): _ = c.set(&p, c.options.randomElement(using: &rng)!)
    case .flag(let kp): p[keyPath: kp] = Bool.random(using: &rng)
    case .text(let kp, let lo, let hi):
      p[keyPath: kp] = String(repeating: "ß", count: Int.random(in: lo...hi, using: &rng))
    case .points(let kp):
      p[keyPath: kp] = (0..<Int.random(in: 0...12, using: &rng)).map { _ in
        Point(
          Double.random(in: -2000...2000, using: &rng), Double.random(in: -2000...2000, using: &rng)
        )
      }
    case .names(let kp, let allowed):
      p[keyPath: kp] = (0..<Int.random(in: 0...12, using: &rng)).map { _ in
        allowed.randomElement(using: &rng)!
      }
    case .color(let kp): p[keyPath: kp] = randomColor(&rng)
    case .looks(let kp): p[keyPath: kp] = randomLooks(&rng)
    case .icon(let kp, let allowed, _): p[keyPath: kp] = randomIcon(allowed, &rng)
    }
  }
  return p
}

/// A colour, opaque half of the time.
func randomColor(_ rng: inout some RandomNumberGenerator) -> HexColor {
  func c() -> UInt8 { UInt8.random(in: 0...255, using: &rng) }
  return HexColor(c(), c(), c(), Bool.random(using: &rng) ? 255 : c())
}

/// Up to 12 item looks, each member set or left out at random.
func randomLooks(_ rng: inout some RandomNumberGenerator) -> [ItemLook] {
  (0..<Int.random(in: 0...12, using: &rng)).map { _ in
    var l = ItemLook()
    if Bool.random(using: &rng) { l.fill = randomColor(&rng) }
    if Bool.random(using: &rng) { l.tint = randomColor(&rng) }
    if Bool.random(using: &rng) {
      l.label = String(repeating: "é", count: Int.random(in: 0...ItemLook.maxLabel, using: &rng))
    }
    if Bool.random(using: &rng) { l.size = Double.random(in: ItemLook.sizeRange, using: &rng) }
    if Bool.random(using: &rng) { l.icon = randomIcon(PresetField.iconNames, &rng) }
    if Bool.random(using: &rng) { l.tintIcon = false }
    return l
  }
}

/// A built-in icon from `allowed`, or a relative .svg/.png path, half the time each.
func randomIcon(_ allowed: [String], _ rng: inout some RandomNumberGenerator) -> String {
  if Bool.random(using: &rng) { return allowed.randomElement(using: &rng)! }
  let folders = ["", "icons/", "a b/é/"]
  return folders.randomElement(using: &rng)! + "i\(Int.random(in: 0...99, using: &rng))"
    + (Bool.random(using: &rng) ? ".svg" : ".PNG")
}
