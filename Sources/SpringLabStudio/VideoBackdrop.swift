import SpringLabCore
import SpringLabUI

/// A video decoded for the backdrop by the shell: frames at display size
/// (packed RGB), each with its presentation timestamp.
public struct DecodedVideo: Sendable {
  public var path: String
  public var frames: [RasterImage]
  /// Presentation timestamps, seconds, ascending, one per frame.
  public var times: [Double]
  /// The video's own size, pixels (regions are given in these).
  public var sourceWidth: Int
  public var sourceHeight: Int
  /// 1 when every frame was kept; k when only every k-th frame was, to stay
  /// within `VideoBackdrop.memoryCap`.
  public var keptEvery: Int

  public init(
    path: String, frames: [RasterImage], times: [Double], sourceWidth: Int, sourceHeight: Int,
    keptEvery: Int = 1
  ) {
    precondition(frames.count == times.count, "DecodedVideo: one time per frame")
    self.path = path
    self.frames = frames
    self.times = times
    self.sourceWidth = sourceWidth
    self.sourceHeight = sourceHeight
    self.keptEvery = keptEvery
  }

  /// Bytes the frames hold.
  public var byteCount: Int { frames.reduce(0) { $0 + $1.byteCount } }
}

/// What the shell decodes: `path` scaled to `width × height` pixels (never
/// above the video's own size), at most `maxBytes` of frames.
public struct VideoDecodeRequest: Sendable, Equatable {
  public var path: String
  public var width: Int
  public var height: Int
  public var maxBytes: Int

  public init(path: String, width: Int, height: Int, maxBytes: Int) {
    self.path = path
    self.width = width
    self.height = height
    self.maxBytes = maxBytes
  }
}

/// A whole-menu fit to run (`MenuFit`): every element blooming from a
/// shared origin in the decoded frames, which show the device's screen
/// edge to edge (`pixelsPerPoint` frame pixels per device point).
public struct MenuFitRequest: Sendable {
  public var frames: [RasterImage]
  public var times: [Double]
  public var pixelsPerPoint: Double
  /// The video at its own size, as `springlab fit --menu` reads it; nil:
  /// fit `frames` (see `VideoFitRequest.source`).
  public var source: VideoFitSource?

  public init(
    frames: [RasterImage], times: [Double], pixelsPerPoint: Double, source: VideoFitSource? = nil
  ) {
    self.frames = frames
    self.times = times
    self.pixelsPerPoint = pixelsPerPoint
    self.source = source
  }
}

/// The video file a fit decodes again at its own size, grey, as `springlab
/// fit` does: the backdrop's frames are display-sized (at most
/// `VideoBackdrop.maxSide`) and a long clip keeps only every k-th, and a
/// fit on them differed from the command line's on the same clip (a
/// collapse came back as 0.306 s in the window, 0.261 s on the command
/// line; truth 0.25).
public struct VideoFitSource: Sendable, Equatable {
  public var path: String
  /// Video seconds (`--from`…`--to`), nil for the whole clip.
  public var range: ClosedRange<Double>?
  /// The element in the video's own pixels (nil for a whole menu).
  public var region: FrameRegion?
  /// Pixels per device point at the video's own size (a whole menu).
  public var pixelsPerPoint: Double?

  public init(
    path: String, range: ClosedRange<Double>?, region: FrameRegion? = nil,
    pixelsPerPoint: Double? = nil
  ) {
    self.path = path
    self.range = range
    self.region = region
    self.pixelsPerPoint = pixelsPerPoint
  }
}

/// A fit to run: track `region` (frame pixels) from the frame nearest
/// `regionAt` both ways, then fit a spring and a tween.
public struct VideoFitRequest: Sendable {
  public var frames: [RasterImage]
  public var times: [Double]
  /// The element, in the decoded frames' pixels.
  public var region: FrameRegion
  public var regionAt: Double
  /// The graphed motion the result is for.
  public var target: GraphTarget
  /// The video decoded again at its own size for the fit, as `springlab
  /// fit` reads it; nil (or when it cannot be read): `frames`.
  public var source: VideoFitSource?

