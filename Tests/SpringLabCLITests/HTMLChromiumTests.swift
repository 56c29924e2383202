import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Debian's headless Chromium, run through posix_spawn with a throw-away
/// profile. Every run's console is kept so callers can look for script errors.
enum Chromium {
  /// The browser, or nil when it is not installed.
  static let path: String? = {
    let dirs =
      ["/usr/bin", "/usr/local/bin", "/snap/bin"]
      + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
    for d in dirs {
      for name in ["chromium", "chromium-browser"] {
        let p = d + "/" + name
        if FileManager.default.isExecutableFile(atPath: p) { return p }
      }
    }
    return nil
  }()

  static let missing =
    "Debian's `chromium` is not installed: the HTML export cannot be checked. `make test` installs it (Makefile TEST_PACKAGES); by hand: apt-get install chromium"

  struct Run {
    var code: Int32
    var out: String
    var err: String
    /// Console lines that report a script error (uncaught exceptions, errors logged by the page).
    var scriptErrors: [String] {
      err.split(separator: "\n").map(String.init).filter {
        $0.contains(":CONSOLE") && ($0.contains("Uncaught") || $0.contains("Error"))
      }
    }
  }

  /// Runs headless Chromium on `url` with `extra` arguments; kills it after `timeout` seconds.
  static func run(_ url: String, _ extra: [String], timeout: Double = 60) throws -> Run {
    let exe = try #require(path, Comment(rawValue: missing))
    let profile = CLIHarness.tempDir()
    defer { try? FileManager.default.removeItem(at: profile) }
    let args =
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        "--hide-scrollbars",
        "--no-first-run", "--disable-extensions", "--user-data-dir=\(profile.path)",
        // why: one CSS pixel = one screenshot pixel, colours untouched, so palette matching is exact
        "--force-device-scale-factor=1", "--force-color-profile=srgb",
        // why: console messages (and uncaught exceptions) go to stderr as ":CONSOLE" lines
        "--enable-logging=stderr", "--v=0",
      ] + extra + [url]
    var env = ProcessInfo.processInfo.environment
    env["DISPLAY"] = nil
    env["WAYLAND_DISPLAY"] = nil
    let child = try Spawned.start(exe, args, env: env)
    defer { child.cleanUp() }
    let code = waitFor(timeout) { child.poll() }
    guard let code else {
      child.terminate()
      _ = child.wait()
      throw CLIError("chromium did not finish within \(timeout) s on \(url)")
    }
    return Run(code: code, out: child.out, err: child.err)
  }

  /// Screenshots `url` in a `width`×`height` window into `png`.
  static func screenshot(_ url: String, width: Int, height: Int, png: String) throws -> Run {
    try run(url, ["--window-size=\(width),\(height)", "--screenshot=\(png)"])
  }
}

/// An RGB image read through ImageMagick (`convert … ppm:`): no PNG decoder of our own.
struct RGBImage {
  let width: Int
  let height: Int
  let bytes: [UInt8]

  init(png: String) throws {
    let ppm = png + ".ppm"
    defer { unlink(ppm) }
    let child = try Spawned.start(
      "/usr/bin/env", ["convert", png, "-depth", "8", "ppm:" + ppm],
      env: ProcessInfo.processInfo.environment)
    let code = child.wait()
    defer { child.cleanUp() }
    guard code == 0, let data = FileManager.default.contents(atPath: ppm) else {
      throw CLIError("convert (ImageMagick) could not read \(png): \(child.err)")
    }
    // P6 header: "P6" width height maxval, whitespace separated, then one byte per channel
    var fields: [String] = []
    var i = 0
    var field = ""
    while fields.count < 4 && i < data.count {
      let c = data[i]
      i += 1
      if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 {
        if !field.isEmpty {
          fields.append(field)
          field = ""
        }
      } else {
        field.append(Character(UnicodeScalar(c)))
      }
    }
    guard fields.count == 4, fields[0] == "P6", let w = Int(fields[1]), let h = Int(fields[2]),
      fields[3] == "255",
      data.count - i >= w * h * 3
    else { throw CLIError("unexpected PPM from convert for \(png)") }
    width = w
    height = h
    bytes = [UInt8](data[i..<(i + w * h * 3)])
  }

