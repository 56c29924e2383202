import Foundation
import SpringLabCore
import SpringLabPlatform
import SpringLabUI

/// Encodes raw BGRA frames to `.mp4` (H.264, BT.709, tagged so players show
/// the colours the window showed), `.gif`, `.mov` (ProRes 4444) or `.webm`
/// (VP9) by piping them into a concurrently running `ffmpeg` (started
/// through `ChildProcess`). `.mov` and `.webm` can keep the frames' alpha
/// (`alpha: true`) for compositing. The result appears at `outputPath` only
/// when ffmpeg exits 0 and the file is complete (an MP4 or MOV with its
/// index, a GIF with its trailer, a WebM with its closed Segment); until
/// then it is the output writer's temporary file beside it, removed on any
/// failure.
///
/// Use from one thread: `init`, `write(frame:)` × n, `finish()`.
public final class VideoEncoder {
  /// Container chosen from the output extension.
  public enum Format: String, Sendable {
    case mp4, gif, mov, webm

    /// Whether the container and codec can carry an alpha channel
    /// (ProRes 4444 in `.mov`, VP9 in `.webm`).
    public var carriesAlpha: Bool { self == .mov || self == .webm }

    /// Whether the codec needs even frame sizes (4:2:0 chroma).
    var needsEvenSize: Bool { self == .mp4 || self == .webm }

    /// The output writer's completeness check for this container.
    var check: (String) -> String? {
      switch self {
      case .mp4: return OutputCheck.mp4
      case .gif: return OutputCheck.gif
      case .mov: return OutputCheck.mov
      case .webm: return OutputCheck.webm
      }
    }
  }

  /// Final output path.
  public let outputPath: String
  /// Frame size, pixels.
  public let width: Int
  public let height: Int
  /// Frames per second.
  public let fps: Int
  public let format: Format
  /// Frames accepted so far.
  public private(set) var framesWritten = 0
  /// What goes through the pipe (always `.bgra` but for mp4).
  public let input: EncoderPixelFormat
  /// Whether the frames' alpha is kept (`.mov`, `.webm` only).
  public let alpha: Bool

  // why: in-process conversion reuses one plane buffer for every frame.
  private var converter: YUV420Converter?
  /// yuv420p frames larger than ffmpeg's pipe: two page-aligned plane
  /// buffers used in turns and handed to the pipe without a copy
  /// (vmsplice). Frame k's buffer is written again at frame k + 2, after
  /// frame k + 1 — more bytes than the pipe holds — has gone in whole, so
  /// ffmpeg has read all of frame k by then. Freed only once ffmpeg is done.
  private var splicedPlanes: [UnsafeMutableRawPointer] = []
  /// The changed boxes of the previous frame (nil: unknown): a spliced
  /// buffer last held the frame before that, so it is converted where
  /// either of the last two frames changed.
  private var previousChanged: [PixelBox]?
  // why: Cairo's pixels are premultiplied; ffmpeg's bgra is straight alpha.
  private var straight: StraightAlphaConverter?

  private let process: ChildProcess
  private let output: OutputFile
  private var done = false

  // why: a write to a pipe whose reader died must become EPIPE (an error we
  // can report), not a process-killing signal. A static let runs once.
  private static let ignoreSIGPIPE: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

