import SpringLabCore

/// The panel's tabs, one per component, so the panel shows one screenful
/// of controls instead of one long scroll.
public enum PanelTab: String, Sendable, CaseIterable, Equatable {
  case fan, bubble, device, export

  public var title: String {
    switch self {
    case .fan: return "Fan"
    case .bubble: return "Bubble"
    case .device: return "Device"
    case .export: return "Export"
    }
  }

  /// The field groups the tab shows, in panel order: the motions first
  /// (the springs a designer tunes sit above the fold), then the rest.
  public var groups: [FieldGroup] {
    switch self {
    case .fan: return [.expand, .collapse, .overshoot, .layout, .mainButton, .interaction]
    case .bubble: return [.bubble, .bubbleMenu, .bubbleTouch, .idleAndFloating]
    case .device: return [.device]
    case .export: return []
    }
  }
}

extension FieldGroup {
  /// Rarely used groups start folded in the panel (they remember being opened).
  var opensByDefault: Bool {
    switch self {
    case .interaction, .bubbleTouch, .idleAndFloating: return false
    default: return true
    }
  }
}

/// Which controls apply to a preset: a control that changes nothing in the
/// motion is hidden (overshoot fields under a stagger bloom, radius and
/// angles under a custom layout, spring damping under an ease).
public enum PanelApplicability {
  public static func applies(_ path: String, to p: Preset) -> Bool {
    let f = p.fan
    let usesOvershoot = f.expand.variant == .overshoot || f.collapse.variant == .overshoot
    if path.hasPrefix("fan.overshoot.") { return usesOvershoot }
    switch path {
    case "fan.radius", "fan.startAngle", "fan.spacing": return f.layout != .custom
    case "fan.endAngle": return f.layout != .custom && f.layout != .ring
    default: break
    }
    for (prefix, m) in [("fan.expand.", f.expand), ("fan.collapse.", f.collapse)]
    where path.hasPrefix(prefix) {
      switch String(path.dropFirst(prefix.count)) {
      case "damping", "velocity": return m.curve == .spring
      case "stagger": return m.variant == .stagger
      case "order": return m.variant == .stagger || m.variant == .sequential
      case "bezier.x1", "bezier.y1", "bezier.x2", "bezier.y2": return m.curve == .custom
      default: return true
      }
    }
    if path.hasPrefix("bubble."), path != "bubble.enabled", !p.bubble.enabled { return false }
    if path == "bubble.snap.deceleration" { return p.bubble.snapMode == .fling }
    return true
  }
}
