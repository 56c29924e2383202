/// Field paths per panel section, in order.
enum PanelSections {
  static let all: [(String, [String])] = [
    (
      "Layout",
      [
        "fan.count", "fan.layout", "fan.radius", "fan.startAngle", "fan.endAngle", "fan.spacing",
        "fan.itemSize", "fan.hitSize",
      ]
    ),
    (
      "Expand",
      [
        "fan.expand.variant", "fan.expand.curve", "fan.expand.duration", "fan.expand.damping",
        "fan.expand.velocity", "fan.expand.stagger", "fan.expand.order", "fan.spin",
      ]
    ),
    (
      "Overshoot (KYCircleMenu)",
      ["fan.overshoot.distance", "fan.overshoot.outDuration", "fan.overshoot.backDuration"]
    ),
    (
      "Collapse",
      [
        "fan.collapse.variant", "fan.collapse.curve", "fan.collapse.duration",
        "fan.collapse.damping", "fan.collapse.velocity", "fan.collapse.stagger",
        "fan.collapse.order",
      ]
    ),
    (
      "Main button",
      [
        "fan.rotation.angle", "fan.rotation.openDuration", "fan.rotation.closeDuration",
        "fan.mainSize", "fan.main.right", "fan.main.bottom",
      ]
    ),
    (
      "Interaction",
      [
        "fan.policy", "fan.tapReportDelay", "fan.toastDuration", "fan.pressScale",
        "fan.backdropDim", "fan.flyOut",
      ]
    ),
    (
      "Bubble",
      [
        "bubble.enabled", "bubble.snap.mode", "bubble.snap.duration", "bubble.snap.damping",
        "bubble.snap.velocity", "bubble.snap.deceleration", "bubble.margin", "bubble.size",
        "bubble.startSide", "bubble.startY", "bubble.badge",
      ]
    ),
    (
      "Bubble touch",
      [
        "bubble.tap.distance", "bubble.tap.quickTime", "bubble.tap.quickDistance",
        "bubble.longPress",
      ]
    ),
    (
      "Bubble menu",
      [
        "bubble.menu.count", "bubble.menu.duration", "bubble.menu.damping", "bubble.menu.velocity",
        "bubble.menu.closeDuration",
      ]
    ),
    (
      "Idle and floating",
      [
        "bubble.idle.delay", "bubble.idle.alpha", "bubble.idle.tuck", "bubble.floating.count",
        "bubble.floating.restitution", "bubble.floating.speed",
      ]
    ),
    ("Device", ["device.model", "device.orientation"]),
  ]
}
