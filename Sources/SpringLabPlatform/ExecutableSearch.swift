import Foundation

/// Finds executables on a `PATH`-style search list without using a shell.
public enum ExecutableSearch {
  /// The first executable file named `name` in the colon-separated `searchPath`
  /// (defaults to this process's `PATH`), or nil. Empty entries are skipped
  /// rather than meaning "current directory".
  public static func find(
    _ name: String, searchPath: String? = ProcessInfo.processInfo.environment["PATH"]
  ) -> String? {
    guard let searchPath, !name.isEmpty, !name.contains("/") else { return nil }
    for dir in searchPath.split(separator: ":", omittingEmptySubsequences: true) {
      let candidate = String(dir) + "/" + name
      var isDir: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDir), !isDir.boolValue,
        FileManager.default.isExecutableFile(atPath: candidate)
      {
        return candidate
      }
    }
    return nil
  }
}
