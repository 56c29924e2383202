import Foundation
import SpringLabCore

/// The files of a preset library folder: its presets, the order file, and
/// renaming or copying a preset (its name changes inside the file, with the
/// rest of the file kept as written).
public enum LibraryFolder {
  /// The order file's largest accepted size.
  public static let orderLimit = 64 << 10

  /// The `.json` files of `folder` (not hidden), sorted by name, full paths.
  public static func presetFiles(_ folder: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map {
      folder + "/" + $0
    }
  }

  /// The most icon files `iconFiles` lists, and the most subfolders it looks in.
  public static let iconFileLimit = 200
  public static let iconFolderLimit = 64
  /// The most entries `iconFiles` looks at in one folder (it runs on the
  /// window's thread: a preset saved in a folder of thousands of files
  /// must not stall it).
  public static let iconScanLimit = 2000

  /// The SVG and PNG files in `folder` and its direct subfolders (where
  /// presets keep them, e.g. `icons/`), as paths relative to `folder`,
  /// sorted; hidden names and symbolic links are skipped (a preset may only
  /// name files inside its folder tree). At most `iconFileLimit` files from
  /// `iconFolderLimit` subfolders, so a preset saved in a home folder
  /// never walks the whole disk.
  public static func iconFiles(_ folder: String) -> [String] {
    let fm = FileManager.default
    func kind(_ path: String) -> FileAttributeType? {
      (try? fm.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
    }
    // why: only paths a preset may name (no control characters, no `\`,
    // not too long): a pick must never make a preset its reader refuses
    func usable(_ relative: String) -> Bool { IconRef.problem(relative, builtins: []) == nil }
    let top = ((try? fm.contentsOfDirectory(atPath: folder)) ?? []).prefix(iconScanLimit)
      .filter { !$0.hasPrefix(".") }.sorted()
    var out: [String] = []
    var folders: [String] = []
    for name in top {
      // why: a name the chooser could not list is only worth a stat as a folder
      if IconRef.isIconFileName(name) && !usable(name) { continue }
      switch kind(folder + "/" + name) {
      case .typeRegular? where IconRef.isIconFileName(name) && usable(name): out.append(name)
      case .typeDirectory?: folders.append(name)
      default: break
      }
    }
    for sub in folders.prefix(iconFolderLimit) where out.count < iconFileLimit {
      let names = ((try? fm.contentsOfDirectory(atPath: folder + "/" + sub)) ?? []).prefix(
        iconScanLimit
      ).sorted()
      for name in names
      where !name.hasPrefix(".") && IconRef.isIconFileName(name) && usable(sub + "/" + name) {
        if kind(folder + "/" + sub + "/" + name) == .typeRegular { out.append(sub + "/" + name) }
      }
    }
    return Array(out.prefix(iconFileLimit))
  }

  /// The text of `folder/name`, or nil when there is no such readable
  /// regular file (at most `orderLimit` bytes).
  public static func readText(_ path: String, limit: Int = orderLimit) -> String? {
    guard let d = try? PresetReader.readLimited(path: path, limit: limit) else { return nil }
    return String(decoding: d, as: UTF8.self)
  }

  /// Writes `text` to `path` atomically.
  public static func writeText(_ text: String, to path: String) throws(OutputError) {
    do { try AtomicFile.write(Data(text.utf8), to: path) } catch let e as SaveError {
      throw OutputError(e)
    } catch { throw OutputError(path: path, reason: "\(error)") }
  }

  /// Writes the preset in `from`, named `name`, to `to` (keeping the file's
  /// layout; `to` must not exist unless it is `from`), then removes `from`
  /// when `keep` is false and the paths differ.
  public static func copyRenamed(from: String, to: String, name: String, keep: Bool)
    throws(OutputError)
  {
    if to != from, access(to, F_OK) == 0 {
      throw OutputError(path: to, reason: "a file of that name exists")
    }
    let text: String
    var p: Preset
    do {
      let data = try PresetReader.readLimited(path: from, limit: PresetReader.maxBytes)
      text = String(decoding: data, as: UTF8.self)
      p = try PresetReader.decode(data, file: from)
    } catch { throw OutputError(path: from, reason: error.description) }
    p.name = name
    try writeText(PresetSparseWriter.text(p, over: text), to: to)
    if !keep, to != from, unlink(from) != 0 {
      throw OutputError(path: from, reason: "cannot remove: \(String(cString: strerror(errno)))")
    }
  }
}