  func pixel(_ x: Int, _ y: Int) -> (Double, Double, Double) {
    let k = (y * width + x) * 3
    return (Double(bytes[k]), Double(bytes[k + 1]), Double(bytes[k + 2]))
  }
}

/// Where the core puts things at one instant, from `springlab render --at T --trace`.
struct CoreFrame {
  struct Item {
    var x: Double
    var y: Double
    var scale: Double
    var alpha: Double
  }
  var deviceWidth: Double
  var deviceHeight: Double
  var main: (x: Double, y: Double)
  var items: [Item]
}

/// The HTML export (`springlab export --format css --html`) opened in
/// headless Chromium: frozen at a time with the page's `#t=` hook, each
/// item is found by its palette colour and must sit where the core's trace
/// puts it at that time.
// why: not serialized: every test starts its own X server (or Chromium with its own
// profile); serialized, the suite's tests queued behind every other test and ended the run
@Suite("HTML export in headless Chromium")
struct HTMLChromiumTests {
  static let seed000 = CLIHarness.preset("seed-000-fan.json")
  /// The items' colours in the export, in item order (cycled).
  static let palette: [(Double, Double, Double)] = [
    (0xFF, 0x95, 0x00), (0x34, 0xC7, 0x59), (0xFF, 0x2D, 0x55), (0xAF, 0x52, 0xDE),
    (0x30, 0xB0, 0xC7),
  ]
  /// The page's screen colour (#f2f2f7).
  static let screen: (Double, Double, Double) = (0xF2, 0xF2, 0xF7)
  /// Allowed distance between an item's centre in the screenshot and the core's, in screen pixels.
  /// why: CSS linear() is within 0.5 % of travel (0.6 pt on a 120 pt radius) and the colour centroid of an
  /// antialiased disc is within a few tenths of a pixel (measured ≤ 0.2 px); 1 px leaves margin, a wrong offset is ≥ several px.
  static let tolerance = 1.0
  /// Allowed error of an item's apparent radius, pixels (checks the scale the page applies).
  static let radiusTolerance = 1.0
  /// Chromium window: wider and taller than the device, so the screen's edges are visible and measurable.
  static let window = (width: 480, height: 900)

  /// Writes the export to a temporary file and returns its path.
  static func exportHTML(_ preset: String = seed000, in dir: URL) throws -> String {
    let r = try CLIHarness.run(["export", "--format", "css", "--html", "--preset", preset])
    guard r.code == 0 else { throw CLIError("export failed (\(r.code)): \(r.err)") }
    let path = dir.appendingPathComponent(
      URL(fileURLWithPath: preset).deletingPathExtension().lastPathComponent + ".html"
    ).path
    try r.out.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// The core's scene `t` seconds after a tap on the main button (`close`: after a
  /// second tap given once the bloom has settled, matching the page's `#t=…&close`).
  static func core(_ preset: String, at t: Double, close: Bool, dir: URL) throws -> CoreFrame {
    let openAt = 0.0
    let closeAt = 2.0
    let script = dir.appendingPathComponent("tap-\(UUID().uuidString).json").path
    let events =
      close
      ? #"[{"at": \#(openAt), "tap": "fan.main"}, {"at": \#(closeAt), "tap": "fan.main"}]"#
      : #"[{"at": \#(openAt), "tap": "fan.main"}]"#
    try #"{"duration": 4.0, "events": \#(events)}"#.write(
      toFile: script, atomically: true, encoding: .utf8)
    let trace = dir.appendingPathComponent("trace-\(UUID().uuidString).jsonl").path
    let at = (close ? closeAt : openAt) + t
    let r = try CLIHarness.run([
      "render", "--preset", preset, "--script", script, "--at", String(at), "--out",
      dir.appendingPathComponent("core-\(UUID().uuidString).png").path, "--size", "64x64",
      "--trace", trace,
    ])
    guard r.code == 0 else { throw CLIError("render failed (\(r.code)): \(r.err)") }
    let line = try #require(try CLIHarness.lines(trace).first)
    let device = try #require(line["device"] as? [String: Any])
    let fan = try #require(line["fan"] as? [String: Any])
    let main = try #require(fan["main"] as? [String: Any])
    let items = try #require(fan["items"] as? [[String: Any]])
    func num(_ o: [String: Any], _ k: String) throws -> Double {
      try #require((o[k] as? NSNumber)?.doubleValue)
    }
    return CoreFrame(
      deviceWidth: try num(device, "w"), deviceHeight: try num(device, "h"),
      main: (try num(main, "x"), try num(main, "y")),
      items: try items.map {
        CoreFrame.Item(
          x: try num($0, "x"), y: try num($0, "y"), scale: try num($0, "scale"),
          alpha: try num($0, "alpha"))
      })
  }

