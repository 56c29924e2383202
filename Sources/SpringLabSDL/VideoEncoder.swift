import Foundation

/// Encodes raw BGRA frames to `.mp4` (H.264, BT.709, tagged so players show
/// the colours the window showed) or `.gif` by piping them into a
/// concurrently running `ffmpeg`. The result appears at `outputPath` only when
/// ffmpeg succeeds; until then it is a hidden temporary file in the same
/// folder, removed on any failure.
///
/// Use from one thread: `init`, `write(frame:)` × n, `finish()`.
public final class VideoEncoder {
  /// Container chosen from the output extension.
  public enum Format: String, Sendable {
    case mp4, gif
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
  /// What goes through the pipe (always `.bgra` for gif).
  public let input: EncoderPixelFormat

  // why: in-process conversion reuses one plane buffer for every frame.
  private var converter: YUV420Converter?

  private let process: Process
  private let stdinHandle: FileHandle
  private let temporaryPath: String
  private let logPath: String
  private var done = false

  // why: a write to a pipe whose reader died must become EPIPE (an error we
  // can report), not a process-killing signal. A static let runs once.
  private static let ignoreSIGPIPE: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

  /// Starts ffmpeg.
  /// - Parameters:
  ///   - outputPath: ends in `.mp4` or `.gif`.
  ///   - width, height: frame size in pixels, 1…7680 × 1…4320 (even for mp4).
  ///   - fps: frames per second, 1…240; for gif it must divide 100 (gif
  ///     delays are whole hundredths of a second).
  ///   - input: the pixel format sent to ffmpeg (mp4 only; gif takes BGRA).
  ///   - ffmpegPath: explicit executable; nil searches `searchPath`.
  ///   - searchPath: colon-separated directories (default: `PATH`).
  /// - Throws: `.toolMissing(tool: "ffmpeg", package: "ffmpeg")`,
  ///   `.invalidSize`, `.invalidVideoSettings`, `.io`.
  public init(
    outputPath: String, width: Int, height: Int, fps: Int,
    input: EncoderPixelFormat = .bgra,
    ffmpegPath: String? = nil,
    searchPath: String? = ProcessInfo.processInfo.environment["PATH"]
  ) throws {
    let ext = URL(fileURLWithPath: outputPath).pathExtension.lowercased()
    guard let format = Format(rawValue: ext) else {
      throw SDLBackendError.invalidVideoSettings(
        "unsupported output extension '.\(ext)' (use .mp4 or .gif)")
    }
    try SoftwareCanvas.checkSize(width: width, height: height)
    guard (1...240).contains(fps) else {
      throw SDLBackendError.invalidVideoSettings("fps \(fps) must be within 1...240")
    }
    if format == .mp4, width % 2 != 0 || height % 2 != 0 {
      throw SDLBackendError.invalidSize(
        width: width, height: height, reason: "mp4 (yuv420p) needs even width and height")
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

    let tmp = AtomicOutput.temporaryPath(for: outputPath)
    let log = tmp + ".log"
    guard FileManager.default.createFile(atPath: log, contents: nil),
      let logHandle = FileHandle(forWritingAtPath: log)
    else {
      throw SDLBackendError.io(path: log, message: "cannot create ffmpeg log file")
    }
    defer { try? logHandle.close() }

    let piped: EncoderPixelFormat = format == .mp4 ? input : .bgra
    let args = Self.arguments(
      format: format, input: piped, width: width, height: height, fps: fps, source: "-",
      output: tmp)

    let p = Process()
    p.executableURL = URL(fileURLWithPath: exe)
    p.arguments = args
    let pipe = Pipe()
    p.standardInput = pipe
    p.standardOutput = FileHandle.nullDevice
    p.standardError = logHandle
    do {
      try p.run()
    } catch {
      unlink(log)
      throw SDLBackendError.io(path: exe, message: "cannot start ffmpeg: \(error)")
    }
    // why: our copy of the read end must close, or ffmpeg's early exit would
    // never surface as EPIPE on our writes.
    try? pipe.fileHandleForReading.close()

    self.outputPath = outputPath
    self.width = width
    self.height = height
    self.fps = fps
    self.format = format
    self.input = piped
    self.converter = piped == .yuv420p ? YUV420Converter(width: width, height: height) : nil
    self.process = p
    self.stdinHandle = pipe.fileHandleForWriting
    self.temporaryPath = tmp
    self.logPath = log
  }

  /// ffmpeg's arguments for raw frames in `input` format read from `source`
  /// ("-" for the pipe, or a file of raw frames, as the bench feeds ffmpeg
  /// alone) encoded to `output`: BT.709, limited range, tagged.
  public static func arguments(
    format: Format, input piped: EncoderPixelFormat, width: Int, height: Int, fps: Int,
    source: String, output: String
  ) -> [String] {
    var args = [
      "-hide_banner", "-nostdin", "-nostats", "-loglevel", "warning", "-y",
      "-f", "rawvideo", "-pix_fmt", piped.rawValue, "-s", "\(width)x\(height)", "-r", "\(fps)",
    ]
    if piped == .yuv420p {
      // why: say what the bytes already are, so ffmpeg does not convert again.
      args += ["-color_range", "tv", "-colorspace", "bt709"]
    }
    args += ["-i", source, "-an"]
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
        "split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer:bayer_scale=3",
        "-loop", "0", "-f", "gif", output,
      ]
    }
    return args
  }

