import Foundation
import SpringLabPlatform
import SpringLabUI
import Testing

@testable import SpringLabRender

extension RenderTests {
  /// yuv420p frames larger than ffmpeg's pipe are handed to it without a
  /// copy (vmsplice) from two plane buffers used in turns; each buffer is
  /// converted where either of the last two frames changed.
  @Suite struct ZeroCopyEncodeTests {
    /// A 1280 × 720 BGRA frame: a grey ramp with an orange square whose
    /// left edge is at `x`.
    static func frame(squareAt x: Int) -> [UInt8] {
      var px = ramp
      px.withUnsafeMutableBufferPointer { p in
        for y in 300..<420 {
          for col in x..<min(1280, x + 120) {
            let i = (y * 1280 + col) * 4
            (p[i], p[i + 1], p[i + 2]) = (20, 140, 250)
          }
        }
      }
      return px
    }

    /// The background: a ramp, so a box converted in the wrong place shows.
    static let ramp: [UInt8] = {
      let (w, h) = (1280, 720)
      var px = [UInt8](repeating: 255, count: w * h * 4)
      px.withUnsafeMutableBufferPointer { p in
        for y in 0..<h {
          for col in 0..<w {
            let i = (y * w + col) * 4
            (p[i], p[i + 1], p[i + 2]) = (
              UInt8(truncatingIfNeeded: col / 5), UInt8(truncatingIfNeeded: y / 3), 90
            )
          }
        }
      }
      return px
    }()

    /// Encodes `positions` (the square's x per frame) at 1280 × 720, each
    /// frame with the boxes it changed since the previous one, as an export
    /// passes them; nil boxes where `unknown` says so.
    static func encode(
      _ positions: [Int], unknown: Set<Int>, zeroCopy: Bool, to path: String
    ) throws -> Bool {
      let encoder = try VideoEncoder(
        outputPath: path, width: 1280, height: 720, fps: 30, input: .yuv420p, zeroCopy: zeroCopy)
      for (k, x) in positions.enumerated() {
        let before = k == 0 ? x : positions[k - 1]
        let changed: [PixelBox]? =
          unknown.contains(k)
          ? nil
          : before == x
            ? [] : [PixelBox(x0: min(before, x), y0: 300, x1: max(before, x) + 120, y1: 420)]
        try frame(squareAt: x).withUnsafeBytes { try encoder.write(frame: $0, changed: changed) }
      }
      let spliced = encoder.splicesInput
      try encoder.finish()
      return spliced
    }

    /// Moves, pauses (no change: an empty box list), a frame whose changes
    /// are unknown, and moves back: the file equals the one written by
    /// copying every converted frame into the pipe.
    @Test func framesHandedOverWithoutACopyEncodeToTheSameFile() throws {
      try #require(ExecutableSearch.find("ffmpeg") != nil, "ffmpeg not installed")
      try #require(ChildProcess.canSpliceInput, "this system has no vmsplice")
      let dir = try makeTempDir()
      defer { try? FileManager.default.removeItem(at: dir) }
      let positions = [0, 40, 80, 80, 80, 200, 640, 600, 600, 100, 100, 1000]
      let spliced = dir.appendingPathComponent("spliced.mp4").path
      let copied = dir.appendingPathComponent("copied.mp4").path
      #expect(try Self.encode(positions, unknown: [6], zeroCopy: true, to: spliced))
      #expect(try !Self.encode(positions, unknown: [6], zeroCopy: false, to: copied))
      let a = try Data(contentsOf: URL(fileURLWithPath: spliced))
      let b = try Data(contentsOf: URL(fileURLWithPath: copied))
      #expect(a.count > 1000)
      #expect(a == b, "the spliced export differs from the copied one")
    }

    /// Frames smaller than the pipe are copied: a pipe holding several of
    /// them could still be reading a buffer when its turn comes again.
    @Test func framesSmallerThanThePipeAreCopied() throws {
      try #require(ExecutableSearch.find("ffmpeg") != nil, "ffmpeg not installed")
      let dir = try makeTempDir()
      defer { try? FileManager.default.removeItem(at: dir) }
      let encoder = try VideoEncoder(
        outputPath: dir.appendingPathComponent("small.mp4").path, width: 320, height: 240,
        fps: 30, input: .yuv420p)
      #expect(!encoder.splicesInput)
      encoder.cancel()
    }
  }
}
