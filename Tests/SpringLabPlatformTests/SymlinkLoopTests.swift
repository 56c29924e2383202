import Foundation
import SpringLabCore
import SpringLabPlatform
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A link that cannot be followed (a loop) is an error that leaves the links
/// alone, never a file written over them (issue 22).
@Suite("Symlink loops")
struct SymlinkLoopTests {
  func readLink(_ p: String) -> String? {
    try? FileManager.default.destinationOfSymbolicLink(atPath: p)
  }

  @Test func aLoopIsRefusedAsAnOutputAndWarnedAboutAsState() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "loop-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    #expect(symlink("l2.png", dir + "/l1.png") == 0 && symlink("l1.png", dir + "/l2.png") == 0)
    do {
      let out = try OutputFile(path: dir + "/l1.png")
      out.discard()
      Issue.record("a symlink loop was accepted as an output")
    } catch {
      #expect(error.reason == String(cString: strerror(ELOOP)), "\(error)")
    }
    #expect(readLink(dir + "/l1.png") == "l2.png" && readLink(dir + "/l2.png") == "l1.png")
    // the remembered state: a link to itself
    #expect(symlink("state.json", dir + "/state.json") == 0)
    let loaded = RememberedState.load(folder: dir)
    #expect(loaded.warning?.contains("ignored, using defaults") == true, "\(loaded)")
    #expect(throws: (any Error).self) { try RememberedState().save(folder: dir) }
    #expect(readLink(dir + "/state.json") == "state.json", "the link was replaced")
    let hidden = try FileManager.default.contentsOfDirectory(atPath: dir).filter {
      $0.hasPrefix(".")
    }
    #expect(hidden.isEmpty, "\(hidden)")
  }
}
