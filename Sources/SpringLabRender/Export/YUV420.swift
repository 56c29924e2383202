import Foundation
import SpringLabUI

/// How frames are handed to ffmpeg.
public enum EncoderPixelFormat: String, Sendable, CaseIterable {
  /// The frame buffer's own BGRA bytes; ffmpeg converts to yuv420p (BT.709).
  case bgra
  /// Converted to yuv420p (BT.709, limited range) in this process on the
  /// writer thread: 1.5 instead of 4 bytes a pixel through the pipe.
  case yuv420p
}

/// BGRA → planar yuv420p with the BT.709 matrix in limited ("TV") range, the
/// colours H.264 players assume for HD video. Chroma is the average of each
/// 2 × 2 block. Reuses one output buffer.
public struct YUV420Converter {
  public let width: Int
  public let height: Int
  /// Y plane (`width * height`), then U and V (`width/2 * height/2` each).
  public private(set) var planes: [UInt8]

  /// - Precondition: even `width` and `height` ≥ 2.
  public init(width: Int, height: Int) {
    precondition(width >= 2 && height >= 2 && width % 2 == 0 && height % 2 == 0)
    self.width = width
    self.height = height
    planes = [UInt8](repeating: 0, count: width * height * 3 / 2)
  }

  /// Bytes of one converted frame.
  public var byteCount: Int { planes.count }

  // why: BT.709 (Kr 0.2126, Kb 0.0722) scaled to 16…235 / 16…240, in 16.16
  // fixed point; each chroma row sums to zero so greys have no colour.
  static let yR = 11966
  static let yG = 40254
  static let yB = 4064
  static let uR = -6596
  static let uG = -22189
  static let uB = 28785
  static let vR = 28785
  static let vG = -26146
  static let vB = -2639

  /// Converts one frame of BGRA bytes (`stride` bytes per row).
  public mutating func convert(bgra: UnsafeRawPointer, stride: Int) {
    convert(bgra: bgra, stride: stride, only: nil)
  }

  /// Converts only the pixels inside `boxes` (pixel boxes, grown to whole
  /// 2 × 2 chroma blocks and clipped to the frame); the rest of the planes
  /// keep what earlier frames put there. `nil` converts the whole frame;
  /// an empty array converts nothing (the frame did not change).
  // why: consecutive frames of a demo differ in a few boxes (the moving
  // items, a readout); converting only those keeps the writer thread's
  // share of an export small next to ffmpeg's
  public mutating func convert(bgra: UnsafeRawPointer, stride: Int, only boxes: [PixelBox]?) {
    let (w, h) = (width, height)
    planes.withUnsafeMutableBufferPointer { out in
      Self.convert(
        bgra: bgra, stride: stride, width: w, height: h, into: out.baseAddress!, only: boxes)
    }
  }

  /// `convert(bgra:stride:only:)` into planes the caller owns: `planes`
  /// holds `width * height * 3 / 2` bytes (Y, then U, then V), laid out as
  /// `YUV420Converter.planes`. For buffers that must not move, such as
  /// pages handed to a pipe.
  /// - Precondition: even `width` and `height` ≥ 2.
  public static func convert(
    bgra: UnsafeRawPointer, stride: Int, width w: Int, height h: Int,
    into planes: UnsafeMutablePointer<UInt8>, only boxes: [PixelBox]?
  ) {
    let blocks: [(x: Range<Int>, y: Range<Int>)] =
      boxes.map { list in
        list.compactMap { b in
          let x0 = max(0, b.x0) / 2
          let y0 = max(0, b.y0) / 2
          let x1 = (min(w, b.x1) + 1) / 2
          let y1 = (min(h, b.y1) + 1) / 2
          return x0 < x1 && y0 < y1 ? (x0..<x1, y0..<y1) : nil
        }
      } ?? [(0..<(w / 2), 0..<(h / 2))]
    let src = bgra.assumingMemoryBound(to: UInt8.self)
    let yPlane = planes
    let uPlane = yPlane + w * h
    let vPlane = uPlane + (w / 2) * (h / 2)
    for block in blocks {
      convert(
        src: src, stride: stride, yPlane: yPlane, uPlane: uPlane, vPlane: vPlane, width: w,
        columns: block.x, rows: block.y)
    }
  }

  /// Converts chroma blocks `columns` × `rows` (each 2 × 2 pixels).
  private static func convert(
    src: UnsafePointer<UInt8>, stride: Int, yPlane: UnsafeMutablePointer<UInt8>,
    uPlane: UnsafeMutablePointer<UInt8>, vPlane: UnsafeMutablePointer<UInt8>, width w: Int,
    columns: Range<Int>, rows: Range<Int>
  ) {
    for cy in rows {
      let row0 = src + (2 * cy) * stride
      let row1 = row0 + stride
      let y0 = yPlane + (2 * cy) * w
      let y1 = y0 + w
      let uRow = uPlane + cy * (w / 2)
      let vRow = vPlane + cy * (w / 2)
      for cx in columns {
        let o = cx * 8
        let b00 = Int(row0[o])
        let g00 = Int(row0[o + 1])
        let r00 = Int(row0[o + 2])
        let b01 = Int(row0[o + 4])
        let g01 = Int(row0[o + 5])
        let r01 = Int(row0[o + 6])
        let b10 = Int(row1[o])
        let g10 = Int(row1[o + 1])
        let r10 = Int(row1[o + 2])
        let b11 = Int(row1[o + 4])
        let g11 = Int(row1[o + 5])
        let r11 = Int(row1[o + 6])
        let bias = (16 << 16) + 32768
        y0[2 * cx] = UInt8(
          truncatingIfNeeded: (Self.yR &* r00 &+ Self.yG &* g00 &+ Self.yB &* b00 &+ bias) >> 16)
        y0[2 * cx + 1] = UInt8(
          truncatingIfNeeded: (Self.yR &* r01 &+ Self.yG &* g01 &+ Self.yB &* b01 &+ bias) >> 16)
        y1[2 * cx] = UInt8(
          truncatingIfNeeded: (Self.yR &* r10 &+ Self.yG &* g10 &+ Self.yB &* b10 &+ bias) >> 16)
        y1[2 * cx + 1] = UInt8(
          truncatingIfNeeded: (Self.yR &* r11 &+ Self.yG &* g11 &+ Self.yB &* b11 &+ bias) >> 16)
        // why: sums of four samples; the final shift by 18 divides by 4 too.
        let r = r00 &+ r01 &+ r10 &+ r11
        let g = g00 &+ g01 &+ g10 &+ g11
        let b = b00 &+ b01 &+ b10 &+ b11
        let cbias = (128 << 18) + (1 << 17)
        uRow[cx] = UInt8(
          truncatingIfNeeded: (Self.uR &* r &+ Self.uG &* g &+ Self.uB &* b &+ cbias) >> 18)
        vRow[cx] = UInt8(
          truncatingIfNeeded: (Self.vR &* r &+ Self.vG &* g &+ Self.vB &* b &+ cbias) >> 18)
      }
    }
  }
}
