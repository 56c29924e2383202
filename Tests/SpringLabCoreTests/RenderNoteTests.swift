import SpringLabCore
import Testing

/// The note `springlab render` leaves in a video (its `comment` tag) and
/// reads back: where the screen lies in the frame.
@Suite("Render note")
struct RenderNoteTests {
  @Test func itReadsBackWhatItWrites() throws {
    let n = RenderNote(x: 34, y: 86, scale: 0.741093, frameWidth: 360, frameHeight: 780)
    #expect(n.text == "springlab view x=34 y=86 scale=0.741093 frame=360x780")
    #expect(RenderNote(parsing: n.text) == n)
    #expect(RenderNote(parsing: " " + n.text + " ") == n, "ffmpeg pads its log")
    #expect(n.scale(forFrame: 360, 780) == 0.741093)
    #expect(n.scale(forFrame: 720, 1560) == nil, "a clip scaled since is not described by it")
  }

  @Test(arguments: [
    "", "Made with iMovie", "springlab view", "springlab view x=1 y=2 scale=0 frame=10x10",
    "springlab view x=1 y=2 scale=-1 frame=10x10", "springlab view x=1 y=2 scale=nan frame=10x10",
    "springlab view x=1 y=2 scale=2 frame=10", "springlab view x=a y=2 scale=2 frame=10x10",
    "springlab view x=1 y=2 scale=2 frame=0x10",
  ])
  func anythingElseIsNotANote(text: String) {
    #expect(RenderNote(parsing: text) == nil)
  }
}
