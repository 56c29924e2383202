import Foundation
import Testing

@testable import SpringLabCore

/// Each motion is described once (`MotionDescriptor`, declared by its
/// control), and everything that names a motion reads that description.
@Suite("Motion descriptors")
struct MotionDescriptorTests {
  @Test func everyMotionHasOneDescriptor() {
    #expect(MotionDescriptor.all.map(\.id) == MotionID.allCases)
    for id in MotionID.allCases { #expect(id.descriptor.id == id) }
  }

  @Test func theSpringsAreThePresetsFourInFieldTableOrder() {
    #expect(
      MotionDescriptor.springs.map(\.id) == [
        .fanExpand, .fanCollapse, .bubbleSnap, .bubbleMenuOpen,
      ])
    #expect(MotionDescriptor.springs.map { $0.spring!.prefix } == PresetSpring.all.map(\.prefix))
  }

  @Test func theFieldTableHoldsOneFieldPerFieldID() {
    #expect(
      PresetField.all.map(\.id).sorted { $0.rawValue < $1.rawValue }
        == FieldID.allCases.sorted { $0.rawValue < $1.rawValue })
    for f in PresetField.all { #expect(f.id.field.path == f.path && f.path == f.id.rawValue) }
    for s in PresetSpring.all {
      #expect(
        s.fields.all.map(\.path)
          == ["duration", "damping", "velocity", "form", "mass"].map { "\(s.prefix).\($0)" })
    }
    #expect(FanMoveFields.expand.all.count == 13 && FanMoveFields.collapse.all.count == 13)
    for m in [FanMoveFields.expand, .collapse] {
      let prefix = m == .expand ? "fan.expand." : "fan.collapse."
      #expect(m.all.allSatisfy { $0.path.hasPrefix(prefix) })
      #expect(Set(m.all) == Set(FieldID.allCases.filter { $0.path.hasPrefix(prefix) }))
    }
  }

  @Test func everyFieldADescriptorNamesIsInTheFieldTable() {
    for d in MotionDescriptor.all {
      for f in d.fields { #expect(PresetField.named(f.path) != nil, "\(d.id): \(f)") }
      if let s = d.spring {
        for leaf in ["duration", "damping", "velocity", "form", "mass"] {
          #expect(d.fields.map(\.path).contains("\(s.prefix).\(leaf)"), "\(d.id) lacks \(leaf)")
        }
      }
    }
  }

  @Test func pairsPointBothWays() {
    for d in MotionDescriptor.all {
      if let other = d.paired { #expect(other.descriptor.paired == d.id, "\(d.id)") }
    }
  }

  @Test func isSpringFollowsTheCurveAndTheOvershootVariant() {
    var p = Preset()
    #expect(MotionID.fanExpand.descriptor.isSpring(p))
    #expect(!MotionID.fanCollapse.descriptor.isSpring(p), "the default collapse eases in")
    p.fan.expand.variant = .overshoot
    #expect(!MotionID.fanExpand.descriptor.isSpring(p))
    #expect(MotionID.bubbleSnap.descriptor.isSpring(p))
    #expect(!MotionID.keyboard.descriptor.isSpring(p))
    #expect(!MotionID.rotationOpen.descriptor.isSpring(p))
  }

  @Test func graphTargetsReadTheirDescriptors() {
    #expect(
      GraphTarget.allCases.map(\.fieldPath) == [
        "fan.expand", "fan.collapse", "bubble.snap", "bubble.menu", "keyboard",
      ])
    #expect(GraphTarget.fanExpand.paired == .fanCollapse)
    #expect(GraphTarget.bubbleMenu.paired == nil)
    #expect(GraphTarget(editing: .bubbleMenuCloseDuration) == .bubbleMenu)
    #expect(GraphTarget(editing: .fanRotationOpenDuration) == .fanExpand)
    #expect(GraphTarget(editing: .fanRotationAngle) == .fanExpand)
    #expect(GraphTarget(editing: .fanRotationCloseDuration) == .fanCollapse)
    #expect(GraphTarget(editing: .fanOvershootDistance) == .fanExpand)
    #expect(GraphTarget(editing: .bubbleSnapDamping) == .bubbleSnap)
    #expect(GraphTarget(editing: .fanCollapseBezierX1) == .fanCollapse)
    #expect(GraphTarget(editing: .fanRadius) == nil)
  }

  @Test func theBubbleSpringsRoundTripThroughTheUnchangedJSON() throws {
    var p = Preset()
    p.bubble.snap.duration = 0.5
    p.bubble.menu.form = .physics
    let text = PresetWriter.text(p)
    #expect(text.contains("\"snap\""))
    let back = try PresetReader.decode(Data(text.utf8), file: "t.json")
    #expect(back.bubble.snap == p.bubble.snap && back.bubble.menu == p.bubble.menu)
    #expect(p.writtenSchema == 3 && Preset().writtenSchema == 2)
  }
}
