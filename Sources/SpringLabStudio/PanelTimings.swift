import SpringLabCore

/// The timing line under each motion's panel section ("Total 0.855 s ·
/// settles 0.747 s · overshoot 3.2 %"): the same `MotionTiming` figures the
/// graph's headline and lint show, computed once per preset.
struct PanelTimings: Equatable {
  /// Figures per panel section.
  let figures: [FieldGroup: MotionTiming]

  init(_ preset: Preset) {
    let plan = MotionPlan(preset)
    var f: [FieldGroup: MotionTiming] = [
      .expand: plan.timing(.fanExpand), .collapse: plan.timing(.fanCollapse),
    ]
    if preset.bubble.enabled {
      f[.bubble] = plan.timing(.bubbleSnap)
      f[.bubbleMenu] = plan.timing(.bubbleMenuOpen)
    }
    figures = f
  }

  /// The line shown under `group`'s section, nil for a section that is no motion.
  func line(_ group: FieldGroup) -> String? {
    figures[group].map(PanelTimings.text)
  }

  /// Total first: it is what lint's advice (≤ 0.6 s) is about; the same
  /// words the exports' headers give (`MotionTiming.line`).
  static func text(_ t: MotionTiming) -> String { t.line }
}
