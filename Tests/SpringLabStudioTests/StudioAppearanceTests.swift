import SpringLabCore
import SpringLabUI
import Testing

@testable import SpringLabStudio

/// The panel's Appearance section (folded until opened), driven as a
/// designer does: pick an item, open a colour chip's swatches or type hex,
/// choose an icon from the built-ins or the files beside the preset, type
/// a label, drag or reset a size, apply one item's look to all. Each edit
/// is one undo step naming its field.
@Suite("Studio: Appearance section")
struct StudioAppearanceTests {
  static func open(
    _ path: String? = "/lib/a.json", preset: Preset = .seedDefault, disk: FakeDisk = FakeDisk()
  ) -> StudioHarness {
    let h = StudioHarness(preset: preset, path: path, disk: disk)
    h.send(.panelSection(.appearance, open: true))
    h.draw()
    return h
  }

  /// The panel's filled rounded rects of colour `c` (x ≥ 900: the panel).
  static func chips(_ h: StudioHarness, _ c: HexColor) -> [PixelRect] {
    h.lastFrame.finished.compactMap { cmd in
      if case .fill(.roundedRect(let r, _), let col) = cmd, col == RGBA(c), r.x >= 900 {
        return r
      }
      return nil
    }
  }

  /// The text run `t` in the panel whose row is nearest `y` (or the first).
  static func text(_ h: StudioHarness, _ t: String, near y: Double? = nil) -> (
    x: Double, y: Double
  )? {
    let all = h.lastFrame.finished.compactMap { c -> (Double, Double)? in
      if case .text(let s, let x, let ty, _, _, _) = c, s == t, x >= 900 { return (x, ty) }
      return nil
    }
    guard let y else { return all.first }
    return all.min { abs($0.1 - y) < abs($1.1 - y) }
  }

  /// Clicks the text field showing `shown`, selects all and types `text`
  /// (no Enter). Returns where `shown` was.
  @discardableResult
  static func retype(_ h: StudioHarness, _ shown: String, _ text: String) throws -> (
    x: Double, y: Double
  ) {
    let at = try #require(Self.text(h, shown))
    h.click(at.x + 10, at.y + 6)
    h.key("a", .ctrl)
    h.input([.text(text)])
    return at
  }

  static func clickCentre(_ h: StudioHarness, _ r: PixelRect) {
    h.click(r.x + r.w / 2, r.y + r.h / 2)
  }

  /// Picks item `n` (1-based) in the item picker.
  static func pick(_ h: StudioHarness, item n: Int) throws {
    // why: "Tint icon file" is a few rows under the picker and unique ("Item" is
    // also the start of "Item spin")
    #expect(h.reveal("Tint icon file"))
    let row = try #require(Self.text(h, "Item")).y
    let b = try #require(Self.text(h, "\(n)", near: row))
    h.click(b.x, b.y + 6)
  }

  @Test func theSectionShowsOneItemAtATimeThenTheMainButton() {
    let folded = StudioHarness(path: "/lib/a.json")
    #expect(folded.reveal("APPEARANCE"), "the folded header shows on the Fan tab")
    #expect(!folded.texts.contains("Tint icon file"))
    let h = Self.open()
    for t in [
      "Item", "Icon", "Fill", "Icon tint", "Tint icon file", "Label", "Size",
      "Apply to all items", "Reset colours", "Main button", "Shadow", "Dim colour",
    ] {
      // why: reveal matches a prefix ("Item" would match "Item spin"): the run itself must show
      #expect(h.reveal(t) && h.texts.contains(t), "\(t)")
    }
    let b = Self.open()
    b.send(.panelTab(.bubble))
    b.draw()
    #expect(b.reveal("Badge letters") && b.reveal("Tint icon file") && b.reveal("Shadow"))
  }

  @Test func pickingAnItemShowsItsOwnColours() throws {
    let h = Self.open()
    #expect(h.reveal("#FF9500"), "item 1: orange")
    try Self.pick(h, item: 2)
    #expect(h.state.appearanceItem == 1)
    #expect(h.reveal("#34C759"), "item 2: green")
    #expect(!h.texts.contains("#FF9500"))
  }

