import Foundation
import Testing

@testable import SpringLabCore

@Suite("Timelines")
struct TimelineTests {
  static let eps = 1e-9

  func progress(_ m: FanMenu, _ i: Int, _ t: Double) -> Double { m.items[i].sample(t).x }

  @Test func seedExpandStartsEachItemAfterItsStagger() {
    let cfg = shipped("seed-000-fan.json").fan
    let t0 = 1.0
    var m = FanMenu(config: cfg)
    let acted = m.toggle(at: t0)
    #expect(acted)
    for i in 0..<5 {
      let start = t0 + Double(i) * 0.045
      #expect(progress(m, i, start) == 0, "item \(i) has not moved at its start")
      #expect(progress(m, i, start - 0.001) == 0)
      #expect(progress(m, i, start + 0.002) > 0, "item \(i) moves right after \(start)")
      // UIKit's initial velocity: 0.6 of the distance per second
      #expect(near(m.items[i].sample(start).v, 0.6, 1e-12))
      // UIKit snaps onto the target at exactly its duration
      #expect(progress(m, i, start + 0.4) == 1)
      #expect(progress(m, i, start + 0.4 - 0.001) != 1)
    }
    // the last item starts at 0.18 s
    #expect(near(m.items[4].tweens[0].start - t0, 0.18, 1e-12))
    #expect(progress(m, 4, t0 + 0.179) == 0)
  }

  @Test func seedPhasesAndRotation() {
    let cfg = shipped("seed-000-fan.json").fan
    let t0 = 2.0
    var m = FanMenu(config: cfg)
    #expect(m.phase(at: t0) == .collapsed)
    m.toggle(at: t0)
    #expect(m.phase(at: t0) == .expanding)
    #expect(m.phase(at: t0 + 0.58 - 1e-6) == .expanding)
    #expect(m.phase(at: t0 + 0.58 + 1e-9) == .expanded)
    #expect(near(m.motionEnd, t0 + 0.58, 1e-12))
    // rotation: 0 → 45° over 0.25 s, ease-in-out
    #expect(m.mainRotation(at: t0) == 0)
    #expect(near(m.mainRotation(at: t0 + 0.125), 22.5, 1e-6))
    #expect(m.mainRotation(at: t0 + 0.2) < 45)
    #expect(m.mainRotation(at: t0 + 0.25) == 45)
    #expect(m.mainRotation(at: t0 + 10) == 45)
    m.advance(to: t0 + 0.6)
    #expect(m.phase == .expanded)
  }

  @Test func visualsAtRestAndMidway() {
    let cfg = shipped("seed-000-fan.json").fan
    let d = Device.iPhone15
    let main = FanLayout.mainCenter(cfg, device: d)
    let offs = FanLayout.offsets(cfg, device: d)
    var m = FanMenu(config: cfg)
    let closed = m.visuals(at: 0, main: main, offsets: offs)
    for v in closed {
      #expect(v.center == main && v.alpha == 0 && v.scale == 0.4)
    }
    m.toggle(at: 0)
    let open = m.visuals(at: 1, main: main, offsets: offs)
    for (i, v) in open.enumerated() {
      #expect(near(v.center, main + offs[i], 1e-12) && v.alpha == 1 && v.scale == 1)
    }
    // the spring overshoots: scale goes past 1 on the way (damping 0.72)
    let peak = stride(from: 0.0, through: 0.4, by: 0.001).map {
      m.visuals(at: $0, main: main, offsets: offs)[0].scale
    }.max()!
    #expect(peak > 1.0)
  }

