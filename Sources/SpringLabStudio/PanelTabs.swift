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
  /// Whether the panel shows field `id` for preset `p`.
  public static func applies(_ id: FieldID, to p: Preset) -> Bool {
    let f = p.fan
    switch id {
    case .fanOvershootDistance, .fanOvershootOutDuration, .fanOvershootBackDuration:
      return f.expand.variant == .overshoot || f.collapse.variant == .overshoot
    case .fanRadius, .fanStartAngle, .fanSpacing: return f.layout != .custom
    case .fanEndAngle: return f.layout != .custom && f.layout != .ring
    default: break
    }
    for (m, ids) in [(f.expand, FanMoveFields.expand), (f.collapse, .collapse)]
    where ids.all.contains(id) {
      switch id {
      case ids.spring.damping, ids.spring.velocity: return m.curve == .spring
      case ids.stagger: return m.variant == .stagger
      case ids.order: return m.variant == .stagger || m.variant == .sequential
      case _ where ids.bezier.contains(id): return m.curve == .custom
      default: return true
      }
    }
    if id.section == .bubble, id != .bubbleEnabled, !p.bubble.enabled { return false }
    if id == .bubbleSnapDeceleration { return p.bubble.snapMode == .fling }
    return true
  }
}

extension PanelTab {
  /// The tab `step` places along the bar, wrapping at either end (Ctrl+Tab
  /// is +1, Ctrl+Shift+Tab −1).
  public func cycled(by step: Int) -> PanelTab {
    let all = PanelTab.allCases
    let i = all.firstIndex(of: self) ?? 0
    let n = all.count
    return all[((i + step) % n + n) % n]
  }
}

/// A foldable section of the panel: one per field group, and the sections
/// the tabs add (export, backdrop) or share (presets, A/B, lint).
public enum PanelSection: Hashable, Sendable {
  case group(FieldGroup)
  case export, backdrop, presets, compare, lint, appearance

  public static let allCases: [PanelSection] =
    FieldGroup.allCases.map(PanelSection.group) + [
      .export, .backdrop, .presets, .compare, .lint, .appearance,
    ]

  /// Its name in `state.json`'s `panelSections` (a field group's JSON name,
  /// or the section's own).
  public var key: String {
    switch self {
    case .group(let g): return g.rawValue
    case .export: return "export"
    case .backdrop: return "backdrop"
    case .presets: return "presets"
    case .compare: return "compare"
    case .lint: return "lint"
    case .appearance: return "appearance"
    }
  }

  /// The section named `key` in `state.json`; nil for a name no section has
  /// (a newer or older SpringLab's section, a typo).
  public init?(key: String) {
    guard let s = PanelSection.allCases.first(where: { $0.key == key }) else { return nil }
    self = s
  }

  /// Whether it is open before the user folds or opens it: rarely used
  /// groups start folded.
  public var opensByDefault: Bool {
    switch self {
    case .group(let g): return g.opensByDefault
    case .export, .backdrop, .presets, .compare, .lint: return true
    // why: folded until opened, so the motion rows keep their places
    case .appearance: return false
    }
  }
}

/// Which panel sections the user opened or folded (the rest are as they
/// open by default); kept across sessions in `state.json`.
public struct PanelFolds: Sendable, Equatable {
  /// The user's choice per section; a section missing here is at its default.
  public private(set) var chosen: [PanelSection: Bool] = [:]

  public init() {}

  /// From `state.json`'s `panelSections`: names no section has are ignored,
  /// so a state file from another version opens every section it knows.
  public init(remembered: [String: Bool]) {
    for (k, open) in remembered {
      if let s = PanelSection(key: k) { set(s, open: open) }
    }
  }

  /// What `state.json` keeps: only the sections whose state differs from
  /// their default, by key.
  public var remembered: [String: Bool] {
    var out: [String: Bool] = [:]
    for (s, open) in chosen { out[s.key] = open }
    return out
  }

  public func isOpen(_ s: PanelSection) -> Bool { chosen[s] ?? s.opensByDefault }

  public mutating func set(_ s: PanelSection, open: Bool) {
    // why: a choice equal to the default is no choice; it is not written out
    chosen[s] = open == s.opensByDefault ? nil : open
  }
}
