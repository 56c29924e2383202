import Foundation
import SpringLabCore

extension IconAssets {
  /// The folder, inside a preset's folder, that picked icon files are copied to.
  public static let importFolder = "icons"

  /// Copies the icon file at `source` (absolute: the user picked it in the
  /// window, e.g. dropped it from anywhere) into `folder/icons/`, so the
  /// preset names it relatively and can be shared as a folder. The bytes
  /// are checked first exactly as on load (`read(anywhere:)`: SVG or PNG by
  /// content, size limits, no script or outside reference); nothing is
  /// written for a refused file. The name is kept when free (unsafe
  /// characters become `-`); a file of that name with other bytes is never
  /// replaced (`name-2.svg`, `name-3.svg`, … instead); the same bytes
  /// already there are reused. Returns the path relative to `folder`.
  public static func importCopy(from source: String, into folder: String) -> Result<
    String, ImageProblem
  > {
    let asset: IconAsset
    switch read(source, folder: folder, anywhere: true) {
    case .success(let a): asset = a
    case .failure(let p): return .failure(p)
    }
    let dir = join(folder, importFolder)
    do {
      try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    } catch {
      return .failure(
        ImageProblem(message: "cannot create \(importFolder)/: \(error.localizedDescription)"))
    }
    let name = safeName(URL(fileURLWithPath: source).lastPathComponent, format: asset.format)
    let stem = (name as NSString).deletingPathExtension
    let ext = (name as NSString).pathExtension
    for k in 1...999 {
      let candidate = k == 1 ? name : "\(stem)-\(k).\(ext)"
      let path = join(dir, candidate)
      let relative = importFolder + "/" + candidate
      if FileManager.default.fileExists(atPath: path) {
        // why: dropping the same file twice reuses the copy, never a second one
        if FileManager.default.contents(atPath: path) == asset.bytes { return .success(relative) }
        continue
      }
      do {
        try AtomicFile.write(asset.bytes, to: path)
      } catch {
        return .failure(ImageProblem(message: "cannot be copied into \(importFolder)/: \(error)"))
      }
      return .success(relative)
    }
    return .failure(ImageProblem(message: "\(importFolder)/ already holds 999 files named like it"))
  }

  /// `name` with only letters, digits, `.`, `_` and `-` (others become
  /// `-`), no leading dot, at most 80 characters, ending in the extension
  /// its content has (`.svg` / `.png`).
  static func safeName(_ name: String, format: IconAsset.Format) -> String {
    let ext = format == .svg ? "svg" : "png"
    var stem = (name as NSString).deletingPathExtension
    stem = String(
      stem.unicodeScalars.map { s -> Character in
        CharacterSet.alphanumerics.contains(s) && s.isASCII || "._-".unicodeScalars.contains(s)
          ? Character(s) : "-"
      })
    while stem.hasPrefix(".") { stem.removeFirst() }
    if stem.isEmpty { stem = "icon" }
    return String(stem.prefix(80)) + "." + ext
  }
}
