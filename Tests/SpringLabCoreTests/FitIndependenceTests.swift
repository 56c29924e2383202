import Foundation
import Testing

@testable import SpringLabCore

/// The model choice weighs its evidence by how many samples are really
/// independent: residuals that follow one another (a compressed video) count
/// as fewer samples.
@Suite("Fit evidence and correlated residuals")
struct FitIndependenceTests {
  @Test func whiteResidualsCountWholeAndCorrelatedOnesLess() {
    let seed: UInt64 = 2533
    print("independence: seed \(seed)")
    var rng = SplitMix(seed: seed)
    let white = (0..<2000).map { _ in FitChannelTests.gauss(&rng) }
    #expect(abs(MotionFit.independence(white) - 1) < 0.1, "\(MotionFit.independence(white))")
    // AR(1) with ρ = 0.8: (1 − ρ)/(1 + ρ) = 0.111
    var x = 0.0
    let ar = (0..<4000).map { _ -> Double in
      x = 0.8 * x + FitChannelTests.gauss(&rng)
      return x
    }
    #expect(abs(MotionFit.independence(ar) - 0.111) < 0.03, "\(MotionFit.independence(ar))")
    #expect(MotionFit.independence([]) == 1 && MotionFit.independence([1, 1, 1]) == 1)
  }
}
