import Foundation
import SpringLabPlatform

/// Locates a TrueType font for UI text.
///
/// Order: the `SPRINGLAB_FONT` environment variable (if set, it is the only
/// candidate, so a wrong path is reported instead of silently ignored), then
/// `fc-match -f '%{file}' 'DejaVu Sans'`, then well-known fallback paths.
/// Callers that get nil should report "no font" and exit with code 4.
public enum FontLocator {
  /// Environment variable that overrides the search with an explicit font file.
  public static let environmentKey = "SPRINGLAB_FONT"

  /// Paths tried when fontconfig is unavailable or finds nothing usable.
  public static let fallbackPaths = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "/usr/share/fonts/truetype/freefont/FreeSans.ttf",
    "/usr/local/share/fonts/DejaVuSans.ttf",
    "/Library/Fonts/Arial.ttf",
    "/System/Library/Fonts/Supplemental/Arial.ttf",
  ]

  /// A readable font file path, or nil if none was found.
  /// - Parameters:
  ///   - environment: variables consulted for `SPRINGLAB_FONT` and `PATH`.
  ///   - useFontconfig: whether to run `fc-match` (tests switch it off).
  public static func locate(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    useFontconfig: Bool = true
  ) -> String? {
    if let override = environment[environmentKey], !override.isEmpty {
      return isUsableFont(override) ? override : nil
    }
    if useFontconfig,
      let path = fontconfigMatch(family: "DejaVu Sans", searchPath: environment["PATH"]),
      isUsableFont(path)
    {
      return path
    }
    return fallbackPaths.first(where: isUsableFont)
  }

  /// Runs `fc-match -f '%{file}' FAMILY` (argument list, no shell) and returns
  /// the reported file, or nil if fc-match is missing or fails.
  static func fontconfigMatch(family: String, searchPath: String?) -> String? {
    guard let fcMatch = ExecutableSearch.find("fc-match", searchPath: searchPath) else {
      return nil
    }
    let (status, out) = ChildProcess.runChecked(
      fcMatch, ["-f", "%{file}", family], env: ProcessInfo.processInfo.environment)
    let path = out.trimmingCharacters(in: .whitespacesAndNewlines)
    guard status == 0, !path.isEmpty else { return nil }
    return path
  }

  /// A regular readable file with a TrueType/OpenType extension.
  static func isUsableFont(_ path: String) -> Bool {
    let ext = (path as NSString).pathExtension.lowercased()
    guard ["ttf", "otf", "ttc"].contains(ext) else { return false }
    var isDir: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && !isDir.boolValue
      && FileManager.default.isReadableFile(atPath: path)
  }
}