  @Test func aChipOpensTheSwatchesAndASwatchIsOneUndoStep() throws {
    let h = Self.open()
    try Self.pick(h, item: 2)
    #expect(h.reveal("#34C759"))
    let teal = DefaultLook.itemFills[4]
    let before = h.state.preset
    let tealBefore = Self.chips(h, teal).count
    let chip = try #require(Self.chips(h, DefaultLook.itemFills[1]).first, "item 2's fill chip")
    Self.clickCentre(h, chip)
    let swatches = Self.chips(h, teal)
    #expect(swatches.count == tealBefore + 1, "the swatch rows opened under the fill")
    Self.clickCentre(h, try #require(swatches.last))
    #expect(h.state.preset.fan.fill(1) == teal)
    #expect(h.state.preset.fan.look(0).fill == nil, "only item 2")
    #expect(Self.chips(h, HexColor(rgb: 0xFFCC00)).isEmpty, "a pick closes the swatches")
    h.key("z", .ctrl)
    #expect(h.state.preset == before)
  }

  @Test func theSwatchesOfferThePresetsOwnColours() throws {
    var p = Preset.seedDefault
    let brand = HexColor(rgb: 0x0B5A43)
    p.fan.items = [ItemLook(fill: brand)]
    let h = Self.open(preset: p)
    #expect(h.reveal("Dim colour"))
    let dimRow = try #require(Self.text(h, "Dim colour")).y
    let chip = try #require(
      Self.chips(h, HexColor(rgb: 0x000000)).min { abs($0.y - dimRow) < abs($1.y - dimRow) })
    let shown = Self.chips(h, brand).count
    Self.clickCentre(h, chip)
    // why: the swatch rows open under the dim's row, near the window's bottom
    #expect(h.reveal("PRESETS"))
    let dim = try #require(Self.text(h, "Dim colour")).y
    let offered = Self.chips(h, brand).filter { $0.y > dim }
    #expect(Self.chips(h, brand).count == shown + 1, "one more chip of the brand colour")
    #expect(offered.count == 1, "the brand colour is offered under the dim's chip")
    Self.clickCentre(h, try #require(offered.first))
    #expect(h.state.preset.fan.dimColor == brand)
  }

  @Test func typedHexIsTakenOnceWhole() throws {
    let h = Self.open()
    #expect(h.reveal("#FF9500"))
    try Self.retype(h, "#FF9500", "#12345")
    #expect(h.state.preset.fan.look(0).fill == nil, "half typed: not taken")
    h.input([.text("6")])
    h.key("enter")
    #expect(h.state.preset.fan.fill(0) == HexColor(rgb: 0x123456))
  }

  @Test func theIconChooserListsTheFilesBesideThePreset() throws {
    let disk = FakeDisk()
    disk.write(.seedDefault, to: "/lib/a.json")
    let h = Self.open(disk: disk)
    disk.iconFiles["/lib"] = ["icons/rocket.svg", "logo.png"]
    #expect(h.reveal("Icon"))
    let row = try #require(Self.text(h, "Icon")).y
    let more = try #require(Self.text(h, "▾", near: row))
    let listed = h.effects.count
    h.click(more.x, more.y + 6)
    #expect(
      h.effects[listed...].contains { if case .listLibrary("/lib") = $0 { true } else { false } },
      "opening lists the folder again")
    #expect(h.reveal("icons/rocket.svg") && h.reveal("logo.png"))
    let before = h.state.preset
    let file = try #require(Self.text(h, "icons/rocket.svg"))
    h.click(file.x, file.y + 6)
    #expect(h.state.preset.fan.look(0).icon == "icons/rocket.svg")
    #expect(!h.texts.contains("logo.png"), "a pick closes the chooser")
    h.key("z", .ctrl)
    #expect(h.state.preset == before)
  }

  @Test func anUntitledPresetsChooserSaysWhyThereAreNoFiles() throws {
    let h = Self.open(nil)
    #expect(h.reveal("Tint icon file"))
    let row = try #require(Self.text(h, "Icon")).y
    let more = try #require(Self.text(h, "▾", near: row))
    h.click(more.x, more.y + 6)
    #expect(h.reveal("Save the preset first to use icon files"))
  }

