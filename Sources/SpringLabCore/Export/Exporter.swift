import Foundation

/// Turns a preset into platform code whose motion matches the playground
/// (issue 7). Pure: the same preset and options always give the same text.
public enum Exporter {
  /// The export text for `format`. Every export starts with a comment naming
  /// SpringLab's version and the preset (`json` is the resolved preset itself).
  public static func export(
    _ p: Preset, format: ExportFormat, options: ExportOptions = ExportOptions()
  ) -> String {
    let c = ExportContext(p)
    switch format {
    case .uikit: return UIKitExporter.export(c, options: options)
    case .swiftui: return SwiftUIExporter.export(c, options: options)
    case .compose: return ComposeExporter.export(c, options: options)
    case .framer: return FramerExporter.export(c, options: options)
    case .css:
      return options.html
        ? CSSExporter.html(c, options: options) : CSSExporter.stylesheet(c, options: options)
    // why: JSON has no comments; the resolved preset names itself and its schema
    case .json: return PresetWriter.text(p)
    }
  }
}
