import CCairo
import Foundation
import SpringLabCore
import Testing

@testable import SpringLabRender

extension RenderTests {
  /// The shadow drawn from each pixel's distance (`DistanceMask`) gives the
  /// pixels Cairo's concentric radial gradient gave, which it replaced for
  /// speed (issue 23: shadows were two thirds of the window's drawing).
  @Suite struct DistanceMaskTests {
    /// The gradient the rasteriser used before: the same stops, padded.
    static func cairoGradient(
      _ cr: OpaquePointer, _ cx: Double, _ cy: Double, _ r: Double, _ blur: Double,
      _ rgb: (Double, Double, Double), _ a: Double
    ) {
      let outer = r + max(blur, 0.5)
      let pattern = cairo_pattern_create_radial(cx, cy, r, cx, cy, outer)!
      defer { cairo_pattern_destroy(pattern) }
      for (offset, k) in DistanceMask.stops {
        cairo_pattern_add_color_stop_rgba(pattern, offset, rgb.0, rgb.1, rgb.2, a * k)
      }
      cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
      cairo_new_path(cr)
      cairo_arc(cr, cx, cy, outer, 0, 2 * .pi)
      cairo_set_source(cr, pattern)
      cairo_fill(cr)
    }

    /// Largest channel difference between the two ways over a grey frame.
    static func largestDifference(
      cx: Double, cy: Double, r: Double, blur: Double, rgb: (Double, Double, Double), a: Double,
      clip: (Double, Double, Double, Double)? = nil
    ) throws -> (Int, Int) {
      let size = 160
      let old = try FrameBuffer(width: size, height: size)
      let new = try FrameBuffer(width: size, height: size)
      var mask = DistanceMask()
      for (buffer, useMask) in [(old, false), (new, true)] {
        let cr = buffer.cairo
        cairo_set_source_rgb(cr, 0.8, 0.8, 0.8)
        cairo_paint(cr)
        if let c = clip {
          cairo_rectangle(cr, c.0, c.1, c.2, c.3)
          cairo_clip(cr)
        }
        if useMask {
          mask.paint(
            cr, cx: cx, cy: cy, r: r, blur: blur, red: rgb.0, green: rgb.1, blue: rgb.2, alpha: a)
        } else {
          cairoGradient(cr, cx, cy, r, blur, rgb, a)
        }
        cairo_reset_clip(cr)
        cairo_surface_flush(buffer.surface)
      }
      var worst = 0
      var changed = 0
      for y in 0..<size {
        for x in 0..<size {
          for ch in 0..<4 {
            let o = y * old.stride + x * 4 + ch
            let a = Int(old.bytes.load(fromByteOffset: o, as: UInt8.self))
            let b = Int(new.bytes.load(fromByteOffset: o, as: UInt8.self))
            worst = max(worst, abs(a - b))
          }
          let o = y * old.stride + x * 4
          if old.bytes.load(fromByteOffset: o, as: UInt32.self) != 0xFFCC_CCCC { changed += 1 }
        }
      }
      return (worst, changed)
    }

    @Test(arguments: [
      (80.0, 80.0, 25.0, 6.0, 0.19), (80.3, 81.7, 12.4, 9.0, 0.31), (79.5, 80.5, 60.0, 18.0, 0.5),
      (80.0, 82.0, 3.0, 0.2, 1.0), (40.0, 120.0, 30.0, 12.0, 0.05),
    ])
    func matchesCairosRadialGradientWithinOneLevel(
      cx: Double, cy: Double, r: Double, blur: Double, alpha: Double
    ) throws {
      let (worst, changed) = try Self.largestDifference(
        cx: cx, cy: cy, r: r, blur: blur, rgb: (0, 0.227, 0.5), a: alpha)
      // why: the shadow must have drawn something, or equality proves nothing
      #expect(changed > Int(Double.pi * r * r * 0.9))
      // why: below a pixel of blur the whole fall-off sits inside one pixel,
      // where Cairo also anti-aliases the outer circle's edge; a few levels
      // there, one level (rounding) wherever the shadow is as drawn (≥ 1 px)
      let allowed = blur < 1 ? 4 : 1
      #expect(
        worst <= allowed, "r \(r) blur \(blur) alpha \(alpha): a channel differs by \(worst)")
    }

    @Test func onlyTheClipIsComputedAndTheResultStillMatches() throws {
      let (worst, changed) = try Self.largestDifference(
        cx: 80, cy: 80, r: 30, blur: 10, rgb: (0, 0, 0), a: 0.3, clip: (50, 60, 17, 45))
      #expect(changed > 0 && changed <= 17 * 45)
      #expect(worst <= 1)
    }