  public init(
    frames: [RasterImage], times: [Double], region: FrameRegion, regionAt: Double,
    target: GraphTarget, source: VideoFitSource? = nil
  ) {
    self.frames = frames
    self.times = times
    self.region = region
    self.regionAt = regionAt
    self.target = target
    self.source = source
  }
}

/// The tracked samples drawn on the graph over the curve: (seconds since the
/// fitted start, progress 0 → 1 of the fitted travel).
public struct FitOverlay: Sendable, Equatable {
  public var target: GraphTarget
  public var points: [Point]
}

/// The backdrop video in the window: which frame shows for the timeline
/// time, the element's rectangle, and the last fit's samples.
public struct VideoBackdrop: Sendable {
  /// Most bytes of decoded frames held (256 MiB of RGB at display size:
  /// about 7 s of 60 fps at 390 × 844); beyond it only every 2nd, 4th, …
  /// frame is kept and a toast says so.
  public static let memoryCap = 256 << 20
  /// Largest decoded side, pixels (a 4K recording is shown and tracked at
  /// most this large).
  public static let maxSide = 1280
  /// Smallest rectangle side accepted, video pixels.
  public static let minimumRegion = 4.0

  public var video: DecodedVideo
  /// Timeline time (s) at which the video's first frame shows; it loops.
  public var origin: Double
  /// Drags on the canvas draw the element's rectangle (M toggles).
  public var marking = true
  /// The element, in the video's own pixels, on the frame shown at `regionAt`.
  public var region: FrameRegion?
  public var regionAt: Double?
  /// A fit is running in the shell.
  public var fitting = false
  public var overlay: FitOverlay?
  /// The stretch of the video a fit looks at (video seconds, either end
  /// open when nil), as `springlab fit --from/--to`: `[` and `]` set it on
  /// the frame shown.
  public var fitFrom: Double?
  public var fitTo: Double?
  /// The last fit's result, one short line each (numbers with their ±, the
  /// caveats), for the panel's Backdrop section: a toast is too short.
  public var lastFit: [String] = []

  /// Indices of the frames inside the fit's range.
  public var framesInRange: [Int] {
    video.times.indices.filter {
      video.times[$0] >= (fitFrom ?? -.infinity) && video.times[$0] <= (fitTo ?? .infinity)
    }
  }

  /// The range as `springlab fit` takes it (empty when the whole clip),
  /// to the millisecond, widened outwards so that pasted into the command
  /// line it keeps the same frames.
  /// why: "--to 1.583" for a frame at 1.58333 s left that frame out of the
  /// command line's fit (walk-through)
  public var rangeArguments: String {
    [
      fitFrom.map { "--from \(Fmt.fixed(VideoBackdrop.millisecond($0, .down), 3))" },
      fitTo.map { "--to \(Fmt.fixed(VideoBackdrop.millisecond($0, .up), 3))" },
    ]
    .compactMap { $0 }.joined(separator: " ")
  }

  /// `t` seconds rounded to a whole millisecond in `direction` (a time
  /// already on a millisecond, within float noise, stays).
  static func millisecond(_ t: Double, _ direction: FloatingPointRoundingRule) -> Double {
    let ms = t * 1000
    let near = ms.rounded()
    return (abs(ms - near) < 1e-6 ? near : ms.rounded(direction)) / 1000
  }

  public init(video: DecodedVideo, origin: Double) {
    self.video = video
    self.origin = origin
  }

  /// Seconds one loop lasts: first to last timestamp plus one frame.
  public var loopLength: Double {
    let t = video.times
    guard let first = t.first, let last = t.last, t.count >= 2 else { return 1 }
    return last - first + (last - first) / Double(t.count - 1)
  }

