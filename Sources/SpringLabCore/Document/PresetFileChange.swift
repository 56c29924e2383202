/// What happened to a watched preset file since it was last looked at.
public enum PresetFileChange: Equatable, Sendable {
  /// The file changed and reads as this preset.
  case reloaded(Preset)
  /// The file changed but is not a valid preset (the message says why): keep
  /// the last good state.
  case invalid(String)
  case deleted
}
