import Foundation
import SpringLabCore
import SpringLabStudio
import Testing

@testable import SpringLabCommands

/// The window's F fits what `springlab fit` fits: the video decoded again
/// at its own size, not the display-size frames the backdrop shows. Both
/// through the window's own background services, compared number for
/// number with the command line on the same clip and region.
@Suite("The window's fit is the command line's")
struct WindowFitMatchesCLITests {
  /// The backdrop as the window decodes it: at most `side` pixels on its
  /// longer side (the window's cap is `VideoBackdrop.maxSide`).
  func backdrop(_ path: String, side: Int) throws -> DecodedVideo {
    let probe = try VideoDecoder.decode(path, range: 0...0.001)
    let (w, h) = (probe[0].width, probe[0].height)
    let k = Double(side) / Double(max(w, h))
    let r = VideoDecodeRequest(
      path: path, width: Int((Double(w) * k).rounded()), height: Int((Double(h) * k).rounded()),
      maxBytes: VideoBackdrop.memoryCap)
    return try BackdropVideoServices.decode(r).get()
  }

  /// `--to T` keeps the frame at exactly T, as the window does when its
  /// range ends on that frame (ffmpeg's trim rounds to the stream's time
  /// base, and 1 µs of slack had dropped it: 72 frames on the command line,
  /// 73 in the window); `--from T` keeps it too.
  @Test(.enabled(if: FitVideos.hasFFmpeg, "needs ffmpeg"))
  func aRangeKeepsTheFramesOnItsEnds() throws {
    let v = try FitVideos.menus[60]!.get()
    let frames = try VideoDecoder.decode(v.path, range: 0.5...1.2)
    #expect(frames.count == 43, "\(frames.count) frames")
    #expect(abs(frames.first!.pts - 0.5) < 1e-6 && abs(frames.last!.pts - 1.2) < 1e-6)
  }

  /// The bubble menu's panel (786 × 1704 clip shown at 640 px): the same
  /// damping ratio and response as `fit --region … --region-at … --json`.
  @Test(.enabled(if: FitVideos.hasFFmpeg, "needs ffmpeg"))
  func anElementFitIsTheCommandLines() throws {
    let v = try FitVideos.menus[60]!.get()
    let (code, cli, err) = try FitVideos.fit([
      v.path, "--region", v.region, "--region-at", "\(v.regionAt)",
    ])
    #expect(code == 0, "\(err)")
    let video = try backdrop(v.path, side: 640)
    let n = v.region.split(separator: ",").map { Double($0)! }
    let source = FrameRegion(x: n[0], y: n[1], width: n[2], height: n[3])
    let k = Double(video.frames[0].width) / Double(video.sourceWidth)
    let shown = FrameRegion(x: n[0] * k, y: n[1] * k, width: n[2] * k, height: n[3] * k)
    func fit(_ s: VideoFitSource?) throws -> MotionFit {
      try BackdropVideoServices.fit(
        VideoFitRequest(
          frames: video.frames, times: video.times, region: shown, regionAt: v.regionAt,
          target: .bubbleMenu, source: s)
      ).get()
    }
    let window = try fit(VideoFitSource(path: v.path, range: nil, region: source))
    let zeta = try #require(cli["dampingRatio"] as? Double)
    let response = try #require(cli["response"] as? Double)
    #expect(
      abs(window.spring.spring.dampingRatio - zeta) < 1e-9,
      "window \(window.spring.spring.dampingRatio), cli \(zeta)")
    #expect(abs(2 * .pi / window.spring.spring.naturalFrequency - response) < 1e-9)
    // what the display-size frames alone give, for the record
    let shownFit = try fit(nil)
    print(
      "window-fit display frames: ζ \(shownFit.spring.spring.dampingRatio) (cli \(zeta)), response \(2 * .pi / shownFit.spring.spring.naturalFrequency) (cli \(response))"
    )
  }

  /// The whole menu of a phone's screen recording (2×, shown at 640 px):
  /// the same radius, stagger and spring as `fit --menu --json`.
  @Test(.enabled(if: FitVideos.hasFFmpeg, "needs ffmpeg"))
  func aMenuFitIsTheCommandLines() throws {
    let clip = try MenuVideos.render(
      "seed000", preset: MenuVideos.seedFan(), fps: 60, screenScale: 2)
    let (code, cli, err) = try FitVideos.fit([clip.path, "--menu"])
    #expect(code == 0, "\(err)")
    let video = try backdrop(clip.path, side: 640)
    let device = 393.0
    let window = try BackdropVideoServices.fitMenu(
      MenuFitRequest(
        frames: video.frames, times: video.times,
        pixelsPerPoint: Double(video.frames[0].width) / device,
        source: VideoFitSource(
          path: clip.path, range: nil, pixelsPerPoint: Double(video.sourceWidth) / device))
    ).get()
    #expect(window.items.count == 5)
    #expect(abs(window.radius - (cli["fan.radius"] as? Double ?? 0)) < 0.05, "\(window.radius)")
    #expect(abs(window.stagger - (cli["fan.expand.stagger"] as? Double ?? 0)) < 1e-4)
    #expect(abs(window.spring.dampingRatio - (cli["dampingRatio"] as? Double ?? 0)) < 1e-9)
  }
}
