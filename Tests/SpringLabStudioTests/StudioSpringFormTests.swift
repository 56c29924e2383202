import Foundation
import SpringLabCore
import SpringLabUI
import Testing

@testable import SpringLabStudio

/// One spring, three vocabularies, through the panel as a designer uses it.
@Suite("Studio spring forms")
struct StudioSpringFormTests {
  func close(_ a: Double, _ b: Double, _ rel: Double = 1e-9) -> Bool {
    abs(a - b) <= rel * max(abs(a), abs(b), 1e-12)
  }

  /// Clicks the panel text `label` (a picker segment) and draws.
  func click(_ h: StudioHarness, _ label: String, after: String? = nil) throws {
    h.draw()
    let minY = after.flatMap { h.textPosition($0)?.y } ?? 0
    let hit = h.lastFrame.finished.compactMap { c -> (Double, Double)? in
      if case .text(let t, let x, let y, _, _, _) = c, t == label, x >= 900, y >= minY {
        return (x, y)
      }
      return nil
    }.first
    let at = try #require(hit, "no \(label) in the panel: \(h.texts)")
    h.click(at.0 + 3, at.1 + 6)
    h.draw()
  }

  /// Double-clicks the slider row labelled `label`, types `text`, Enter.
  func type(_ h: StudioHarness, _ label: String, _ text: String) throws {
    h.draw()
    let at = try #require(h.panelRows()[label], "no row \(label): \(h.texts)")
    h.click(1100, at + 7, clicks: 2)
    #expect(h.view.panelUI.editingID != nil, "typing into \(label)")
    h.input([.text(text)])
    h.key(KeyName.enter)
    h.draw()
  }

  /// A window tall enough that the whole fan tab shows without scrolling.
  func harness() -> StudioHarness {
    let h = StudioHarness(path: "/lib/a.json")
    h.send(.resized(WindowSize(width: 1280, height: 1400, scale: 1)))
    h.draw()
    return h
  }

  @Test func physicsFormEditsTheSameSpringAndIsSaved() throws {
    let h = harness()
    let before = h.state.preset
    let u0 = PresetSpring.all[0].values(before).motion.spring
    try click(h, "Physics", after: "EXPAND")
    #expect(h.state.preset.fan.expand.form == .physics)
    #expect(h.texts.contains("Stiffness") && h.texts.contains("Mass"), "\(h.texts)")
    // the motion did not change with the form
    #expect(MotionPlan(h.state.preset) == MotionPlan(before))
    #expect(h.texts.contains { $0.hasPrefix("Plays as UIKit 0.400 s, ζ 0.720, v 0.60") })
    // type a stiffness: k/m changes, c/m and v are held
    try type(h, "Stiffness", "400")
    let s = PresetSpring.all[0].values(h.state.preset).motion.spring
    // why: stored as UIKit numbers without float noise, the spring reads
    // back to the panel's 3 decimals (SpringFormParameter.readBackStep)
    let step = SpringFormParameter.readBackStep / 2
    #expect(abs(s.stiffness / s.mass - 400) <= step, "k/m \(s.stiffness / s.mass)")
    #expect(abs(s.damping / s.mass - u0.damping / u0.mass) <= step)
    #expect(h.state.preset.fan.expand.velocity == before.fan.expand.velocity)
    #expect(h.state.preset.fan.expand.duration != before.fan.expand.duration)
    // the graph follows the spring being edited
    #expect(h.state.graphSettings.target == .fanExpand)
    // saved and read back with its form
    h.send(.command(.save))
    let saved = try #require(h.disk.presets["/lib/a.json"]?.preset)
    #expect(saved.fan.expand.form == .physics && saved == h.state.preset)
    // one undo step for the typed value
    h.key("z", [.ctrl])
    #expect(PresetSpring.all[0].values(h.state.preset) == PresetSpring.all[0].values(before))
  }

