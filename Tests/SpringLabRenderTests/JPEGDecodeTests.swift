import CCairo
import Foundation
import SpringLabPlatform
import Testing

@testable import SpringLabRender

extension RenderTests {
  /// JPEG backdrops through libjpeg (`CJPEGDecode`): right colours in every
  /// colour space ImageMagick writes, bounded sizes refused before decoding,
  /// and broken files fail in one line (or decode partly grey) without
  /// hanging or printing.
  @Suite struct JPEGDecodeTests {
    static let convert = "/usr/bin/convert"
    static var hasImageMagick: Bool { FileManager.default.isExecutableFile(atPath: convert) }

    /// A 64 × 64 JPEG: top left red, top right green, the bottom half blue.
    static func quadrants(_ dir: URL, _ name: String, _ extra: [String] = []) throws -> String {
      let out = dir.appendingPathComponent(name).path
      let (status, _) = ChildProcess.runChecked(
        convert,
        [
          "-size", "32x32", "xc:#e01010", "-size", "32x32", "xc:#10e010", "+append",
          "-size", "64x32", "xc:#1010e0", "-append",
        ] + extra + ["-quality", "95", "jpeg:" + out], env: ProcessInfo.processInfo.environment)
      try #require(status == 0, "convert failed making \(name)")
      return out
    }

    static func pixel(_ img: (width: Int, height: Int, bytes: [UInt8]), _ x: Int, _ y: Int)
      -> [Int]
    {
      let i = (y * img.width + x) * 4
      return img.bytes[i..<(i + 4)].map(Int.init)
    }

