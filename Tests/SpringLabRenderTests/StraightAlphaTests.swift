import Testing

@testable import SpringLabRender

extension RenderTests {
  /// Premultiplied (Cairo) → straight alpha (ffmpeg's bgra) for `.mov` and
  /// `.webm` with transparency.
  @Suite struct StraightAlphaTests {
    @Test func everyColourAndAlphaComesBackWithinRounding() {
      // premultiply each straight value as Cairo does (rounded to 8 bits),
      // convert back, and compare with the original: the error is at most
      // what 8-bit premultiplication loses, 255 / (2a), plus one
      var c = StraightAlphaConverter(width: 256, height: 255)
      var premultiplied = [UInt8](repeating: 0, count: 256 * 255 * 4)
      for a in 1...255 {
        for v in 0...255 {
          let i = ((a - 1) * 256 + v) * 4
          let p = UInt8((v * a + 127) / 255)
          premultiplied[i] = p
          premultiplied[i + 1] = UInt8((255 - v) * a / 255)
          premultiplied[i + 2] = p
          premultiplied[i + 3] = UInt8(a)
        }
      }
      premultiplied.withUnsafeBytes { c.convert(premultiplied: $0.baseAddress!, stride: 256 * 4) }
      var worst = 0
      for a in 1...255 {
        for v in 0...255 {
          let i = ((a - 1) * 256 + v) * 4
          let err = abs(Int(c.pixels[i]) - v)
          #expect(err <= 255 / (2 * a) + 1, "a \(a) v \(v): got \(c.pixels[i])")
          worst = max(worst, err)
          #expect(c.pixels[i] == c.pixels[i + 2])
          #expect(Int(c.pixels[i + 3]) == a)
        }
      }
      #expect(worst > 0, "8-bit premultiplication does lose precision at low alpha")
    }

    @Test func opaqueIsCopiedTransparentIsZeroAndHalfCoverageIsUndarkened() {
      // B, G, R, A: opaque orange; fully transparent; a half-covered
      // light grey edge (0xE5 at alpha 128 is stored as 0x73)
      let px: [UInt8] = [0x00, 0x9F, 0xFF, 255, 9, 9, 9, 0, 0x73, 0x73, 0x75, 128]
      var c = StraightAlphaConverter(width: 3, height: 1)
      px.withUnsafeBytes { c.convert(premultiplied: $0.baseAddress!, stride: 12) }
      #expect(Array(c.pixels[0..<4]) == [0x00, 0x9F, 0xFF, 255])
      #expect(Array(c.pixels[4..<8]) == [0, 0, 0, 0])
      #expect(Array(c.pixels[8..<12]) == [0xE5, 0xE5, 0xE9, 128])
    }

    @Test func rowsArePackedFromAPaddedStride() {
      // 1 × 2 pixels in rows of 8 bytes: the padding never reaches the output
      let px: [UInt8] = [10, 20, 30, 255, 77, 77, 77, 77, 1, 2, 3, 255, 66, 66, 66, 66]
      var c = StraightAlphaConverter(width: 1, height: 2)
      px.withUnsafeBytes { c.convert(premultiplied: $0.baseAddress!, stride: 8) }
      #expect(c.pixels == [10, 20, 30, 255, 1, 2, 3, 255])
    }
  }
}
