import Foundation

/// Everything the window, the rasteriser and the encoders can fail with
/// (the name is older than the render module's independence from SDL).
/// `description` is a complete sentence suitable for printing to the user.
public enum SDLBackendError: Error, CustomStringConvertible, Equatable {
  /// An SDL call in the window failed; `message` is `SDL_GetError()`
  /// (SpringLabSDL reads it).
  case sdl(call: String, message: String)
  /// A Cairo call failed; `message` is Cairo's status text.
  case cairo(call: String, message: String)
  /// A canvas or video size outside 1…7680 × 1…4320 pixels (or odd for mp4).
  case invalidSize(width: Int, height: Int, reason: String)
  /// No display could be opened (SDL_Init or SDL_CreateWindow failed).
  case noDisplay(message: String)
  /// A font file could not be opened; `message` is FreeType's or Cairo's reason.
  case fontUnavailable(path: String, message: String)
  /// An external tool was not found; `package` is the Debian package to install.
  case toolMissing(tool: String, package: String)
  /// Bad encoder settings (unsupported extension, fps, frame size).
  case invalidVideoSettings(String)
  /// Writing frames to ffmpeg failed (it exited early or the pipe broke).
  case encoderWriteFailed(String)
  /// ffmpeg exited with a non-zero status; `log` is the tail of its stderr.
  case encoderFailed(status: Int32, log: String)
  /// Writing or renaming an output file failed.
  case io(path: String, message: String)

  public var description: String {
    switch self {
    case .sdl(let call, let message), .cairo(let call, let message):
      return "\(call) failed: \(message)"
    case .invalidSize(let w, let h, let reason):
      return "invalid size \(w)x\(h): \(reason)"
    case .noDisplay(let message):
      return "no display (\(message))"
    case .fontUnavailable(let path, let message):
      return "cannot open font \(path): \(message)"
    case .toolMissing(let tool, let package):
      return
        "\(tool) not found on PATH; install the Debian package `\(package)` (apt install \(package))"
    case .invalidVideoSettings(let s):
      return "invalid video settings: \(s)"
    case .encoderWriteFailed(let s):
      return "writing frames to ffmpeg failed: \(s)"
    case .encoderFailed(let status, let log):
      return "ffmpeg exited with status \(status)" + (log.isEmpty ? "" : ":\n\(log)")
    case .io(let path, let message):
      return "\(path): \(message)"
    }
  }
}
