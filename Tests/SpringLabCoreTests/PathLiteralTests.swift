import Foundation
import Testing

@testable import SpringLabCore

/// Field paths and motion paths are text only at the boundary (issue #21):
/// code names a field by `FieldID` and a motion by `MotionID` or its
/// descriptor, so a typo is a compile error rather than a silent no-op.
@Suite("Path literals")
struct PathLiteralTests {
  static let sources = TestPaths.packageRoot.appendingPathComponent("Sources")

  /// The files that may spell paths, relative to Sources/. Keep it short.
  static let boundary: Set<String> = [
    // the field table: each FieldID's raw value is its JSON path
    "SpringLabCore/Preset/FieldID.swift",
    // the motion table: each descriptor declares its path (the trace's
    // `graph.target` and the plan's animation ids are read from it)
    "SpringLabCore/Controls/Fan/FanMotions.swift",
    "SpringLabCore/Controls/Bubble/BubbleMotions.swift",
    "SpringLabCore/Controls/Keyboard/KeyboardMotion.swift",
    // the motions' names: a raw value is an identifier (`fanExpand`), never
    // read as a path, though the keyboard's (`keyboard`) spells one
    "SpringLabCore/Plan/MotionID.swift",
    // the script format's target names: each case's raw value is its text
    "SpringLabCore/Scene/NamedTarget.swift",
    // the script format: the start state's `keyboard` key
    "SpringLabCore/Script/InputScript.swift",
    // the script format's key names (`keyboard` for K)
    "SpringLabCore/Scene/SceneCommand.swift",
    // the trace format: its `keyboard` member (the keyboard's height)
    "SpringLabCore/Trace/SceneTrace.swift",
  ]

  /// Every text a path literal may take exactly: a field's path, a motion's path,
  /// and a path prefix of two or more components (`fan.expand`,
  /// `bubble.menu`), each also with a trailing dot (`fan.expand.`). The
  /// one-component sections (`fan`, `bubble`, `device`) are words as well
  /// (`FieldSection`'s raw values) and are left out.
  static let paths: Set<String> = {
    var all = Set<String>()
    let full = FieldID.allCases.map(\.path) + MotionDescriptor.all.map(\.path)
    for p in full {
      all.insert(p)
      let parts = p.split(separator: ".")
      if parts.count > 2 {
        for n in 2..<parts.count {
          let prefix = parts[..<n].joined(separator: ".")
          all.insert(prefix)
          all.insert(prefix + ".")
        }
      }
    }
    for p in full where p.contains(".") { all.insert(p + ".") }
    return all
  }()

  /// The motions' paths: a literal starting with one and a dot is a plan
  /// animation id (`fan.rotation.open`, `fan.expand.item` + index).
  static let motionPaths = Set(MotionDescriptor.all.map(\.path))

  /// Whether a literal (or a piece of one between interpolations) spells a
  /// path, a path prefix, or an animation id.
  static func isPath(_ s: String) -> Bool {
    paths.contains(s) || motionPaths.contains { s.hasPrefix($0 + ".") }
  }

