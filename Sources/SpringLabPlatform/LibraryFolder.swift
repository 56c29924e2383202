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
