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
    // why: `icons/` may be a link leading elsewhere; a copy must land in the
    // preset's folder tree, or the preset would name a file its reader refuses
    guard let realDir = realPath(dir), let realFolder = realPath(folder),
      realDir == realFolder
        || realDir.hasPrefix(realFolder.hasSuffix("/") ? realFolder : realFolder + "/")
    else {
      return .failure(ImageProblem(message: "\(importFolder)/ leads outside the preset's folder"))
    }
    let name = safeName(URL(fileURLWithPath: source).lastPathComponent, format: asset.format)
    let stem = (name as NSString).deletingPathExtension
    let ext = (name as NSString).pathExtension
    for k in 1...999 {
      let candidate = k == 1 ? name : "\(stem)-\(k).\(ext)"
      let path = join(dir, candidate)
      let relative = importFolder + "/" + candidate
      var st = stat()
      if lstat(path, &st) == 0 {
        // why: any entry takes the name (a dangling link too: writing through
        // it would land elsewhere); the same bytes, read with the load's
        // checks (no FIFO, size limits), are the copy already made
        if st.st_mode & S_IFMT == S_IFREG,
          case .success(let there) = read(relative, folder: folder), there.bytes == asset.bytes
        {
          return .success(relative)
        }
        continue
      }
      switch placeNew(asset.bytes, at: path) {
      case .placed: return .success(relative)
      case .taken: continue
      case .failed(let why):
        return .failure(ImageProblem(message: "cannot be copied into \(importFolder)/: \(why)"))
      }
    }
    return .failure(ImageProblem(message: "\(importFolder)/ already holds 999 files named like it"))
  }

  enum Placement {
    case placed
    /// Another file appeared under that name meanwhile: try the next name.
    case taken
    case failed(String)
  }

  /// Writes `bytes` to a temporary file beside `path`, then links it to
  /// `path`, which fails if anything is there (never replaces, unlike a
  /// rename), so the name holds either nothing or the whole copy.
  static func placeNew(_ bytes: Data, at path: String) -> Placement {
    let temp = AtomicFile.temporaryPath(for: path)
    do {
      try AtomicFile.write(bytes, to: temp)
    } catch {
      return .failed("\(error)")
    }
    defer { unlink(temp) }
    if link(temp, path) == 0 { return .placed }
    let e = errno
    return e == EEXIST ? .taken : .failed(String(cString: strerror(e)))
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
