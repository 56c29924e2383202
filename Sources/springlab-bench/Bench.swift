import Foundation
import SpringLabCommands
import SpringLabCore

/// One named benchmark figure. `value` is nil when the measurement was
/// skipped; `note` then says why (e.g. "skipped: no Xvfb").
struct BenchResult {
  var name: String
  var value: Double?
  var unit: String
  var note: String? = nil

  init(name: String, value: Double?, unit: String, note: String? = nil) {
    self.name = name
    self.value = value
    self.unit = unit
    self.note = note
  }

  /// A figure that could not be measured, with the reason.
  static func skipped(_ name: String, unit: String, _ why: String) -> BenchResult {
    BenchResult(name: name, value: nil, unit: unit, note: why)
  }
}

/// How long and how often the bench measures. `quick` is a tiny run for
/// tests (it checks the keys, not the figures).
struct BenchOptions {
  var quick = false
  /// Groups to run ("core", "floating", "render", "export", "window", "fit"); empty runs all.
  var only: [String] = []

  /// Whether the group named `group` runs.
  func wants(_ group: String) -> Bool { only.isEmpty || only.contains(group) }
  /// Repetitions whose median is reported.
  var runs: Int { quick ? 1 : 7 }
  /// Repetitions for the slow figures (rendering, export, the window).
  var slowRuns: Int { quick ? 1 : 3 }
  /// Repetitions of each export (the export, ffmpeg alone, ffmpeg fed by a
  /// pipe, in turns): more than the other slow figures, because an export's
  /// ratio moves with whatever else shares the two cores.
  var exportRuns: Int { quick ? 1 : 5 }
}

