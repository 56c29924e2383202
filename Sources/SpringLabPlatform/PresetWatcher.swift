import SpringLabCore

/// Watches the loaded preset by path (not by open file, since editors and git
/// replace files by rename). `poll()` says what changed since the last call.
public struct PresetWatcher: Sendable {
  public typealias Change = PresetFileChange

  public let path: String
  private var stamp: FileStamp?

  public init(path: String) {
    self.path = path
    stamp = FileStamp(path: path)
  }

  /// Call after saving the file ourselves, so our own write is not a change.
  public mutating func acknowledge() { stamp = FileStamp(path: path) }

  /// Nil when nothing changed on disk since the last poll.
  public mutating func poll() -> Change? {
    let now = FileStamp(path: path)
    guard now != stamp else { return nil }
    stamp = now
    guard now != nil else { return .deleted }
    do {
      // why: an icon that went missing or bad is a problem like a bad field:
      // the window keeps the last good look and toasts it
      return .reloaded(try IconAssets.loadPreset(path: path))
    } catch {
      return .invalid(error.description)
    }
  }
}
