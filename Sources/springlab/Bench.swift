import Foundation
import SpringLabCore

/// Named benchmark figures.
struct BenchResult {
  var name: String
  var value: Double
  var unit: String
}

enum Bench {
  /// Median of `runs` timings of `body`, nanoseconds per `per` operations.
  static func median(runs: Int = 7, per: Int, _ body: () -> Void) -> Double {
    var samples: [Double] = []
    for _ in 0..<runs {
      let start = DispatchTime.now().uptimeNanoseconds
      body()
      samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(per))
    }
    samples.sort()
    return samples[samples.count / 2]
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
    func acc(_ x: Double, _ v: Double) -> Double { (-s.stiffness * x - s.damping * v) / s.mass }
    var prevX = x
    for target in times {
      while t + h <= target + 1e-12 {
        prevX = x
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
        t += h
      }
      // why: Rebound renders the previous state blended toward the current one,
      // which is where its lag comes from
      let alpha = (target - t) / h
      out.append(prevX * (1 - alpha) + x * alpha)
    }
    return out
  }

  static func all() -> [BenchResult] {
    var r: [BenchResult] = []
    let u = UIKitSpring(duration: 0.4, dampingRatio: 0.72, velocity: 0.6)
    let s = u.spring
    let times = (0..<24).map { Double($0) / 60 }  // 0.4 s at 60 fps
    var sink = 0.0
    let closed = median(per: 24 * 2000) {
      for _ in 0..<2000 { for t in times { sink += s.state(at: t, x0: -1, v0: 0.6).x } }
    }
    let rk = median(per: 24 * 2000) {
      for _ in 0..<2000 { sink += rk4Samples(s, x0: -1, v0: 0.6, times: times).last! }
    }
    let exact = times.map { s.state(at: $0, x0: -1, v0: 0.6).x }
    let approx = rk4Samples(s, x0: -1, v0: 0.6, times: times)
    let rkErr = zip(exact, approx).map { abs($0 - $1) }.max()! * 100
    r.append(BenchResult(name: "spring.closedForm.nsPerFrame", value: closed, unit: "ns"))
    r.append(BenchResult(name: "spring.rk4_1ms.nsPerFrame", value: rk, unit: "ns"))
    r.append(BenchResult(name: "spring.closedForm.maxErrorPercent", value: 0, unit: "% of travel"))
    r.append(BenchResult(name: "spring.rk4_1ms.maxErrorPercent", value: rkErr, unit: "% of travel"))
    r.append(BenchResult(name: "uikit.solve.ns", value: median(per: 200) { for _ in 0..<200 { sink += u.spring.stiffness } }, unit: "ns"))
    // scene: one frame of the seed preset while blooming
    var scene = Scene(preset: .seedDefault)
    scene.send(.pointerDown(scene.mainCenter))
    scene.send(.pointerUp(scene.mainCenter))
    let frameNs = median(per: 600) {
      var sc = scene
      for k in 1...600 {
        sc.advance(to: Double(k) / 600)
        sink += sc.fanItems(at: sc.now).last!.center.x
      }
    }
    r.append(BenchResult(name: "scene.seed000.frameMicros", value: frameNs / 1000, unit: "µs"))
    for n in [100, 1000, 10_000] {
      var f = FloatingField(count: n, radius: 10, speed: 80, restitution: 0.9, width: 393, height: 852)
      if n == 10_000 { f = FloatingField(count: n, radius: 2, speed: 80, restitution: 0.9, width: 393, height: 852) }
      let steps = n >= 10_000 ? 20 : 100
      let ns = median(runs: 5, per: steps) { for _ in 0..<steps { f.step(dt: 1.0 / 240) } }
      r.append(BenchResult(name: "floating.\(n).stepMicros", value: ns / 1000, unit: "µs"))
    }
    if sink == 42.4242 { print("") }
    return r
  }
}