  @Test func swiftUIFormRefusesAnOverdampedSpringAndSaysWhy() throws {
    let h = harness()
    try click(h, "SwiftUI bounce", after: "EXPAND")
    #expect(h.state.preset.fan.expand.form == .swiftUIDurationBounce)
    #expect(h.texts.contains("Bounce"))
    try type(h, "Bounce", "0.5")
    #expect(abs(h.state.preset.fan.expand.damping - 0.5) < 1e-9)
    let kept = h.state.preset
    try type(h, "Bounce", "-0.3")
    #expect(h.state.preset == kept, "UIKit cannot store an overdamped spring")
    #expect(
      h.texts.contains { $0.hasPrefix("⚠ Not stored: UIKit's damping ratio") }
        && h.texts.contains { $0.contains("overdamped") }, "\(h.texts)")
    // the next edit that goes through clears the reason
    try type(h, "Bounce", "0.2")
    #expect(abs(h.state.preset.fan.expand.damping - 0.8) < 1e-9)
    #expect(!h.texts.contains { $0.hasPrefix("⚠ Not stored") })
    // back to UIKit: its own three rows, the same spring
    try click(h, "UIKit", after: "EXPAND")
    #expect(h.state.preset.fan.expand.form == .uikit)
    #expect(h.texts.contains("Damping ratio") && !h.texts.contains("Bounce"))
  }

  @Test func aVelocityPastUIKitsMappingIsRefusedWithTheBound() throws {
    let h = harness()
    #expect(h.state.preset.fan.expand.form == .uikit)
    let kept = h.state.preset
    // 0.4 s, ζ 0.72: the mapping solves velocities up to 10.735
    try type(h, "Velocity", "15")
    #expect(h.state.preset == kept, "no spring is played in place of the unsolvable one")
    let toast = h.state.toast?.text ?? ""
    #expect(toast.contains("Not stored: UIKit's spring mapping has no solution"), "\(toast)")
    #expect(toast.contains("10.735"), "\(toast)")
    try type(h, "Velocity", "10")
    #expect(h.state.preset.fan.expand.velocity == 10)
  }

  @Test func aDragPastWhatUIKitHoldsStopsAndTheSliderShowsTheStoredValue() throws {
    let h = harness()
    try click(h, "Physics", after: "EXPAND")
    let y = try #require(h.panelRows()["Damping"])
    let before = h.state.preset
    // drag the damping coefficient's track far to the right (ζ > 1)
    h.drag(from: (1060, y + 7), to: (1275, y + 7), steps: 8)
    let after = h.state.preset
    let z = after.fan.expand.damping
    #expect(z <= 1 && after != before, "the drag went as far as UIKit holds: ζ \(z)")
    #expect(h.state.springFormRefusal != nil)
    // what the next frame shows is the stored spring, not the refused value
    h.draw()
    let now = SpringFormEditor.values(.physics, of: PresetSpring.all[0].values(after), mass: 1)
    let expected = UnitFormat.text(now[.damping]!, .none)
    let row = h.lastFrame.finished.compactMap { c -> String? in
      if case .text(let t, let x, let ty, _, _, _) = c, x > 1000, abs(ty - y) < 12,
        Double(t) != nil
      {
        return t
      }
      return nil
    }
    #expect(row == [expected], "the Damping row shows \(row), the stored value is \(expected)")
  }

  @Test func theBubbleSpringsHaveFormsToo() throws {
    let h = harness()
    h.send(.panelTab(.bubble))
    try click(h, "SwiftUI response", after: "BUBBLE MENU")
    #expect(h.state.preset.bubble.menu.form == .swiftUIResponse)
    #expect(h.state.preset.bubble.snap.form == .uikit)
    #expect(h.texts.contains("Response") && h.texts.contains("Damping frac."))
    try type(h, "Damping frac.", "0.5")
    #expect(abs(h.state.preset.bubble.menu.damping - 0.5) < 1e-9)
    #expect(h.state.graphSettings.target == .bubbleMenu)
  }
}