  @Test func delayOrders() {
    #expect(
      MotionPlan.delays(count: 5, stagger: 0.045, order: .forward).enumerated().allSatisfy {
        near($0.element, Double($0.offset) * 0.045, 1e-15)
      })
    let rev = MotionPlan.delays(count: 5, stagger: 0.03, order: .reverse)
    #expect(rev.enumerated().allSatisfy { near($0.element, Double(4 - $0.offset) * 0.03, 1e-15) })
    let c5 = MotionPlan.delays(count: 5, stagger: 0.05, order: .center)
    for (got, want) in zip(c5, [0.1, 0.05, 0, 0.05, 0.1]) { #expect(near(got, want, 1e-15)) }
    let c4 = MotionPlan.delays(count: 4, stagger: 0.05, order: .center)
    for (got, want) in zip(c4, [0.05, 0, 0, 0.05]) { #expect(near(got, want, 1e-15)) }
    #expect(MotionPlan.delays(count: 1, stagger: 0.05, order: .center) == [0])
    #expect(MotionPlan.delays(count: 0, stagger: 0.05, order: .reverse) == [])
  }

  @Test func reverseAndCentreExpandOrdersInAMenu() {
    var cfg = shipped("seed-000-fan.json").fan
    cfg.expand.order = .reverse
    var m = FanMenu(config: cfg)
    m.toggle(at: 0)
    #expect(progress(m, 4, 0.01) > 0)
    #expect(progress(m, 0, 0.179) == 0)
    #expect(progress(m, 0, 0.185) > 0)
    cfg.expand.order = .center
    var c = FanMenu(config: cfg)
    c.toggle(at: 0)
    #expect(progress(c, 2, 0.01) > 0)
    #expect(progress(c, 1, 0.044) == 0 && progress(c, 3, 0.044) == 0)
    #expect(progress(c, 1, 0.05) > 0 && progress(c, 3, 0.05) > 0)
    #expect(progress(c, 0, 0.089) == 0 && progress(c, 4, 0.089) == 0)
    #expect(near(c.motionEnd, 0.09 + 0.4, 1e-12))
  }

  @Test func sequentialChainingOfSeed003() {
    let cfg = shipped("seed-003-sequential.json").fan
    var m = FanMenu(config: cfg)
    m.toggle(at: 0)
    for i in 0..<3 {
      let start = Double(i) * 0.2
      #expect(near(m.items[i].tweens[0].start, start, 1e-12))
      #expect(progress(m, i, start) == 0)
      #expect(progress(m, i, start + 0.005) > 0)
      #expect(progress(m, i, start + 0.2) == 1)
      // velocity 0.5 of the distance per second at the start
      #expect(near(m.items[i].sample(start).v, 0.5, 1e-12))
    }
    // item 1 waits for item 0 to end
    #expect(progress(m, 1, 0.199) == 0)
    #expect(m.phase(at: 0.6 - 1e-6) == .expanding)
    #expect(m.phase(at: 0.6 + 1e-9) == .expanded)
    // the spring is damping 0.5 over 0.2 s
    if case .spring(let s, let snap) = m.items[0].tweens[0].curve {
      #expect(snap)
      #expect(abs(s.dampingRatio - 0.5) < 1e-9)
      #expect(abs(s.stiffness - 4022.80) < 0.01)
    } else {
      Issue.record("seed 003 expands with a spring")
    }
  }

  @Test func seed003CollapsesAllAtOnceWithItsSpring() {
    let cfg = shipped("seed-003-sequential.json").fan
    var m = FanMenu(config: cfg, open: true)
    m.toggle(at: 5)
    for i in 0..<3 {
      #expect(m.items[i].tweens[0].start == 5)
      #expect(progress(m, i, 5.3) == 0)
      #expect(progress(m, i, 5.1) < 1)
      #expect(
        near(m.items[i].sample(5).v, -1.0, 1e-12), "velocity 1.0 of the distance toward the button")
    }
    if case .spring(let s, _) = m.items[0].tweens[0].curve {
      #expect(abs(s.stiffness - 965.01) < 0.01 && abs(s.damping - 46.60) < 0.01)
    } else {
      Issue.record("seed 003 collapses with a spring")
    }
    #expect(m.phase(at: 5.3 + 1e-9) == .collapsed)
  }

  @Test func overshootPhasesOfSeed004() {
    let p = shipped("seed-004-ring.json")
    let cfg = p.fan
    let d = Device.named(p.device)
    let main = FanLayout.mainCenter(cfg, device: d)
    let offs = FanLayout.offsets(cfg, device: d)
    var m = FanMenu(config: cfg)
    m.toggle(at: 0)
    func dist(_ t: Double, _ i: Int) -> Double {
      m.visuals(at: t, main: main, offsets: offs)[i].center.distance(to: main)
    }
    for i in 0..<6 {
      #expect(near(dist(0.3, i), 112, 1e-9), "radius + 12 at 0.3 s")
      #expect(near(dist(0.4, i), 100, 1e-9), "back to the radius at 0.4 s")
      #expect(dist(0.35, i) > 100 && dist(0.35, i) < 112)
      #expect(dist(0.15, i) < 112)
    }
    // ease-in-out never passes its end points: 112 is the farthest
    let farthest = stride(from: 0.0, through: 0.5, by: 0.0005).map { dist($0, 0) }.max()!
    #expect(farthest <= 112 + 1e-9)
    // the out phase is ease-in-out: half-way in time is half-way out
    #expect(near(dist(0.15, 0), 56, 1e-6))
    #expect(m.phase(at: 0.4 + 1e-9) == .expanded)
    #expect(m.phase(at: 0.4 - 1e-6) == .expanding)
  }

