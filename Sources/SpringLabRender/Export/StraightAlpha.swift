/// Premultiplied BGRA (Cairo's ARGB32: each colour already multiplied by
/// alpha) → straight BGRA (colour independent of alpha), which is what
/// ffmpeg's `bgra` input means and what ProRes 4444 and VP9 carry with their
/// alpha plane. Without it a half-covered edge pixel would be stored at half
/// its brightness and show as a dark fringe once composited. Reuses one
/// output buffer.
public struct StraightAlphaConverter {
  public let width: Int
  public let height: Int
  /// The converted frame: tightly packed B, G, R, A bytes, rows top to bottom.
  public private(set) var pixels: [UInt8]

  /// - Precondition: `width`, `height` ≥ 1.
  public init(width: Int, height: Int) {
    precondition(width >= 1 && height >= 1)
    self.width = width
    self.height = height
    pixels = [UInt8](repeating: 0, count: width * height * 4)
  }

  /// One channel of a pixel with alpha `a` (1…254) back to straight colour:
  /// c × 255 / a, rounded to nearest (Cairo's own PNG writer rounds the same
  /// way), at most 255 (a channel above its alpha is not premultiplied data).
  @inline(__always)
  static func unpremultiply(_ c: UInt8, _ a: UInt32) -> UInt8 {
    UInt8(min(255, (UInt32(c) * 255 + a / 2) / a))
  }

  /// Converts one frame of premultiplied BGRA bytes (`stride` bytes per row).
  /// A fully transparent pixel becomes (0, 0, 0, 0); an opaque one is copied.
  public mutating func convert(premultiplied bgra: UnsafeRawPointer, stride: Int) {
    let w = width
    let h = height
    let src = bgra.assumingMemoryBound(to: UInt8.self)
    pixels.withUnsafeMutableBufferPointer { out in
      let dst = out.baseAddress!
      for y in 0..<h {
        let s = src + y * stride
        let d = dst + y * w * 4
        for x in 0..<w {
          let i = x * 4
          let a = s[i + 3]
          switch a {
          case 255:
            d[i] = s[i]
            d[i + 1] = s[i + 1]
            d[i + 2] = s[i + 2]
          case 0:
            d[i] = 0
            d[i + 1] = 0
            d[i + 2] = 0
          default:
            let a32 = UInt32(a)
            d[i] = Self.unpremultiply(s[i], a32)
            d[i + 1] = Self.unpremultiply(s[i + 1], a32)
            d[i + 2] = Self.unpremultiply(s[i + 2], a32)
          }
          d[i + 3] = a
        }
      }
    }
  }
}
