import Foundation
import SpringLabPlatform
import Testing

@testable import SpringLabCore

/// Long runs are opt-in: `SPRINGLAB_LONG_TESTS=1 swift test …` (see docs/TESTING.md, "Reliability").
let longTests = ProcessInfo.processInfo.environment["SPRINGLAB_LONG_TESTS"] == "1"

/// Monotonic seconds.
func monoSeconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

/// CPU time of the calling thread, in seconds: unlike the wall clock it does
/// not grow while other suites or processes have the cores, so a ratio of two
/// measurements stays meaningful on a shared machine.
func threadCPUSeconds() -> Double {
  var ts = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
  return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// A seeded mutator over preset text: byte flips, truncation, value swaps,
/// key duplication, deep nesting, type changes, odd bytes.
struct PresetMutator {
  var rng: SeededGenerator

  /// Every leaf (non-container) value's path in a tree, as member/element indices.
  static func leafPaths(_ v: JSONValue, _ prefix: [Int] = [], into out: inout [[Int]]) {
    switch v {
    case .object(let m): for (i, kv) in m.enumerated() { leafPaths(kv.1, prefix + [i], into: &out) }
    case .array(let a): for (i, x) in a.enumerated() { leafPaths(x, prefix + [i], into: &out) }
    default: out.append(prefix)
    }
  }

  /// Every object's path in a tree.
  static func objectPaths(_ v: JSONValue, _ prefix: [Int] = [], into out: inout [[Int]]) {
    switch v {
    case .object(let m):
      out.append(prefix)
      for (i, kv) in m.enumerated() { objectPaths(kv.1, prefix + [i], into: &out) }
    case .array(let a): for (i, x) in a.enumerated() { objectPaths(x, prefix + [i], into: &out) }
    default: break
    }
  }

  static func get(_ v: JSONValue, _ path: [Int]) -> JSONValue {
    guard let h = path.first else { return v }
    switch v {
    case .object(let m): return get(m[h].1, Array(path.dropFirst()))
    case .array(let a): return get(a[h], Array(path.dropFirst()))
    default: return v
    }
  }

  static func set(_ v: inout JSONValue, _ path: [Int], _ new: JSONValue) {
    guard let h = path.first else {
      v = new
      return
    }
    switch v {
    case .object(var m):
      set(&m[h].1, Array(path.dropFirst()), new)
      v = .object(m)
    case .array(var a):
      set(&a[h], Array(path.dropFirst()), new)
      v = .array(a)
    default: v = new
    }
  }

  mutating func oddValue() -> JSONValue {
    let options: [JSONValue] = [
      .null, .bool(true), .bool(false), .string(""), .string("120"),
      .string(String(repeating: "x", count: 5000)),
      .number(0), .number(-0.0), .number(-1), .number(1e308), .number(-1e308),
      .number(.leastNonzeroMagnitude),
      .number(1e15),
      .number(Double(Int.max)), .number(0.5), .array([]), .array([.number(1), .number(2)]),
      .object([]),
      .object([("x", .number(1))]), .string("\u{202E}rtl"), .string("a\u{0}b"),
    ]
    return options.randomElement(using: &rng)!
  }

  /// One mutation of `text` (the JSON of a shipped preset).
  mutating func mutate(_ text: [UInt8], tree: JSONValue) -> (kind: String, bytes: [UInt8]) {
    var b = text
    switch Int.random(in: 0..<8, using: &rng) {
    case 0:
      for _ in 0..<Int.random(in: 1...8, using: &rng) {
        let i = Int.random(in: 0..<b.count, using: &rng)
        b[i] ^= UInt8(1 << Int.random(in: 0..<8, using: &rng))
      }
      return ("byte flips", b)
    case 1: return ("truncation", Array(b.prefix(Int.random(in: 0..<b.count, using: &rng))))
    case 2:
      var leaves: [[Int]] = []
      Self.leafPaths(tree, into: &leaves)
      var t = tree
      let p = leaves.randomElement(using: &rng)!
      let q = leaves.randomElement(using: &rng)!
      let (x, y) = (Self.get(t, p), Self.get(t, q))
      Self.set(&t, p, y)
      Self.set(&t, q, x)
      return ("value swap", Array(JSONWriter.pretty(t).utf8))
    case 3:
      var objects: [[Int]] = []
      Self.objectPaths(tree, into: &objects)
      var t = tree
      let p = objects.randomElement(using: &rng)!
      if case .object(var m) = Self.get(t, p), let kv = m.randomElement(using: &rng) {
        m.insert(
          (kv.0, Bool.random(using: &rng) ? kv.1 : oddValue()),
          at: Int.random(in: 0...m.count, using: &rng))
        Self.set(&t, p, .object(m))
      }
      return ("key duplication", Array(JSONWriter.compact(t).utf8))
    case 4:
      var leaves: [[Int]] = []
      Self.leafPaths(tree, into: &leaves)
      var t = tree
      var v = Self.get(t, leaves.randomElement(using: &rng)!)
      for _ in 0..<Int.random(in: 1...60, using: &rng) {
        v = Bool.random(using: &rng) ? .array([v]) : .object([("k", v)])
      }
      Self.set(&t, leaves.randomElement(using: &rng)!, v)
      return ("deep nesting", Array(JSONWriter.compact(t).utf8))
    case 5:
      var leaves: [[Int]] = []
      Self.leafPaths(tree, into: &leaves)
      var t = tree
      for _ in 0..<Int.random(in: 1...3, using: &rng) {
        Self.set(&t, leaves.randomElement(using: &rng)!, oddValue())
      }
      return ("type change", Array(JSONWriter.pretty(t).utf8))
    case 6:
      let junk: [[UInt8]] = [
        [0xEF, 0xBB, 0xBF], [0xFF, 0xFE], [0], [0xC3], [0xED, 0xA0, 0x80], Array("\\u".utf8),
        Array("NaN".utf8), Array("}".utf8), Array(",".utf8), Array("\"".utf8), Array("1e999".utf8),
      ]
      let i = Int.random(in: 0...b.count, using: &rng)
      b.insert(contentsOf: junk.randomElement(using: &rng)!, at: i)
      return ("odd bytes", b)
    default:
      // a slice of the file repeated: long, plausible, wrong
      let i = Int.random(in: 0..<b.count, using: &rng)
      let j = min(b.count, i + Int.random(in: 1...200, using: &rng))
      b.insert(
        contentsOf: Array(repeating: Array(b[i..<j]), count: Int.random(in: 1...50, using: &rng))
          .joined(), at: j)
      return ("repetition", b)
    }
  }
}

@Suite("Hardening: fuzz, abuse, soak")
struct HardeningTests {
  static var shippedPresetPaths: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: TestPaths.presets.path)) ?? []).filter {
      $0.hasSuffix(".json")
    }
    .sorted().map { TestPaths.preset($0) }
  }

  /// Runs `count` mutated presets through the strict reader. Every case must
  /// load (and then round-trip through the writer) or be refused with at least
  /// one non-empty message; returns per-kind tallies.
  static func fuzz(count: Int, seed: UInt64) -> (
    loaded: Int, refused: Int, slowest: Double, kinds: [String: Int]
  ) {
    let sources = shippedPresetPaths.map { p -> ([UInt8], JSONValue) in
      let d = try! Data(contentsOf: URL(fileURLWithPath: p))
      return (Array(d), try! StrictJSONParser.parse(d))
    }
    var m = PresetMutator(rng: SeededGenerator(seed: seed))
    var loaded = 0
    var refused = 0
    var slowest = 0.0
    var kinds: [String: Int] = [:]
    for k in 0..<count {
      let (text, tree) = sources[k % sources.count]
      let (kind, bytes) = m.mutate(text, tree: tree)
      kinds[kind, default: 0] += 1
      let t0 = monoSeconds()
      do {
        let p = try PresetReader.decode(Data(bytes), file: "case-\(k).json")
        loaded += 1
        // why: anything the reader accepts must survive a save and a reload unchanged
        let again = try? PresetReader.decode(Data(PresetWriter.text(p).utf8), file: "roundtrip")
        #expect(again == p, "case \(k) (\(kind)) loads but does not round-trip")
      } catch {
        refused += 1
        #expect(!error.problems.isEmpty, "case \(k) (\(kind)): refused without a message")
        for pr in error.problems {
          #expect(
            !pr.reason.isEmpty && pr.description.hasPrefix("case-\(k).json"),
            "case \(k) (\(kind)): \(pr)")
        }
      }
      slowest = max(slowest, monoSeconds() - t0)
    }
    return (loaded, refused, slowest, kinds)
  }

  @Test func fuzzedPresetsLoadOrAreRefusedWithAMessage() {
    // why: 10,000 take about 4 s on a debug build, so they run every time; long runs do 100,000
    let n = longTests ? 100_000 : 10_000
    let t0 = monoSeconds()
    let r = Self.fuzz(count: n, seed: 20_261_129)
    let dt = monoSeconds() - t0
    print(
      "fuzz: \(n) cases in \(String(format: "%.2f", dt)) s: \(r.loaded) loaded, \(r.refused) refused, slowest case \(String(format: "%.1f", r.slowest * 1000)) ms; \(r.kinds.sorted { $0.key < $1.key })"
    )
    #expect(r.loaded + r.refused == n)
    #expect(r.refused > n / 2, "the mutator should mostly break things")
    #expect(r.loaded > 0, "some mutations (value swaps of like values) are still valid presets")
  }

  @Test func aMillionRandomInputsKeepTheInvariantsAndReplay() throws {
    // why: 100,000 run in DeterminismTests on every run; 10⁶ is opt-in (long)
    let n = longTests ? 1_000_000 : 20_000
    let t0 = monoSeconds()
    let a = DeterminismTests.run(seed: 8_000_001, count: n)
    let dt = monoSeconds() - t0
    #expect(a.failures.isEmpty, "\(a.failures.count) failures, first: \(a.failures.prefix(8))")
    let b = DeterminismTests.run(seed: 8_000_001, count: n)
    #expect(a.trace == b.trace)
    #expect(a.scene == b.scene)
    print(
      "random inputs: \(n) events in \(String(format: "%.1f", dt)) s, invariants held, replay identical"
    )
  }

  // why: the simulated-hour soak asserts RSS, which is process-wide, so it runs in a
  // child process of its own: SpringLabCLITests, anHourOfSimulatedTimeKeepsMemoryFlatInAChildOfItsOwn

  // MARK: abuse

  @Test func presetFileNamesAreNeverPaths() {
    let hostile = [
      "../../etc/passwd", "/etc/passwd", "..", ".", "", "...", "a/b\\c", "\u{0}\u{1}\u{7F}\n\r\t",
      ".hidden",
      String(repeating: "x", count: 10_000), String(repeating: "../", count: 3_000), "CON",
      "nul.json", "é ☃ 🎉",
      "-rf", "a\u{202E}gpj.exe", String(repeating: "é", count: 10_000),
    ]
    for name in hostile {
      let f = PresetFileName.sanitize(name)
      let stem = f.dropLast(5)
      #expect(f.hasSuffix(".json"))
      #expect(!stem.isEmpty && stem.count <= 60, "\(name.prefix(20)) → \(f)")
      #expect(
        stem.allSatisfy {
          ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
        }, "\(f)")
      #expect(!f.hasPrefix(".") && !f.hasPrefix("-") && !f.contains("/"), "\(f)")
    }
    // accents are dropped, not the letters they sit on
    #expect(PresetFileName.sanitize("Bouncy café v2") == "bouncy-cafe-v2.json")
    #expect(PresetFileName.sanitize("Élan Über") == "elan-uber.json")
  }

  @Test func hostilePresetNamesAreRefusedWithAMessage() {
    let bad = [
      "a\nb", "tab\there", "\u{7}", String(repeating: "n", count: 10_000), "", "x\u{2028}y",
    ]
    for name in bad {
      let text = JSONWriter.compact(.object([("name", .string(name))]))
      #expect(throws: LoadError.self, "\(name.prefix(10).debugDescription)") {
        try PresetReader.decode(Data(text.utf8), file: "n.json")
      }
    }
    // path-like names are just text: accepted, and never turned into a path
    for name in ["../../etc/passwd", "/abs/path"] {
      let text = JSONWriter.compact(.object([("name", .string(name))]))
      #expect((try? PresetReader.decode(Data(text.utf8), file: "n.json"))?.name == name)
    }
  }

  @Test func aOneGigabyteFileIsRefusedUnread() throws {
    let dir = TestPaths.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let f = dir.appendingPathComponent("huge.json").path
    // why: sparse, so the test costs no disk; a reader that read it would take seconds and 1 GB of RAM
    let fd = open(f, O_WRONLY | O_CREAT, 0o644)
    #expect(fd >= 0)
    #expect(ftruncate(fd, 1 << 30) == 0)
    close(fd)
    #expect {
      _ = try PresetReader.load(path: f)
    } throws: { e in
      (e as? LoadError)?.problems.first?.reason.contains("1073741824 bytes; the limit is 1048576")
        == true
    }
    #expect(throws: LoadError.self) { _ = try InputScript.load(path: f) }
    // why: that it is refused unread (peak memory) is measured in a child process of
    // its own, where no other suite's allocations count: SpringLabCLITests,
    // aOneGigabytePresetIsRefusedUnreadInAChildOfItsOwn
  }

  @Test func deeplyNestedJSONIsRefusedWithoutOverflowingTheStack() {
    let depth = 100_000
    let docs = [
      String(repeating: "[", count: depth) + String(repeating: "]", count: depth),
      String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth),
      "{\"fan\":" + String(repeating: "[", count: depth),
    ]
    for d in docs {
      #expect {
        _ = try PresetReader.decode(Data(d.utf8), file: "deep.json")
      } throws: { e in
        (e as? LoadError)?.description.contains("nested deeper than 32 levels") == true
      }
      #expect(throws: LoadError.self) {
        _ = try InputScript.decode(Data(d.utf8), file: "deep.json")
      }
    }
  }

  /// A script of `n` move events over `duration` seconds.
  static func bigScript(_ n: Int, duration: Double) -> Data {
    var s = "{\"duration\": \(JSONWriter.number(duration)), \"events\": [\n"
    s.reserveCapacity(n * 40)
    for k in 0..<n {
      let at = duration * Double(k) / Double(n)
      s += "{\"at\": \(JSONWriter.number(at)), \"move\": [\(k % 390), \(k % 840)]}"
      s += k + 1 < n ? ",\n" : "\n"
    }
    s += "]}\n"
    return Data(s.utf8)
  }

  @Test func aMillionEventScriptLoadsInLinearTimeAndPlays() throws {
    // why: 10⁶ events take ~25 s to parse on a debug build (~40 MB of JSON), so
    // the normal run checks 10⁴ → 10⁵ and the long run 10⁵ → 10⁶ and the limit
    let (n1, n2) = longTests ? (100_000, 1_000_000) : (10_000, 100_000)
    let small = Self.bigScript(n1, duration: 2)
    let big = Self.bigScript(n2, duration: 2)
    // why: the best of three for the small size, so a scheduling hiccup on a
    // shared machine cannot make a linear parser look quadratic
    var smallSeconds = Double.infinity
    var a = InputScript(duration: 0, events: [])
    // why: thread CPU time, since the suites run in parallel and a wall-clock
    // ratio measured the other suites' load (31× once on a busy machine)
    for _ in 0..<3 {
      let s0 = threadCPUSeconds()
      a = try InputScript.decode(small, file: "small.json")
      smallSeconds = min(smallSeconds, threadCPUSeconds() - s0)
    }
    let b0 = threadCPUSeconds()
    let b = try InputScript.decode(big, file: "big.json")
    let bigSeconds = threadCPUSeconds() - b0
    #expect(a.events.count == n1 && b.events.count == n2)
    let p0 = monoSeconds()
    var scene = Scene(preset: .seedDefault)
    var player = ScriptPlayer(b)
    player.run(&scene, until: 2)
    #expect(player.isFinished)
    let playSeconds = monoSeconds() - p0
    // ten times the events: linear is a ratio of about 10, quadratic about 100
    let ratio = bigSeconds / smallSeconds
    print(
      "script: \(n1) events loaded in \(String(format: "%.3f", smallSeconds)) CPU-s, \(n2) in \(String(format: "%.3f", bigSeconds)) CPU-s (ratio \(String(format: "%.1f", ratio)), linear ≈ 10); \(n2) played through the scene in \(String(format: "%.2f", playSeconds)) s"
    )
    #expect(ratio < 30, "loading 10× the events took \(ratio)× as long: not linear")
    if longTests {
      // one more than the limit is refused with a message, not loaded
      let over = Self.bigScript(InputScript.maxEvents + 1, duration: 2)
      #expect {
        _ = try InputScript.decode(over, file: "over.json")
      } throws: { e in (e as? LoadError)?.description.contains("more than 1000000 events") == true }
    }
  }

  // MARK: faults (core level; the CLI-level ones are in SpringLabCLITests)

  @Test func aPresetDeletedWhileLoadedKeepsTheSceneRunningAndCanBeSavedAgain() throws {
    let dir = TestPaths.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let f = dir.appendingPathComponent("p.json").path
    try FileManager.default.copyItem(atPath: TestPaths.preset("seed-000-fan.json"), toPath: f)
    let p = try PresetReader.load(path: f)
    var s = Scene(preset: p)
    try FileManager.default.removeItem(atPath: f)
    // the scene holds the preset by value: nothing refers back to the file
    s.send(.pointerDown(s.mainCenter))
    s.send(.pointerUp(s.mainCenter))
    for k in 1...600 { s.advance(to: Double(k) / 60) }
    #expect(s.fan.phase(at: s.now) == .expanded)
    #expect(throws: LoadError.self) { _ = try PresetReader.load(path: f) }
    // saving (what Ctrl+S does) puts it back
    try PresetWriter.save(s.preset, to: f)
    #expect(try PresetReader.load(path: f) == p)
  }

  @Test func aSaveSweepsTemporariesLeftByKilledSaves() throws {
    let dir = TestPaths.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let f = dir.appendingPathComponent("p.json").path
    // a dead process's leftover, a live process's (pid 1) and our own in-flight one, plus lookalikes
    let names = [
      ".p.json.tmp-2147483646-77", ".p.json.tmp-1-77", ".p.json.tmp-\(getpid())-77",
      ".q.json.tmp-2147483646-77",
      ".p.json.tmp-x-77", "p.json.tmp-2147483646-77",
    ]
    for n in names { try Data("junk".utf8).write(to: dir.appendingPathComponent(n)) }
    try PresetWriter.save(.seedDefault, to: f)
    let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    #expect(left == (["p.json"] + names.dropFirst()).sorted(), "\(left)")
  }
}