  /// Starts ffmpeg.
  /// - Parameters:
  ///   - outputPath: ends in `.mp4`, `.gif`, `.mov` or `.webm`.
  ///   - width, height: frame size in pixels, 1…7680 × 1…4320 (even for mp4
  ///     and webm).
  ///   - fps: frames per second, 1…240; for gif it must divide 100 (gif
  ///     delays are whole hundredths of a second).
  ///   - input: the pixel format sent to ffmpeg (mp4 only; the others take BGRA).
  ///   - alpha: keep the frames' transparency (`.mov`, `.webm` only); the
  ///     frames are then premultiplied BGRA as Cairo draws them.
  ///   - zeroCopy: hand yuv420p frames to ffmpeg's pipe without copying
  ///     them when they are larger than the pipe (Linux's vmsplice); false
  ///     always copies (for comparison in tests and benches).
  ///   - ffmpegPath: explicit executable; nil searches `searchPath`.
  ///   - searchPath: colon-separated directories (default: `PATH`).
  /// - Throws: `.toolMissing(tool: "ffmpeg", package: "ffmpeg")`,
  ///   `.invalidSize`, `.invalidVideoSettings`, `.io` (the output's folder
  ///   missing or unwritable, the output a folder or not a regular file).
  public init(
    outputPath: String, width: Int, height: Int, fps: Int,
    input: EncoderPixelFormat = .bgra,
    alpha: Bool = false,
    comment: String? = nil,
    zeroCopy: Bool = true,
    ffmpegPath: String? = nil,
    searchPath: String? = ProcessInfo.processInfo.environment["PATH"]
  ) throws {
    let ext = URL(fileURLWithPath: outputPath).pathExtension.lowercased()
    guard let format = Format(rawValue: ext) else {
      throw SDLBackendError.invalidVideoSettings(
        "unsupported output extension '.\(ext)' (use .mp4, .gif, .mov or .webm)")
    }
    if alpha && !format.carriesAlpha {
      throw SDLBackendError.invalidVideoSettings(
        "a .\(ext) cannot carry transparency (use .mov or .webm)")
    }
    try SoftwareCanvas.checkSize(width: width, height: height)
    guard (1...240).contains(fps) else {
      throw SDLBackendError.invalidVideoSettings("fps \(fps) must be within 1...240")
    }
    if format.needsEvenSize, width % 2 != 0 || height % 2 != 0 {
      throw SDLBackendError.invalidSize(
        width: width, height: height,
        reason: "\(format.rawValue) (4:2:0 chroma) needs even width and height")
    }
    if format == .gif, 100 % fps != 0 {
      throw SDLBackendError.invalidVideoSettings(
        "gif fps \(fps) must divide 100 (1, 2, 4, 5, 10, 20, 25, 50, 100)")
    }
    let exe: String
    if let ffmpegPath {
      guard FileManager.default.isExecutableFile(atPath: ffmpegPath) else {
        throw SDLBackendError.toolMissing(tool: "ffmpeg", package: "ffmpeg")
      }
      exe = ffmpegPath
    } else {
      guard let found = ExecutableSearch.find("ffmpeg", searchPath: searchPath) else {
        throw SDLBackendError.toolMissing(tool: "ffmpeg", package: "ffmpeg")
      }
      exe = found
    }
    Self.ignoreSIGPIPE

    let out: OutputFile
    do { out = try OutputFile(path: outputPath) } catch {
      throw SDLBackendError.io(path: outputPath, message: "cannot write: " + error.reason)
    }
    out.handOver()
    let tmp = out.temporaryPath

    let piped: EncoderPixelFormat = format == .mp4 ? input : .bgra
    let args = Self.arguments(
      format: format, input: piped, width: width, height: height, fps: fps, source: "-",
      output: tmp, alpha: alpha, comment: comment)

    let p: ChildProcess
    do {
      p = try ChildProcess.launch(
        exe, args, env: ProcessInfo.processInfo.environment, captureErrors: true, inputPipe: true)
    } catch {
      out.discard()
      throw SDLBackendError.io(path: exe, message: "cannot start ffmpeg: \(error)")
    }

    self.outputPath = outputPath
    self.width = width
    self.height = height
    self.fps = fps
    self.format = format
    self.input = piped
    self.alpha = alpha
    let planeBytes = width * height * 3 / 2
    if piped == .yuv420p, zeroCopy, ChildProcess.canSpliceInput,
      let capacity = p.inputPipeCapacity, planeBytes >= capacity
    {
      splicedPlanes = (0..<2).map { _ in
        UnsafeMutableRawPointer.allocate(byteCount: planeBytes, alignment: 4096)
      }
    }
    self.converter =
      piped == .yuv420p && splicedPlanes.isEmpty
      ? YUV420Converter(width: width, height: height) : nil
    self.straight = alpha ? StraightAlphaConverter(width: width, height: height) : nil
    self.process = p
    self.output = out
  }

