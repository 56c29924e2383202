import Foundation

/// What a file dropped on the window is.
public enum DroppedFile: Equatable, Sendable {
  case preset, image, unsupported

  public init(path: String) {
    switch URL(fileURLWithPath: path).pathExtension.lowercased() {
    case "json": self = .preset
    case "png", "jpg", "jpeg": self = .image
    default: self = .unsupported
    }
  }
}