    static func near(_ got: [Int], _ want: [Int], _ tolerance: Int) -> Bool {
      zip(got, want).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test(.enabled(if: hasImageMagick, "needs ImageMagick's convert"))
    func coloursComeOutRightInEveryColourSpace() throws {
      let dir = try makeTempDir()
      defer { try? FileManager.default.removeItem(at: dir) }
      for (name, extra, greyscale) in [
        ("rgb.jpg", [String](), false), ("progressive.jpg", ["-interlace", "Plane"], false),
        ("cmyk.jpg", ["-colorspace", "CMYK"], false), ("grey.jpg", ["-colorspace", "Gray"], true),
        ("noext", [], false),
      ] {
        let path = try Self.quadrants(dir, name, extra)
        #expect(CairoRasterizer.imageProblem(path) == nil, "\(name)")
        let img = try #require(ImageProbe.rgba(atPath: path), "\(name)")
        #expect(img.width == 64 && img.height == 64)
        #expect(ImageProbe.size(atPath: path)! == (64, 64))
        let (red, green, blue) = (
          Self.pixel(img, 16, 16), Self.pixel(img, 48, 16), Self.pixel(img, 32, 48)
        )
        if greyscale {
          // ImageMagick's grey: Rec. 709 luma of each quadrant's colour
          for (got, luma) in [(red, 60), (green, 165), (blue, 31)] {
            #expect(Self.near(got, [luma, luma, luma, 255], 8), "\(name): \(got), luma \(luma)")
          }
        } else {
          // CMYK goes through ImageMagick's naive conversion both ways: a little looser
          let t = name == "cmyk.jpg" ? 14 : 8
          #expect(Self.near(red, [224, 16, 16, 255], t), "\(name) red: \(red)")
          #expect(Self.near(green, [16, 224, 16, 255], t), "\(name) green: \(green)")
          #expect(Self.near(blue, [16, 16, 224, 255], t), "\(name) blue: \(blue)")
        }
      }
    }

    /// The name does not choose the decoder; the first bytes do.
    @Test(.enabled(if: hasImageMagick, "needs ImageMagick's convert"))
    func aPNGNamedJPGIsReadAsPNGAndTheOtherWayRound() throws {
      let dir = try makeTempDir()
      defer { try? FileManager.default.removeItem(at: dir) }
      let png = dir.appendingPathComponent("shot.jpg").path
      _ = FileManager.default.createFile(atPath: png, contents: Data(TruncatedImageTests.tinyPNG()))
      #expect(CairoRasterizer.imageProblem(png) == nil)
      #expect(ImageProbe.size(atPath: png)! == (3, 2))
      // the decoders take the very bytes the checks read
      #expect(try ImageHeader.contents(path: png).get() == Data(TruncatedImageTests.tinyPNG()))
      let jpeg = try Self.quadrants(dir, "photo.jpg")
      let named = dir.appendingPathComponent("photo.png").path
      try FileManager.default.moveItem(atPath: jpeg, toPath: named)
      #expect(CairoRasterizer.imageProblem(named) == nil)
      #expect(ImageProbe.size(atPath: named)! == (64, 64))
    }

    /// Cut anywhere: `ImageHeader` refuses the file before a decoder sees it,
    /// and libjpeg itself, fed the cut bytes, fails in one line or decodes
    /// what is there with the rest grey, within a bound.
    @Test(.enabled(if: hasImageMagick, "needs ImageMagick's convert"))
    func aTruncatedJPEGNeverHangs() throws {
      let dir = try makeTempDir()
      defer { try? FileManager.default.removeItem(at: dir) }
      let whole = [UInt8](
        try Data(contentsOf: URL(fileURLWithPath: try Self.quadrants(dir, "whole.jpg"))))
      let progressive = [UInt8](
        try Data(
          contentsOf: URL(
            fileURLWithPath: try Self.quadrants(dir, "p.jpg", ["-interlace", "Plane"]))))
      final class Outcome: @unchecked Sendable {
        var refused: [String?] = []
        var decoded: [(cut: Int, progressive: Bool, result: Result<[Int], ImageDecoder.Reason>)] =
          []
      }
      let outcome = Outcome()
      let done = DispatchSemaphore(value: 0)
      // why: on its own thread, so a decoder that loops fails this test after
      // the bound instead of hanging the suite
      Thread.detachNewThread {
        for (bytes, isProgressive) in [(whole, false), (progressive, true)] {
          for cut in stride(from: 0, to: bytes.count, by: 7) {
            let path = dir.appendingPathComponent("cut.jpg").path
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes[0..<cut]))
            outcome.refused.append(CairoRasterizer.imageProblem(path))
            let r = ImageDecoder.jpeg(Data(bytes[0..<cut])).map { s -> [Int] in
              defer { cairo_surface_destroy(s) }
              cairo_surface_flush(s)
              // the bottom-right pixel: the last part of the scan data
              let stride = Int(cairo_image_surface_get_stride(s))
              let data = cairo_image_surface_get_data(s)!
              let word = UnsafeRawPointer(data + 63 * stride).load(
                fromByteOffset: 63 * 4, as: UInt32.self)
              return [Int(word >> 16 & 0xFF), Int(word >> 8 & 0xFF), Int(word & 0xFF)]
            }
            outcome.decoded.append((cut, isProgressive, r))
          }
        }
        done.signal()
      }
      let finished = done.wait(timeout: .now() + 60) == .success
      #expect(finished, "still decoding after 60 s (stuck on a truncated JPEG)")
      guard finished else { return }
      for line in outcome.refused {
        let why = try #require(line, "a cut JPEG was accepted")
        #expect(why.hasPrefix("Cannot use cut.jpg: ") && !why.contains("\n"), "\(why)")
      }
      var grey = 0
      for (cut, isProgressive, result) in outcome.decoded {
        switch result {
        case .failure(let why):
          #expect(
            "\(why)".hasPrefix("the JPEG does not decode (libjpeg: ") && !"\(why)".contains("\n"),
            "cut at \(cut): \(why)")
        case .success(let corner):
          // a baseline file cut in its scan data: what is missing is mid-grey
          if !isProgressive {
            #expect(Self.near(corner, [128, 128, 128], 3), "cut at \(cut): \(corner)")
            grey += 1
          }
        }
      }
      #expect(grey > 0, "no cut decoded partly")
    }

    /// A size past the bounds is refused from the header: by `ImageHeader`
    /// for a file, by the decoder itself for bytes.
    @Test(.enabled(if: hasImageMagick, "needs ImageMagick's convert"))
    func aHugeDeclaredSizeIsRefusedBeforeDecoding() throws {
      let dir = try makeTempDir()
      defer { try? FileManager.default.removeItem(at: dir) }
      var bytes = [UInt8](
        try Data(contentsOf: URL(fileURLWithPath: try Self.quadrants(dir, "small.jpg"))))
      // the decoder's own bound: 64 × 64 against at most 32 a side, or 1000 pixels
      for (side, pixels) in [(32, 1 << 20), (1 << 20, 1000)] {
        let r = ImageDecoder.jpeg(Data(bytes), maxSide: side, maxPixels: pixels)
        guard case .failure(let why) = r else {
          Issue.record("64 × 64 decoded past \(side) a side, \(pixels) pixels")
          continue
        }
        #expect("\(why)".contains("it declares 64 × 64 pixels"), "\(why)")
      }
      // the same file declaring 9000 × 60000 in its start-of-frame segment
      let sof = try #require(
        (2..<(bytes.count - 9)).first { bytes[$0] == 0xFF && (0xC0...0xC2).contains(bytes[$0 + 1]) }
      )
      bytes.replaceSubrange((sof + 5)..<(sof + 9), with: [0xEA, 0x60, 0x23, 0x28])
      let path = dir.appendingPathComponent("huge.jpg").path
      _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
      let started = Date()
      let why = try #require(CairoRasterizer.imageProblem(path))
      #expect(why.contains("declares 9000 × 60000 pixels"), "\(why)")
      #expect(ImageProbe.rgba(atPath: path) == nil)
      guard case .failure(let direct) = ImageDecoder.jpeg(Data(bytes)) else {
        Issue.record("9000 × 60000 decoded")
        return
      }
      #expect("\(direct)".contains("declares 9000 × 60000"), "\(direct)")
      #expect(Date().timeIntervalSince(started) < 5, "refused without decoding")
    }

    @Test func bytesThatAreNotAJPEGFailInOneLine() throws {
      for bytes in [
        [UInt8](), [0xFF, 0xD8], [0xFF, 0xD8, 0xFF, 0xE0, 0, 2, 0xFF, 0xD9],
        [0xFF, 0xD8] + [UInt8](repeating: 0xFF, count: 4000), Array("hello world".utf8),
      ] {
        guard case .failure(let why) = ImageDecoder.jpeg(Data(bytes)) else {
          Issue.record("\(bytes.prefix(8)) decoded")
          continue
        }
        #expect(!"\(why)".contains("\n") && "\(why)".count < 200, "\(why)")
      }
    }

    /// Cairo keeps pixels premultiplied; the probe gives straight RGBA back.
    @Test func theProbeReturnsStraightAlpha() throws {
      let dir = try makeTempDir()
      defer { try? FileManager.default.removeItem(at: dir) }
      let path = dir.appendingPathComponent("alpha.png").path
      let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 4, 1)!
      let cr = cairo_create(s)!
      for (x, a) in [(0, 1.0), (1, 0.5), (2, 0.25), (3, 0.0)] {
        cairo_set_source_rgba(cr, 1, 0.5, 0, a)
        cairo_rectangle(cr, Double(x), 0, 1, 1)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_fill(cr)
      }
      cairo_destroy(cr)
      #expect(cairo_surface_write_to_png(s, path) == CAIRO_STATUS_SUCCESS)
      cairo_surface_destroy(s)
      let img = try #require(ImageProbe.rgba(atPath: path))
      #expect(Self.near(Self.pixel(img, 0, 0), [255, 128, 0, 255], 1))
      #expect(Self.near(Self.pixel(img, 1, 0), [255, 128, 0, 128], 2))
      #expect(Self.near(Self.pixel(img, 2, 0), [255, 128, 0, 64], 3))
      #expect(Self.pixel(img, 3, 0) == [0, 0, 0, 0])
    }
  }
}