  /// ffmpeg's arguments for raw frames in `input` format read from `source`
  /// ("-" for the pipe, or a file of raw frames, as the bench feeds ffmpeg
  /// alone) encoded to `output`: BT.709, limited range, tagged; with
  /// `alpha` (mov, webm) the alpha plane is kept (straight BGRA in).
  public static func arguments(
    format: Format, input piped: EncoderPixelFormat, width: Int, height: Int, fps: Int,
    source: String, output: String, alpha: Bool = false, comment: String? = nil
  ) -> [String] {
    var args = [
      "-hide_banner", "-nostdin", "-nostats", "-loglevel", "warning", "-y",
      "-f", "rawvideo", "-pix_fmt", piped.rawValue, "-s", "\(width)x\(height)", "-r", "\(fps)",
    ]
    if piped == .yuv420p {
      // why: say what the bytes already are, so ffmpeg does not convert again.
      args += ["-color_range", "tv", "-colorspace", "bt709"]
    }
    args += ["-i", source]
    // why: ffmpeg 5 reads its input on the thread that feeds the encoder
    // unless there are two inputs; then each input has a reading thread and
    // a queue. Reading a pipe smaller than a frame waits for the writer at
    // least once a frame, and on the feeding thread that wait held up every
    // frame: an empty second input (never mapped) moves it off. Same output
    // bytes; ffmpeg 6 and later read on their own threads anyway.
    args += ["-f", "rawvideo", "-pix_fmt", "gray", "-s", "2x2", "-i", "/dev/null", "-map", "0:v"]
    args += ["-an"]
    if let comment, format != .gif {
      // why: the container's comment tag, which ffmpeg prints when it opens
      // the file (a GIF has none)
      args += ["-metadata", "comment=\(comment)"]
    }
    let tags = [
      "-color_range", "tv", "-colorspace", "bt709", "-color_primaries", "bt709",
      "-color_trc", "bt709",
    ]
    switch format {
    case .mp4:
      if piped == .bgra {
        // why: swscale's default matrix is BT.601; HD players decode BT.709.
        args += ["-vf", "scale=out_color_matrix=bt709:out_range=tv"]
      }
      args += [
        "-c:v", "libx264", "-preset", "medium", "-crf", "18", "-pix_fmt", "yuv420p",
        "-color_range", "tv", "-colorspace", "bt709", "-color_primaries", "bt709",
        "-color_trc", "bt709", "-movflags", "+faststart", "-f", "mp4", output,
      ]
    case .gif:
      // why: one palette for the whole clip, weighted to moving pixels
      // (stats_mode=diff), with ordered dither so frames do not shimmer.
      args += [
        "-filter_complex",
        "[0:v]split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer:bayer_scale=3",
        "-loop", "0", "-f", "gif", output,
      ]
    case .mov:
      // why: ProRes 4444 is what Keynote, Final Cut and After Effects take
      // with alpha; 10-bit 4:4:4 keeps edges exact. prores_ks leaves the
      // colour tags out of its frame headers, so the bitstream filter writes
      // them (players otherwise guess BT.601).
      args +=
        [
          "-vf", "scale=out_color_matrix=bt709:out_range=tv",
          "-c:v", "prores_ks", "-profile:v", "4444", "-vendor", "apl0",
          "-pix_fmt", alpha ? "yuva444p10le" : "yuv444p10le",
          "-bsf:v", "prores_metadata=color_primaries=bt709:color_trc=bt709:colorspace=bt709",
        ] + tags + ["-f", "mov", output]
    case .webm:
      // why: constant quality (-b:v 0); row-mt and cpu-used 4 keep VP9, the
      // slowest encoder here, near real time on two cores.
      args +=
        [
          "-vf", "scale=out_color_matrix=bt709:out_range=tv",
          "-c:v", "libvpx-vp9", "-pix_fmt", alpha ? "yuva420p" : "yuv420p",
          "-crf", "30", "-b:v", "0", "-deadline", "good", "-cpu-used", "4", "-row-mt", "1",
        ] + tags + ["-f", "webm", output]
    }
    return args
  }

  deinit {
    if !done { cancel() }
    // why: only now, with ffmpeg gone, can no pipe still point at them
    for buffer in splicedPlanes { buffer.deallocate() }
  }

  /// Whether converted frames go to ffmpeg without a copy (yuv420p frames
  /// larger than the pipe, on a system with vmsplice).
  public var splicesInput: Bool { !splicedPlanes.isEmpty }

  /// Bytes in one frame: `width * height * 4`.
  public var frameByteCount: Int { width * height * 4 }