  /// The video time shown at timeline time `time` (looping from `origin`).
  public func videoTime(at time: Double) -> Double {
    let span = loopLength
    var k = (time - origin).truncatingRemainder(dividingBy: span)
    if k < 0 { k += span }
    return (video.times.first ?? 0) + k
  }

  /// The frame whose presentation timestamp is nearest the video time at
  /// timeline time `time`.
  public func frameIndex(at time: Double) -> Int {
    let v = videoTime(at: time)
    let t = video.times
    guard !t.isEmpty else { return 0 }
    // why: timestamps ascend; binary search, then the nearer neighbour
    var lo = 0
    var hi = t.count - 1
    while lo < hi {
      let mid = (lo + hi) / 2
      if t[mid] < v { lo = mid + 1 } else { hi = mid }
    }
    if lo > 0 && abs(t[lo - 1] - v) <= abs(t[lo] - v) { return lo - 1 }
    return lo
  }

  /// The region in the decoded frames' pixels.
  public func frameRegion(_ r: FrameRegion) -> FrameRegion {
    guard let f = video.frames.first else { return r }
    let kx = Double(f.width) / Double(max(1, video.sourceWidth))
    let ky = Double(f.height) / Double(max(1, video.sourceHeight))
    let x = max(0, min(Double(f.width) - 1, r.x * kx))
    let y = max(0, min(Double(f.height) - 1, r.y * ky))
    return FrameRegion(
      x: x, y: y, width: min(Double(f.width) - x, r.width * kx),
      height: min(Double(f.height) - y, r.height * ky))
  }
}

extension StudioState {
  /// The device's screen on the window, pixels: where the backdrop shows.
  public var screenRect: PixelRect {
    let layout = StudioLayout(self)
    let (x, y) = layout.view.toPixels(Point(0, 0))
    let d = scene.device
    return PixelRect(x: x, y: y, w: d.width * layout.view.scale, h: d.height * layout.view.scale)
  }

  /// The video pixel under window pixel (x, y), clamped to the video.
  func videoPixel(_ v: VideoBackdrop, _ x: Double, _ y: Double) -> Point {
    let r = screenRect
    let u = max(0, min(1, (x - r.x) / max(1, r.w)))
    let w = max(0, min(1, (y - r.y) / max(1, r.h)))
    return Point(u * Double(v.video.sourceWidth), w * Double(v.video.sourceHeight))
  }

  /// The backdrop video's frame to draw now, if any.
  public var backdropFrame: RasterImage? {
    guard let v = videoBackdrop, !v.video.frames.isEmpty else { return nil }
    return v.video.frames[v.frameIndex(at: timeline.time)]
  }
}

extension StudioState {
  /// The trace line with the backdrop's object added (when one is in): for a
  /// video which frame shows, the marked element, and the last fit's sample
  /// count; for an image its file's name (once it has decoded).
  func withBackdrop(_ line: JSONValue) -> JSONValue {
    guard case .object(var members) = line else { return line }
    guard let v = videoBackdrop else {
      guard let image = overlays.backdrop else { return line }
      members.append(("backdrop", .object([("image", .string(StudioFiles.lastComponent(image)))])))
      return .object(members)
    }
    let i = v.frameIndex(at: timeline.time)
    func n(_ d: Double) -> JSONValue { .number((d * 1000).rounded() / 1000) }
    let region: JSONValue =
      v.region.map { r in
        .object([
          ("x", n(r.x)), ("y", n(r.y)), ("width", n(r.width)), ("height", n(r.height)),
          ("at", n(v.regionAt ?? 0)),
        ])
      } ?? .null
    members.append(
      (
        "backdrop",
        .object([
          ("video", .string(StudioFiles.lastComponent(v.video.path))),
          ("frames", .number(Double(v.video.frames.count))), ("frame", .number(Double(i))),
          ("pts", n(v.video.times[i])), ("region", region),
          ("fitting", .bool(v.fitting)), ("samples", .number(Double(v.overlay?.points.count ?? 0))),
        ])
      ))
    return .object(members)
  }
}
