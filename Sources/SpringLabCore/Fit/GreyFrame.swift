import Foundation

/// One decoded video frame, 8-bit grey, row-major, `width × height` bytes,
/// shown at `pts` seconds (its presentation timestamp: recordings from phones
/// have a variable frame rate, so frame indices are never turned into times).
public struct GreyFrame: Sendable {
  public var width: Int
  public var height: Int
  public var pts: Double
  public var pixels: [UInt8]

  public init(width: Int, height: Int, pts: Double, pixels: [UInt8]) {
    precondition(pixels.count == width * height, "GreyFrame: pixel count must be width × height")
    self.width = width
    self.height = height
    self.pts = pts
    self.pixels = pixels
  }

  /// Grey level at (x, y); callers keep inside the frame.
  @inlinable public subscript(x: Int, y: Int) -> UInt8 { pixels[y * width + x] }
}

/// A rectangle in pixels: top-left corner and size.
public struct FrameRegion: Sendable, Equatable, CustomStringConvertible {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  public var centerX: Double { x + width / 2 }
  public var centerY: Double { y + height / 2 }

  /// "X,Y,W,H" as `--region` takes it.
  public var description: String {
    [x, y, width, height].map { JSONWriter.number($0, places: 1) }.joined(separator: ",")
  }

  /// Parses "X,Y,W,H" (numbers, W and H > 0); nil when malformed.
  public static func parse(_ s: String) -> FrameRegion? {
    let parts = s.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
    guard parts.count == 4, parts.allSatisfy({ $0 != nil && $0!.isFinite }) else { return nil }
    let v = parts.map { $0! }
    guard v[2] > 0, v[3] > 0 else { return nil }
    return FrameRegion(x: v[0], y: v[1], width: v[2], height: v[3])
  }
}

/// A float image used for the tracker's pyramid levels.
struct FloatImage {
  var width: Int
  var height: Int
  var data: [Float]

  init(width: Int, height: Int, data: [Float]) {
    self.width = width
    self.height = height
    self.data = data
  }

  /// The part of `frame` inside [x0, x0 + w) × [y0, y0 + h), clipped to the frame.
  init(_ frame: GreyFrame, x0: Int, y0: Int, w: Int, h: Int) {
    width = w
    height = h
    data = [Float](repeating: 0, count: w * h)
    frame.pixels.withUnsafeBufferPointer { src in
      data.withUnsafeMutableBufferPointer { dst in
        for y in 0..<h {
          let sy = min(max(y0 + y, 0), frame.height - 1)
          for x in 0..<w {
            let sx = min(max(x0 + x, 0), frame.width - 1)
            dst[y * w + x] = Float(src[sy * frame.width + sx])
          }
        }
      }
    }
  }

  /// Half size by 2×2 averaging (odd last row/column dropped).
  func halved() -> FloatImage {
    let w = max(1, width / 2)
    let h = max(1, height / 2)
    var out = [Float](repeating: 0, count: w * h)
    data.withUnsafeBufferPointer { s in
      out.withUnsafeMutableBufferPointer { d in
        for y in 0..<h {
          let y0 = min(2 * y, height - 1)
          let y1 = min(2 * y + 1, height - 1)
          for x in 0..<w {
            let x0 = min(2 * x, width - 1)
            let x1 = min(2 * x + 1, width - 1)
            d[y * w + x] =
              (s[y0 * width + x0] + s[y0 * width + x1] + s[y1 * width + x0] + s[y1 * width + x1])
              * 0.25
          }
        }
      }
    }
    return FloatImage(width: w, height: h, data: out)
  }

  /// Bilinear sample at (x, y) in pixel-centre coordinates, clamped at the edges.
  func sample(_ x: Double, _ y: Double) -> Float {
    let cx = min(max(x, 0), Double(width - 1))
    let cy = min(max(y, 0), Double(height - 1))
    let ix = min(Int(cx), width - 2 < 0 ? 0 : width - 2)
    let iy = min(Int(cy), height - 2 < 0 ? 0 : height - 2)
    let fx = Float(cx - Double(ix))
    let fy = Float(cy - Double(iy))
    let ix1 = min(ix + 1, width - 1)
    let iy1 = min(iy + 1, height - 1)
    let a = data[iy * width + ix]
    let b = data[iy * width + ix1]
    let c = data[iy1 * width + ix]
    let d = data[iy1 * width + ix1]
    return (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy
  }
}