  /// The device screen's rectangle in the screenshot (its #f2f2f7 pixels' bounds).
  static func screenRect(_ img: RGBImage) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
    var x0 = Int.max
    var y0 = Int.max
    var x1 = -1
    var y1 = -1
    for y in 0..<img.height {
      for x in 0..<img.width {
        let p = img.pixel(x, y)
        if p == screen {
          x0 = min(x0, x)
          y0 = min(y0, y)
          x1 = max(x1, x)
          y1 = max(y1, y)
        }
      }
    }
    return x1 < 0 ? nil : (x0, y0, x1, y1)
  }

  /// Per palette colour: the alpha-weighted centroid and the summed coverage of its pixels in `rect`.
  /// A pixel belongs to colour C when it lies on the segment screen→C (an item at some opacity
  /// or an antialiased edge over the screen) within a few levels; coverage is its position on it.
  static func blobs(_ img: RGBImage, in rect: (x0: Int, y0: Int, x1: Int, y1: Int)) -> [(
    x: Double, y: Double, coverage: Double
  )] {
    var sums = Array(repeating: (x: 0.0, y: 0.0, w: 0.0), count: palette.count)
    let dirs = palette.map { ($0.0 - screen.0, $0.1 - screen.1, $0.2 - screen.2) }
    for y in rect.y0...rect.y1 {
      for x in rect.x0...rect.x1 {
        let p = img.pixel(x, y)
        let d = (p.0 - screen.0, p.1 - screen.1, p.2 - screen.2)
        if d.0 == 0 && d.1 == 0 && d.2 == 0 { continue }
        var best: (k: Int, a: Double, off: Double)? = nil
        for (k, c) in dirs.enumerated() {
          let cc = c.0 * c.0 + c.1 * c.1 + c.2 * c.2
          let a = (d.0 * c.0 + d.1 * c.1 + d.2 * c.2) / cc
          let r = (d.0 - a * c.0, d.1 - a * c.1, d.2 - a * c.2)
          let off = (r.0 * r.0 + r.1 * r.1 + r.2 * r.2).squareRoot()
          if off < 4, a > 0.2, a < 1.05, best == nil || off < best!.off { best = (k, a, off) }
        }
        if let b = best {
          // why: pixel centres are at +0.5 in CSS pixel coordinates
          sums[b.k].x += (Double(x) + 0.5) * b.a
          sums[b.k].y += (Double(y) + 0.5) * b.a
          sums[b.k].w += b.a
        }
      }
    }
    return sums.map { $0.w > 0 ? ($0.x / $0.w, $0.y / $0.w, $0.w) : (.nan, .nan, 0) }
  }

  /// Items the screenshot can measure: opaque enough and overlapping neither the main button nor another item.
  static func measurable(_ f: CoreFrame, itemSize: Double = 50, mainSize: Double = 56) -> [Int] {
    let r = f.items.map { itemSize / 2 * $0.scale }
    return f.items.indices.filter { i in
      let it = f.items[i]
      guard it.alpha >= 0.5 else { return false }
      let dm = hypot(it.x - f.main.x, it.y - f.main.y)
      if dm < r[i] + mainSize / 2 + 2 { return false }
      return f.items.indices.allSatisfy { j in
        j == i || f.items[j].alpha < 0.01
          || hypot(it.x - f.items[j].x, it.y - f.items[j].y) > r[i] + r[j] + 2
      }
    }
  }

  struct Measured {
    var item: Int
    var error: Double
    var radiusError: Double
  }

  /// Screenshots the page at `t` (`close`: into the collapse) and compares every measurable item with the core.
  static func compare(html: String, shot: Shot, dir: URL) throws -> [Measured] {
    let (t, close) = (shot.t, shot.close)
    let png = dir.appendingPathComponent("shot-\(t)-\(close).png").path
    let hash = close ? "#t=\(t)&close" : "#t=\(t)"
    let run = try Chromium.screenshot(
      "file://" + html + hash, width: window.width, height: window.height, png: png)
    #expect(run.code == 0, "chromium exit \(run.code): \(run.err.suffix(2000))")
    #expect(run.scriptErrors.isEmpty, "script errors in \(shot): \(run.scriptErrors)")
    let img = try RGBImage(png: png)
    #expect(img.width == window.width && img.height == window.height)
    let core = try core(CLIHarness.preset(shot.preset), at: t, close: close, dir: dir)
    let rect = try #require(screenRect(img), "no #f2f2f7 screen in the screenshot")
    // why: the page's own mapping of device points to pixels, measured from the picture rather than assumed
    let scale = Double(rect.x1 - rect.x0 + 1) / core.deviceWidth
    #expect(abs(scale - 1) < 1e-9, "the page draws the device at scale \(scale), expected 1")
    #expect(abs(Double(rect.y1 - rect.y0 + 1) - core.deviceHeight * scale) < 1)
    // why: items are told apart by colour alone, and the palette cycles after five
    try #require(core.items.count <= palette.count, "\(shot.preset): more items than colours")
    let found = blobs(img, in: rect)
    let check = measurable(core)
    return check.map { i in
      let want = core.items[i]
      let blob = found[i % palette.count]
      let px = Double(rect.x0) + want.x * scale
      let py = Double(rect.y0) + want.y * scale
      let err = blob.coverage > 0 ? hypot(blob.x - px, blob.y - py) : .infinity
      // why: coverage sums opacity over the disc, so coverage / opacity is its area
      let radius = (blob.coverage / max(want.alpha, 1e-9) / Double.pi).squareRoot()
      // why: items are 50 pt discs (the default fan.itemSize) scaled by the trace's `scale`
      return Measured(item: i, error: err, radiusError: abs(radius - 25 * want.scale * scale))
    }
  }

  /// One screenshot to check: a preset frozen `t` seconds into its bloom (or its collapse).
  struct Shot: Sendable, CustomTestStringConvertible {
    var preset: String
    var t: Double
    var close: Bool
    /// How many items must be measurable (clear of the others), so a case cannot pass vacuously.
    var atLeast: Int
    var testDescription: String { "\(preset) \(close ? "collapse" : "bloom") t=\(t)" }
  }

  static let shots: [Shot] = [
    // seed 000: stagger 0.045 s, UIKit spring 0.4 s (damping 0.72) — mid-bloom, overshoot, rest, collapse
    Shot(preset: "seed-000-fan.json", t: 0.2, close: false, atLeast: 4),
    Shot(preset: "seed-000-fan.json", t: 0.3, close: false, atLeast: 5),
    Shot(preset: "seed-000-fan.json", t: 1.0, close: false, atLeast: 5),
    Shot(preset: "seed-000-fan.json", t: 0.1, close: true, atLeast: 5),
    // seed 003: custom offsets, sequential 0.2 s springs, all-at-once collapse
    Shot(preset: "seed-003-sequential.json", t: 0.5, close: false, atLeast: 2),
    Shot(preset: "seed-003-sequential.json", t: 1.0, close: false, atLeast: 3),
    Shot(preset: "seed-003-sequential.json", t: 0.02, close: true, atLeast: 3),
  ]

  @Test(arguments: shots)
  func itemsSitWhereTheCorePutsThem(_ shot: Shot) throws {
    try #require(Chromium.path != nil, Comment(rawValue: Chromium.missing))
    let dir = CLIHarness.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let html = try Self.exportHTML(CLIHarness.preset(shot.preset), in: dir)
    let results = try Self.compare(html: html, shot: shot, dir: dir)
    #expect(
      results.count >= shot.atLeast, "\(shot): only items \(results.map(\.item)) are measurable")
    for m in results {
      #expect(
        m.error <= Self.tolerance, "\(shot) item \(m.item): \(m.error) px from the core's centre")
      #expect(
        m.radiusError <= Self.radiusTolerance,
        "\(shot) item \(m.item): radius off by \(m.radiusError) px")
    }
    let summary = results.map {
      "item \($0.item) Δ \(String(format: "%.2f", $0.error)) px r±\(String(format: "%.2f", $0.radiusError))"
    }
    print("HTMLChromium \(shot.testDescription): " + summary.joined(separator: ", "))
  }

  @Test func toggleButtonAndMainButtonToggleTheMenuWithoutScriptErrors() throws {
    try #require(Chromium.path != nil, Comment(rawValue: Chromium.missing))
    let dir = CLIHarness.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let html = try Self.exportHTML(in: dir)
    // why: a probe appended after the page's own script clicks like a user and records the fan's state in the DOM
    let probe = """
      <script>
      const states = [];
      const isOpen = () => document.getElementById("fan").classList.contains("open");
      const button = document.getElementById("toggle");
      states.push(button ? button.tagName + ":" + button.textContent : "none");
      states.push(isOpen());
      button.click(); states.push(isOpen());
      button.click(); states.push(isOpen());
      document.querySelector("#fan .main").click(); states.push(isOpen());
      const out = document.createElement("pre");
      out.id = "probe";
      out.textContent = "PROBE[" + states.join(",") + "]";
      document.body.appendChild(out);
      </script>
      """
    let probed = dir.appendingPathComponent("probe.html").path
    try (String(contentsOfFile: html, encoding: .utf8) + probe).write(
      toFile: probed, atomically: true, encoding: .utf8)
    let run = try Chromium.run("file://" + probed, ["--dump-dom"])
    #expect(run.code == 0, "chromium exit \(run.code): \(run.err.suffix(2000))")
    #expect(
      run.out.contains("PROBE[BUTTON:Toggle,false,true,false,true]"), "\(run.out.suffix(600))")
    #expect(run.scriptErrors.isEmpty, "script errors: \(run.scriptErrors)")
    // the page as shipped, opened normally (no hash), logs nothing wrong either
    let plain = try Chromium.run("file://" + html, ["--dump-dom", "--virtual-time-budget=1500"])
    #expect(plain.code == 0)
    #expect(plain.out.contains("id=\"toggle\""))
    #expect(plain.scriptErrors.isEmpty, "script errors: \(plain.scriptErrors)")
  }

  /// Guards the no-errors checks above: if Chromium's log format changed, they would pass vacuously.
  @Test func anUncaughtErrorIsSeen() throws {
    try #require(Chromium.path != nil, Comment(rawValue: Chromium.missing))
    let dir = CLIHarness.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let page = dir.appendingPathComponent("broken.html").path
    try "<!DOCTYPE html><html><body><script>notDefinedAnywhere();</script></body></html>".write(
      toFile: page, atomically: true, encoding: .utf8)
    let run = try Chromium.run("file://" + page, ["--dump-dom"])
    #expect(
      run.scriptErrors.contains { $0.contains("notDefinedAnywhere") }, "\(run.err.suffix(2000))")
  }
}