enum Bench {
  /// Median of `runs` timings of `body`, nanoseconds per `per` operations.
  static func median(runs: Int = 7, per: Int, _ body: () -> Void) -> Double {
    var samples: [Double] = []
    for _ in 0..<max(1, runs) {
      let start = DispatchTime.now().uptimeNanoseconds
      body()
      samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(per))
    }
    return middle(samples)
  }

  /// The median of a non-empty sample (upper middle for even counts).
  static func middle(_ samples: [Double]) -> Double {
    let s = samples.sorted()
    return s[s.count / 2]
  }

  /// The q-quantile (0…1) of a sample by nearest rank; nil when empty.
  static func quantile(_ samples: [Double], _ q: Double) -> Double? {
    guard !samples.isEmpty else { return nil }
    let s = samples.sorted()
    let rank = Int((q * Double(s.count)).rounded(.up)) - 1
    return s[max(0, min(s.count - 1, rank))]
  }

  /// CPU seconds the calling thread has used.
  static func threadCPUSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }

  /// CPU seconds (user + system) used by this process and its reaped children.
  static func cpuSecondsWithChildren() -> Double {
    var me = rusage()
    var kids = rusage()
    getrusage(RUSAGE_SELF.rawValue, &me)
    getrusage(RUSAGE_CHILDREN.rawValue, &kids)
    func s(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return s(me.ru_utime) + s(me.ru_stime) + s(kids.ru_utime) + s(kids.ru_stime)
  }

  /// Seconds on the monotonic clock.
  static func seconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

  /// One classic RK4 step of `h` seconds for the spring's x'' = (−kx − cv)/m.
  @inline(__always)
  static func rk4Step(_ s: Spring, _ x: inout Double, _ v: inout Double, h: Double) {
    func acc(_ x: Double, _ v: Double) -> Double { (-s.stiffness * x - s.damping * v) / s.mass }
    let k1x = v
    let k1v = acc(x, v)
    let k2x = v + 0.5 * h * k1v
    let k2v = acc(x + 0.5 * h * k1x, v + 0.5 * h * k1v)
    let k3x = v + 0.5 * h * k2v
    let k3v = acc(x + 0.5 * h * k2x, v + 0.5 * h * k2v)
    let k4x = v + h * k3v
    let k4v = acc(x + h * k3x, v + h * k3v)
    x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
    v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
  }

  /// Fixed-step RK4 at 1 ms with linear interpolation between steps, as
  /// Rebound and Pop animate, sampled at the given times.
  static func rk4Samples(_ s: Spring, x0: Double, v0: Double, times: [Double]) -> [Double] {
    let h = 0.001
    var x = x0
    var v = v0
    var t = 0.0
    var out: [Double] = []
    out.reserveCapacity(times.count)
    var prevX = x
    for target in times {
      while t + h <= target + 1e-12 {
        prevX = x
        rk4Step(s, &x, &v, h: h)
        t += h
      }
      // why: Rebound renders the previous state blended toward the current one,
      // which is where its lag comes from
      let alpha = (target - t) / h
      out.append(prevX * (1 - alpha) + x * alpha)
    }
    return out
  }

  /// RK4's own states on its 1 ms grid (no interpolation): x at 0, 1 ms, …,
  /// `steps` ms.
  static func rk4States(_ s: Spring, x0: Double, v0: Double, steps: Int) -> [Double] {
    let h = 0.001
    var x = x0
    var v = v0
    var out = [x]
    for _ in 0..<steps {
      rk4Step(s, &x, &v, h: h)
      out.append(x)
    }
    return out
  }

  /// Motion math, scene steps and floating physics (pure CPU, in process).
  static func core(_ o: BenchOptions) -> [BenchResult] {
    var r: [BenchResult] = []
    let u = UIKitSpring(duration: 0.4, dampingRatio: 0.72, velocity: 0.6)
    let s = u.spring
    let times = (0..<24).map { Double($0) / 60 }  // 0.4 s at 60 fps
    var sink = 0.0
    let reps = o.quick ? 20 : 2000
    let closed = median(runs: o.runs, per: 24 * reps) {
      for _ in 0..<reps { for t in times { sink += s.state(at: t, x0: -1, v0: 0.6).x } }
    }
    let rk = median(runs: o.runs, per: 24 * reps) {
      for _ in 0..<reps { sink += rk4Samples(s, x0: -1, v0: 0.6, times: times).last! }
    }
    // why: the closed form is the exact solution, so its error is zero by
    // construction; the RK4 error is measured against it at every frame time
    let exact = times.map { s.state(at: $0, x0: -1, v0: 0.6).x }
    let approx = rk4Samples(s, x0: -1, v0: 0.6, times: times)
    let rkErr = zip(exact, approx).map { abs($0 - $1) }.max()! * 100
    r.append(BenchResult(name: "spring.closedForm.nsPerFrame", value: closed, unit: "ns"))
    r.append(BenchResult(name: "spring.rk4_1ms.nsPerFrame", value: rk, unit: "ns"))
    r.append(BenchResult(name: "spring.closedForm.maxErrorPercent", value: 0, unit: "% of travel"))
    r.append(
      BenchResult(
        name: "spring.rk4_1ms.maxErrorPercent", value: rkErr, unit: "% of travel",
        note: "RK4 + Rebound-style interpolation, at 60 fps frame times"))
    // why: the total mixes two causes; RK4's own error is its state on its
    // 1 ms grid, the lag is the interpolation applied to exact grid states.
    let rkGrid = rk4States(s, x0: -1, v0: 0.6, steps: 400)
    let ownErr =
      rkGrid.enumerated().map { abs(s.state(at: Double($0) * 0.001, x0: -1, v0: 0.6).x - $1) }
      .max()! * 100
    let lagErr =
      times.map { t -> Double in
        let n = (t / 0.001 + 1e-9).rounded(.down)
        let prev = s.state(at: max(0, (n - 1) * 0.001), x0: -1, v0: 0.6).x
        let cur = s.state(at: n * 0.001, x0: -1, v0: 0.6).x
        let alpha = (t - n * 0.001) / 0.001
        let shown = n == 0 ? cur : prev * (1 - alpha) + cur * alpha
        return abs(shown - s.state(at: t, x0: -1, v0: 0.6).x)
      }.max()! * 100
    r.append(
      BenchResult(
        name: "spring.rk4_1ms.integrationErrorPercent", value: ownErr, unit: "% of travel",
        note: "RK4 alone on its 1 ms grid, 0…0.4 s"))
    r.append(
      BenchResult(
        name: "spring.rk4_1ms.interpolationLagPercent", value: lagErr, unit: "% of travel",
        note: "the interpolation on exact states, at 60 fps frame times"))
    r.append(
      BenchResult(
        name: "uikit.solve.ns",
        value: median(runs: o.runs, per: 200) {
          for k in 0..<200 {
            sink +=
              UIKitSpring(duration: 0.4 + Double(k) * 1e-6, dampingRatio: 0.72, velocity: 0.6)
              .spring.stiffness
          }
        }, unit: "ns"))
    // scene: one frame of the built-in seed preset while blooming (kept for comparison with older runs)
    var scene = Scene(preset: .seedDefault)
    scene.send(.pointerDown(scene.mainCenter))
    scene.send(.pointerUp(scene.mainCenter))
    let frames = o.quick ? 60 : 600
    let frameNs = median(runs: o.runs, per: frames) {
      var sc = scene
      for k in 1...frames {
        sc.advance(to: Double(k) / 600)
        sink += sc.fanItems(at: sc.now).last!.center.x
      }
    }
    r.append(BenchResult(name: "scene.seed000.frameMicros", value: frameNs / 1000, unit: "µs"))
    r += scenePresets(o, sink: &sink)
    if sink == 42.4242 { print("") }
    return r
  }

  /// The seed presets shipped in `presets/`.
  static let seedPresets = [
    "seed-000-fan", "seed-002-bubble", "seed-003-sequential", "seed-004-ring",
  ]

  /// The shipped `presets/` folder: in the working directory, else above the
  /// executable (`.build/<triple>/release/springlab` → the package root).
  static func presetsFolder() -> String? {
    var candidates = [FileManager.default.currentDirectoryPath + "/presets"]
    var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    for _ in 0..<5 {
      candidates.append(dir.appendingPathComponent("presets").path)
      dir = dir.deletingLastPathComponent()
    }
    return candidates.first { FileManager.default.fileExists(atPath: $0 + "/seed-000-fan.json") }
  }

  /// Scene step (µs per 60 fps frame) for each seed preset, replaying the
  /// render demo (bloom, item tap, bubble drag, bubble menu) so every part moves.
  static func scenePresets(_ o: BenchOptions, sink: inout Double) -> [BenchResult] {
    guard let folder = presetsFolder() else {
      return seedPresets.map {
        .skipped("scene.\($0).stepMicros", unit: "µs", "skipped: presets/ not found")
      }
    }
    var out: [BenchResult] = []
    for name in seedPresets {
      guard let p = try? PresetReader.load(path: "\(folder)/\(name).json") else {
        out.append(
          .skipped("scene.\(name).stepMicros", unit: "µs", "skipped: cannot load \(name).json"))
        continue
      }
      let frames = o.quick ? 30 : Int(RenderCommand.demo.duration * 60)
      var local = 0.0
      let ns = median(runs: o.runs, per: frames) {
        var sc = Scene(preset: p)
        var player = ScriptPlayer(RenderCommand.demo)
        for k in 1...frames {
          let t = Double(k) / 60
          player.run(&sc, until: t)
          for v in sc.fanItems(at: t) { local += v.center.x }
          local += sc.bubble.center(at: t).y
        }
      }
      sink += local
      out.append(BenchResult(name: "scene.\(name).stepMicros", value: ns / 1000, unit: "µs"))
    }
    return out
  }

  /// Floating mode at 100, 1,000 and 10,000 bubbles (µs per 1/240 s step).
  /// The screen grows with the count so the density (and so the collisions
  /// per bubble) stays that of 100 bubbles of radius 10 on an iPhone 15:
  /// a linear algorithm then shows a growth ratio near 10 per 10×.
  // why: the three sizes are timed in turns, round after round, so a burst
  // of load from a neighbour on a shared machine lands on all of them alike
  // instead of skewing the one that happened to run during it
  static func floating(_ o: BenchOptions, sink: inout Double) -> [BenchResult] {
    let counts = [100, 1000, 10_000]
    var fields = counts.map { n -> FloatingField in
      let grow = (Double(n) / 100).squareRoot()
      var f = FloatingField(
        count: n, radius: 10, speed: 80, restitution: 0.9, width: 393 * grow, height: 852 * grow)
      // why: let the initial overlaps resolve so the timed steps are typical
      for _ in 0..<(o.quick ? 2 : 20) { f.step(dt: 1.0 / 240) }
      return f
    }
    var samples = Array(repeating: [Double](), count: counts.count)
    for _ in 0..<(o.quick ? 1 : 3 * o.runs) {
      for (i, n) in counts.enumerated() {
        let steps = o.quick ? 2 : max(10, 200_000 / n)
        // why: one untimed step brings this field back into the caches the
        // other sizes used meanwhile, as back-to-back steps find it
        fields[i].step(dt: 1.0 / 240)
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<steps { fields[i].step(dt: 1.0 / 240) }
        let ns = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(steps)
        samples[i].append(ns / 1000)
      }
    }
    for f in fields { sink += f.bodies[0].x }
    let perStep = samples.map(middle)
    var out = zip(counts, perStep).map {
      BenchResult(name: "floating.\($0).stepMicros", value: $1, unit: "µs")
    }
    let rounds = "median of \(samples[0].count) rounds, sizes timed in turns"
    out.append(
      BenchResult(
        name: "floating.growth.100to1000", value: perStep[1] / perStep[0],
        unit: "× per 10× bubbles", note: rounds))
    out.append(
      BenchResult(
        name: "floating.growth.1000to10000", value: perStep[2] / perStep[1],
        unit: "× per 10× bubbles", note: rounds))
    return out
  }

  /// Scripts at 30 fps to their end (100 s), as `render --at 99` plays them:
  /// 16,000 drags of 60 s spread over 0…30 s, all overlapping, against 16,000
  /// moves over the same 30 s, each decoded from its JSON text and played
  /// (the issue 22 figure: > 170 s for the drags before; goal ≤ 2× the
  /// moves), then the playing alone, and the drags at a tenth of the count
  /// (linear: about 10× from 1,600 to 16,000).
  static func scripts(_ o: BenchOptions, sink: inout Double) -> [BenchResult] {
    let n = o.quick ? 1_600 : 16_000
    func scripts(_ n: Int) -> (drags: InputScript, moves: InputScript) {
      var dragEvents: [ScriptEvent] = []
      var moveEvents: [ScriptEvent] = []
      for k in 0..<n {
        let p = Point(Double(20 + k % 300), Double(100 + k % 500))
        let at: Double = 30 * Double(k) / Double(n)
        dragEvents.append(ScriptEvent(at: at, .drag(.point(p), to: Point(300, 500), over: 60)))
        moveEvents.append(ScriptEvent(at: at, .move(p)))
      }
      return (
        InputScript(duration: 100, events: dragEvents),
        InputScript(duration: 100, events: moveEvents)
      )
    }
    let (drags, moves) = scripts(n)
    let few = scripts(n / 10).drags
    let dragText = Data(drags.text.utf8)
    let moveText = Data(moves.text.utf8)
    func play(_ script: InputScript) {
      var scene = Scene(preset: .seedDefault)
      var player = ScriptPlayer(script)
      for k in 1...Int(script.duration * 30) { player.run(&scene, until: Double(k) / 30) }
      sink += scene.now
    }
    func timed(_ body: () -> Void) -> Double {
      let t0 = seconds()
      body()
      return seconds() - t0
    }
    func loadAndPlay(_ text: Data) -> Double {
      timed {
        guard let script = try? InputScript.decode(text, file: "bench.json") else { return }
        play(script)
      }
    }
    // why: all in turns, the middle of five, so a neighbour's burst of load
    // lands on each alike
    var (dl, ml, d, m, f): ([Double], [Double], [Double], [Double], [Double]) = ([], [], [], [], [])
    for _ in 0..<(o.quick ? 1 : 5) {
      dl.append(loadAndPlay(dragText))
      ml.append(loadAndPlay(moveText))
      d.append(timed { play(drags) })
      m.append(timed { play(moves) })
      f.append(timed { play(few) })
    }
    let note = "\(n) events, 3000 frames at 30 fps, median of \(dl.count)"
    return [
      BenchResult(
        name: "script.overlappingDrags.loadAndPlaySeconds", value: middle(dl), unit: "s",
        note: note + ", \(dragText.count / 1024) KB decoded"),
      BenchResult(
        name: "script.moves.loadAndPlaySeconds", value: middle(ml), unit: "s",
        note: note + ", \(moveText.count / 1024) KB decoded"),
      BenchResult(
        name: "script.overlappingDrags.vsMoves", value: middle(dl) / max(middle(ml), 1e-9),
        unit: "×", note: "decode + play, as render --at 99; goal ≤ 2"),
      BenchResult(
        name: "script.overlappingDrags.playSeconds", value: middle(d), unit: "s", note: note),
      BenchResult(name: "script.moves.playSeconds", value: middle(m), unit: "s", note: note),
      BenchResult(
        name: "script.overlappingDrags.playVsMoves", value: middle(d) / max(middle(m), 1e-9),
        unit: "×",
        note:
          "playing alone: a drag is a press, moves and a release; a move with nothing pressed does almost nothing"
      ),
      BenchResult(
        name: "script.overlappingDrags.growth10x", value: middle(d) / max(middle(f), 1e-9),
        unit: "× per 10× drags", note: "\(n / 10) → \(n) drags; linear is 10"),
    ]
  }

  /// Everything, in table order.
  static func all(_ o: BenchOptions) -> [BenchResult] {
    // why: every figure says how many threads produced it; the core figures
    // are all timed on the calling thread alone.
    var sink = 0.0
    let coreGroup =
      (o.wants("core") ? core(o) + scripts(o, sink: &sink) : [])
      + (o.wants("floating") ? floating(o, sink: &sink) : [])
    if sink == 42.4242 { print("") }
    let coreResults = coreGroup.map { r -> BenchResult in
      var r = r
      r.note = r.note.map { "1 thread, " + $0 } ?? "1 thread"
      return r
    }
    // why: the calibration comes first and with every `--only`, so each run
    // carries the figures its others are read against (docs/PERFORMANCE.md)
    return BenchCalibration.all(o) + coreResults + BenchRender.all(o)
      + (o.wants("window") ? BenchWindow.all(o) : [])
      + (o.wants("fit") ? BenchFit.all(o) : [])
  }
}
