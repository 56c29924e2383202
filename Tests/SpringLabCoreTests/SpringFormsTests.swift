import Testing

@testable import SpringLabCore

@Suite("Spring forms")
struct SpringFormsTests {
  func close(_ a: Double, _ b: Double, _ rel: Double = 1e-9) -> Bool {
    abs(a - b) <= rel * max(abs(a), abs(b), 1e-12)
  }

  @Test func uikitSwiftUIAndPhysicsRoundTripToARelative1eMinus9() throws {
    let seed: UInt64 = 0x5EED_0012
    print("SpringFormsTests seed \(seed)")
    var rng = SplitMix(seed: seed)
    var checked = 0
    for _ in 0..<400 {
      let d = Double.random(in: 0.1...2, using: &rng)
      let z = Double.random(in: 0.1...0.98, using: &rng)
      let v = Double.random(in: 0...3, using: &rng)
      let m1 = SpringForms.fromUIKit(duration: d, damping: z, velocity: v)
      // why: UIKit's settle equation has no root when ζω0 ≤ v (a slow, loose
      // spring thrown hard); UIKitSpring then falls back to ω0 = 5/T, a spring
      // UIKit's own form cannot name back. Only springs all forms express count.
      let w0 = m1.spring.naturalFrequency
      guard abs(UIKitSpring.residual(w0, duration: d, zeta: z, velocity: v)) < 1e-9 else {
        continue
      }
      // SwiftUI duration & bounce, then response & damping fraction
      let db = SpringForms.swiftUIDurationBounce(m1)
      let m2 = SpringForms.fromSwiftUI(duration: db.duration, bounce: db.bounce, velocity: v)
      let rd = SpringForms.swiftUIResponse(m2)
      let m3 = SpringForms.fromSwiftUI(
        response: rd.response, dampingFraction: rd.dampingFraction, velocity: v)
      // physics with another mass: the same k/m and c/m
      let mass = Double.random(in: 0.5...3, using: &rng)
      let phys = SpringMotion(
        spring: Spring(
          mass: mass, stiffness: m3.spring.stiffness / m3.spring.mass * mass,
          damping: m3.spring.damping / m3.spring.mass * mass), velocity: v)
      let u = try #require(
        try? SpringForms.uikit(phys).get(),
        "d \(d) z \(z) v \(v) ω0 \(m1.spring.naturalFrequency): \(SpringForms.uikit(phys))")
      let m4 = SpringForms.fromUIKit(duration: u.duration, damping: u.damping, velocity: u.velocity)
      for m in [m2, m3, phys, m4] {
        #expect(close(m.spring.stiffness / m.spring.mass, m1.spring.stiffness / m1.spring.mass))
        #expect(close(m.spring.damping / m.spring.mass, m1.spring.damping / m1.spring.mass))
        #expect(close(m.velocity, m1.velocity))
      }
      #expect(close(u.duration, d, 1e-8) && close(u.damping, z, 1e-9))
      checked += 1
    }
    #expect(checked >= 300, "\(checked) of 400 springs expressible in every form")
  }

  @Test func formsThatCannotExpressASpringSayWhy() {
    let over = SpringMotion(spring: Spring(mass: 1, stiffness: 200, damping: 40), velocity: 0)
    guard case .failure(let e) = SpringForms.uikit(over) else {
      Issue.record("an overdamped spring has no UIKit form")
      return
    }
    #expect(e.reason.contains("overdamped"))
    let soft = SpringMotion(spring: Spring(mass: 1, stiffness: 0.01, damping: 0.1), velocity: 0)
    guard case .failure(let e2) = SpringForms.uikit(soft) else {
      Issue.record("a spring settling after minutes has no UIKit duration")
      return
    }
    #expect(e2.reason.contains("outside its 0.01…10 s"), "\(e2.reason)")
  }
}
