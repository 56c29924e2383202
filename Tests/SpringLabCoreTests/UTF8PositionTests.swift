import Foundation
import SpringLabCore
import Testing

/// Invalid UTF-8 is reported where it is, not at "line 1, column 1" (issue 22).
@Suite("Invalid UTF-8 positions")
struct UTF8PositionTests {
  @Test func invalidUTF8InPresetsAndScriptsPointsAtTheByte() throws {
    let bad: [UInt8] = Array("{\n  \"name\": \"a".utf8) + [0xFF] + Array("b\"\n}".utf8)
    do {
      _ = try StrictJSONParser.parse(Data(bad))
      Issue.record("invalid UTF-8 was accepted")
    } catch {
      #expect(error.line == 2 && error.column == 13, "\(error)")
      #expect(error.reason.hasPrefix("not valid UTF-8") && error.reason.contains("0xFF"))
    }
    // an overlong "/" (C0 AF) on line 3 of a script, after a valid "é"
    let script: [UInt8] =
      Array("{\"duration\": 1,\n\"events\": [],\n\"é\": \"".utf8) + [0xC0, 0xAF] + Array("\"}".utf8)
    do {
      _ = try InputScript.decode(Data(script), file: "s.json")
      Issue.record("invalid UTF-8 was accepted")
    } catch {
      #expect(error.description.contains("line 3, column 7"), "\(error.description)")
    }
    #expect(StrictJSONParser.firstInvalidUTF8(Array("héllo".utf8)) == nil)
    #expect(StrictJSONParser.firstInvalidUTF8([0x41, 0xED, 0xA0, 0x80]) == 1)  // a surrogate
  }
}
