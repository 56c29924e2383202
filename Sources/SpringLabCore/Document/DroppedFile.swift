import Foundation

/// What a file dropped on the window is.
public enum DroppedFile: Equatable, Sendable {
  case preset, image, video, unsupported

  public init(path: String) {
    switch URL(fileURLWithPath: path).pathExtension.lowercased() {
    case "json": self = .preset
    case "png", "jpg", "jpeg": self = .image
    case "mp4", "mov", "m4v", "webm", "mkv", "avi", "gif": self = .video
    default: self = .unsupported
    }
  }
}
