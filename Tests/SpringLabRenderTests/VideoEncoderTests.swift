import Foundation
import SpringLabPlatform
import SpringLabUI
import Testing

@testable import SpringLabRender

/// Runs a tool with arguments and returns its trimmed stdout, or nil.
func run(_ exe: String, _ args: [String]) -> String? {
  let (status, out) = ChildProcess.runChecked(exe, args, env: ProcessInfo.processInfo.environment)
  guard status == 0 else { return nil }
  return out.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// Frame count by decoding every frame with ffprobe; nil if ffprobe is missing.
func ffprobeFrames(_ path: String) -> Int? {
  guard let ffprobe = ExecutableSearch.find("ffprobe") else { return nil }
  let s = run(
    ffprobe,
    [
      "-v", "error", "-count_frames", "-select_streams", "v:0",
      "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", path,
    ])
  return s.flatMap { Int($0) }
}

extension RenderTests {
  @Suite struct VideoEncoderTests {
    func renderFrames(_ encoder: VideoEncoder, count: Int) throws {
      let canvas = try SoftwareCanvas(width: encoder.width, height: encoder.height)
      for i in 0..<count {
        var list = DrawList()
        list.fillCircle(
          cx: Double(8 + i * 4), cy: Double(encoder.height) / 2, r: 8, RGBA(255, 200, 0))
        canvas.draw(list)
        try encoder.write(frame: canvas.pixels())
      }
    }

    @Test func mp4HasTenFrames() throws {
      try #require(ExecutableSearch.find("ffmpeg") != nil, "ffmpeg not installed")
      let dir = try makeTempDir()
      defer { try? FileManager.default.removeItem(at: dir) }
      let path = dir.appendingPathComponent("clip.mp4").path
      let encoder = try VideoEncoder(outputPath: path, width: 64, height: 48, fps: 10)
      try renderFrames(encoder, count: 10)
      #expect(FileManager.default.fileExists(atPath: path) == false, "no output before finish")
      try encoder.finish()
      #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["clip.mp4"])
      if ExecutableSearch.find("ffprobe") != nil { #expect(ffprobeFrames(path) == 10) }
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      #expect(String(decoding: data[4..<8], as: UTF8.self) == "ftyp")
    }

    @Test func gifIsWritten() throws {
      try #require(ExecutableSearch.find("ffmpeg") != nil, "ffmpeg not installed")
      let dir = try makeTempDir()
      defer { try? FileManager.default.removeItem(at: dir) }
      let path = dir.appendingPathComponent("clip.gif").path
      let encoder = try VideoEncoder(outputPath: path, width: 64, height: 48, fps: 25)
      try renderFrames(encoder, count: 10)
      try encoder.finish()
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      #expect(String(decoding: data.prefix(6), as: UTF8.self) == "GIF89a")
      #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["clip.gif"])
      if ExecutableSearch.find("ffprobe") != nil { #expect(ffprobeFrames(path) == 10) }
    }

    @Test func settingsAreCheckedUpFront() throws {
      let dir = try makeTempDir()
      defer { try? FileManager.default.removeItem(at: dir) }
      let mp4 = dir.appendingPathComponent("a.mp4").path
      let gif = dir.appendingPathComponent("a.gif").path
      #expect(throws: SDLBackendError.self) {
        try VideoEncoder(outputPath: mp4, width: 63, height: 48, fps: 10)
      }
      #expect(throws: SDLBackendError.self) {
        try VideoEncoder(outputPath: gif, width: 64, height: 48, fps: 30)
      }
      #expect(throws: SDLBackendError.self) {
        try VideoEncoder(
          outputPath: dir.appendingPathComponent("a.avi").path, width: 64, height: 48, fps: 10)
      }
      #expect(throws: SDLBackendError.self) {
        try VideoEncoder(outputPath: mp4, width: 0, height: 48, fps: 10)
      }
      #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func missingFFmpegNamesPackageAndLeavesNoFile() throws {
      let dir = try makeTempDir()
      let emptyBin = dir.appendingPathComponent("bin")
      try FileManager.default.createDirectory(at: emptyBin, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: dir) }
      let path = dir.appendingPathComponent("clip.mp4").path
      do {
        _ = try VideoEncoder(
          outputPath: path, width: 64, height: 48, fps: 10, searchPath: emptyBin.path)
        Issue.record("expected an error")
      } catch let e as SDLBackendError {
        #expect(e == .toolMissing(tool: "ffmpeg", package: "ffmpeg"))
        #expect(e.description.contains("`ffmpeg`"))
      }
      #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["bin"])
    }

    @Test func ffmpegDyingEarlyIsAnErrorAndLeavesNoFile() throws {
      let fake = try #require(ExecutableSearch.find("false"))
      let dir = try makeTempDir()
      defer { try? FileManager.default.removeItem(at: dir) }
      let path = dir.appendingPathComponent("clip.mp4").path
      let encoder = try VideoEncoder(
        outputPath: path, width: 64, height: 48, fps: 10, ffmpegPath: fake)
      let frame = [UInt8](repeating: 0, count: encoder.frameByteCount)
      var failed = false
      do {
        // why: the first frames may still fit in the pipe buffer before `false` exits.
        for _ in 0..<200 { try encoder.write(frame: frame) }
        try encoder.finish()
      } catch {
        failed = true
      }
      #expect(failed)
      #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func wrongFrameSizeIsRejected() throws {
      try #require(ExecutableSearch.find("ffmpeg") != nil, "ffmpeg not installed")
      let dir = try makeTempDir()
      defer { try? FileManager.default.removeItem(at: dir) }
      let encoder = try VideoEncoder(
        outputPath: dir.appendingPathComponent("x.mp4").path, width: 64, height: 48, fps: 10)
      #expect(throws: SDLBackendError.self) { try encoder.write(frame: [0, 0, 0]) }
      encoder.cancel()
      #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func twoEncodersAtOnceBothFinish() throws {
      try #require(ExecutableSearch.find("ffmpeg") != nil, "ffmpeg not installed")
      let dir = try makeTempDir()
      defer { try? FileManager.default.removeItem(at: dir) }
      // why: if one ffmpeg inherited the other's stdin pipe, the first finish() would hang.
      let a = try VideoEncoder(outputPath: dir.path + "/a.mp4", width: 64, height: 48, fps: 10)
      let b = try VideoEncoder(outputPath: dir.path + "/b.mp4", width: 64, height: 48, fps: 10)
      let frame = [UInt8](repeating: 128, count: a.frameByteCount)
      for _ in 0..<5 {
        try a.write(frame: frame)
        try b.write(frame: frame)
      }
      try a.finish()
      try b.finish()
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [
          "a.mp4", "b.mp4",
        ])
    }

    @Test func droppingAnUnfinishedEncoderLeavesNoFile() throws {
      try #require(ExecutableSearch.find("ffmpeg") != nil, "ffmpeg not installed")
      let dir = try makeTempDir()
      defer { try? FileManager.default.removeItem(at: dir) }
      do {
        let e = try VideoEncoder(outputPath: dir.path + "/x.gif", width: 64, height: 48, fps: 10)
        try e.write(frame: [UInt8](repeating: 0, count: e.frameByteCount))
      }
      #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
  }
}