    @Test func strengthFallsFromOneToZeroAcrossTheBlur() {
      #expect(DistanceMask.strength(-1) == 1)
      #expect(DistanceMask.strength(0) == 1)
      #expect(abs(DistanceMask.strength(0.25) - 0.62) < 1e-12)
      #expect(abs(DistanceMask.strength(0.625) - 0.22) < 1e-12)
      #expect(DistanceMask.strength(1) == 0)
      #expect(DistanceMask.strength(.nan) == 1 || DistanceMask.strength(.nan) == 0)
    }

    @Test func aPixelSquaresShareOfAnEdgeIsExact() {
      // axis-aligned: linear across the pixel
      #expect(DistanceMask.squareShare(inside: 0.25, normal: (1, 0)) == 0.75)
      #expect(DistanceMask.squareShare(inside: -0.5, normal: (0, 1)) == 0)
      // diagonal: a corner triangle of legs 0.5 when the edge passes a quarter diagonal in
      let d = 0.5.squareRoot()
      let corner = DistanceMask.squareShare(inside: -d / 2, normal: (d, d))
      #expect(abs(corner - 0.125) < 1e-12)
      // the two sides of any edge share the square
      var rng = SplitMix(seed: 2323)
      print("squareShare symmetry seed 2323")
      for _ in 0..<500 {
        let angle = Double(rng.next() % 10_000) / 10_000 * 2 * .pi
        let u = Double(rng.next() % 10_000) / 10_000 * 1.6 - 0.8
        let n = (cos(angle), sin(angle))
        let sum =
          DistanceMask.squareShare(inside: u, normal: n)
          + DistanceMask.squareShare(inside: -u, normal: n)
        #expect(abs(sum - 1) < 1e-9, "angle \(angle) u \(u)")
      }
    }

    /// A disc drawn from distances covers its true area and differs from
    /// the exact coverage less than Cairo's path fill does.
    @Test(arguments: [(40.0, 40.0, 25.0), (40.37, 39.81, 11.2), (40.5, 40.5, 2.5)])
    func aDiscCoversItsAreaAndItsEdgeIsExact(cx: Double, cy: Double, r: Double) throws {
      let size = 80
      let cairo = try FrameBuffer(width: size, height: size)
      let mask = try FrameBuffer(width: size, height: size)
      var m = DistanceMask()
      for (buffer, useMask) in [(cairo, false), (mask, true)] {
        let cr = buffer.cairo
        cairo_set_source_rgb(cr, 0, 0, 0)
        cairo_paint(cr)
        if useMask {
          m.paintDisc(cr, cx: cx, cy: cy, r: r, red: 1, green: 1, blue: 1, alpha: 1)
        } else {
          cairo_arc(cr, cx, cy, r, 0, 2 * .pi)
          cairo_set_source_rgb(cr, 1, 1, 1)
          cairo_fill(cr)
        }
        cairo_surface_flush(buffer.surface)
      }
      // the exact coverage by 32 × 32 samples per pixel, near the edge
      func exact(_ x: Int, _ y: Int) -> Double {
        var inside = 0
        for j in 0..<32 {
          for i in 0..<32 {
            let px = Double(x) + (Double(i) + 0.5) / 32 - cx
            let py = Double(y) + (Double(j) + 0.5) / 32 - cy
            if px * px + py * py < r * r { inside += 1 }
          }
        }
        return Double(inside) / 1024 * 255
      }
      var area = 0.0
      var (maskError, cairoError) = (0.0, 0.0)
      for y in 0..<size {
        for x in 0..<size {
          let o = y * cairo.stride + x * 4
          let a = Double(cairo.bytes.load(fromByteOffset: o, as: UInt8.self))
          let b = Double(mask.bytes.load(fromByteOffset: o, as: UInt8.self))
          area += b / 255
          let d =
            ((Double(x) + 0.5 - cx) * (Double(x) + 0.5 - cx)
            + (Double(y) + 0.5 - cy) * (Double(y) + 0.5 - cy)).squareRoot()
          guard abs(d - r) < 1 else { continue }
          let e = exact(x, y)
          maskError = max(maskError, abs(b - e))
          cairoError = max(cairoError, abs(a - e))
        }
      }
      let truth = Double.pi * r * r
      #expect(abs(area - truth) < 0.002 * truth + 1, "area \(area) vs πr² \(truth)")
      // why: the 32 × 32 sampling itself is within about 4 levels of exact;
      // Cairo's coverage (its own sampling grid) was as far or farther
      print("disc r \(r): worst edge level error, mask \(maskError), Cairo \(cairoError)")
      // why: a tangent stands in for the arc inside each edge pixel, which a
      // tiny disc's curvature makes a few levels less exact
      let allowed = r < 4 ? 8.0 : 4.0
      #expect(
        maskError <= allowed, "an edge pixel is \(maskError) levels from its exact coverage")
      #expect(maskError <= cairoError + 1)
    }
  }
}
