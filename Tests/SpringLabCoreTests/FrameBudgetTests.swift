import Testing

@testable import SpringLabCore

@Suite("Frame budget")
struct FrameBudgetTests {
  @Test func withinTheBudgetEveryFrameIsKept() {
    var b = FrameBudget<Int>(maxBytes: 1000, bytesPerFrame: 100)
    for i in 0..<10 { b.offer(i) }
    #expect(b.keptEvery == 1)
    #expect(b.kept.map(\.frame) == Array(0..<10))
    #expect(b.held == 1000 && !b.overBudget)
  }

  @Test func beyondItTheRateHalvesOverTheWholeClip() {
    var b = FrameBudget<Int>(maxBytes: 1000, bytesPerFrame: 100)
    for i in 0..<100 { b.offer(i) }
    // 100 frames in at most 10 slots: every 16th (7 frames) after halving four times
    #expect(b.keptEvery == 16)
    #expect(b.kept.map(\.index) == [0, 16, 32, 48, 64, 80, 96])
    #expect(b.kept.map(\.frame) == b.kept.map(\.index))
    #expect(b.held <= b.maxBytes)
    #expect(b.offered == 100)
    // the kept frames span the clip, not only its start
    #expect((b.kept.last?.index ?? 0) >= 90)
  }

  @Test func twoFramesAlwaysStayAndTooLargeFramesSaySo() {
    var b = FrameBudget<Int>(maxBytes: 100, bytesPerFrame: 80)
    b.offer(0)
    #expect(!b.overBudget)
    b.offer(1)
    #expect(b.overBudget, "two frames exceed the budget")
    #expect(b.kept.count == 2)
  }
}
