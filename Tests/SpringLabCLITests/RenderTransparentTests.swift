import Foundation
import SpringLabPlatform
import SpringLabRender
import Testing

/// `springlab render --transparent`: the backdrop is fully transparent, the
/// device opaque, edges partly transparent with their true (straight-alpha)
/// colour, in PNGs, frame folders, ProRes 4444 `.mov` and VP9 `.webm`.
@Suite("Render with transparency")
struct RenderTransparentTests {
  static let tools =
    ExecutableSearch.find("ffmpeg") != nil && ExecutableSearch.find("ffprobe") != nil

  /// The caption's text colour: light grey text drawn straight onto the
  /// transparent strip, so its anti-aliased edges are the partly transparent
  /// pixels whose colour must come out undarkened.
  static let captionRGB = (0xE5, 0xE5, 0xEA)

  /// A short script (0.5 s: 15 frames at 30 fps) that opens the fan.
  static func script(in dir: URL) throws -> String {
    let path = dir.appendingPathComponent("s.json").path
    try #"{"duration": 0.5, "events": [{"at": 0.0, "tap": "fan.main"}]}"#.write(
      toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  static let base = [
    "render", "--preset", CLIHarness.preset("seed-000-fan.json"), "--frame", "device", "--caption",
  ]

  /// Size of the device frame with its caption (see RenderShareTests).
  static let width = 470
  static let height = 964

  /// Pixel (x, y) of tightly packed RGBA bytes.
  static func pixel(_ b: [UInt8], _ w: Int, _ x: Int, _ y: Int) -> (Int, Int, Int, Int) {
    let i = (y * w + x) * 4
    return (Int(b[i]), Int(b[i + 1]), Int(b[i + 2]), Int(b[i + 3]))
  }

  /// The caption strip's partly transparent pixels (alpha in 64…250) and how
  /// many of them are off the caption colour by more than `slack` plus the
  /// rounding a straight colour at that alpha can carry (255 / alpha).
  static func captionEdges(_ b: [UInt8], slack: Int) -> (count: Int, wrong: [String]) {
    var count = 0
    var wrong: [String] = []
    for y in (height - 36)..<height {
      for x in 0..<width {
        let (r, g, bl, a) = pixel(b, width, x, y)
        guard (64...250).contains(a) else { continue }
        count += 1
        let tol = slack + 255 / a
        let (wr, wg, wb) = captionRGB
        if abs(r - wr) > tol || abs(g - wg) > tol || abs(bl - wb) > tol {
          wrong.append("(\(x),\(y)) rgba \(r),\(g),\(bl),\(a)")
        }
      }
    }
    return (count, wrong)
  }

  /// Runs ffmpeg or ffprobe with `args`; (status, stdout, stderr).
  static func tool(_ name: String, _ args: [String]) throws -> CLIHarness.Result {
    let exe = try #require(ExecutableSearch.find(name))
    let c = try Spawned.start(exe, args, env: ProcessInfo.processInfo.environment)
    let code = c.wait()
    defer { c.cleanUp() }
    return CLIHarness.Result(code: code, out: c.out, err: c.err)
  }

  /// Frame `k` of `video` decoded to straight RGBA with the BT.709 matrix it
  /// is tagged with; `decoder` forces one (libvpx-vp9 keeps a WebM's alpha).
  static func decode(_ video: String, frame k: Int, decoder: String? = nil) throws -> [UInt8] {
    let raw = video + ".rgba"
    let r = try tool(
      "ffmpeg",
      ["-v", "error", "-y"] + (decoder.map { ["-c:v", $0] } ?? []) + [
        "-i", video, "-vf", "select=eq(n\\,\(k)),scale=in_color_matrix=bt709:in_range=tv",
        "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", raw,
      ])
    #expect(r.code == 0, "\(r.err)")
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: raw)))
    try #require(bytes.count == width * height * 4, "decoded \(bytes.count) bytes")
    return bytes
  }

  @Test func aTransparentPNGHasAnAlphaChannelWithUndarkenedEdges() throws {
    let dir = CLIHarness.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let clear = dir.appendingPathComponent("clear.png").path
    let opaque = dir.appendingPathComponent("opaque.png").path
    let r = try CLIHarness.run(Self.base + ["--at", "0.6", "--transparent", "--out", clear])
    #expect(r.code == 0, "\(r.err)")
    #expect(r.err == "wrote \(clear): 1 frame, 470×964 px with alpha\n")
    #expect(try CLIHarness.run(Self.base + ["--at", "0.6", "--out", opaque]).code == 0)
    // a real alpha channel: PNG colour type 6 (RGBA) in the IHDR chunk
    let header = try [UInt8](Data(contentsOf: URL(fileURLWithPath: clear)).prefix(26))
    #expect(header[25] == 6, "colour type \(header[25])")
    let got = try #require(ImageProbe.rgba(atPath: clear))
    let plain = try #require(ImageProbe.rgba(atPath: opaque))
    #expect(got.width == Self.width && got.height == Self.height)
    let b = got.bytes
    // the backdrop around the device and under the caption: fully transparent
    for (x, y) in [(0, 0), (469, 0), (5, 500), (235, 10), (0, 963), (469, 963), (1, 930)] {
      #expect(Self.pixel(b, Self.width, x, y).3 == 0, "(\(x),\(y)) is backdrop")
    }
    // the bezel and the screen: opaque
    for (x, y) in [(30, 464), (235, 40), (235, 464), (100, 800)] {
      #expect(Self.pixel(b, Self.width, x, y).3 == 255, "(\(x),\(y)) is the device")
    }
    // wherever the transparent frame is opaque it is the very same pixel as
    // the opaque frame: only the backdrop went
    var opaquePixels = 0
    var differ = 0
    for i in stride(from: 0, to: b.count, by: 4) where b[i + 3] == 255 {
      opaquePixels += 1
      if b[i..<(i + 3)] != plain.bytes[i..<(i + 3)] { differ += 1 }
    }
    #expect(opaquePixels > Self.width * 700 && differ == 0, "\(differ) of \(opaquePixels) differ")
    // partly covered caption pixels keep the caption's colour (premultiplied
    // data written as is would be darker in proportion to the coverage)
    let edges = Self.captionEdges(b, slack: 1)
    #expect(edges.count > 100, "caption edge pixels: \(edges.count)")
    #expect(edges.wrong.isEmpty, "\(edges.wrong.prefix(5))")
  }

  @Test func aTransparentFrameFolderHoldsRGBAFrames() throws {
    let dir = CLIHarness.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("frames").path
    let r = try CLIHarness.run(
      Self.base + ["--script", try Self.script(in: dir), "--transparent", "--out", out + "/"])
    #expect(r.code == 0, "\(r.err)")
    let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
    #expect(names.count == 15)
    let last = try #require(ImageProbe.rgba(atPath: out + "/frame-000014.png"))
    #expect(Self.pixel(last.bytes, Self.width, 0, 0).3 == 0)
    #expect(Self.pixel(last.bytes, Self.width, 235, 464).3 == 255)
    let edges = Self.captionEdges(last.bytes, slack: 1)
    #expect(edges.count > 100 && edges.wrong.isEmpty, "\(edges.count) \(edges.wrong.prefix(5))")
  }

  @Test(.enabled(if: tools, "needs ffmpeg and ffprobe"))
  func aTransparentMovIsProRes4444WithAlpha() throws {
    let dir = CLIHarness.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("demo.mov").path
    let png = dir.appendingPathComponent("last.png").path
    let script = try Self.script(in: dir)
    let r = try CLIHarness.run(
      Self.base + ["--script", script, "--transparent", "--out", out])
    #expect(r.code == 0, "\(r.err)")
    #expect(r.err == "wrote \(out): 15 frames, 470×964 px with alpha, 0.5 s at 30 fps\n")
    let probe = try Self.tool(
      "ffprobe",
      [
        "-v", "error", "-select_streams", "v:0", "-show_entries",
        "stream=codec_name,profile,pix_fmt,nb_frames,color_space", "-of", "default=nw=1", out,
      ])
    #expect(probe.code == 0, "\(probe.err)")
    #expect(probe.out.contains("codec_name=prores"), "\(probe.out)")
    #expect(probe.out.contains("profile=4444"), "\(probe.out)")
    #expect(probe.out.contains("pix_fmt=yuva444p"), "an alpha pixel format: \(probe.out)")
    #expect(probe.out.contains("nb_frames=15"), "\(probe.out)")
    #expect(probe.out.contains("color_space=bt709"), "\(probe.out)")
    // the last frame against the same frame as a PNG (t = 14/30 s)
    let frame = try Self.decode(out, frame: 14)
    let at = String(14.0 / 30.0)
    #expect(
      try CLIHarness.run(
        Self.base + ["--script", script, "--at", at, "--transparent", "--out", png]
      ).code == 0)
    let still = try #require(ImageProbe.rgba(atPath: png)).bytes
    #expect(Self.pixel(frame, Self.width, 0, 0).3 == 0, "the backdrop is fully transparent")
    #expect(Self.pixel(frame, Self.width, 235, 464).3 == 255, "the device is opaque")
    // ProRes 4444 keeps alpha losslessly enough: every pixel within 1 step,
    // and colour (10-bit 4:4:4) within a few steps where opaque
    var alphaOff = 0
    var colourSum = 0
    var opaque = 0
    for i in stride(from: 0, to: frame.count, by: 4) {
      if abs(Int(frame[i + 3]) - Int(still[i + 3])) > 1 { alphaOff += 1 }
      if still[i + 3] == 255 {
        opaque += 1
        for c in 0..<3 { colourSum += abs(Int(frame[i + c]) - Int(still[i + c])) }
      }
    }
    #expect(alphaOff == 0, "\(alphaOff) pixels' alpha differs from the PNG's")
    #expect(
      Double(colourSum) / Double(3 * opaque) < 1.5, "mean colour error \(colourSum / (3 * opaque))")
    let edges = Self.captionEdges(frame, slack: 4)
    #expect(edges.count > 100 && edges.wrong.isEmpty, "\(edges.count) \(edges.wrong.prefix(5))")
  }

  @Test(.enabled(if: tools, "needs ffmpeg and ffprobe"))
  func aTransparentWebMIsVP9WithAlpha() throws {
    let dir = CLIHarness.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("demo.webm").path
    let png = dir.appendingPathComponent("last.png").path
    let script = try Self.script(in: dir)
    let r = try CLIHarness.run(
      Self.base + ["--script", script, "--transparent", "--out", out])
    #expect(r.code == 0, "\(r.err)")
    // WebM marks alpha in the container (alpha_mode); libvpx-vp9 decodes it
    let probe = try Self.tool(
      "ffprobe",
      [
        "-v", "error", "-select_streams", "v:0", "-show_entries",
        "stream=codec_name:stream_tags=alpha_mode", "-of", "default=nw=1", out,
      ])
    #expect(probe.code == 0, "\(probe.err)")
    #expect(probe.out.contains("codec_name=vp9"), "\(probe.out)")
    #expect(probe.out.contains("TAG:alpha_mode=1"), "\(probe.out)")
    let info = try Self.tool("ffmpeg", ["-hide_banner", "-c:v", "libvpx-vp9", "-i", out])
    #expect(info.err.contains("yuva420p"), "an alpha pixel format: \(info.err)")
    let frame = try Self.decode(out, frame: 14, decoder: "libvpx-vp9")
    #expect(
      try CLIHarness.run(
        Self.base + [
          "--script", script, "--at", String(14.0 / 30.0), "--transparent", "--out", png,
        ]
      ).code == 0)
    let still = try #require(ImageProbe.rgba(atPath: png)).bytes
    #expect(Self.pixel(frame, Self.width, 0, 0).3 == 0, "the backdrop is fully transparent")
    #expect(Self.pixel(frame, Self.width, 235, 464).3 == 255, "the device is opaque")
    // VP9 is lossy: next to edges the backdrop may get a trace of alpha
    // (seen: at most 4 of 255), never a visible haze; elsewhere it stays
    // exactly transparent and the device opaque
    var clear = 0
    var clearKept = 0
    var haze = 0
    var solid = 0
    var solidKept = 0
    for i in stride(from: 0, to: frame.count, by: 4) {
      if still[i + 3] == 0 {
        clear += 1
        if frame[i + 3] == 0 { clearKept += 1 }
        haze = max(haze, Int(frame[i + 3]))
      } else if still[i + 3] == 255 {
        solid += 1
        if frame[i + 3] >= 250 { solidKept += 1 }
      }
    }
    #expect(Double(clearKept) > 0.95 * Double(clear), "\(clearKept) of \(clear) stay transparent")
    #expect(haze <= 8, "the backdrop's largest alpha is \(haze) of 255")
    // edges keep their colour within VP9's loss (seen: at most 11 off);
    // premultiplied data would be ~80 darker at half coverage
    let edges = Self.captionEdges(frame, slack: 20)
    #expect(edges.count > 100 && edges.wrong.isEmpty, "\(edges.count) \(edges.wrong.prefix(5))")
    #expect(Double(solidKept) > 0.99 * Double(solid), "\(solidKept) of \(solid) stay opaque")
  }

  /// Without `--transparent` the same containers hold opaque video (no
  /// alpha plane to carry around).
  @Test(.enabled(if: tools, "needs ffmpeg and ffprobe"))
  func withoutTransparentMovAndWebMAreOpaque() throws {
    let dir = CLIHarness.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let script = try Self.script(in: dir)
    for (name, format) in [("a.mov", "yuv444p10le"), ("a.webm", "yuv420p")] {
      let out = dir.appendingPathComponent(name).path
      let r = try CLIHarness.run(
        ["render", "--script", script, "--size", "320x180", "--out", out])
      #expect(r.code == 0, "\(r.err)")
      #expect(r.err == "wrote \(out): 15 frames, 320×180 px, 0.5 s at 30 fps\n")
      let probe = try Self.tool(
        "ffprobe",
        [
          "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=pix_fmt:stream_tags",
          "-of", "default=nw=1", out,
        ])
      // ProRes decodes to 12 bits whatever it was encoded from
      let want = format == "yuv444p10le" ? "pix_fmt=yuv444p12le" : "pix_fmt=\(format)"
      #expect(probe.out.contains(want), "\(name): \(probe.out)")
      #expect(!probe.out.contains("alpha_mode=1"), "\(name): \(probe.out)")
    }
  }

  @Test func transparencyIsRefusedWhereItCannotBeKept() throws {
    let dir = CLIHarness.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    for ext in ["mp4", "gif"] {
      let out = dir.appendingPathComponent("x.\(ext)").path
      let r = try CLIHarness.run(["render", "--transparent", "--out", out])
      #expect(r.code == 2, "\(ext): \(r.err)")
      #expect(
        r.err
          == "springlab: --transparent: .\(ext) files cannot carry transparency; use .mov (ProRes 4444), .webm (VP9), .png or a folder of PNGs\n"
      )
      #expect(!FileManager.default.fileExists(atPath: out))
    }
    let ui = try CLIHarness.run([
      "render", "--transparent", "--ui", "--out", dir.appendingPathComponent("w.png").path,
    ])
    #expect(ui.code == 2)
    #expect(
      ui.err == "springlab: --ui draws the whole window, which is opaque; drop --transparent\n")
    let odd = try CLIHarness.run([
      "render", "--transparent", "--size", "301x200", "--out",
      dir.appendingPathComponent("o.webm").path,
    ])
    #expect(odd.code == 2)
    #expect(odd.err == "springlab: a .webm needs even sizes; 301x200 pixels is odd\n", "\(odd.err)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    let help = try CLIHarness.run(["render", "--help"])
    #expect(help.out.contains("--transparent"))
  }
}
