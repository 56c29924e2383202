import Foundation
import SpringLabPlatform
import Testing

@testable import SpringLabCore

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Presets")
struct PresetTests {
  // MARK: shipped presets

  static let shippedNames: [String] = {
    (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.presets.path))?
      .filter { $0.hasSuffix(".json") }.sorted() ?? []
  }()

  @Test func theSpecsSeedPresetsAreShipped() {
    for name in [
      "seed-000-fan.json", "seed-002-bubble.json", "seed-003-sequential.json", "seed-004-ring.json",
      "example-offscreen.json",
    ] {
      #expect(Self.shippedNames.contains(name), "missing \(name)")
    }
    #expect(Self.shippedNames.count >= 6)
  }

  @Test("every shipped preset loads and round-trips", arguments: shippedNames)
  func shippedRoundTrip(_ name: String) throws {
    let path = TestPaths.preset(name)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let p = try PresetReader.load(path: path)
    let text = PresetWriter.text(p)
    let again = try PresetReader.decode(Data(text.utf8), file: "rewritten")
    #expect(again == p)
    #expect(PresetWriter.text(again) == text, "re-writing the written text must be byte-identical")
    #expect(text.hasSuffix("}\n"))
    // the reader never writes
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test func seedPresetsCarryTheSeedsNumbers() {
    let s0 = shipped("seed-000-fan.json")
    #expect(
      s0.fan.count == 5 && s0.fan.radius == 120 && s0.fan.startAngle == 170
        && s0.fan.endAngle == 280)
    #expect(
      s0.fan.expand.duration == 0.4 && s0.fan.expand.damping == 0.72
        && s0.fan.expand.velocity == 0.6)
    #expect(s0.fan.expand.stagger == 0.045)
    #expect(
      s0.fan.collapse.duration == 0.25 && s0.fan.collapse.stagger == 0.03
        && s0.fan.collapse.curve == .easeIn)
    #expect(
      s0.fan.collapse.order == .reverse && s0.fan.policy == .lock && s0.fan.tapReportDelay == 0.3)
    let s2 = shipped("seed-002-bubble.json")
    #expect(
      s2.bubble.snap.duration == 0.35 && s2.bubble.snap.damping == 0.8
        && s2.bubble.snap.velocity == 0.4)
    #expect(s2.bubble.startY == 248 && s2.bubble.margin == 8 && s2.bubble.size == 56)
    let s3 = shipped("seed-003-sequential.json")
    #expect(s3.fan.offsets == [Point(-100, 0), Point(-50, -50), Point(0, -100)])
    #expect(
      s3.fan.expand.variant == .sequential && s3.fan.expand.duration == 0.2
        && s3.fan.expand.damping == 0.5)
    let s4 = shipped("seed-004-ring.json")
    #expect(
      s4.fan.layout == .ring && s4.fan.expand.variant == .overshoot && s4.fan.overshoot == 12)
    let off = shipped("example-offscreen.json")
    #expect(off.fan.startAngle == 90 && off.fan.endAngle == 270)
  }

  @Test func dampingAcceptsUpTo0999OrExactlyOne() throws {
    for d in [0.05, 0.5, 0.995, 0.999, 1] {
      let p = try PresetReader.decode(
        Data(
          #"{"fan": {"expand": {"damping": \#(d)}}, "bubble": {"menu": {"damping": \#(d)}}}"#.utf8),
        file: "x")
      #expect(p.fan.expand.damping == d && p.bubble.menu.damping == d)
    }
    for d in ["0.9991", "0.9995", "0.99999", "1.0001", "0.049"] {
      do {
        _ = try PresetReader.decode(
          Data(#"{"bubble": {"snap": {"damping": \#(d)}}}"#.utf8), file: "gap.json")
        Issue.record("damping \(d) was accepted")
      } catch {
        #expect(
          "\(error)" == "gap.json: bubble.snap.damping = \(d): must be 0.05…0.999 or 1",
          "\(error)")
      }
    }
  }

  @Test func missingFieldsTakeDefaults() throws {
    let p = try PresetReader.decode(Data("{}".utf8), file: "x")
    #expect(p == Preset())
    let q = try PresetReader.decode(Data(#"{"fan": {"expand": {}}}"#.utf8), file: "x")
    #expect(q == Preset())
  }

  @Test func randomPresetsRoundTripThroughText() throws {
    var rng = SeededGenerator(seed: 7)
    for _ in 0..<200 {
      var p = Preset()
      p.name = String(
        (0..<Int.random(in: 1...64, using: &rng)).map { _ in
          "aé\"\\/ x☃7".randomElement(using: &rng)!
        })
      for f in PresetField.all {
        switch f.kind {
        case .number(let kp, let r, _):
          // why: an unbounded field (Bézier y) is drawn from values designers type
          var d = Double.random(in: f.isUnbounded ? -1000...1000 : r, using: &rng)
          if Bool.random(using: &rng) {
            d = [r.lowerBound, r.upperBound].randomElement(using: &rng)!
          }
          // why: damping ratios skip the gap 0.999…1
          if !f.accepts(d) { d = UIKitSpring.acceptedDamping(d) }
          p[keyPath: kp] = d
        case .integer(let kp, let r): p[keyPath: kp] = Int.random(in: r, using: &rng)
        case .choice(let c): _ = c.set(&p, c.options.randomElement(using: &rng)!)
        case .flag(let kp): p[keyPath: kp] = Bool.random(using: &rng)
        case .text(let kp, let lo, let hi):
          p[keyPath: kp] = String(repeating: "ß", count: Int.random(in: lo...hi, using: &rng))
        case .points(let kp):
          p[keyPath: kp] = (0..<Int.random(in: 0...12, using: &rng)).map { _ in
            Point(
              Double.random(in: -2000...2000, using: &rng),
              Double.random(in: -2000...2000, using: &rng))
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
      // why: past UIKit's velocity bound a spring preset is invalid (UIKitDomainTests)
      for s in PresetSpring.all where s.unsolvableReason(p) != nil {
        let vmax = UIKitSpring.maximumVelocity(
          duration: p[keyPath: s.duration], dampingRatio: p[keyPath: s.damping])!
        p[keyPath: s.velocity] = vmax * Double.random(in: -1...0.99, using: &rng)
      }
      let text = PresetWriter.text(p)
      let back = try PresetReader.decode(Data(text.utf8), file: "random")
      #expect(back == p)
      #expect(PresetWriter.text(back) == text)
    }
  }

  @Test func writtenTextIsInCanonicalOrderAndPretty() {
    let text = PresetWriter.text(Preset())
    // top-level keys in the canonical order: schema first, then the field table's
    let keys = text.split(separator: "\n").filter { $0.hasPrefix("  \"") && !$0.hasPrefix("   ") }
      .map { $0.split(separator: "\"")[1] }
    #expect(keys == ["schema", "name", "device", "fan", "bubble"])
    #expect(text.contains("\"schema\": 2"))
  }

  // MARK: the bad corpus

  /// File → (field path as printed, a fragment of the reason, whether a value is printed).
  static let badExpectations: [String: (path: String, reason: String, value: String?)] = [
    "truncated-object.json": ("fan", "unexpected end of file", nil),
    "truncated-string.json": ("name", "unterminated string", nil),
    "truncated-after-colon.json": ("fan.radius", "unexpected end of file", nil),
    "wrong-type-radius-string.json": ("fan.radius", "must be a number", "\"120\""),
    "wrong-type-count-string.json": ("fan.count", "whole number 1…12", "\"5\""),
    "wrong-type-fan-array.json": ("fan", "must be an object", "[…2 items]"),
    "wrong-type-flyout-string.json": ("fan.flyOut", "true or false", "\"yes\""),
    "wrong-type-enabled-number.json": ("bubble.enabled", "true or false", "1"),
    "wrong-type-name-number.json": ("name", "must be a string", "42"),
    "wrong-type-expand-bool.json": ("fan.expand", "must be an object", "true"),
    "wrong-type-device-string.json": ("device", "must be an object", "\"iphone15\""),
    "null-damping.json": ("fan.expand.damping", "null", "null"),
    "null-fan.json": ("fan", "null", "null"),
    "null-name.json": ("name", "null", "null"),
    "duplicate-top-name.json": ("name", "duplicate key", nil),
    "duplicate-fan-radius.json": ("fan.radius", "duplicate key", nil),
    "duplicate-expand-duration.json": ("fan.expand.duration", "duplicate key", nil),
    "range-expand-damping.json": ("fan.expand.damping", "must be 0.05…0.999 or 1", "-3"),
    "range-expand-duration-zero.json": ("fan.expand.duration", "must be 0.01…10 s", "0"),
    "range-radius.json": ("fan.radius", "must be 0…600 pt", "601"),
    "range-count-zero.json": ("fan.count", "whole number 1…12", "0"),
    "range-count-13.json": ("fan.count", "whole number 1…12", "13"),
    "range-snap-damping.json": ("bubble.snap.damping", "must be 0.05…0.999 or 1", "1.5"),
    "range-deceleration.json": ("bubble.snap.deceleration", "must be 0.9…0.9999", "1"),
    "range-stagger-negative.json": ("fan.expand.stagger", "must be 0…2 s", "-0.01"),
    "range-bubble-size.json": ("bubble.size", "must be 20…200 pt", "10"),
    "range-collapse-velocity.json": ("fan.collapse.velocity", "must be -20…20", "21"),
    "range-menu-count.json": ("bubble.menu.count", "whole number 1…8", "9"),
    "range-bezier-x1.json": ("fan.expand.bezier.x1", "must be 0…1", "1.2"),
    "unknown-top.json": ("colour", "unknown field", "\"red\""),
    "unknown-fan.json": ("fan.colour", "unknown field", "\"red\""),
    "unknown-expand.json": ("fan.expand.springiness", "unknown field", "3"),
    "unknown-bezier.json": ("fan.expand.bezier.x3", "unknown field", "0.5"),
    "unknown-bubble-snap.json": ("bubble.snap.speed", "unknown field", "3"),
    "deep-40.json": (
      "fan.offsets" + String(repeating: ".0", count: 30), "nested deeper than 32", nil
    ),
    "empty.json": ("(document)", "empty document", nil),
    "whitespace-only.json": ("(document)", "empty document", nil),
    "binary.json": ("(document)", "binary data", nil),
    "utf16le-bom.json": ("(document)", "UTF-16", nil),
    "utf16be-bom.json": ("(document)", "UTF-16", nil),
    "invalid-utf8.json": ("(document)", "not valid UTF-8", nil),
    "nan.json": ("fan.radius", "NaN and Infinity", nil),
    "infinity.json": ("fan.radius", "NaN and Infinity", nil),
    "negative-infinity.json": ("fan.radius", "NaN and Infinity", nil),
    "huge-exponent.json": ("fan.radius", "too large", nil),
    "name-too-long.json": ("name", "1…64 printable characters", nil),
    "name-control-char.json": ("name", "1…64 printable characters", nil),
    "name-raw-tab.json": ("name", "control character", nil),
    "name-empty.json": ("name", "1…64 printable characters", "\"\""),
    "schema-99.json": ("schema", "schema 99", "99"),
    "schema-string.json": ("schema", "whole number", "\"2\""),
    "schema-fraction.json": ("schema", "whole number", "1.5"),
    "count-fraction.json": ("fan.count", "whole number 1…12", "2.5"),
    "top-level-array.json": ("(document)", "must be a JSON object", "[…1 items]"),
    "trailing-garbage.json": ("(document)", "unexpected text after", nil),
    "offsets-wrong-shape.json": ("fan.offsets", "[x, y] pairs", nil),
    "offsets-out-of-range.json": ("fan.offsets", "−2000…2000", nil),
    "icons-unknown.json": ("fan.icons", "at most 12 of note", nil),
    "layout-unknown.json": ("fan.layout", "one of arc, ring, custom, auto", "\"spiral\""),
    "badge-too-long.json": ("bubble.badge", "0…8 printable", "\"123456789\""),
    "device-model-unknown.json": ("device.model", "one of iphoneSE", "\"pixel8\""),
    "lone-surrogate.json": ("name", "unpaired surrogate", nil),
    "floating-count-fraction.json": ("bubble.floating.count", "whole number 0…10000", "100000"),
  ]

  static let badFiles: [String] = {
    (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.badPresets.path))?.sorted()
      ?? []
  }()

  @Test func theBadCorpusIsLargeAndFullyDescribed() {
    #expect(Self.badFiles.count >= 40)
    #expect(
      Set(Self.badFiles) == Set(Self.badExpectations.keys),
      "every fixture needs an expectation and vice versa")
  }

  @Test("each bad preset is rejected naming its field; the file is untouched", arguments: badFiles)
  func badPresetRejected(_ name: String) throws {
    let path = TestPaths.badPresets.appendingPathComponent(name).path
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let attrsBefore = try FileManager.default.attributesOfItem(atPath: path)
    guard let want = Self.badExpectations[name] else {
      Issue.record("no expectation for \(name)")
      return
    }
    do {
      let p = try PresetReader.load(path: path)
      Issue.record("\(name) loaded: \(p.name)")
    } catch {
      #expect(!error.problems.isEmpty)
      let text = error.description
      let first = error.problems[0]
      #expect(first.file == path)
      let shownPath = first.path.isEmpty ? "(document)" : first.path
      #expect(shownPath == want.path, "\(name): path \(shownPath), wanted \(want.path) — \(text)")
      #expect(first.reason.contains(want.reason), "\(name): reason \(first.reason)")
      // the documented shape: FILE: path = value: reason  (or FILE: path: reason when there is no value)
      if let v = want.value {
        #expect(first.value == v, "\(name): value \(String(describing: first.value))")
        #expect(first.description == "\(path): \(want.path) = \(v): \(first.reason)")
      } else {
        #expect(first.description.hasPrefix("\(path): \(want.path)"), "\(text)")
      }
      #expect(!text.contains("\n\n"))
    }
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: path)) == before,
      "a failed load must not touch the file")
    let attrsAfter = try FileManager.default.attributesOfItem(atPath: path)
    #expect(attrsBefore[.modificationDate] as? Date == attrsAfter[.modificationDate] as? Date)
  }

  @Test func theSpecsExampleMessageIsExact() throws {
    let path = TestPaths.badPresets.appendingPathComponent("range-expand-damping.json").path
    #expect(throws: LoadError.self) { try PresetReader.load(path: path) }
    do { _ = try PresetReader.load(path: path) } catch {
      #expect(error.description == "\(path): fan.expand.damping = -3: must be 0.05…0.999 or 1")
    }
  }

  @Test func everyProblemIsListedNotJustTheFirst() {
    let text =
      #"{"fan": {"radius": -1, "count": 99, "bogus": 1}, "bubble": {"snap": {"damping": 7}}}"#
    do {
      _ = try PresetReader.decode(Data(text.utf8), file: "many.json")
      Issue.record("accepted")
    } catch {
      let paths = Set(error.problems.map(\.path))
      #expect(paths == ["fan.radius", "fan.count", "fan.bogus", "bubble.snap.damping"])
      #expect(error.description.split(separator: "\n").count == 4)
    }
  }

  @Test func outOfRangeIsCheckedForEveryNumericField() {
    // one step past each end of every number's documented range is refused, naming the field
    for f in PresetField.all {
      let bounds: [Double]
      switch f.kind {
      case .number where f.isUnbounded:
        // why: no bound but finiteness; a literal past Double's range is refused
        for text in ["-1e309", "1e309"] {
          #expect(throws: LoadError.self) {
            _ = try PresetReader.decode(Data(nest(f.path, text).utf8), file: "f")
          }
        }
        bounds = []
      case .number(_, let r, _):
        bounds = [
          r.lowerBound - max(1e-6, abs(r.lowerBound) * 1e-6),
          r.upperBound + max(1e-6, abs(r.upperBound) * 1e-6),
        ]
      case .integer(_, let r): bounds = [Double(r.lowerBound - 1), Double(r.upperBound + 1)]
      default: continue
      }
      for b in bounds {
        let doc = nest(f.path, JSONWriter.number(b))
        do {
          _ = try PresetReader.decode(Data(doc.utf8), file: "f")
          Issue.record("\(f.path) = \(b) accepted")
        } catch {
          #expect(error.problems.map(\.path) == [f.path], "\(doc) → \(error)")
        }
      }
      // and both ends themselves are accepted
      switch f.kind {
      case .number(_, let r, _):
        for b in [r.lowerBound, r.upperBound] {
          // why: an end may put a spring past UIKit's velocity bound (10 s at the
          // default velocity 0.6, velocity 20 at the default duration); that and
          // only that is then refused, on the velocity field
          var p = Preset()
          if case .number(let kp, _, _) = f.kind { p[keyPath: kp] = b }
          let unsolvable = PresetSpring.owning(f.path).flatMap { $0.unsolvableReason(p) }
          do {
            _ = try PresetReader.decode(Data(nest(f.path, JSONWriter.number(b)).utf8), file: "f")
            #expect(unsolvable == nil, "\(f.path) = \(b) accepted past the bound")
          } catch {
            let s = PresetSpring.owning(f.path)
            #expect(unsolvable != nil, "\(f.path) = \(b): \(error)")
            #expect(error.problems.map(\.path) == [(s?.prefix ?? "") + ".velocity"])
          }
        }
      default: break
      }
    }
  }

  /// `{"a": {"b": VALUE}}` for the path "a.b".
  func nest(_ path: String, _ value: String) -> String {
    let parts = path.split(separator: ".")
    return parts.reversed().reduce(value) { inner, key in "{\"\(key)\": \(inner)}" }
  }

  @Test func nameAtItsLimitsIsAccepted() throws {
    let p = try PresetReader.decode(
      Data(#"{"name": "\#(String(repeating: "é", count: 64))"}"#.utf8), file: "x")
    #expect(p.name.count == 64)
    let q = try PresetReader.decode(Data(#"{"name": "x"}"#.utf8), file: "x")
    #expect(q.name == "x")
    // a zero-width-joiner emoji is one printable character
    let r = try PresetReader.decode(Data(#"{"name": "👩‍💻 tuned"}"#.utf8), file: "x")
    #expect(r.name == "👩‍💻 tuned")
  }

  @Test(
    "names with invisible or line-breaking characters are refused",
    arguments: ["202E", "200B", "2028", "2029", "0085", "FEFF", "007F"])
  func nameWithInvisibleCharacterIsRefused(_ hex: String) {
    let doc = #"{"name": "a\u"# + hex + #"b"}"#
    do {
      let p = try PresetReader.decode(Data(doc.utf8), file: "x")
      Issue.record("accepted U+\(hex) in \(p.name.debugDescription)")
    } catch {
      #expect(error.problems.map(\.path) == ["name"])
    }
    // the badge too
    let badge = #"{"bubble": {"badge": "\u"# + hex + #""}}"#
    #expect(throws: LoadError.self, "badge U+\(hex)") {
      try PresetReader.decode(Data(badge.utf8), file: "x")
    }
  }

  // MARK: size and depth limits

  @Test func hugeFilesAreRefusedUnreadAndExactly1MiBIsRead() throws {
    let dir = TestPaths.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let body = Data(#"{"name": "big"}"#.utf8)
    let exact = dir.appendingPathComponent("exact.json")
    try (body + Data(repeating: 0x20, count: PresetReader.maxBytes - body.count)).write(to: exact)
    #expect(try PresetReader.load(path: exact.path).name == "big")
    let huge = dir.appendingPathComponent("huge.json")
    let hugeData = body + Data(repeating: 0x20, count: PresetReader.maxBytes - body.count + 1)
    try hugeData.write(to: huge)
    do {
      _ = try PresetReader.load(path: huge.path)
      Issue.record("a file over 1 MiB was accepted")
    } catch {
      #expect(error.unreadable)
      #expect(error.description.hasPrefix("\(huge.path): (document): "))
      #expect(error.description.contains("1 MiB"))
    }
    #expect(try Data(contentsOf: huge) == hugeData)
    // far larger: 3 MiB
    let big = dir.appendingPathComponent("big.json")
    try Data(repeating: 0x5B, count: 3 << 20).write(to: big)
    #expect(throws: LoadError.self) { try PresetReader.load(path: big.path) }
  }

  @Test func depthLimitIs32() throws {
    let ok = String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
    #expect(throws: Never.self) { _ = try StrictJSONParser.parse(Data(ok.utf8)) }
    let deep = String(repeating: "[", count: 33) + String(repeating: "]", count: 33)
    #expect(throws: JSONSyntaxError.self) { _ = try StrictJSONParser.parse(Data(deep.utf8)) }
    let objects = String(repeating: "{\"a\":", count: 40) + "1" + String(repeating: "}", count: 40)
    do {
      _ = try StrictJSONParser.parse(Data(objects.utf8))
      Issue.record("40-deep objects accepted")
    } catch {
      #expect(error.reason.contains("32"))
      #expect(error.path == Array(repeating: "a", count: 32).joined(separator: "."))
    }
  }

  @Test func missingFileAndFolderAreUnreadable() {
    do { _ = try PresetReader.load(path: "/nonexistent/springlab/x.json") } catch {
      #expect(error.unreadable)
      #expect(error.description.contains("no such file"))
    }
    do { _ = try PresetReader.load(path: TestPaths.presets.path) } catch {
      #expect(error.unreadable)
    }
  }

  // MARK: encodings

  @Test func aUTF8BOMIsSkipped() throws {
    let text = try Data(contentsOf: URL(fileURLWithPath: TestPaths.preset("seed-000-fan.json")))
    let withBOM = Data([0xEF, 0xBB, 0xBF]) + text
    let a = try PresetReader.decode(text, file: "a")
    let b = try PresetReader.decode(withBOM, file: "b")
    #expect(a == b)
    #expect(b.name == "Seed 000 fan menu")
  }

  @Test func escapesDecode() throws {
    let p = try PresetReader.decode(
      Data(#"{"name": "caf\u00e9 \ud83d\ude00 \"q\" \/"}"#.utf8), file: "x")
    #expect(p.name == "café 😀 \"q\" /")
  }

  // MARK: migration

  @Test func schema1IsMigratedInMemory() throws {
    let v1 =
      #"{"schema": 1, "name": "Old", "fan": {"itemCount": 4, "angles": [180, 270], "radius": 100}, "bubble": {"snapDuration": 0.5}}"#
    let p = try PresetReader.decode(Data(v1.utf8), file: "old.json")
    #expect(p.schema == Preset.currentSchema)
    #expect(p.fan.count == 4)
    #expect(p.fan.startAngle == 180 && p.fan.endAngle == 270)
    #expect(p.fan.radius == 100)
    #expect(p.bubble.snap.duration == 0.5)
    #expect(PresetWriter.text(p).contains("\"schema\": 2"))
    // alongside an existing snap object
    let v1b = #"{"schema": 1, "bubble": {"snap": {"damping": 0.7}, "snapDuration": 0.6}}"#
    let q = try PresetReader.decode(Data(v1b.utf8), file: "old.json")
    #expect(q.bubble.snap.duration == 0.6 && q.bubble.snap.damping == 0.7)
  }

  @Test func schema1WithBothOldAndNewNamesIsAnError() {
    // the old name must not silently overwrite (or be overwritten by) the new one
    for doc in [
      #"{"schema": 1, "fan": {"count": 3, "itemCount": 4}}"#,
      #"{"schema": 1, "fan": {"startAngle": 100, "angles": [180, 270]}}"#,
      #"{"schema": 1, "bubble": {"snap": {"duration": 0.3}, "snapDuration": 0.5}}"#,
    ] {
      do {
        let p = try PresetReader.decode(Data(doc.utf8), file: "x")
        Issue.record(
          "accepted \(doc): count \(p.fan.count) start \(p.fan.startAngle) snap \(p.bubble.snap.duration)"
        )
      } catch {
        #expect(error.problems.count == 1, "\(error)")
        #expect(error.problems[0].reason.contains("unknown field"), "\(error)")
      }
    }
  }

  @Test func schema1FieldsAreUnknownInSchema2() {
    for doc in [
      #"{"schema": 2, "fan": {"itemCount": 4}}"#, #"{"fan": {"angles": [180, 270]}}"#,
      #"{"bubble": {"snapDuration": 0.5}}"#,
    ] {
      #expect(throws: LoadError.self) { try PresetReader.decode(Data(doc.utf8), file: "x") }
    }
  }

  @Test func migratedValuesAreStillRangeChecked() {
    let v1 =
      #"{"schema": 1, "fan": {"itemCount": 40, "angles": [180, 9999]}, "bubble": {"snapDuration": -1}}"#
    do {
      _ = try PresetReader.decode(Data(v1.utf8), file: "old.json")
      Issue.record("accepted")
    } catch {
      #expect(
        Set(error.problems.map(\.path)) == ["fan.count", "fan.endAngle", "bubble.snap.duration"])
    }
  }

  @Test func schema1MigrationLeavesTheFileUntouched() throws {
    let dir = TestPaths.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let f = dir.appendingPathComponent("old.json")
    let v1 = Data(#"{"schema": 1, "fan": {"itemCount": 3}}"#.utf8)
    try v1.write(to: f)
    #expect(try PresetReader.load(path: f.path).fan.count == 3)
    #expect(try Data(contentsOf: f) == v1)
  }

  // MARK: atomic save

  @Test func savingOverAnExistingFileReplacesItFully() throws {
    let dir = TestPaths.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let f = dir.appendingPathComponent("p.json")
    try Data(
      String(repeating: "old content that is much longer than any preset\n", count: 400).utf8
    ).write(to: f)
    var p = Preset()
    p.name = "Saved"
    p.fan.radius = 133.5
    try PresetWriter.save(p, to: f.path)
    let written = try Data(contentsOf: f)
    #expect(written == Data(PresetWriter.text(p).utf8))
    #expect(try PresetReader.load(path: f.path) == p)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["p.json"])
  }

  @Test func aFailedWriteLeavesTheOldFileAndNoTempFile() throws {
    let dir = TestPaths.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let f = dir.appendingPathComponent("p.json")
    try PresetWriter.save(shipped("seed-000-fan.json"), to: f.path)
    let before = try Data(contentsOf: f)
    let enospc = FileIO(
      write: { _, _, _ in
        errno = ENOSPC
        return -1
      }, fsync: { _ in 0 })
    var other = Preset()
    other.name = "Other"
    do {
      try PresetWriter.save(other, to: f.path, io: enospc)
      Issue.record("the save reported success")
    } catch let e as SaveError {
      #expect(e.reason.contains("No space left"), "\(e)")
      #expect(e.path == f.path)
    }
    #expect(try Data(contentsOf: f) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["p.json"])
  }

  @Test func aWriteThatFailsHalfwayLeavesTheOldFile() throws {
    let dir = TestPaths.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let f = dir.appendingPathComponent("p.json")
    try Data("old".utf8).write(to: f)
    // writes 100 bytes, then the disk is full
    let counter = Counter()
    let io = FileIO(
      write: { fd, buf, n in
        if counter.bump() > 1 {
          errno = ENOSPC
          return -1
        }
        return Glibc.write(fd, buf, min(n, 100))
      }, fsync: { _ in 0 })
    #expect(throws: SaveError.self) { try PresetWriter.save(Preset(), to: f.path, io: io) }
    #expect(try Data(contentsOf: f) == Data("old".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["p.json"])
  }

  @Test func aFailedFsyncLeavesTheOldFile() throws {
    let dir = TestPaths.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let f = dir.appendingPathComponent("p.json")
    try Data("old".utf8).write(to: f)
    let io = FileIO(
      write: FileIO.posix.write,
      fsync: { _ in
        errno = EIO
        return -1
      })
    #expect(throws: SaveError.self) { try PresetWriter.save(Preset(), to: f.path, io: io) }
    #expect(try Data(contentsOf: f) == Data("old".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["p.json"])
  }

  @Test func interruptedWritesAreRetried() throws {
    let dir = TestPaths.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let f = dir.appendingPathComponent("p.json")
    let counter = Counter()
    let io = FileIO(
      write: { fd, buf, n in
        if counter.bump() % 2 == 1 {
          errno = EINTR
          return -1
        }
        return Glibc.write(fd, buf, min(n, 7))
      }, fsync: { _ in 0 })
    try PresetWriter.save(Preset(), to: f.path, io: io)
    #expect(try PresetReader.load(path: f.path) == Preset())
  }

  @Test func savingIntoAMissingFolderFails() {
    #expect(throws: SaveError.self) {
      try PresetWriter.save(Preset(), to: "/nonexistent-springlab-dir/p.json")
    }
  }
}

/// A thread-safe counter for injected I/O closures.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var n = 0
  func bump() -> Int {
    lock.lock()
    defer { lock.unlock() }
    n += 1
    return n
  }
}

@Suite("Strict JSON")
struct StrictJSONTests {
  @Test(
    "malformed UTF-8 is refused",
    arguments: [
      [0x22, 0xC0, 0x80, 0x22],  // overlong NUL
      [0x22, 0xED, 0xA0, 0x80, 0x22],  // UTF-16 surrogate encoded in UTF-8
      [0x22, 0xF8, 0x88, 0x80, 0x80, 0x80, 0x22],  // 5-byte form
      [0x22, 0x80, 0x22],  // lone continuation byte
      [0x22, 0xE2, 0x82, 0x22],  // truncated sequence
      [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // beyond U+10FFFF
    ] as [[UInt8]])
  func malformedUTF8(_ bytes: [UInt8]) {
    do {
      _ = try StrictJSONParser.parse(Data(bytes))
      Issue.record("accepted \(bytes)")
    } catch {
      #expect(error.reason.contains("UTF-8"))
    }
  }

  @Test func errorsGiveLineAndColumn() {
    let text = "{\n  \"a\": 1,\n  \"b\": tru\n}"
    do {
      _ = try StrictJSONParser.parse(Data(text.utf8))
      Issue.record("accepted")
    } catch {
      #expect(error.line == 3 && error.column == 8, "\(error)")
      #expect(error.path == "b")
    }
    // columns count characters, not bytes
    do {
      _ = try StrictJSONParser.parse(Data("{\"é\": x}".utf8))
    } catch {
      #expect(error.line == 1 && error.column == 7, "\(error)")
    }
  }

  @Test func numbersAtTheEdgesOfDouble() throws {
    #expect(
      try StrictJSONParser.parse(Data("1.7976931348623157e308".utf8))
        == .number(.greatestFiniteMagnitude))
    #expect(try StrictJSONParser.parse(Data("1e-400".utf8)) == .number(0))
    #expect(try StrictJSONParser.parse(Data("-0".utf8)) == .number(-0.0))
    for bad in [
      "1.8e308", "-1e400", "01", "1.", ".5", "+1", "1e", "0x10", "- 1", "Infinity", "-Infinity",
      "NaN", "nan",
    ] {
      #expect(throws: JSONSyntaxError.self, "\(bad)") {
        _ = try StrictJSONParser.parse(Data(bad.utf8))
      }
    }
  }

  @Test func writerOutputParsesBackExactly() throws {
    var rng = SeededGenerator(seed: 3)
    for _ in 0..<2000 {
      let d = Double(bitPattern: rng.next())
      guard d.isFinite else { continue }
      let text = JSONWriter.number(d)
      #expect(
        try StrictJSONParser.parse(Data(text.utf8)) == .number(d == 0 ? 0 : d), "\(d) → \(text)")
    }
    for s in ["", "\u{0}", "\u{1F}", "\u{7F}", "tab\t", "\"\\/", "\u{2028}", "😀", "\u{FEFF}"] {
      let q = JSONWriter.quote(s)
      #expect(try StrictJSONParser.parse(Data(q.utf8)) == .string(s), "\(q)")
    }
  }
}
