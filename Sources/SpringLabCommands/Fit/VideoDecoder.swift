import Foundation
import SpringLabCore
import SpringLabPlatform
import SpringLabRender

#if canImport(Glibc)
  import Glibc
#endif

/// Decodes a video to grey frames with an ffmpeg child process: raw frames
/// arrive through a pipe (never a temporary file), and each frame's
/// presentation timestamp comes from ffmpeg's `showinfo` filter.
package enum VideoDecoder {
  /// Most grey-frame bytes held at once (1 GiB: 9 s of 1080p); longer clips
  /// need `--from`/`--to`.
  static let maxBytes = 1 << 30

  package enum Failure: Error {
    /// No ffmpeg on PATH (exit 4).
    case noFFmpeg
    /// The file cannot be decoded (exit 3); the reason is one line.
    case unreadable(String)
  }

  /// The frames with `range.lowerBound ≤ pts ≤ range.upperBound` (seconds).
  package static func decode(_ path: String, range: ClosedRange<Double>?) throws(Failure)
    -> [GreyFrame]
  {
    try decodeNoted(path, range: range).frames
  }

  /// `decode`, with the note `springlab render` left in the file (nil for
  /// any other video, or one whose frames are no longer the size noted).
  package static func decodeNoted(_ path: String, range: ClosedRange<Double>?) throws(Failure)
    -> (frames: [GreyFrame], note: RenderNote?)
  {
    let raw = try decodeRaw(
      path, range: range, output: .grey, maxBytes: maxBytes, subsample: false)
    let frames = zip(raw.images, raw.times).map {
      GreyFrame(width: raw.width, height: raw.height, pts: $1, pixels: $0)
    }
    let note = raw.note.flatMap { $0.scale(forFrame: raw.width, raw.height) != nil ? $0 : nil }
    return (frames, note)
  }

  /// The render note in ffmpeg's description of its input
  /// ("    comment         : springlab view x=… y=… scale=… frame=WxH").
  static func renderNote(_ log: String) -> RenderNote? {
    for line in log.split(separator: "\n") {
      let t = line.drop { $0 == " " }
      guard t.hasPrefix("comment"), let colon = t.firstIndex(of: ":") else { continue }
      if let n = RenderNote(parsing: String(t[t.index(after: colon)...])) { return n }
    }
    return nil
  }

  /// What `decodeRaw` hands back: the frames' bytes and timestamps, their
  /// size, the video's own size and which share of frames was kept.
  struct RawFrames {
    var images: [[UInt8]]
    var times: [Double]
    var width: Int
    var height: Int
    var sourceWidth: Int
    var sourceHeight: Int
    /// 1: every frame; k: every k-th (the memory limit was reached).
    var keptEvery: Int
    /// What `springlab render` noted in the file, if it made it.
    var note: RenderNote? = nil
  }

  /// The pixel format and size frames are decoded to.
  enum Output {
    /// 8-bit grey at the video's own size.
    case grey
    /// Packed 8-bit RGB scaled to width × height.
    case rgb(width: Int, height: Int)
  }

  /// Why `path` (followed through links) is not a regular file, or nil when it is.
  static func notRegular(_ path: String) -> String? {
    var st = stat()
    guard stat(path, &st) == 0 else { return "cannot be read: \(String(cString: strerror(errno)))" }
    switch st.st_mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFIFO: return "is a FIFO (named pipe), not a regular file"
    case S_IFCHR, S_IFBLK: return "is a device, not a regular file"
    case S_IFSOCK: return "is a socket, not a regular file"
    default: return "is not a regular file"
    }
  }

  /// Decodes `path` to raw frames. At most `maxBytes` are held: beyond it
  /// the decode fails, or with `subsample` only every 2nd (then 4th, …)
  /// frame is kept from then on and among those held.
  static func decodeRaw(
    _ path: String, range: ClosedRange<Double>?, output: Output, maxBytes: Int, subsample: Bool
  ) throws(Failure) -> RawFrames {
    guard let ffmpeg = ExecutableSearch.find("ffmpeg") else { throw .noFFmpeg }
    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
      throw .unreadable("no such file")
    }
    guard !isDir.boolValue, FileManager.default.isReadableFile(atPath: path) else {
      throw .unreadable(isDir.boolValue ? "is a folder" : "cannot read (permission denied)")
    }
    // why: ffmpeg opening a FIFO with no writer blocks forever (and ignores
    // SIGTERM while it waits); only regular files are videos, as for presets
    if let why = notRegular(path) { throw .unreadable(why) }
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else {
      throw .unreadable("cannot create a pipe: \(String(cString: strerror(errno)))")
    }
    let readEnd = fds[0]
    let writeEnd = fds[1]
    // why: only the write end must reach ffmpeg; ours is read here, and
    // ffmpeg holding the read end open would hide its own exit from us
    _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
    var filters: [String] = []
    if let r = range {
      // why: trim compares in the stream's time base, rounded: with 1 µs of
      // slack "--to 1.2" dropped the frame at 1.2 s of a 1/15360 clip (the
      // window, showing that frame, kept it); 0.1 ms is finer than any
      // frame rate's spacing
      var trim = "trim=start=\(max(0, r.lowerBound - 1e-4))"
      if r.upperBound < 1e9 { trim += ":end=\(r.upperBound + 1e-4)" }
      filters.append(trim)
    }
    // why: showinfo first logs the video's own size; the scale after it sets the frames'
    let pixFmt: String
    var outSize: (Int, Int)?
    switch output {
    case .grey:
      filters += ["format=gray", "showinfo"]
      pixFmt = "gray"
    case .rgb(let w, let h):
      filters += ["showinfo", "scale=\(w):\(h)", "format=rgb24"]
      pixFmt = "rgb24"
      outSize = (w, h)
    }
    let bytesPerPixel = pixFmt == "gray" ? 1 : 3
    let args = [
      "-hide_banner", "-nostdin", "-nostats", "-loglevel", "info", "-i", path, "-an", "-sn",
      "-vf", filters.joined(separator: ","), "-fps_mode", "passthrough", "-f", "rawvideo",
      "-pix_fmt", pixFmt, "pipe:\(writeEnd)",
    ]
    let child: ChildProcess
    do {
      child = try ChildProcess.launch(
        ffmpeg, args, env: ProcessInfo.processInfo.environment, captureErrors: true)
    } catch {
      close(readEnd)
      close(writeEnd)
      throw .unreadable("cannot start ffmpeg: \(error)")
    }
    close(writeEnd)
    // why: frames are cut off the pipe as they complete, so the clip is held
    // once (the frame size comes from showinfo's first line on stderr)
    var size: (Int, Int)?
    var pending: [UInt8] = []
    var images: [[UInt8]] = []
    var budget: FrameBudget<[UInt8]>?
    var decoded = 0
    var held = 0
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    var tooBig = false
    var garbled = false
    while true {
      let n = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { break }
      pending.append(contentsOf: chunk[0..<n])
      if size == nil { size = outSize ?? Self.frameSize(child.errors) }
      guard let (w, h) = size else {
        // why: showinfo logs a frame before it is written, so a full frame's
        // worth of bytes with no size logged means the log is not what we expect
        if pending.count > 64 << 20 {
          garbled = true
          break
        }
        continue
      }
      let frameBytes = w * h * bytesPerPixel
      if subsample && budget == nil {
        budget = FrameBudget(maxBytes: maxBytes, bytesPerFrame: frameBytes)
      }
      var offset = 0
      while pending.count - offset >= frameBytes {
        let frame = Array(pending[offset..<(offset + frameBytes)])
        if budget != nil {
          budget!.offer(frame)
        } else {
          images.append(frame)
          held += frameBytes
        }
        decoded += 1
        offset += frameBytes
      }
      if offset > 0 { pending.removeFirst(offset) }
      if held > maxBytes || budget?.overBudget == true {
        tooBig = true
        break
      }
    }
    close(readEnd)
    if tooBig || garbled { child.stop(grace: 1) }
    let status = child.wait()
    let log = child.errors
    child.cleanUp()
    if tooBig {
      throw .unreadable(
        subsample
          ? "two frames at this size exceed \(maxBytes >> 20) MiB"
          : "more than \(maxBytes >> 20) MiB of grey frames; fit a shorter stretch with --from/--to"
      )
    }
    guard status == 0, !garbled else {
      let why =
        log.split(separator: "\n").last { !$0.contains("showinfo") && !$0.isEmpty }.map {
          String($0.prefix(160))
        } ?? "ffmpeg failed"
      throw .unreadable("not a video ffmpeg can decode (\(why))")
    }
    // "[Parsed_showinfo_1 @ 0x…] n:   0 pts:      0 pts_time:0  … s:200x432 …"
    var times: [Double] = []
    for line in log.split(separator: "\n") where line.contains("pts_time:") {
      guard let tr = line.range(of: "pts_time:") else { continue }
      let rest = line[tr.upperBound...].drop { $0 == " " }
      guard let t = Double(rest.prefix { !$0.isWhitespace }) else { continue }
      times.append(t)
    }
    if size == nil { size = outSize ?? Self.frameSize(log) }
    guard let (w, h) = size, w > 0, h > 0, !times.isEmpty, let (sw, sh) = Self.frameSize(log)
    else {
      throw .unreadable(range == nil ? "no video frames" : "no video frames in the chosen range")
    }
    guard decoded == times.count, pending.isEmpty else {
      throw .unreadable(
        "ffmpeg gave \(decoded) whole frames of \(w)x\(h) for \(times.count) timestamps")
    }
    if let b = budget {
      return RawFrames(
        images: b.kept.map(\.frame), times: b.kept.map { times[$0.index] }, width: w, height: h,
        sourceWidth: sw, sourceHeight: sh, keptEvery: b.keptEvery, note: renderNote(log))
    }
    return RawFrames(
      images: images, times: times, width: w, height: h, sourceWidth: sw, sourceHeight: sh,
      keptEvery: 1, note: renderNote(log))
  }

  /// The frame size from showinfo's first line ("… s:200x432 …"), or nil.
  static func frameSize(_ log: String) -> (Int, Int)? {
    guard let line = log.split(separator: "\n").first(where: { $0.contains("pts_time:") }),
      let sr = line.range(of: " s:")
    else { return nil }
    let dims = line[sr.upperBound...].prefix { !$0.isWhitespace }.split(separator: "x")
    guard dims.count == 2, let w = Int(dims[0]), let h = Int(dims[1]), w > 0, h > 0 else {
      return nil
    }
    return (w, h)
  }
}
