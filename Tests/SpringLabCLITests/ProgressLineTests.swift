import Foundation
import Testing

@testable import SpringLabCommands

/// The progress line's text as a pure function of the counts and the time so far.
@Suite("Progress line")
struct ProgressLineTests {
  @Test func doneTotalPercentAndTimeLeft() {
    #expect(
      ProgressLine.format("render", done: 120, total: 300, unit: "frames", elapsed: 2)
        == "render: 120/300 frames, 40 %, 0:03 left")
    #expect(
      ProgressLine.format("render", done: 1, total: 3, unit: "frames", elapsed: 65)
        == "render: 1/3 frames, 33 %, 2:10 left")
    #expect(
      ProgressLine.format("fit", done: 1, total: 100, unit: "frames", elapsed: 40)
        == "fit: 1/100 frames, 1 %, 1:06:00 left")
  }

  @Test func theEndsAndOutOfRangeCounts() {
    #expect(
      ProgressLine.format("render", done: 0, total: 10, unit: "frames", elapsed: 0)
        == "render: 0/10 frames, 0 %, … left")
    #expect(
      ProgressLine.format("render", done: 10, total: 10, unit: "frames", elapsed: 7.5)
        == "render: 10/10 frames, 100 %, 0:00 left")
    #expect(
      ProgressLine.format("render", done: 12, total: 10, unit: "frames", elapsed: 1)
        == "render: 10/10 frames, 100 %, 0:00 left")
    #expect(
      ProgressLine.format("render", done: 5, total: 10, unit: "frames", elapsed: .nan)
        == "render: 5/10 frames, 50 %, … left")
  }

  /// A render long enough to draw the line, with stderr a pipe: not a byte of it.
  @Test func noLineWhenStderrIsAPipe() throws {
    let out = CLIHarness.tempDir().appendingPathComponent("frames").path + "/"
    let r = try CLIHarness.run(["render", "--out", out, "--fps", "20"])
    #expect(r.code == 0, "\(r.err)")
    #expect(
      !r.err.contains("\r") && !r.err.contains("\u{1B}[K") && !r.err.contains("render: "),
      "\(r.err)")
  }

  static let script = "/usr/bin/script"

  /// The same render on a terminal (util-linux `script` gives it one): the
  /// line is drawn with `\r`, counts up to every frame and is erased before
  /// the summary.
  @Test(
    .enabled(if: FileManager.default.isExecutableFile(atPath: script), "needs util-linux script"))
  func aLineOnATerminalErasedAtTheEnd() throws {
    let out = CLIHarness.tempDir().appendingPathComponent("frames").path + "/"
    let command = "'\(CLIHarness.binary)' render --out '\(out)' --fps 30"
    let child = try Spawned.start(
      Self.script, ["-qfec", command, "/dev/null"], env: ProcessInfo.processInfo.environment)
    let code = child.wait()
    defer { child.cleanUp() }
    let tty = child.out
    #expect(code == 0, "\(tty)")
    #expect(tty.contains("\rrender: "), "\(tty)")
    #expect(tty.contains("render: 150/150 frames, 100 %, 0:00 left\u{1B}[K"), "\(tty)")
    #expect(tty.contains("\r\u{1B}[Kwrote "), "\(tty)")
  }

  @Test func aLineOnlyOnATerminalAndForSomeWork() {
    #expect(ProgressLine.onTerminal("render", total: 10, unit: "frames", isTerminal: false) == nil)
    #expect(ProgressLine.onTerminal("render", total: 10, unit: "frames", isTerminal: true) != nil)
    #expect(ProgressLine.onTerminal("render", total: 0, unit: "frames", isTerminal: true) == nil)
  }
}
