import Testing

@testable import SpringLabUI

/// A long file path in the panel's header is cut from its start, so the
/// file's name (what tells two documents apart) stays readable.
@Suite("Paths shortened from the start")
struct PathFitTests {
  @Test func theFileNameStaysWhenThePathIsCut() {
    let h = Harness()
    let path = "/home/designer/Projects/Client A/springlab/presets/themed-quick-actions.json"
    var shown = ""
    h.frame { ui in
      // 8.1 px a character at the body size: 40 characters fit in 324 px
      shown = ui.fitPath(path, width: 324)
      #expect(ui.fitPath("/a/b.json", width: 324) == "/a/b.json", "short paths stay whole")
      #expect(ui.fitPath(path, width: 60).hasPrefix("…/them"), "a name alone is cut at its end")
    }
    #expect(shown == "…/presets/themed-quick-actions.json", "\(shown)")
  }
}
