import Foundation
import Testing

@testable import SpringLabCore

/// Samples of a fan menu opening at 0.2 s, as a tracker would give them:
/// each item's centre (pixels) at 60 Hz once it is 20 % of the way out (the
/// main button hides the start), `pixelsPerPoint` 2, origin (300, 700) px.
func syntheticMenu(
  count n: Int, radius: Double, start: Double, end: Double, spring u: UIKitSpring,
  stagger: Double, order: FanOrder
) -> [(region: FrameRegion, samples: [MotionSample], pixelStart: Double?)] {
  let delays = MotionPlan.delays(count: n, stagger: stagger, order: order)
  let angles = FanLayout.arcAngles(count: n, start: start, end: end, inset: false)
  return (0..<n).map { k in
    let a = angles[k] * .pi / 180
    let (dx, dy) = (2 * radius * cos(a), 2 * radius * sin(a))
    let samples = (0..<90).compactMap { i -> MotionSample? in
      let t = Double(i) / 60
      let tau = t - 0.2 - delays[k]
      let p = tau <= 0 ? 0 : u.progress(at: tau).p
      guard p >= 0.2 else { return nil }
      return MotionSample(t: t, x: 300 + dx * p, y: 700 + dy * p)
    }
    return (FrameRegion(x: 300 + dx - 20, y: 700 + dy - 20, width: 40, height: 40), samples, nil)
  }
}

@Suite("MenuFit: the whole fan menu from tracked items")
struct FitMenuModelTests {
  /// Exact samples give back the menu: the stagger, order, arc and spring.
  @Test(arguments: [FanOrder.forward, .reverse, .center])
  func exactSamplesGiveBackTheMenu(order: FanOrder) throws {
    let u = UIKitSpring(duration: 0.45, dampingRatio: 0.7, velocity: 0.5)
    let items = syntheticMenu(
      count: 5, radius: 110, start: 190, end: 265, spring: u, stagger: 0.04, order: order)
    let fit = try MenuFit.fit(items: items, origin: (302, 697), pixelsPerPoint: 2)
    #expect(fit.order == order)
    #expect(abs(fit.stagger - 0.04) < 1e-4, "\(fit.stagger)")
    #expect(abs(fit.radius - 110) < 0.05, "\(fit.radius)")
    #expect(abs(fit.startAngle - 190) < 0.05 && abs(fit.endAngle - 265) < 0.05)
    #expect(abs(fit.spring.dampingRatio / u.spring.dampingRatio - 1) < 1e-3)
    #expect(abs(fit.response * u.spring.naturalFrequency / (2 * .pi) - 1) < 1e-3)
    #expect(abs(fit.originX - 300) < 0.05 && abs(fit.originY - 700) < 0.05)
    let p = try #require(fit.applied(to: .seedDefault))
    #expect(p.fan.count == 5 && p.fan.expand.order == order && p.fan.layout == .arc)
    #expect(abs(p.fan.expand.duration - 0.45) < 0.005, "\(p.fan.expand.duration)")
    // saved as the decimals they were rounded to, without float noise
    // (seen: "damping": 0.7221000000000001)
    let f = p.fan
    for (x, places) in [
      (f.radius, 1), (f.startAngle, 1), (f.endAngle, 1), (f.expand.duration, 4),
      (f.expand.damping, 4), (f.expand.velocity, 2), (f.expand.stagger, 4),
    ] {
      let spelled = JSONWriter.number(x)
      let decimals = spelled.split(separator: ".").dropFirst().first?.count ?? 0
      #expect(decimals <= places, "\(spelled) has more than \(places) decimals")
    }
  }

  /// A velocity within 2 σ of 0 is written as 0, and the UIKit duration is
  /// then the fitted spring's at velocity 0 (ω0 and ζ kept); one the
  /// recording pins is kept.
  @Test func aVelocityTheRecordingDoesNotPinIsWrittenAsZero() throws {
    let u = UIKitSpring(duration: 0.45, dampingRatio: 0.7, velocity: 0.5)
    let items = syntheticMenu(
      count: 5, radius: 110, start: 190, end: 265, spring: u, stagger: 0.04, order: .forward)
    var fit = try MenuFit.fit(items: items, origin: (302, 697), pixelsPerPoint: 2)
    fit.velocity = -3.09
    fit.uncertainty.velocity = 6.69
    #expect(fit.presetVelocity == 0)
    let p = try #require(fit.applied(to: .seedDefault))
    #expect(p.fan.expand.velocity == 0)
    let back = UIKitSpring(
      duration: p.fan.expand.duration, dampingRatio: p.fan.expand.damping, velocity: 0
    ).spring
    #expect(abs(back.naturalFrequency / fit.spring.naturalFrequency - 1) < 1e-3)
    fit.velocity = 2
    fit.uncertainty.velocity = 0.5
    #expect(fit.presetVelocity == 2)
    #expect(try #require(fit.applied(to: .seedDefault)).fan.expand.velocity == 2)
  }

  /// The arc is reported with its angles increasing and unwrapped past 360°.
  @Test func arcOrderStartsAfterTheWidestGap() {
    let (order, angles) = MenuFit.arcOrder([350, 10, 330, 30])
    #expect(order == [2, 0, 1, 3])
    #expect(angles == [330, 350, 370, 390])
  }
}