  /// The string literals of Swift source, comments skipped: each literal's
  /// text pieces between interpolations, with the line it starts on.
  static func literals(_ s: String) -> [(line: Int, text: String)] {
    let c = Array(s.unicodeScalars)
    var out: [(Int, String)] = []
    var i = 0
    var line = 1
    func at(_ k: Int) -> Unicode.Scalar? { k < c.count ? c[k] : nil }
    // Reads a literal whose opening quote(s) start at `i`; returns after it.
    func string() {
      var hashes = 0
      while at(i) == "#" {
        hashes += 1
        i += 1
      }
      let multi = at(i) == "\"" && at(i + 1) == "\"" && at(i + 2) == "\""
      i += multi ? 3 : 1
      let startLine = line
      var piece = ""
      func closes() -> Bool {
        if multi {
          guard at(i) == "\"", at(i + 1) == "\"", at(i + 2) == "\"" else { return false }
          return (0..<hashes).allSatisfy { at(i + 3 + $0) == "#" }
        }
        guard at(i) == "\"" else { return false }
        return (0..<hashes).allSatisfy { at(i + 1 + $0) == "#" }
      }
      while i < c.count {
        if closes() {
          i += (multi ? 3 : 1) + hashes
          break
        }
        let ch = c[i]
        if ch == "\n" { line += 1 }
        if ch == "\\" && (0..<hashes).allSatisfy({ at(i + 1 + $0) == "#" }) {
          let next = at(i + 1 + hashes)
          if next == "(" {
            out.append((startLine, piece))
            piece = ""
            i += 2 + hashes
            code(until: ")")
            continue
          }
          if hashes == 0 {
            piece.unicodeScalars.append(ch)
            if let n = next { piece.unicodeScalars.append(n) }
            i += 2
            continue
          }
        }
        piece.unicodeScalars.append(ch)
        i += 1
      }
      out.append((startLine, piece))
    }
    // Skips code (comments too), reading its literals, up to an unmatched `end`.
    func code(until end: Unicode.Scalar?) {
      var depth = 0
      while i < c.count {
        let ch = c[i]
        if ch == "\n" { line += 1 }
        if ch == "/" && at(i + 1) == "/" {
          while i < c.count && c[i] != "\n" { i += 1 }
          continue
        }
        if ch == "/" && at(i + 1) == "*" {
          i += 2
          while i < c.count && !(c[i] == "*" && at(i + 1) == "/") {
            if c[i] == "\n" { line += 1 }
            i += 1
          }
          i += 2
          continue
        }
        if ch == "\"" || (ch == "#" && (at(i + 1) == "\"" || at(i + 1) == "#")) {
          string()
          continue
        }
        if ch == "(" { depth += 1 }
        if ch == ")" {
          if depth == 0 && end == ")" {
            i += 1
            return
          }
          depth -= 1
        }
        i += 1
      }
    }
    code(until: nil)
    return out
  }

  /// `file:line: "literal"` for every path literal outside the boundary.
  static func offenders() throws -> [String] {
    var found: [String] = []
    let files = FileManager.default.enumerator(atPath: sources.path)!
    while let f = files.nextObject() as? String {
      guard f.hasSuffix(".swift"), !boundary.contains(f) else { continue }
      let text = try String(contentsOf: sources.appendingPathComponent(f), encoding: .utf8)
      for (line, lit) in literals(text) where isPath(lit) {
        found.append("\(f):\(line): \"\(lit)\"")
      }
    }
    return found.sorted()
  }

  @Test func theScannerFindsLiteralsAndSkipsComments() {
    let src = #"""
      // "fan.expand" in a comment
      let a = "fan.expand" /* "bubble.menu" */
      let b = "x\("bubble.menu")y \(f(")")) z"
      let c = #"raw "fan.flyOut" \(no)"#
      let d = """
        fan.expand.
        """
      """#
    let lits = Self.literals(src).map(\.text)
    #expect(lits.contains("fan.expand"))
    #expect(lits.contains("bubble.menu"))
    #expect(lits.contains("x"))
    #expect(lits.contains(")"))
    #expect(lits.contains(#"raw "fan.flyOut" \(no)"#))
    #expect(!lits.contains { $0.contains("comment") })
    #expect(Self.paths.contains("fan.expand"))
    #expect(Self.paths.contains("fan.expand."))
    #expect(Self.paths.contains("bubble.menu"))
    #expect(Self.paths.contains("fan.flyOut"))
    #expect(!Self.paths.contains("fan"))
    #expect(Self.isPath("fan.rotation.open") && Self.isPath("fan.expand.item"))
    #expect(!Self.isPath("fan.querySelector(") && !Self.isPath("fan.expand is"))
  }

  @Test func noPathLiteralsOutsideTheBoundary() throws {
    let found = try Self.offenders()
    #expect(
      found.isEmpty,
      Comment(
        rawValue: "\(found.count) field-path or motion-path literals outside the boundary:\n"
          + found.joined(separator: "\n")))
  }

  @Test func planAnimationIDsStartWithTheirMotionsPath() {
    for k in PlannedAnimationKind.allCases where k != .other {
      let path = MotionID(rawValue: k.rawValue).descriptor.path
      let id = k.animationID(item: 2)
      #expect(id == path || id.hasPrefix(path + "."), "\(k): \(id)")
    }
  }
}
