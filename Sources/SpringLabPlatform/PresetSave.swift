import Foundation
import SpringLabCore

// why: saving writes the disk, so it lives here beside the atomic writer; the
// pure Core only produces the text (`PresetWriter.text`, `PresetSparseWriter.text`)
extension PresetWriter {
  /// Saves atomically: a temporary file in the same folder, fsync, rename,
  /// fsync of the folder. An error leaves any existing file untouched.
  public static func save(_ p: Preset, to path: String, io: FileIO = .posix) throws {
    try AtomicFile.write(Data(text(p).utf8), to: path, io: io)
  }
}

extension PresetSparseWriter {
  /// Saves atomically like `PresetWriter.save`, keeping the layout of the
  /// file already at `path`, or when there is none, of `layoutFrom` (the
  /// preset a Save as starts from); each read up to the preset size limit.
  /// Neither readable: the canonical text. When the file at `path` already
  /// holds exactly these bytes nothing is written: the file keeps its inode
  /// and modification time (a save of an unchanged preset is no change).
  public static func save(
    _ p: Preset, to path: String, layoutFrom: String? = nil, io: FileIO = .posix
  ) throws {
    func read(_ path: String) -> Data? {
      try? PresetReader.readLimited(path: path, limit: PresetReader.maxBytes)
    }
    let own = read(path)
    let existing = (own ?? layoutFrom.flatMap(read)).map { String(decoding: $0, as: UTF8.self) }
    let data = Data(text(p, over: existing).utf8)
    if let own, own == data { return }
    try AtomicFile.write(data, to: path, io: io)
  }
}
