import Foundation
import SpringLabPlatform
import Testing

/// A recording of another renderer: headless Chromium plays a CSS spring
/// (SwiftUI's `spring(duration:bounce:)` as a `linear()` easing computed
/// here), stepped frame by frame with the Web Animations API; the frames
/// become an H.264 clip and `springlab fit` reads the spring back.
@Suite("springlab fit on a clip Chromium rendered")
struct FitChromiumClipTests {
  /// SwiftUI's documented spring(duration:bounce:) for bounce ≥ 0: mass 1,
  /// ω0 = 2π / duration, ζ = 1 − bounce; progress from rest at 0 toward 1.
  static func progress(_ t: Double, duration: Double, bounce: Double) -> Double {
    let w0 = 2 * Double.pi / duration
    let z = 1 - bounce
    guard z < 1 else { return 1 - exp(-w0 * t) * (1 + w0 * t) }
    let wd = w0 * (1 - z * z).squareRoot()
    return 1 - exp(-z * w0 * t) * (cos(wd * t) + z * w0 / wd * sin(wd * t))
  }

  /// The CSS easing: `stops` evenly spaced samples of the spring over
  /// `seconds` (the CSS animation's duration), ending exactly at 1.
  static func linearEasing(duration: Double, bounce: Double, seconds: Double, stops: Int) -> String
  {
    let values = (0...stops).map { i -> String in
      i == stops
        ? "1"
        : String(progress(Double(i) / Double(stops) * seconds, duration: duration, bounce: bounce))
    }
    return "linear(" + values.joined(separator: ", ") + ")"
  }

  /// A page of `frames` cells, cell i showing a 40 px dot frozen `i / fps`
  /// seconds into its animation: 200 px to the right after `delay` seconds.
  static func page(
    easing: String, seconds: Double, delay: Double, frames: Int, columns: Int, fps: Double
  )
    -> String
  {
    """
    <!DOCTYPE html><html><head><meta charset="utf-8"><style>
    body { margin: 0; background: #F2F2F7; }
    .cell { position: absolute; width: 320px; height: 120px; overflow: hidden; background: #F2F2F7; }
    .dot { position: absolute; left: 20px; top: 40px; width: 40px; height: 40px; border-radius: 20px; background: #0A84FF; }
    </style></head><body><script>
    const easing = "\(easing)";
    for (let i = 0; i < \(frames); i++) {
      const cell = document.createElement("div");
      cell.className = "cell";
      cell.style.left = (i % \(columns)) * 320 + "px";
      cell.style.top = Math.floor(i / \(columns)) * 120 + "px";
      const dot = document.createElement("div");
      dot.className = "dot";
      cell.appendChild(dot);
      document.body.appendChild(cell);
      const a = dot.animate([{ transform: "translateX(0px)" }, { transform: "translateX(200px)" }],
        { duration: \(seconds * 1000), delay: \(delay * 1000), easing, fill: "both" });
      a.pause();
      a.currentTime = i * 1000 / \(fps);
    }
    </script></body></html>
    """
  }

  /// Truth: SwiftUI duration 0.5 s, bounce 0.3 (ζ 0.7, response 0.5 s),
  /// played at 60 fps. Goal: both within 2 %, a spring, not a tween.
  @Test(
    .enabled(if: Chromium.path != nil, "needs Debian's chromium (make test installs it)"),
    .enabled(if: FitVideos.hasFFmpeg, "needs ffmpeg"))
  func aCSSSpringPlayedByChromiumFitsBack() throws {
    let (duration, bounce, fps) = (0.5, 0.3, 60.0)
    // why: the CSS animation lasts until the spring is within 10⁻⁴ of rest,
    // so ending the easing at exactly 1 is no visible step
    let w0 = 2 * Double.pi / duration
    let seconds = (log(1e4) / ((1 - bounce) * w0) * 100).rounded(.up) / 100
    let delay = 0.1
    let frames = Int(((delay + seconds + 0.3) * fps).rounded(.up))
    let columns = 10
    let rows = (frames + columns - 1) / columns
    let dir = CLIHarness.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let html = dir.appendingPathComponent("spring.html")
    let easing = Self.linearEasing(duration: duration, bounce: bounce, seconds: seconds, stops: 400)
    try Self.page(
      easing: easing, seconds: seconds, delay: delay, frames: frames, columns: columns, fps: fps
    ).write(to: html, atomically: true, encoding: .utf8)
    let shot = dir.appendingPathComponent("strip.png").path
    let run = try Chromium.screenshot(
      html.absoluteString, width: columns * 320, height: rows * 120, png: shot)
    #expect(run.code == 0 && run.scriptErrors.isEmpty, "\(run.err)")
    // the strip cut into its cells, row by row, then played as a 60 fps H.264 clip
    let framesDir = dir.appendingPathComponent("frames")
    try FileManager.default.createDirectory(at: framesDir, withIntermediateDirectories: true)
    let cut = try Spawned.start(
      "/usr/bin/convert",
      [shot, "-crop", "320x120", "+repage", framesDir.appendingPathComponent("f_%04d.png").path],
      env: ProcessInfo.processInfo.environment)
    #expect(cut.wait() == 0, "\(cut.err)")
    cut.cleanUp()
    let clip = dir.appendingPathComponent("chromium-spring.mp4").path
    let ffmpeg = try #require(ExecutableSearch.find("ffmpeg"))
    let encode = try Spawned.start(
      ffmpeg,
      [
        "-v", "error", "-y", "-framerate", "\(Int(fps))", "-i",
        framesDir.appendingPathComponent("f_%04d.png").path, "-frames:v", "\(frames)",
        "-c:v", "libx264", "-crf", "18", "-pix_fmt", "yuv420p", clip,
      ], env: ProcessInfo.processInfo.environment)
    #expect(encode.wait() == 0, "\(encode.err)")
    encode.cleanUp()
    let (code, o, err) = try FitVideos.fit([clip])
    #expect(code == 0, "\(err)")
    #expect(o["model"] as? String == "spring", "\(o)")
    let z = o["dampingRatio"] as? Double ?? .infinity
    let r = o["response"] as? Double ?? .infinity
    let zError = z / (1 - bounce) - 1
    let rError = r / duration - 1
    print(
      "Chromium clip (SwiftUI duration \(duration) s, bounce \(bounce), \(Int(fps)) fps, \(frames) frames): ζ \(z) (\(zError * 100) %), response \(r) s (\(rError * 100) %)"
    )
    #expect(abs(zError) <= 0.02, "ζ \(z), truth \(1 - bounce)")
    #expect(abs(rError) <= 0.02, "response \(r), truth \(duration)")
  }
}
