import Foundation

/// Writes a trace: JSON Lines, one object per drawn frame, each line written
/// whole with one `write` call so a reader never sees half a line.
public final class TraceWriter {
  private let handle: FileHandle
  public private(set) var lines = 0

  /// Creates (truncates) `path`. Throws when it cannot be created.
  public init(path: String) throws {
    guard FileManager.default.createFile(atPath: path, contents: nil),
      let h = FileHandle(forWritingAtPath: path)
    else {
      throw SaveError(path: path, reason: "cannot create the trace file")
    }
    handle = h
  }

  public func write(_ frame: JSONValue) {
    let line = JSONWriter.compact(frame) + "\n"
    handle.write(Data(line.utf8))
    lines += 1
  }

  deinit { try? handle.close() }
}
