import SpringLabUI
import Testing

@testable import SpringLabSDL

// why: SDL's video subsystem is not meant for concurrent use, so every window
// test runs one at a time: all suites are nested in this serialized parent.
@Suite(.serialized) enum SDLTests {}

extension SDLTests {
  @Suite struct KeyNameTests {
    @Test func keyNamesFollowKeyNameDocs() {
      #expect(SDLWindow.keyName(Int32(UInt8(ascii: "a"))) == "a")
      #expect(SDLWindow.keyName(Int32(UInt8(ascii: "7"))) == "7")
      #expect(SDLWindow.keyName(Int32(UInt8(ascii: "/"))) == "/")
      #expect(SDLWindow.keyName(Int32(UInt8(ascii: "="))) == "=")
      #expect(SDLWindow.keyName(27) == KeyName.escape)
      #expect(SDLWindow.keyName(13) == KeyName.enter)
      #expect(SDLWindow.keyName(8) == KeyName.backspace)
      #expect(SDLWindow.keyName(9) == KeyName.tab)
      #expect(SDLWindow.keyName(32) == KeyName.space)
      #expect(SDLWindow.keyName(127) == KeyName.delete)
    }
  }
}
