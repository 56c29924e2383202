import Foundation
import SpringLabCore
import Testing

@testable import SpringLabUI

/// The window's own fixed-decimal printing gives exactly what
/// `String(format: "%.Nf")` gives (minus "-0"), or steps aside.
@Suite struct FixedFormatTests {
  static func reference(_ v: Double, _ d: Int) -> String {
    let s = String(format: "%.\(d)f", v)
    if Double(s) == 0, s.hasPrefix("-") { return String(s.dropFirst()) }
    return s
  }

  @Test func agreesWithPrintfOnSeededValues() {
    let seed: UInt64 = 0x5EED_F1C5
    print("FixedFormatTests seed \(seed)")
    var rng = SplitMix(seed: seed)
    var fast = 0
    for k in 0..<200_000 {
      let magnitude = pow(10, Double(rng.next() % 12) - 5)
      let u = Double(rng.next() >> 11) / Double(1 << 53)
      var v = (u * 2 - 1) * magnitude
      // why: every fourth value sits on or next to a decimal tie, where printf's rounding bites
      if k % 4 == 0 { v = (v * 1000).rounded() / 1000 + 0.0005 * (k % 8 == 0 ? 1 : -1) }
      let d = Int(rng.next() % 7)
      if let f = ValueFormat.fixed(v, decimals: d) {
        fast += 1
        #expect(f == Self.reference(v, d), "\(v) at \(d) decimals")
      }
      #expect(ValueFormat.number(v, decimals: d) == Self.reference(v, d), "\(v) at \(d) decimals")
    }
    // why: the fast path must be the usual one, or it saves nothing
    #expect(fast > 150_000, "\(fast) of 200000 took the fast path")
  }

  @Test func edgeCases() {
    #expect(ValueFormat.number(-0.0001, decimals: 3) == "0.000")
    #expect(ValueFormat.number(-0.0, decimals: 0) == "0")
    #expect(ValueFormat.number(0.248, decimals: 3) == "0.248")
    #expect(ValueFormat.number(-12.5, decimals: 0) == Self.reference(-12.5, 0))
    #expect(ValueFormat.number(2.5, decimals: 0) == "2")
    #expect(ValueFormat.number(0.0005, decimals: 3) == Self.reference(0.0005, 3))
    #expect(ValueFormat.number(1e12, decimals: 2) == "1000000000000.00")
    #expect(ValueFormat.number(.infinity, decimals: 2) == "inf")
    #expect(ValueFormat.fixed(.nan, decimals: 2) == nil)
    #expect(ValueFormat.number(7, decimals: 10) == "7.0000000000")
  }
}
