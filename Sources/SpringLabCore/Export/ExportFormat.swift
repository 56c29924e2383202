import Foundation

/// The platforms a preset can be exported for (`springlab export --format`).
public enum ExportFormat: String, Sendable, CaseIterable {
  case uikit, swiftui, compose, css, framer, json
}

/// Choices that change what an export contains.
public struct ExportOptions: Sendable, Equatable {
  /// CSS only: emit a self-contained HTML page that plays the menu instead of a bare stylesheet.
  public var html: Bool
  /// Add the accessible alternative for users with Reduce Motion on: a short
  /// cross-fade (opacity only, `reduceMotionDuration` seconds), no movement or scale.
  /// CSS always carries it (a `prefers-reduced-motion` block), so this changes the other formats.
  public var reduceMotion: Bool
  /// CSS `linear()` simplification tolerance, as a fraction of travel (0.001 = 0.1 %).
  public var linearTolerance: Double
  /// CSS and HTML: each icon file's checked bytes by its path as the preset
  /// writes it, inlined as `data:` URLs. Core reads no files: the command
  /// line fills this (`IconAssets.read`); empty, icons are listed, not inlined.
  public var iconData: [String: Data] = [:]

  /// Cross-fade length for Reduce Motion, seconds.
  public static let reduceMotionDuration = 0.2

  public init(html: Bool = false, reduceMotion: Bool = false, linearTolerance: Double = 0.001) {
    self.html = html
    self.reduceMotion = reduceMotion
    self.linearTolerance = linearTolerance
  }
}