  /// Writes one frame of tightly packed BGRA bytes (premultiplied, as Cairo
  /// draws, when `alpha`), blocking while ffmpeg's pipe is full, so encoding
  /// overlaps with the caller's drawing.
  /// - Throws: `.invalidVideoSettings` for a wrong byte count,
  ///   `.encoderWriteFailed` if ffmpeg has gone (the encoder is then cancelled).
  public func write(frame bgra: [UInt8]) throws {
    try bgra.withUnsafeBytes { try write(frame: $0) }
  }

  /// `write(frame:)` for a raw buffer. `changed`: the pixel boxes outside
  /// which this frame equals the previous one written (nil: unknown, the
  /// whole frame is converted); only used when converting to yuv420p here.
  public func write(frame bgra: UnsafeRawBufferPointer, changed: [PixelBox]? = nil) throws {
    guard !done else { throw SDLBackendError.encoderWriteFailed("encoder already finished") }
    guard bgra.count == frameByteCount else {
      throw SDLBackendError.invalidVideoSettings(
        "frame has \(bgra.count) bytes, expected \(frameByteCount) (\(width)x\(height) BGRA)")
    }
    if straight != nil {
      straight!.convert(premultiplied: bgra.baseAddress!, stride: width * 4)
      try straight!.pixels.withUnsafeBytes { try send($0) }
    } else if !splicedPlanes.isEmpty {
      let buffer = splicedPlanes[framesWritten % 2]
      let boxes: [PixelBox]? =
        framesWritten < 2 ? nil : previousChanged.flatMap { last in changed.map { last + $0 } }
      YUV420Converter.convert(
        bgra: bgra.baseAddress!, stride: width * 4, width: width, height: height,
        into: buffer.assumingMemoryBound(to: UInt8.self), only: boxes)
      previousChanged = changed
      try send(UnsafeRawBufferPointer(start: buffer, count: width * height * 3 / 2), splice: true)
    } else if converter != nil {
      // why: converting here, on the writer thread, overlaps the renderer;
      // mutating in place keeps the one plane buffer (no copy on write).
      // The first frame has nothing before it to keep.
      converter!.convert(
        bgra: bgra.baseAddress!, stride: width * 4, only: framesWritten == 0 ? nil : changed)
      try converter!.planes.withUnsafeBytes { try send($0) }
    } else {
      try send(bgra)
    }
    framesWritten += 1
  }

  /// Writes `bytes` into ffmpeg's input; on failure ends ffmpeg and throws
  /// with what it said.
  private func send(_ bytes: UnsafeRawBufferPointer, splice: Bool = false) throws {
    if let reason = splice ? process.spliceInput(bytes) : process.writeInput(bytes) {
      let log = cancel()
      throw SDLBackendError.encoderWriteFailed(
        reason + (log.isEmpty ? "" : "; ffmpeg said:\n\(log)"))
    }
  }

  /// Closes ffmpeg's input, waits for it, checks its exit status and the
  /// file it wrote, and moves the result into place.
  /// - Returns: `outputPath`.
  /// - Throws: `.encoderFailed` (temporary output removed) or `.io` (the
  ///   file incomplete, fsync or rename failed; the old output survives).
  @discardableResult
  public func finish() throws -> String {
    guard !done else { throw SDLBackendError.encoderWriteFailed("encoder already finished") }
    done = true
    process.closeInput()
    let status = process.wait()
    let log = ffmpegSaid()
    process.cleanUp()
    guard status == 0 else {
      output.discard()
      throw SDLBackendError.encoderFailed(status: status, log: log)
    }
    do {
      try output.commit(verify: format.check)
    } catch {
      throw SDLBackendError.io(
        path: outputPath,
        message: "cannot write: " + error.reason + (log.isEmpty ? "" : "; ffmpeg said:\n\(log)"))
    }
    return outputPath
  }

  /// The end of ffmpeg's messages, without its note that the reading queue
  /// was full: with the empty second input (see `arguments`) it reads ahead
  /// of the encoder, which is the point, not a problem to show anyone.
  private func ffmpegSaid() -> String {
    process.errorTail().split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.contains("Thread message queue blocking") }
      .joined(separator: "\n")
  }

  /// Stops ffmpeg and removes every temporary file. Returns the log tail.
  @discardableResult
  public func cancel() -> String {
    guard !done else { return "" }
    done = true
    process.closeInput()
    process.stop(grace: 2)
    let log = ffmpegSaid()
    process.cleanUp()
    output.discard()
    return log
  }
}
