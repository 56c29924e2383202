import Foundation
import SpringLabCore
import SpringLabPlatform
import SpringLabSDL

#if canImport(Glibc)
  import Glibc
#endif

/// Decodes a video to grey frames with an ffmpeg child process: raw frames
/// arrive through a pipe (never a temporary file), and each frame's
/// presentation timestamp comes from ffmpeg's `showinfo` filter.
enum VideoDecoder {
  /// Most grey-frame bytes held at once (1 GiB: 9 s of 1080p); longer clips
  /// need `--from`/`--to`.
  static let maxBytes = 1 << 30

  enum Failure: Error {
    /// No ffmpeg on PATH (exit 4).
    case noFFmpeg
    /// The file cannot be decoded (exit 3); the reason is one line.
    case unreadable(String)
  }

  /// The frames with `range.lowerBound ≤ pts ≤ range.upperBound` (seconds).
  static func decode(_ path: String, range: ClosedRange<Double>?) throws(Failure) -> [GreyFrame] {
    guard let ffmpeg = ExecutableSearch.find("ffmpeg") else { throw .noFFmpeg }
    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
      throw .unreadable("no such file")
    }
    guard !isDir.boolValue, FileManager.default.isReadableFile(atPath: path) else {
      throw .unreadable(isDir.boolValue ? "is a folder" : "cannot read (permission denied)")
    }
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
      var trim = "trim=start=\(r.lowerBound)"
      if r.upperBound < 1e9 { trim += ":end=\(r.upperBound + 1e-6)" }
      filters.append(trim)
    }
    filters += ["format=gray", "showinfo"]
    let args = [
      "-hide_banner", "-nostdin", "-nostats", "-loglevel", "info", "-i", path, "-an", "-sn",
      "-vf", filters.joined(separator: ","), "-fps_mode", "passthrough", "-f", "rawvideo",
      "-pix_fmt", "gray", "pipe:\(writeEnd)",
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
    var held = 0
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    var tooBig = false
    var garbled = false
    while true {
      let n = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { break }
      pending.append(contentsOf: chunk[0..<n])
      if size == nil { size = Self.frameSize(child.errors) }
      guard let (w, h) = size else {
        // why: showinfo logs a frame before it is written, so a full frame's
        // worth of bytes with no size logged means the log is not what we expect
        if pending.count > 64 << 20 {
          garbled = true
          break
        }
        continue
      }
      let frameBytes = w * h
      var offset = 0
      while pending.count - offset >= frameBytes {
        images.append(Array(pending[offset..<(offset + frameBytes)]))
        offset += frameBytes
        held += frameBytes
      }
      if offset > 0 { pending.removeFirst(offset) }
      if held > maxBytes {
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
        "more than \(maxBytes >> 20) MiB of grey frames; fit a shorter stretch with --from/--to")
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
    if size == nil { size = Self.frameSize(log) }
    guard let (w, h) = size, w > 0, h > 0, !times.isEmpty else {
      throw .unreadable(range == nil ? "no video frames" : "no video frames in the chosen range")
    }
    guard images.count == times.count, pending.isEmpty else {
      throw .unreadable(
        "ffmpeg gave \(images.count) whole frames of \(w)x\(h) for \(times.count) timestamps")
    }
    return zip(images, times).map { GreyFrame(width: w, height: h, pts: $1, pixels: $0) }
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
