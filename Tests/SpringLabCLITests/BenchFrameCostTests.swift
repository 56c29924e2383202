import Testing

@testable import springlab_bench

/// `window.toggle.cpuPerFrame*` charges a frame with what the window did for
/// it, not with what it did while idle before the key that started the motion.
@Suite struct BenchFrameCostTests {
  @Test func idleWorkBeforeAMotionIsNotChargedToItsFirstFrame() {
    // present 0 at 1.000 s; idle until 5.000 s (housekeeping up to 4.900 s of CPU);
    // the key, then frames at 5.002, 5.003 s of process CPU
    let log = "1.000 100 0\n5.002 50 4.900\n5.003 60 4.900\n"
    let costs = BenchWindow.frameCosts(cpuLog: log, count: 3) { _ in true }
    #expect(costs.count == 2)
    #expect(abs(costs[0] - 102) < 1e-6, "from the idle moment: \(costs)")
    #expect(abs(costs[1] - 1) < 1e-6, "from the previous present: \(costs)")
  }

  @Test func anOlderTwoColumnLogCountsFromThePreviousPresent() {
    let costs = BenchWindow.frameCosts(cpuLog: "1.0 5\n1.002 7\n", count: 2) { _ in true }
    #expect(costs.count == 1)
    #expect(abs(costs[0] - 2) < 1e-6)
  }

  @Test func onlyCountedFramesAndLoggedLinesAreUsed() {
    let log = "1.0 1 0\n1.001 1 0\n1.003 1 0\n1.006 1 0\n"
    let costs = BenchWindow.frameCosts(cpuLog: log, count: 3) { $0 != 1 }
    // frame 1 is not counted; frame 3 has no trace line (count 3)
    #expect(costs.count == 1)
    #expect(abs(costs[0] - 2) < 1e-6)
  }
}
