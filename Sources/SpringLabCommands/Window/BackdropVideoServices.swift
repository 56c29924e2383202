import Foundation
import SpringLabCore
import SpringLabStudio
import SpringLabUI

/// The backdrop video's effects: decoding by an ffmpeg child to RGB frames
/// at display size, and tracking plus fitting on those frames. Both run on
/// a background thread (see `BackgroundJob`).
package enum BackdropVideoServices {
  package static func decode(_ r: VideoDecodeRequest) -> Result<DecodedVideo, StudioFailure> {
    let name = StudioFiles.lastComponent(r.path)
    do {
      let raw = try VideoDecoder.decodeRaw(
        r.path, range: nil, output: .rgb(width: r.width, height: r.height), maxBytes: r.maxBytes,
        subsample: true)
      return .success(
        DecodedVideo(
          path: r.path,
          frames: raw.images.map { RasterImage(width: raw.width, height: raw.height, rgb: $0) },
          times: raw.times, sourceWidth: raw.sourceWidth, sourceHeight: raw.sourceHeight,
          keptEvery: raw.keptEvery))
    } catch {
      switch error {
      case .noFFmpeg:
        return .failure(StudioFailure("Cannot play \(name): no ffmpeg on PATH (install ffmpeg)"))
      case .unreadable(let why):
        return .failure(StudioFailure("Cannot play \(name): \(why)"))
      }
    }
  }

  /// Tracks and fits as `springlab fit VIDEO --region … --region-at …`
  /// does: on the video decoded again at its own size when `r.source`
  /// says where it is, else (or when that cannot be decoded) on the
  /// backdrop's display-size frames.
  package static func fit(_ r: VideoFitRequest) -> Result<MotionFit, StudioFailure> {
    let full = r.source.flatMap { s in
      s.region.flatMap { box in decodedAgain(s).map { ($0.frames, box) } }
    }
    // why: the backdrop's frames are made grey only when they are the ones fitted
    let (frames, region) = full ?? (grey(r.frames, r.times), r.region)
    do {
      return .success(
        try VideoFit.fit(frames: frames, region: region, regionAt: r.regionAt, axis: .auto).fit)
    } catch {
      return .failure(StudioFailure(error.description))
    }
  }

  /// `springlab fit VIDEO --menu`, on the video at its own size when
  /// `r.source` says where it is (as `fit`).
  package static func fitMenu(_ r: MenuFitRequest) -> Result<MenuFit, StudioFailure> {
    // why: a clip `springlab render` made says where its screen is
    let full = r.source.flatMap { s in
      s.pixelsPerPoint.flatMap { p in decodedAgain(s).map { ($0.frames, $0.note?.scale ?? p) } }
    }
    let (frames, ppp) = full ?? (grey(r.frames, r.times), r.pixelsPerPoint)
    do {
      return .success(try MenuFit.fit(frames: frames, pixelsPerPoint: ppp))
    } catch {
      return .failure(StudioFailure(error.description))
    }
  }

  /// The video of `s` decoded again at its own size, grey, within its
  /// range, with `render`'s note; nil when it cannot be decoded (the fit
  /// then uses the backdrop's frames).
  static func decodedAgain(_ s: VideoFitSource) -> (frames: [GreyFrame], note: RenderNote?)? {
    guard let d = try? VideoDecoder.decodeNoted(s.path, range: s.range), !d.frames.isEmpty
    else { return nil }
    return d
  }

  /// The backdrop's frames as grey frames at their times.
  static func grey(_ frames: [RasterImage], _ times: [Double]) -> [GreyFrame] {
    zip(frames, times).map { grey($0, pts: $1) }
  }

  /// Luma of packed RGB (BT.601 weights), as the tracker reads it.
  static func grey(_ img: RasterImage, pts: Double) -> GreyFrame {
    var out = [UInt8](repeating: 0, count: img.width * img.height)
    img.rgb.withUnsafeBufferPointer { src in
      for i in 0..<out.count {
        let r = UInt32(src[3 * i])
        let g = UInt32(src[3 * i + 1])
        let b = UInt32(src[3 * i + 2])
        out[i] = UInt8((77 * r + 150 * g + 29 * b + 128) >> 8)
      }
    }
    return GreyFrame(width: img.width, height: img.height, pts: pts, pixels: out)
  }
}
