import Foundation
import SpringLabPlatform
import SpringLabUI
import Testing

@testable import SpringLabRender

extension RenderTests {
  /// Videos show the colours the window showed: BT.709 conversion, tagged.
  @Suite struct EncoderColourTests {
    static let patches: [RGBA] = [
      RGBA(255, 0, 0), RGBA(0, 255, 0), RGBA(0, 0, 255), RGBA(0x00, 0x7A, 0xFF),
      RGBA(0xFF, 0x95, 0x00), RGBA(128, 128, 128), RGBA(255, 255, 255), RGBA(0x1E, 0x1F, 0x24),
    ]

    /// The first frame of `path` decoded to RGB by ffmpeg (which reads the
    /// stream's colour tags).
    static func decodeFirstFrame(_ path: String, width: Int, height: Int) -> [UInt8]? {
      guard let ffmpeg = ExecutableSearch.find("ffmpeg") else { return nil }
      guard
        let p = try? ChildProcess.launch(
          ffmpeg,
          [
            "-v", "error", "-i", path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-",
          ], env: ProcessInfo.processInfo.environment, captureOutput: true)
      else { return nil }
      p.wait()
      defer { p.cleanUp() }
      guard let data = p.outPath.flatMap({ FileManager.default.contents(atPath: $0) }) else {
        return nil
      }
      return data.count == width * height * 3 ? [UInt8](data) : nil
    }

    @Test(arguments: EncoderPixelFormat.allCases)
    func patchesSurviveTheRoundTripAndTheStreamIsTaggedBT709(_ input: EncoderPixelFormat) throws {
      try #require(ExecutableSearch.find("ffmpeg") != nil, "ffmpeg not installed")
      let dir = try makeTempDir()
      defer { try? FileManager.default.removeItem(at: dir) }
      let path = dir.appendingPathComponent("patches.mp4").path
      let (w, h) = (256, 64)
      let encoder = try VideoEncoder(outputPath: path, width: w, height: h, fps: 10, input: input)
      #expect(encoder.input == input)
      let canvas = try SoftwareCanvas(width: w, height: h)
      var list = DrawList()
      for (i, c) in Self.patches.enumerated() {
        list.fillRoundedRect(PixelRect(x: Double(i * 32), y: 0, w: 32, h: 64), radius: 0, c)
      }
      canvas.draw(list)
      for _ in 0..<3 { try encoder.write(frame: canvas.pixels()) }
      try encoder.finish()
      if let ffprobe = ExecutableSearch.find("ffprobe") {
        let tags = run(
          ffprobe,
          [
            "-v", "error", "-select_streams", "v:0", "-show_entries",
            "stream=color_space,color_primaries,color_transfer,color_range", "-of",
            "default=nw=1", path,
          ])
        #expect(tags?.contains("color_space=bt709") == true, "\(tags ?? "")")
        #expect(tags?.contains("color_primaries=bt709") == true)
        #expect(tags?.contains("color_transfer=bt709") == true)
        #expect(tags?.contains("color_range=tv") == true)
      }
      let rgb = try #require(Self.decodeFirstFrame(path, width: w, height: h))
      for (i, c) in Self.patches.enumerated() {
        let o = (32 * w + i * 32 + 16) * 3
        let got = (Int(rgb[o]), Int(rgb[o + 1]), Int(rgb[o + 2]))
        let d = max(abs(got.0 - Int(c.r)), abs(got.1 - Int(c.g)), abs(got.2 - Int(c.b)))
        // why: H.264 at crf 18 and 8-bit limited range round a little; a
        // BT.601/709 mix-up moves saturated colours by 15–40.
        #expect(d <= 8, "patch \(i) \(c) came back as \(got) (\(input))")
      }
    }

    /// The in-process converter: greys have no chroma, white and black hit
    /// the limited-range ends, pure colours land on BT.709's values.
    @Test func yuvConverterUsesBT709LimitedRange() {
      var conv = YUV420Converter(width: 2, height: 2)
      func yuv(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> (Int, Int, Int) {
        let px: [UInt8] = Array(repeating: [b, g, r, 255], count: 4).flatMap { $0 }
        px.withUnsafeBytes { conv.convert(bgra: $0.baseAddress!, stride: 8) }
        return (Int(conv.planes[0]), Int(conv.planes[4]), Int(conv.planes[5]))
      }
      #expect(yuv(255, 255, 255) == (235, 128, 128))
      #expect(yuv(0, 0, 0) == (16, 128, 128))
      #expect(yuv(128, 128, 128).1 == 128 && yuv(128, 128, 128).2 == 128)
      // BT.709 red: Y 63, Cb 102, Cr 240 (BT.601 would give Y 81, Cb 90)
      #expect(yuv(255, 0, 0) == (63, 102, 240))
      #expect(yuv(0, 0, 255) == (32, 240, 118))
    }
  }
}
