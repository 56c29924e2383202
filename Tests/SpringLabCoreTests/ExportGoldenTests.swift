import Foundation
import Testing

@testable import SpringLabCore

/// Every export `springlab export` offers (each format, with and without
/// `--reduce-motion`, and CSS's `--html` page), for every shipped preset, is
/// byte-identical to the recorded golden, but for the header's timing lines
/// (which came after it and are checked against the panel's figures in
/// `ExportTimingTests`): a guard for refactors that must not change what
/// users get.
///
/// The golden keeps, per export, the UTF-8 byte length and an FNV-1a 64-bit
/// hash (no CryptoKit on Linux). `SPRINGLAB_UPDATE_GOLDEN=1 swift test --filter
/// ExportGoldenTests` re-records it; do that only when an export is meant to
/// change, and say so in the commit.
@Suite("Export golden")
struct ExportGoldenTests {
  static let path = TestPaths.packageRoot.appendingPathComponent(
    "Tests/SpringLabCoreTests/Fixtures/export-golden.json"
  ).path

  /// One `springlab export` invocation: its flags, as the key's suffix.
  struct Variant {
    var format: ExportFormat
    var options: ExportOptions
    var key: String {
      var k = format.rawValue
      if options.html { k += "+html" }
      if options.reduceMotion { k += "+reduce-motion" }
      return k
    }
  }

  /// Every combination the CLI accepts: `--html` only with CSS.
  static var variants: [Variant] {
    var v: [Variant] = []
    for f in ExportFormat.allCases {
      for rm in [false, true] {
        v.append(Variant(format: f, options: ExportOptions(reduceMotion: rm)))
        if f == .css {
          v.append(Variant(format: f, options: ExportOptions(html: true, reduceMotion: rm)))
        }
      }
    }
    return v
  }

  /// FNV-1a, 64 bits: offset basis 0xcbf29ce484222325, prime 0x100000001b3.
  static func fnv1a64(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in bytes {
      h ^= UInt64(b)
      h = h &* 0x100_0000_01b3
    }
    return h
  }

  /// `preset file → variant → "length:hash"`, from the Core export functions.
  static func current() throws -> [String: [String: String]] {
    let files = try FileManager.default.contentsOfDirectory(atPath: TestPaths.presets.path)
      .filter { $0.hasSuffix(".json") }.sorted()
    var out: [String: [String: String]] = [:]
    for file in files {
      let p = shipped(file)
      var row: [String: String] = [:]
      for v in variants {
        let bytes = Array(
          withoutTimingLines(Exporter.export(p, format: v.format, options: v.options)).utf8)
        row[v.key] = "\(bytes.count):" + String(fnv1a64(bytes), radix: 16)
      }
      out[file] = row
    }
    return out
  }

  /// The export without its header's timing lines (`ExportContext.timingLines`),
  /// added after the golden was recorded; every other byte is compared.
  static func withoutTimingLines(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.contains(ExportContext.timingPrefix) }.joined(separator: "\n")
  }

  @Test func hashFunctionMatchesTheReferenceVectors() {
    #expect(Self.fnv1a64([UInt8]()) == 0xcbf2_9ce4_8422_2325)
    #expect(Self.fnv1a64(Array("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
    #expect(Self.fnv1a64(Array("foobar".utf8)) == 0x8594_4171_f739_67e8)
  }

  @Test func everyExportOfEveryShippedPresetIsUnchanged() throws {
    let now = try Self.current()
    #expect(now.count >= 10, "shipped presets not found")
    if ProcessInfo.processInfo.environment["SPRINGLAB_UPDATE_GOLDEN"] == "1" {
      let data = try JSONSerialization.data(
        withJSONObject: now, options: [.prettyPrinted, .sortedKeys])
      try (String(decoding: data, as: UTF8.self) + "\n")
        .write(toFile: Self.path, atomically: true, encoding: .utf8)
      return
    }
    guard let data = FileManager.default.contents(atPath: Self.path),
      let golden = try JSONSerialization.jsonObject(with: data) as? [String: [String: String]]
    else {
      Issue.record("missing golden \(Self.path); create it with SPRINGLAB_UPDATE_GOLDEN=1")
      return
    }
    #expect(Set(golden.keys) == Set(now.keys), "the shipped presets changed")
    for (file, row) in now.sorted(by: { $0.key < $1.key }) {
      for (key, value) in row.sorted(by: { $0.key < $1.key }) {
        #expect(golden[file]?[key] == value, "\(file) \(key) differs from the golden")
      }
    }
  }
}
