import Foundation
import SpringLabCore
import SpringLabUI
import Testing

@testable import SpringLabRender

extension RenderTests {
  /// An export converts to yuv420p only the boxes that changed since the
  /// previous frame; the planes must still be those of the whole frame.
  @Suite struct ChangedBoxConversionTests {
    /// A `w` × `h` BGRA frame filled by `colour(x, y)`.
    static func frame(_ w: Int, _ h: Int, _ colour: (Int, Int) -> (UInt8, UInt8, UInt8)) -> [UInt8]
    {
      var px = [UInt8](repeating: 255, count: w * h * 4)
      for y in 0..<h {
        for x in 0..<w {
          let (r, g, b) = colour(x, y)
          px[(y * w + x) * 4] = b
          px[(y * w + x) * 4 + 1] = g
          px[(y * w + x) * 4 + 2] = r
        }
      }
      return px
    }

    /// Odd box edges grow to whole 2 × 2 blocks, boxes past the frame are
    /// clipped, an empty list converts nothing, nil converts everything.
    @Test func boxesGrowToWholeChromaBlocksAndAreClipped() {
      let (w, h) = (8, 6)
      let grey = Self.frame(w, h) { _, _ in (40, 40, 40) }
      // a red patch at x 3…4, y 1…2: straddles blocks (1,0), (2,0), (1,1), (2,1)
      let patched = Self.frame(w, h) { x, y in
        (3...4).contains(x) && (1...2).contains(y) ? (250, 10, 10) : (40, 40, 40)
      }
      var whole = YUV420Converter(width: w, height: h)
      var partial = YUV420Converter(width: w, height: h)
      grey.withUnsafeBytes { partial.convert(bgra: $0.baseAddress!, stride: w * 4, only: nil) }
      patched.withUnsafeBytes {
        whole.convert(bgra: $0.baseAddress!, stride: w * 4)
        partial.convert(bgra: $0.baseAddress!, stride: w * 4, only: [])
      }
      #expect(partial.planes != whole.planes, "an empty list must leave the old frame")
      patched.withUnsafeBytes {
        partial.convert(
          bgra: $0.baseAddress!, stride: w * 4,
          only: [PixelBox(x0: 3, y0: 1, x1: 5, y1: 3), PixelBox(x0: 7, y0: 5, x1: 40, y1: 40)])
      }
      #expect(partial.planes == whole.planes)
    }

    /// The demo rendered as an export renders it (frame k into buffer k mod
    /// 3, incrementally), each frame converted only where it changed since
    /// the previous one: the planes equal a whole conversion of the same
    /// pixels, and most frames convert only a part.
    @Test func convertingOnlyChangedBoxesEqualsConvertingTheWholeFrame() throws {
      let (w, h, fps) = (640, 360, 30.0)
      let font = try #require(FontLocator.locate())
      let rasterizer = CairoRasterizer(textCache: try TextCache(fontPath: font))
      let pool = try (0..<3).map { _ in try FrameBuffer(width: w, height: h) }
      var partial = YUV420Converter(width: w, height: h)
      var whole = YUV420Converter(width: w, height: h)
      var previous: DrawList?
      var partialFrames = 0
      var failed = false
      let demo = DemoFrames(width: w, height: h, scale: 1, fps: fps, seconds: 4)
      let frames = Int(demo.seconds * fps)
      demo.forEach { k, t, dl in
        guard !failed else { return }
        let changed = previous.map { rasterizer.damage(from: $0, to: dl, width: w, height: h) }
        previous = dl
        let buffer = pool[k % pool.count]
        rasterizer.render(dl, into: buffer, incremental: true)
        if let c = changed, c.reduce(0, { $0 + $1.area }) < w * h / 2 { partialFrames += 1 }
        buffer.withBytes {
          partial.convert(bgra: $0.baseAddress!, stride: buffer.stride, only: changed)
          whole.convert(bgra: $0.baseAddress!, stride: buffer.stride)
        }
        // why: a pixel on the edge of a box the rasteriser redrew may round
        // one level apart between two buffers (see RasterQualityTests); more
        // than that, or many such bytes, is a box that missed a change.
        var differing = 0
        var worst = 0
        for i in whole.planes.indices where whole.planes[i] != partial.planes[i] {
          differing += 1
          worst = max(worst, abs(Int(whole.planes[i]) - Int(partial.planes[i])))
        }
        if worst > 1 || differing * 1000 > whole.planes.count {
          Issue.record("frame \(k) (t = \(t)): \(differing) bytes differ, by up to \(worst)")
          failed = true
        }
      }
      #expect(partialFrames > frames / 2, "\(partialFrames) of \(frames) frames converted a part")
    }
  }
}