  @Test func seedCollapseIsEaseInInReverseOrder() {
    let cfg = shipped("seed-000-fan.json").fan
    var m = FanMenu(config: cfg, open: true)
    #expect(m.phase == .expanded)
    let t0 = 3.0
    m.toggle(at: t0)
    #expect(m.phase(at: t0) == .collapsing)
    for i in 0..<5 {
      let start = t0 + Double(4 - i) * 0.03
      #expect(near(m.items[i].tweens[0].start, start, 1e-12), "last out, first in")
      #expect(progress(m, i, start) == 1)
      let mid = progress(m, i, start + 0.125)
      #expect(near(mid, 1 - CubicBezier.easeIn.value(at: 0.5), 1e-9))
      // ease-in: slow start — after 10 % of the time, much less than 10 % of the way
      #expect(1 - progress(m, i, start + 0.025) < 0.05)
      #expect(progress(m, i, start + 0.25) == 0)
    }
    #expect(progress(m, 0, t0 + 0.119) == 1, "the first item waits for the others")
    #expect(m.mainRotation(at: t0 + 0.2) == 0)
    #expect(near(m.mainRotation(at: t0 + 0.1), 22.5, 1e-6))
    #expect(near(m.motionEnd, t0 + 0.37, 1e-12))
    #expect(m.phase(at: t0 + 0.37 + 1e-9) == .collapsed)
    // collapse is quicker than expand (0.37 s < 0.58 s)
    #expect(m.motionEnd - t0 < 0.58)
  }

  @Test func tweenEndpointsAndVelocityBlend() {
    let t = Tween(start: 1, from: 10, to: 20, v0: 30, duration: 0.5, curve: .bezier(.caDefault))
    #expect(t.sample(1).x == 10)
    #expect(t.sample(1.5).x == 20)
    #expect(t.sample(0.5).x == 10)
    // the blend keeps the initial velocity: (20−10)·slope(0) + v0
    let v = t.sample(1 + 1e-7).v
    #expect(abs(v - (10 * CubicBezier.caDefault.slope(at: 0) / 0.5 + 30)) < 1e-3 * abs(v))
    // a track with no tweens sits at rest
    #expect(Track(rest: 3).sample(100).x == 3)
    #expect(Track(rest: 3).final == 3)
  }

  @Test func bezierCurvesAreAccurate() {
    for b in [
      CubicBezier.easeIn, .easeOut, .easeInOut, .caDefault, .linear,
      CubicBezier(0.9, -0.5, 0.1, 1.5),
    ] {
      var prevX = -1.0
      for k in 0...1000 {
        let x = Double(k) / 1000
        let t = b.parameter(forX: x)
        let u = 1 - t
        let bx = 3 * u * u * t * b.x1 + 3 * u * t * t * b.x2 + t * t * t
        #expect(abs(bx - x) <= 1e-7, "\(b) at \(x)")
        #expect(t >= prevX - 1e-12)
        prevX = t
      }
      #expect(b.value(at: 0) == 0 && b.value(at: 1) == 1)
    }
    #expect(abs(CubicBezier.easeInOut.value(at: 0.5) - 0.5) < 1e-7)
  }

  @Test func aTweenIsOnItsTargetAtExactlyItsEnd() {
    // regression: t − start rounded below the duration at t == end
    var rng = SeededGenerator(seed: 11)
    for _ in 0..<10_000 {
      let start = Double.random(in: 0...100, using: &rng)
      let d = Double.random(in: 0.01...2, using: &rng)
      for curve in [
        TweenCurve.bezier(.easeIn), .spring(Spring(stiffness: 500, damping: 30), snapAtEnd: true),
      ] {
        let tw = Tween(start: start, from: 0, to: 1, duration: d, curve: curve)
        #expect(tw.sample(tw.end).x == 1, "start \(start) duration \(d)")
      }
    }
  }
}
