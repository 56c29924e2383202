import Foundation
import Testing

/// SpringLabCore's folders depend on each other one way only
/// (docs/ARCHITECTURE.md): a folder uses another when its code names a type
/// declared there.
@Suite("Core folders")
struct FolderDependencyTests {
  static let core = TestPaths.packageRoot.appendingPathComponent("Sources/SpringLabCore")

  /// Folder of a source file: its first folder, or `Controls/<name>`.
  static func folder(_ relative: String) -> String {
    let parts = relative.split(separator: "/").map(String.init)
    if parts.count == 1 { return "." }
    return parts[0] == "Controls" && parts.count > 2 ? "Controls/" + parts[1] : parts[0]
  }

  /// Source without comments and string literals.
  static func code(_ s: String) -> String {
    var out = s
    for pattern in [#""""[\s\S]*?""""#, #"//[^\n]*"#, #""(?:\\.|[^"\\\n])*""#] {
      let re = try! NSRegularExpression(pattern: pattern)
      out = re.stringByReplacingMatches(
        in: out, range: NSRange(out.startIndex..., in: out), withTemplate: "\"\"")
    }
    return out
  }

  static func graph() throws -> [String: Set<String>] {
    var sources: [String: String] = [:]
    var declared: [String: String] = [:]
    let files = FileManager.default.enumerator(atPath: core.path)!
    let decl = try NSRegularExpression(
      pattern: #"^(?:public |)(?:struct|enum|final class|class|protocol|typealias) (\w+)"#,
      options: .anchorsMatchLines)
    while let f = files.nextObject() as? String {
      guard f.hasSuffix(".swift") else { continue }
      let text = code(try String(contentsOf: core.appendingPathComponent(f), encoding: .utf8))
      let folder = folder(f)
      sources[folder, default: ""] += text + "\n"
      for m in decl.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        declared[String(text[Range(m.range(at: 1), in: text)!])] = folder
      }
    }
    var uses: [String: Set<String>] = [:]
    for (folder, text) in sources {
      let words = Set(text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
      for (name, home) in declared where home != folder && words.contains(name) {
        uses[folder, default: []].insert(home)
      }
    }
    return uses
  }

  @Test func thereAreNoFolderCycles() throws {
    let uses = try Self.graph()
    #expect(uses.count >= 8, "\(uses)")
    func reaches(_ from: String, _ to: String, _ seen: Set<String>) -> Bool {
      for next in uses[from] ?? [] where !seen.contains(next) {
        if next == to || reaches(next, to, seen.union([next])) { return true }
      }
      return false
    }
    for (folder, targets) in uses {
      for t in targets {
        #expect(!reaches(t, folder, [t]), "\(folder) → \(t) → … → \(folder)")
      }
    }
  }

  @Test func basicLayersStayBasic() throws {
    let uses = try Self.graph()
    #expect((uses["Geometry"] ?? []).isEmpty, "\(uses["Geometry"] ?? [])")
    #expect((uses["Motion"] ?? []).isSubset(of: ["Geometry"]), "\(uses["Motion"] ?? [])")
    // why: Text only escapes what is printed to a terminal; it is a leaf like Geometry
    #expect((uses["Text"] ?? []).isEmpty, "\(uses["Text"] ?? [])")
    #expect(
      (uses["Preset"] ?? []).isSubset(of: ["Geometry", "JSON", "Motion", "Text"]),
      "\(uses["Preset"] ?? [])"
    )
    #expect(!(uses["Scene"] ?? []).contains("Script"))
  }

  /// The file-system calls that write, move or remove (and `open`, which
  /// creates), written as calls in Core's code; comments and strings excluded.
  static let writingCalls = try! NSRegularExpression(
    pattern:
      #"(?<![\w.])(open|openat|creat|rename|renameat|fsync|fdatasync|unlink|unlinkat|rmdir|mkdir|ftruncate|truncate|link|symlink)\s*\("#
      + #"|FileManager|FileHandle\(forWriting|\.write\(to(File)?:"#)

  /// The atomic writer, image probing and every other write stay in
  /// SpringLabPlatform (docs/ARCHITECTURE.md): Core reads presets, nothing else.
  // why: the one `open` allowed is the preset reader's, which never writes
  @Test func coreMakesNoFileSystemCallsButReadingPresets() throws {
    let files = FileManager.default.enumerator(atPath: Self.core.path)!
    var found: [String] = []
    var sawReaderOpen = false
    while let f = files.nextObject() as? String {
      guard f.hasSuffix(".swift") else { continue }
      let text = Self.code(
        try String(contentsOf: Self.core.appendingPathComponent(f), encoding: .utf8))
      for m in Self.writingCalls.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        let call = String(text[Range(m.range, in: text)!])
        if f == "Preset/PresetReader.swift" && call.hasPrefix("open(") {
          sawReaderOpen = true
          continue
        }
        found.append("\(f): \(call)")
      }
    }
    #expect(found.isEmpty, "\(found)")
    // why: proves the scan sees calls at all (a pattern that matched nothing would pass)
    #expect(sawReaderOpen)
    for gone in [
      "Preset/AtomicFile.swift", "Preset/InProgressFiles.swift", "Tools/ImageHeader.swift",
    ] {
      #expect(!FileManager.default.fileExists(atPath: Self.core.appendingPathComponent(gone).path))
    }
  }
}
