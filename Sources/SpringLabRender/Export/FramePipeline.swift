import Foundation

/// Renders frames on the caller's thread while writer threads deliver the
/// finished ones (to ffmpeg's pipe, to PNG files), so rendering and encoding
/// overlap. Frames travel in a bounded pool of `FrameBuffer`s: the renderer
/// draws into a free buffer and queues it; a writer delivers it straight from
/// the buffer (no per-frame copy) and returns it to the pool. Each buffer
/// remembers the draw list it shows, so incremental rendering stays exact.
///
/// Frame k always goes into buffer k mod depth, so what each buffer showed
/// before (and so what an incremental frame redraws) does not depend on
/// thread timing: a render is the same bytes every time. Frames are
/// delivered in order by a single writer; with several writers (PNG folders)
/// they are picked up in order and may finish out of order.
/// Use `submit` and `finish` from one thread.
public final class FramePipeline: @unchecked Sendable {
  /// Where the time went, for benchmarks and the overlap test.
  public struct Stats: Sendable, Equatable {
    public var frames = 0
    public var writers = 1
    public var depth = 0
    /// From the first `submit` to the end of `finish`, seconds.
    public var wallSeconds = 0.0
    /// The renderer's time inside its draw closures, seconds.
    public var renderSeconds = 0.0
    /// The renderer's time waiting for a free buffer (the encoder behind), seconds.
    public var renderBlockedSeconds = 0.0
    /// Writers' time delivering frames (summed over writers), seconds.
    public var writeSeconds = 0.0
    /// Writers' time waiting for a frame (the renderer behind), summed, seconds.
    public var writerStarvedSeconds = 0.0
    /// Frames whose drawing ran while a writer was delivering another frame:
    /// a writer was inside `deliver` when the drawing began or ended, or began
    /// a delivery meanwhile. Counted from the order of events, not from
    /// timings, so a loaded machine cannot hide or fake the overlap; with one
    /// buffer it is always 0.
    public var overlappedFrames = 0

    /// Share of the run the renderer spent blocked by the writers (0…1).
    public var renderBlockedShare: Double {
      wallSeconds > 0 ? renderBlockedSeconds / wallSeconds : 0
    }
    /// Share of the run the writers spent waiting for frames (0…1).
    public var writerStarvedShare: Double {
      wallSeconds > 0 ? writerStarvedSeconds / (wallSeconds * Double(max(1, writers))) : 0
    }
  }

  /// Frame size, pixels.
  public let width: Int
  public let height: Int

  private let deliver: (FrameBuffer, Int) throws -> Void
  private let lock = NSCondition()
  private let buffers: [FrameBuffer]
  private var busy: [Bool]
  private var queue: [(Int, FrameBuffer)] = []
  private var closed = false
  private var failure: Error?
  private var running = 0
  private var nextIndex = 0
  private var stats = Stats()
  private var started: UInt64?
  /// Writers inside `deliver` now, and deliveries begun so far (for `overlappedFrames`).
  private var delivering = 0
  private var deliveriesBegun = 0

  /// Starts `writers` threads.
  /// - Parameters:
  ///   - depth: buffers in the pool (≥ 2 for any overlap; 3 lets the renderer
  ///     run one frame ahead while a writer is mid-frame).
  ///   - deliver: called on a writer thread with a rendered buffer and its
  ///     frame index; an error stops the pipeline and is rethrown by the
  ///     next `submit` or by `finish`.
  /// - Throws: `.invalidSize`, `.cairo` when buffers cannot be allocated.
  public init(
    width: Int, height: Int, depth: Int = 3, writers: Int = 1,
    deliver: @escaping (FrameBuffer, Int) throws -> Void
  ) throws {
    self.width = width
    self.height = height
    self.deliver = deliver
    buffers = try (0..<max(1, depth)).map { _ in try FrameBuffer(width: width, height: height) }
    busy = Array(repeating: false, count: buffers.count)
    stats.writers = max(1, writers)
    stats.depth = buffers.count
    running = stats.writers
    for _ in 0..<stats.writers {
      let t = Thread { [self] in writerLoop() }
      t.name = "springlab-frame-writer"
      t.start()
    }
  }

  deinit {
    cancel()
  }

  private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

  /// Renders the next frame: waits until its buffer is free, lets `render`
  /// draw into it, then queues it for delivery.
  /// - Throws: a writer's error (the frame is not rendered), or `render`'s.
  public func submit(_ render: (FrameBuffer) throws -> Void) throws {
    let t0 = Self.now()
    if started == nil { started = t0 }
    let index = nextIndex
    let slot = index % buffers.count
    lock.lock()
    while busy[slot] && failure == nil { lock.wait() }
    if let failure {
      lock.unlock()
      throw failure
    }
    busy[slot] = true
    let writerBusyAtStart = delivering > 0
    let begunAtStart = deliveriesBegun
    lock.unlock()
    let buffer = buffers[slot]
    let t1 = Self.now()
    do { try render(buffer) } catch {
      lock.lock()
      busy[slot] = false
      lock.unlock()
      throw error
    }
    nextIndex += 1
    let t2 = Self.now()
    lock.lock()
    stats.renderBlockedSeconds += Double(t1 - t0) / 1e9
    stats.renderSeconds += Double(t2 - t1) / 1e9
    if writerBusyAtStart || delivering > 0 || deliveriesBegun != begunAtStart {
      stats.overlappedFrames += 1
    }
    queue.append((index, buffer))
    lock.broadcast()
    lock.unlock()
  }

  /// Waits until every queued frame is delivered and the writers have ended.
  /// - Returns: the run's statistics.
  /// - Throws: the first writer error.
  @discardableResult
  public func finish() throws -> Stats {
    lock.lock()
    closed = true
    lock.broadcast()
    while running > 0 { lock.wait() }
    stats.frames = nextIndex
    stats.wallSeconds = started.map { Double(Self.now() - $0) / 1e9 } ?? 0
    let result = stats
    let failure = self.failure
    lock.unlock()
    if let failure { throw failure }
    return result
  }

  /// Stops the writers after the frame each is delivering; queued frames are dropped.
  public func cancel() {
    lock.lock()
    closed = true
    queue.removeAll()
    lock.broadcast()
    while running > 0 { lock.wait() }
    lock.unlock()
  }

  private func writerLoop() {
    while true {
      lock.lock()
      let t0 = Self.now()
      while queue.isEmpty && !closed && failure == nil { lock.wait() }
      // why: waiting before the first frame is the renderer's start-up, which
      // a serialized pipeline pays too; it counts as starvation all the same.
      stats.writerStarvedSeconds += Double(Self.now() - t0) / 1e9
      guard failure == nil, !queue.isEmpty else {
        running -= 1
        lock.broadcast()
        lock.unlock()
        return
      }
      let (index, buffer) = queue.removeFirst()
      delivering += 1
      deliveriesBegun += 1
      lock.unlock()
      let t1 = Self.now()
      var error: Error?
      do { try deliver(buffer, index) } catch let e { error = e }
      let t2 = Self.now()
      lock.lock()
      stats.writeSeconds += Double(t2 - t1) / 1e9
      delivering -= 1
      if let error, failure == nil { failure = error }
      busy[index % buffers.count] = false
      lock.broadcast()
      lock.unlock()
    }
  }
}
