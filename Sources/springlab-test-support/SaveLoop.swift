import Foundation
import SpringLabCore
import SpringLabPlatform

/// `springlab-test-support save-loop FILE [--count N]` (for the
/// kill-during-save test): saves two presets to FILE alternately, through the
/// same atomic writer the window uses, until killed (or N saves). Prints
/// "ready" after the first save so a test can kill it mid-loop.
enum SaveLoop {
  static let usage = "springlab-test-support save-loop FILE [--count N]"

  /// The two versions written alternately: "Loop A" (radius 100) and "Loop B" (radius 140).
  static func versions() -> [Preset] {
    var a = Preset.seedDefault
    a.name = "Loop A"
    a.fan.radius = 100
    var b = Preset.seedDefault
    b.name = "Loop B"
    b.fan.radius = 140
    return [a, b]
  }

  /// Exit 0 after N saves, 2 for bad arguments, 4 when a save fails (one line on stderr).
  static func run(_ argv: [String]) -> Int32 {
    var path: String?
    var count: Int?
    var i = 0
    while i < argv.count {
      if argv[i] == "--count", i + 1 < argv.count, let n = Int(argv[i + 1]), n > 0 {
        count = n
        i += 2
      } else if path == nil, !argv[i].hasPrefix("-") {
        path = argv[i]
        i += 1
      } else {
        fail("usage: \(usage)")
        return 2
      }
    }
    guard let path else {
      fail("usage: \(usage)")
      return 2
    }
    let v = versions()
    var k = 0
    while count.map({ k < $0 }) ?? true {
      do { try PresetWriter.save(v[k % 2], to: path) } catch {
        fail("springlab-test-support: \(error)")
        return 4
      }
      if k == 0 {
        _ = "ready\n".withCString { write(1, $0, 6) }
      }
      k += 1
    }
    return 0
  }

  static func fail(_ line: String) {
    let s = line + "\n"
    _ = s.withCString { write(2, $0, strlen($0)) }
  }
}
