import Foundation
import Testing

@testable import SpringLabCore

/// The finder's 3×3 blur is summed as rows of three, then three rows, and
/// `lastStillFrame` blurs only the box it reads into two reused buffers (a
/// phone recording's frames are 2.5 M pixels). These check both against the
/// plain definitions: nine reads a pixel, the frame's 1 px border left as it
/// is, and the change counts of the whole blurred frames.
@Suite("Motion finder blur")
struct MotionFinderBlurTests {
  /// The blur as defined: the rounded mean of the nine pixels around each
  /// pixel inside `rect` padded by 1 px, the frame's border unchanged.
  static func reference(_ f: GreyFrame, in rect: FrameRegion?) -> [UInt8] {
    let (w, h) = (f.width, f.height)
    let x0 = max(1, Int((rect?.x ?? 0).rounded(.down)) - 1)
    let y0 = max(1, Int((rect?.y ?? 0).rounded(.down)) - 1)
    let x1 = min(w - 1, Int(((rect.map { $0.x + $0.width }) ?? Double(w)).rounded(.up)) + 1)
    let y1 = min(h - 1, Int(((rect.map { $0.y + $0.height }) ?? Double(h)).rounded(.up)) + 1)
    var out = f.pixels
    guard x1 > x0, y1 > y0 else { return out }
    for y in y0..<y1 {
      for x in x0..<x1 {
        var acc = 0
        for dy in -1...1 {
          for dx in -1...1 { acc += Int(f.pixels[(y + dy) * w + x + dx]) }
        }
        out[y * w + x] = UInt8((acc + 4) / 9)
      }
    }
    return out
  }

  /// Frames of seeded noise (grey levels 0…255) with a bright square that
  /// starts moving at frame `moveAt`.
  static func frames(seed: UInt64, w: Int, h: Int, count: Int, moveAt: Int) -> [GreyFrame] {
    var rng = SplitMix(seed: seed)
    let base = (0..<(w * h)).map { _ in UInt8(truncatingIfNeeded: rng.next() % 40 + 100) }
    return (0..<count).map { i in
      var p = base
      for q in p.indices { p[q] &+= UInt8(truncatingIfNeeded: rng.next() % 5) }
      let sx = 2 + max(0, i - moveAt) * 2
      for y in 3..<min(h, 11) {
        for x in sx..<min(w, sx + 8) { p[y * w + x] = 250 }
      }
      return GreyFrame(width: w, height: h, pts: Double(i) / 60, pixels: p)
    }
  }

  @Test(arguments: [2601 as UInt64, 2602, 2603])
  func blurredMatchesNineReadsAPixel(seed: UInt64) {
    print("MotionFinderBlurTests seed \(seed)")
    let f = Self.frames(seed: seed, w: 37, h: 23, count: 1, moveAt: 0)[0]
    let rects: [FrameRegion?] = [
      nil, FrameRegion(x: 0, y: 0, width: 5, height: 4),
      FrameRegion(x: 30.5, y: 17.2, width: 20, height: 20),
      FrameRegion(x: -3, y: 4, width: 9.5, height: 6),
      FrameRegion(x: 12, y: 8, width: 0.5, height: 1),
    ]
    for r in rects {
      #expect(
        MotionFinder.blurred(f, in: r).pixels == Self.reference(f, in: r),
        "\(String(describing: r))")
    }
  }

  /// `lastStillFrame` over a box gives what the whole blurred frames'
  /// change counts give, for boxes inside, across and beyond the frame's edges.
  @Test(arguments: [2611 as UInt64, 2612])
  func lastStillFrameMatchesTheWholeFrameCounts(seed: UInt64) {
    print("MotionFinderBlurTests seed \(seed)")
    let frames = Self.frames(seed: seed, w: 40, h: 24, count: 20, moveAt: 14)
    let level = MotionFinder.level(frames)
    let rects: [FrameRegion?] = [
      nil, FrameRegion(x: 0, y: 0, width: 20, height: 14),
      FrameRegion(x: 10.4, y: 2.6, width: 40, height: 30),
      FrameRegion(x: -5, y: -5, width: 12, height: 12),
      FrameRegion(x: 30, y: 16, width: 4, height: 4),
      FrameRegion(x: 60, y: 60, width: 4, height: 4),
    ]
    var sawMotion = false
    for r in rects {
      let whole = frames.map {
        GreyFrame(
          width: $0.width, height: $0.height, pts: $0.pts, pixels: Self.reference($0, in: r))
      }
      let expected = MotionFinder.firstMotion(
        MotionFinder.changeCounts(whole, in: r, level: level))
      let got = MotionFinder.lastStillFrame(frames, in: r, level: level)
      #expect(
        got == expected,
        "\(String(describing: r)): \(String(describing: got)) vs \(String(describing: expected))")
      #expect(MotionFinder.lastStillFrame(frames, in: r) == got, "the level found again")
      if got != nil { sawMotion = true }
    }
    // the square's move is seen through the whole frame
    #expect(MotionFinder.lastStillFrame(frames, in: nil) == 14)
    #expect(sawMotion)
  }
}
