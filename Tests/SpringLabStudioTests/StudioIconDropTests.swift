import SpringLabCore
import SpringLabUI
import Testing

@testable import SpringLabStudio

/// Dropping an SVG or PNG onto the canvas (test clock, no files): on an
/// item, the main button or the bubble it becomes that icon as one undo
/// step, stored relative to the preset's folder; from outside the folder,
/// or on an untitled document, it is refused with a toast; elsewhere a PNG
/// is still a backdrop.
@Suite("Studio: drop an icon")
struct StudioIconDropTests {
  /// The open fan's item `i` centre, window pixels.
  static func itemPixel(_ h: StudioHarness, _ i: Int) -> (Double, Double) {
    let layout = StudioLayout(h.state)
    return layout.view.toPixels(h.state.scene.fanItems(at: h.state.now)[i].center)
  }

  static func openFan(_ h: StudioHarness) {
    h.send(.command(.toggleFan))
    h.advance(1.5)
  }

  @Test func anSVGDroppedOnAnItemBecomesItsIconInOneUndoStep() throws {
    let h = StudioHarness(path: "/lib/a.json")
    Self.openFan(h)
    let before = h.state.preset
    let (x, y) = Self.itemPixel(h, 1)
    h.input([.dropFileAt("/lib/icons/rocket.svg", x: x, y: y)])
    #expect(h.state.preset.fan.icon(1) == "icons/rocket.svg")
    #expect(h.state.preset.fan.look(1).icon == "icons/rocket.svg")
    #expect(h.state.preset.fan.icon(0) == before.fan.icon(0), "only the item dropped on")
    #expect(
      h.state.toast?.text.contains("rocket.svg on item 2") == true,
      "\(String(describing: h.state.toast))")
    #expect(h.state.preset.writtenSchema == 5)
    #expect(h.state.appearanceItem == 1, "the Appearance section shows the item that took it")
    h.key("z", .ctrl)
    #expect(h.state.preset == before, "one undo step")
  }

  @Test func theMainButtonTakesAnIconToo() {
    let h = StudioHarness(path: "/lib/a.json")
    let (x, y) = StudioLayout(h.state).view.toPixels(h.state.scene.mainCenter)
    h.input([.dropFileAt("/lib/spark.PNG", x: x, y: y)])
    #expect(h.state.preset.fan.mainIcon == "spark.PNG")
    #expect(h.state.overlays.backdrop == nil, "not a backdrop")
  }

  @Test func aFileFromOutsideIsCopiedInThenAssignedInOneUndoStep() throws {
    let h = StudioHarness(path: "/lib/a.json")
    Self.openFan(h)
    let before = h.state.preset
    let (x, y) = Self.itemPixel(h, 2)
    h.input([.dropFileAt("/home/me/Downloads/rocket.svg", x: x, y: y)])
    let asked = h.effects.compactMap { e -> IconImport? in
      if case .importIcon(let r) = e { return r }
      return nil
    }
    #expect(
      asked == [
        IconImport(
          source: "/home/me/Downloads/rocket.svg", folder: "/lib", target: .item(2),
          document: "/lib/a.json")
      ])
    #expect(h.state.preset.fan.look(2).icon == "icons/rocket.svg")
    #expect(h.state.appearanceItem == 2)
    #expect(
      h.state.toast?.text.contains("Copied rocket.svg to icons/rocket.svg · icon of item 3")
        == true,
      "\(String(describing: h.state.toast))")
    h.key("z", .ctrl)
    #expect(h.state.preset == before, "one undo step")
  }

  @Test func aPathLeavingTheFolderThroughDotDotIsCopiedIn() {
    let h = StudioHarness(path: "/lib/a.json")
    Self.openFan(h)
    let (x, y) = Self.itemPixel(h, 0)
    h.input([.dropFileAt("/lib/../Downloads/x.svg", x: x, y: y)])
    let asked = h.effects.compactMap { e -> String? in
      if case .importIcon(let r) = e { return r.source }
      return nil
    }
    #expect(asked == ["/Downloads/x.svg"])
    #expect(h.state.preset.fan.look(0).icon == "icons/x.svg")
  }

  @Test func aRefusedCopyChangesNothingAndSaysWhy() {
    let disk = FakeDisk()
    disk.importRefusal = "not an SVG or PNG (by its content)"
    let h = StudioHarness(path: "/lib/a.json", disk: disk)
    Self.openFan(h)
    let before = h.state.preset
    let (x, y) = Self.itemPixel(h, 0)
    h.input([.dropFileAt("/tmp/fake.svg", x: x, y: y)])
    #expect(h.state.preset == before)
    #expect(h.state.toast?.text == "fake.svg: not an SVG or PNG (by its content)")
  }

  @Test func anUntitledDocumentIsRefused() {
    let u = StudioHarness(path: nil)
    Self.openFan(u)
    let (ux, uy) = Self.itemPixel(u, 0)
    u.input([.dropFileAt("/tmp/a.svg", x: ux, y: uy)])
    #expect(u.state.preset.fan.look(0).icon == nil)
    #expect(u.state.toast?.text.contains("Save the preset first") == true)
  }

  @Test func aPNGDroppedOffTheControlsIsStillABackdrop() {
    let h = StudioHarness(path: "/lib/a.json")
    let c = StudioLayout(h.state).frame.canvas
    h.input([.dropFileAt("/lib/shot.png", x: c.x + 4, y: c.y + 4)])
    #expect(h.state.overlays.backdrop == "/lib/shot.png")
    #expect(h.state.preset.fan.mainIcon == "plus")
  }
}