  deinit {
    if !done { cancel() }
  }

  /// Bytes in one frame: `width * height * 4`.
  public var frameByteCount: Int { width * height * 4 }

  /// Writes one frame of tightly packed BGRA bytes (blocking while ffmpeg's
  /// pipe is full, so encoding overlaps with the caller's drawing).
  /// - Throws: `.invalidVideoSettings` for a wrong byte count,
  ///   `.encoderWriteFailed` if ffmpeg has gone (the encoder is then cancelled).
  public func write(frame bgra: [UInt8]) throws {
    try bgra.withUnsafeBytes { try write(frame: $0) }
  }

  /// `write(frame:)` for a raw buffer.
  public func write(frame bgra: UnsafeRawBufferPointer) throws {
    guard !done else { throw SDLBackendError.encoderWriteFailed("encoder already finished") }
    guard bgra.count == frameByteCount else {
      throw SDLBackendError.invalidVideoSettings(
        "frame has \(bgra.count) bytes, expected \(frameByteCount) (\(width)x\(height) BGRA)")
    }
    if converter != nil {
      // why: converting here, on the writer thread, overlaps the renderer;
      // mutating in place keeps the one plane buffer (no copy on write).
      converter!.convert(bgra: bgra.baseAddress!, stride: width * 4)
      try converter!.planes.withUnsafeBytes { try send($0) }
    } else {
      try send(bgra)
    }
    framesWritten += 1
  }

  private func send(_ bytes: UnsafeRawBufferPointer) throws {
    let fd = stdinHandle.fileDescriptor
    var offset = 0
    while offset < bytes.count {
      let n = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
      if n > 0 {
        offset += n
      } else if n < 0 && errno == EINTR {
        continue
      } else {
        let reason = n < 0 ? String(cString: strerror(errno)) : "short write"
        let log = cancel()
        throw SDLBackendError.encoderWriteFailed(
          reason + (log.isEmpty ? "" : "; ffmpeg said:\n\(log)"))
      }
    }
  }

  /// Closes ffmpeg's input, waits for it and moves the result into place.
  /// - Returns: `outputPath`.
  /// - Throws: `.encoderFailed` (temporary output removed) or `.io`.
  @discardableResult
  public func finish() throws -> String {
    guard !done else { throw SDLBackendError.encoderWriteFailed("encoder already finished") }
    done = true
    try? stdinHandle.close()
    process.waitUntilExit()
    let status = process.terminationStatus
    let log = Self.tail(of: logPath)
    unlink(logPath)
    guard process.terminationReason == .exit, status == 0 else {
      unlink(temporaryPath)
      throw SDLBackendError.encoderFailed(status: status, log: log)
    }
    try AtomicOutput.commit(temporary: temporaryPath, to: outputPath)
    return outputPath
  }

  /// Stops ffmpeg and removes every temporary file. Returns the log tail.
  @discardableResult
  public func cancel() -> String {
    guard !done else { return "" }
    done = true
    try? stdinHandle.close()
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    let log = Self.tail(of: logPath)
    unlink(logPath)
    unlink(temporaryPath)
    return log
  }

  /// The last lines (≤ 2 kB) of a log file.
  static func tail(of path: String) -> String {
    guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { return "" }
    let slice = data.suffix(2048)
    return (String(data: slice, encoding: .utf8) ?? String(decoding: slice, as: UTF8.self))
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
