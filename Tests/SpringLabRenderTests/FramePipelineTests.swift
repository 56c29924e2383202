import Foundation
import SpringLabPlatform
import SpringLabUI
import Testing

@testable import SpringLabRender

extension RenderTests {
  /// Rendering and encoding overlap: counted waiting time, never wall time.
  @Suite struct FramePipelineTests {
    /// A renderer and a writer that each take 4 ms a frame. Pipelined, each
    /// mostly works while the other does; with a single buffer (serialized,
    /// as `render` used to be) each waits for the other about half the run.
    /// Sleeps stand in for work so a busy machine cannot skew the shares.
    @Test func pipelinedStagesWaitLittleAndSerializedStagesWaitHalf() throws {
      func run(depth: Int) throws -> FramePipeline.Stats {
        let p = try FramePipeline(width: 16, height: 16, depth: depth) { _, _ in usleep(4000) }
        for _ in 0..<40 { try p.submit { _ in usleep(4000) } }
        return try p.finish()
      }
      let pipelined = try run(depth: 3)
      let serialized = try run(depth: 1)
      #expect(pipelined.frames == 40 && serialized.frames == 40)
      let overlapped = min(pipelined.renderBlockedShare, pipelined.writerStarvedShare)
      let lockstep = min(serialized.renderBlockedShare, serialized.writerStarvedShare)
      #expect(overlapped < 0.2, "pipelined: \(pipelined)")
      #expect(lockstep > 0.3, "serialized: \(serialized)")
    }

    /// 90 demo-like 640×360 frames through the real rasteriser into a real
    /// ffmpeg with `depth` buffers; the pipeline's statistics.
    func exportThroughFfmpeg(depth: Int) throws -> FramePipeline.Stats {
      let font = try #require(FontLocator.locate())
      let dir = try makeTempDir()
      defer { try? FileManager.default.removeItem(at: dir) }
      let path = dir.appendingPathComponent("clip.mp4").path
      let (w, h) = (640, 360)
      let encoder = try VideoEncoder(outputPath: path, width: w, height: h, fps: 30)
      let rasterizer = CairoRasterizer(textCache: try TextCache(fontPath: font))
      let pipeline = try FramePipeline(width: w, height: h, depth: depth) { buffer, _ in
        try buffer.withBytes { try encoder.write(frame: $0) }
      }
      for k in 0..<90 {
        var dl = DrawList()
        for i in 0..<8 {
          let a = Double(k) / 30 + Double(i)
          dl.circleShadow(
            cx: 320 + 140 * cos(a), cy: 180 + 120 * sin(a), r: 24, blur: 8, RGBA(0, 0, 0, 0x40))
          dl.fillCircle(
            cx: 320 + 140 * cos(a), cy: 180 + 120 * sin(a), r: 24, RGBA(0, 0x7A, 0xFF))
        }
        dl.text("frame \(k)", x: 12, y: 12, size: 16, color: RGBA(255, 255, 255))
        try pipeline.submit { rasterizer.render(dl, into: $0) }
      }
      let stats = try pipeline.finish()
      try encoder.finish()
      #expect(stats.frames == 90)
      #expect(stats.writeSeconds > 0)
      if ExecutableSearch.find("ffprobe") != nil { #expect(ffprobeFrames(path) == 90) }
      return stats
    }

    /// The renderer and the writer feeding ffmpeg work at the same time:
    /// frames are drawn while the writer delivers the one before (36–68 of
    /// 90 seen with the machine's load at 20; more when idle). With one
    /// buffer (serialized, as `render` used to be) no frame can be.
    /// Counted from the order of events, never from timings: on two shared
    /// cores the time each stage takes, and which of them waits, changes from
    /// run to run (the shares are `springlab bench`'s to report).
    @Test func exportToFfmpegOverlapsRendering() throws {
      try #require(ExecutableSearch.find("ffmpeg") != nil, "ffmpeg not installed")
      let overlapped = try exportThroughFfmpeg(depth: 3)
      let serialized = try exportThroughFfmpeg(depth: 1)
      #expect(overlapped.overlappedFrames * 10 >= overlapped.frames, "\(overlapped)")
      #expect(serialized.overlappedFrames == 0, "one buffer cannot overlap: \(serialized)")
    }

    /// A writer that fails stops the run with its error, and the renderer
    /// does not hang waiting for a buffer.
    @Test func aWriterErrorStopsTheRun() throws {
      struct Boom: Error {}
      let p = try FramePipeline(width: 8, height: 8, depth: 2) { _, k in
        if k == 3 { throw Boom() }
      }
      var thrown: Error?
      do {
        for _ in 0..<50 { try p.submit { _ in } }
        try p.finish()
      } catch { thrown = error }
      #expect(thrown is Boom)
    }

    /// Several writers (PNG folders) deliver every frame exactly once.
    @Test func severalWritersDeliverEveryFrameOnce() throws {
      let seen = Mutex()
      let p = try FramePipeline(width: 8, height: 8, depth: 4, writers: 2) { _, k in
        seen.insert(k)
      }
      for _ in 0..<30 { try p.submit { _ in } }
      let stats = try p.finish()
      #expect(stats.writers == 2)
      #expect(seen.values == Set(0..<30))
      #expect(seen.count == 30)
    }
  }
}

/// A set guarded by a lock, for writer threads.
final class Mutex: @unchecked Sendable {
  private let lock = NSLock()
  private var set: Set<Int> = []
  private var inserts = 0
  func insert(_ k: Int) {
    lock.lock()
    set.insert(k)
    inserts += 1
    lock.unlock()
  }
  var values: Set<Int> {
    lock.lock()
    defer { lock.unlock() }
    return set
  }
  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return inserts
  }
}
