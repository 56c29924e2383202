import SpringLabCore

/// The timing line under each motion's panel section ("Total 0.855 s ·
/// settles 0.747 s · overshoot 3.2 %"): the same `MotionTiming` figures the
/// graph's headline and lint show, computed once per preset.
struct PanelTimings: Equatable {
  /// Figures per panel section title.
  let figures: [String: MotionTiming]

  init(_ preset: Preset) {
    let plan = MotionPlan(preset)
    var f: [String: MotionTiming] = [
      FieldGroup.expand.title: plan.timing(.fanExpand),
      FieldGroup.collapse.title: plan.timing(.fanCollapse),
    ]
    if preset.bubble.enabled {
      f[FieldGroup.bubble.title] = plan.timing(.bubbleSnap)
      f[FieldGroup.bubbleMenu.title] = plan.timing(.bubbleMenuOpen)
    }
    figures = f
  }

  /// The line shown under `section`, nil for a section that is no motion.
  func line(section: String) -> String? {
    figures[section].map(PanelTimings.text)
  }

  /// Total first: it is what lint's advice (≤ 0.6 s) is about.
  static func text(_ t: MotionTiming) -> String {
    var s = "Total \(Fmt.fixed(t.total, 3)) s"
    if let st = t.settle, let os = t.overshoot {
      s += " · settles \(Fmt.fixed(st, 3)) s · overshoot \(Fmt.fixed(os, 1)) %"
    }
    return s
  }
}