  @Test func typedLabelAndSizeResetAndApplyToAll() throws {
    let h = Self.open()
    #expect(h.reveal("Label"))
    let labelRow = try #require(Self.text(h, "Label")).y
    let none = try #require(Self.text(h, "no label", near: labelRow))
    h.click(none.x + 4, none.y + 6)
    h.input([.text("Compose")])
    h.key("enter")
    #expect(h.state.preset.fan.label(0) == "Compose")
    // a teal fill on item 1, then applied to every item
    // (item 2 draws its logo in its own colours: tinting stays each item's own)
    h.set(
      .fanItems,
      .looks([
        ItemLook(fill: DefaultLook.itemFills[4], label: "Compose", size: 64),
        ItemLook(icon: "logo.svg", tintIcon: false),
      ]))
    h.draw()
    #expect(h.reveal("Apply to all items"))
    let apply = try #require(Self.text(h, "Apply to all items"))
    let before = h.state.preset
    h.click(apply.x, apply.y + 6)
    let n = h.state.preset.fan.count
    #expect((0..<n).allSatisfy { h.state.preset.fan.fill($0) == DefaultLook.itemFills[4] })
    #expect((0..<n).allSatisfy { h.state.preset.fan.size($0) == 64 })
    #expect(h.state.preset.fan.label(1) == "", "labels stay each item's own")
    #expect(!h.state.preset.fan.look(1).tintIcon && h.state.preset.fan.icon(1) == "logo.svg")
    h.key("z", .ctrl)
    #expect(h.state.preset == before)
    #expect(h.reveal("Reset colours"))
    let reset = try #require(Self.text(h, "Reset colours"))
    h.click(reset.x, reset.y + 6)
    #expect(
      h.state.preset.fan.items == [
        ItemLook(label: "Compose"), ItemLook(icon: "logo.svg", tintIcon: false),
      ], "the label stays")
  }

  /// Each typed value is its own undo step, whatever came before it (a
  /// swatch, another typed value): a typed colour or label is taken when
  /// the editing ends, with its step.
  @Test func typedValuesAreEachOneUndoStepAfterASwatch() throws {
    let h = Self.open()
    try Self.pick(h, item: 2)
    #expect(h.reveal("#34C759"))
    let chip = try #require(Self.chips(h, DefaultLook.itemFills[1]).first)
    Self.clickCentre(h, chip)
    let purple = DefaultLook.itemFills[3]
    Self.clickCentre(h, try #require(Self.chips(h, purple).last))
    #expect(h.state.preset.fan.fill(1) == purple)
    try Self.retype(h, purple.hex, "#E4572E")
    #expect(h.state.preset.fan.fill(1) == purple, "not taken while typing")
    // a click elsewhere ends the editing and keeps the text, as Enter does
    let label = try #require(Self.text(h, "Label"))
    h.click(label.x + 2, label.y + 6)
    #expect(h.state.preset.fan.fill(1) == HexColor(rgb: 0xE4572E))
    h.key("z", .ctrl)
    #expect(h.state.preset.fan.fill(1) == purple, "one step back: the swatch's colour")
    #expect(
      h.state.toast?.text == "Undo: Item 2 · Fill back to \(purple.hex) (was #E4572E)",
      "\(String(describing: h.state.toast))")
    h.key("z", .ctrl)
    #expect(h.state.preset.fan.fill(1) == DefaultLook.itemFills[1])
  }

  /// L on an item's contrast warning opens the Appearance section at that
  /// item's Fill row.
  @Test func lintLandsOnTheItemsFillRow() throws {
    var p = Preset.seedDefault
    p.fan.items = [ItemLook(), ItemLook(), ItemLook(fill: HexColor(rgb: 0xF0F0F0))]
    let h = StudioHarness(preset: p, path: "/lib/a.json")
    h.send(.panelTab(.device))
    h.key("l")
    #expect(h.state.panelTab == .fan)
    #expect(h.state.panelFolds.isOpen(.appearance))
    #expect(h.state.appearanceItem == 2)
    h.draw()
    #expect(h.state.focusRequest == nil, "the row was drawn and scrolled to")
    h.draw()  // the frame after the scroll, as the window draws it
    let row = try #require(Self.chips(h, HexColor(rgb: 0xF0F0F0)).first)
    #expect(
      row.y >= 170 && row.y + row.h <= 800,
      "the Fill row is on screen: \(row) \(Self.chips(h, HexColor(rgb: 0xF0F0F0)))")
  }

  /// A file from anywhere, typed as an absolute path in an icon row, is
  /// copied beside the preset and assigned, as a drop on the item is.
  @Test func anAbsolutePathTypedInAnIconRowIsCopiedInAndAssigned() throws {
    let h = Self.open()
    #expect(h.reveal("Tint icon file"))
    let row = try #require(Self.text(h, "Icon")).y
    let name = try #require(Self.text(h, h.state.preset.fan.icon(0), near: row))
    h.click(name.x + 4, name.y + 6)
    h.key("a", .ctrl)
    h.input([.text("/home/me/Figma export/rocket.svg")])
    h.key("enter")
    #expect(h.state.preset.fan.look(0).icon == "icons/rocket.svg")
    #expect(h.effects.contains { if case .importIcon = $0 { true } else { false } })
    #expect(h.state.toast?.text.contains("Copied rocket.svg to icons/rocket.svg") == true)
  }

  /// Rows that change nothing for the item shown are faded and inert: the
  /// tinting of a built-in icon (always tinted); for an icon file in its own
  /// colours, its tint.
  @Test func rowsThatChangeNothingAreInert() throws {
    let h = Self.open()
    #expect(h.reveal("Tint icon file"))
    let tintRow = try #require(Self.text(h, "Tint icon file")).y
    let toggle = try #require(Self.text(h, "On", near: tintRow))
    h.click(toggle.x, toggle.y + 6)
    #expect(h.state.preset.fan.look(0).tintIcon, "a built-in icon: the switch does nothing")
    var p = h.state.preset
    p.fan.items = [ItemLook(icon: "logo.svg", tintIcon: true)]
    h.edit(p)
    h.draw()
    let row = try #require(Self.text(h, "Tint icon file")).y
    let on = try #require(Self.text(h, "On", near: row))
    h.click(on.x, on.y + 6)
    #expect(!h.state.preset.fan.look(0).tintIcon, "a file: the switch works")
    // now drawn in its own colours: its tint row is faded and inert
    let faded = RGBA(HexColor.white).fading(0.4)
    let chips = h.lastFrame.finished.compactMap { c -> PixelRect? in
      if case .fill(.roundedRect(let r, _), let col) = c, col == faded, r.x >= 900 { return r }
      return nil
    }
    let chip = try #require(chips.first, "the Icon tint chip, faded")
    let yellow = Self.chips(h, HexColor(rgb: 0xFFCC00)).count
    Self.clickCentre(h, chip)
    #expect(Self.chips(h, HexColor(rgb: 0xFFCC00)).count == yellow, "no swatches open")
  }

  /// A press outside a field being typed in first ends the typing (its own
  /// undo step), then acts on what it landed on (a drag, a button): one
  /// Ctrl+Z takes back only the last of them.
  @Test func clickingAwayOntoAControlKeepsTwoUndoSteps() throws {
    let h = Self.open()
    #expect(h.reveal("Apply to all items"))
    let labelRow = try #require(Self.text(h, "Label")).y
    let none = try #require(Self.text(h, "no label", near: labelRow))
    h.click(none.x + 4, none.y + 6)
    h.input([.text("Write")])
    // then straight onto "Apply to all items" (no Enter)
    var p = h.state.preset
    p.fan.items = [ItemLook(fill: DefaultLook.itemFills[4])]
    h.edit(p)
    h.draw()
    let apply = try #require(Self.text(h, "Apply to all items"))
    h.click(apply.x, apply.y + 6)
    #expect(h.state.preset.fan.label(0) == "Write")
    #expect(h.state.preset.fan.fill(2) == DefaultLook.itemFills[4], "the button acted too")
    h.key("z", .ctrl)
    #expect(h.state.preset.fan.label(0) == "Write", "the label's step stays")
    #expect(h.state.preset.fan.fill(2) == DefaultLook.itemFills[2], "the button's step undone")
    h.key("z", .ctrl)
    #expect(h.state.preset.fan.label(0) == "")
  }

  @Test func clickingAwayOntoASliderKeepsTwoUndoSteps() throws {
    let h = Self.open()
    #expect(h.reveal("Apply to all items"))
    let hex = try Self.retype(h, "#FF9500", "#123456")
    let sizeRow = try #require(Self.text(h, "Size", near: hex.y + 100)).y
    let value = try #require(Self.text(h, "50 pt", near: sizeRow))
    // the slider's track lies left of its value
    h.drag(from: (value.x - 60, sizeRow + 8), to: (value.x - 20, sizeRow + 8), steps: 4)
    #expect(h.state.preset.fan.fill(0) == HexColor(rgb: 0x123456))
    #expect(h.state.preset.fan.look(0).size != nil, "the drag changed the size")
    h.key("z", .ctrl)
    #expect(h.state.preset.fan.look(0).size == nil, "the drag undone")
    #expect(h.state.preset.fan.fill(0) == HexColor(rgb: 0x123456), "the typed colour stays")
  }

  /// Open swatches close as a menu does: on a press elsewhere, on Esc, and
  /// when their row is no longer drawn (another tab).
  @Test func swatchesCloseOnAPressElsewhereEscOrAnotherTab() throws {
    let h = Self.open()
    #expect(h.reveal("#FF9500"))
    let yellow = HexColor(rgb: 0xFFCC00)
    func open() throws {
      let chip = try #require(Self.chips(h, DefaultLook.itemFills[0]).first)
      Self.clickCentre(h, chip)
      #expect(!Self.chips(h, yellow).isEmpty, "open")
    }
    try open()
    let label = try #require(Self.text(h, "Label"))
    h.click(label.x + 2, label.y + 6)
    #expect(Self.chips(h, yellow).isEmpty, "a press elsewhere closes them")
    try open()
    h.key("escape")
    #expect(Self.chips(h, yellow).isEmpty, "Esc closes them")
    try open()
    h.send(.panelTab(.bubble))
    h.draw()
    h.send(.panelTab(.fan))
    h.draw()
    #expect(Self.chips(h, yellow).isEmpty, "another tab closed them")
  }
}
