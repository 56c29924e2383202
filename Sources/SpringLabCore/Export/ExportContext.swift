import Foundation

/// What every exporter needs: the animations, the fan's rest offsets and the
/// header comment lines.
struct ExportContext {
  let preset: Preset
  let animations: [ExportAnimation]
  let device: Device
  /// Fan item rest offsets from the main button's centre, points.
  let offsets: [Point]
  let main: Point

  init(_ p: Preset) {
    preset = p
    animations = ExportPlan.animations(p)
    device = Device.of(p)
    offsets = FanLayout.offsets(p.fan, device: device)
    main = FanLayout.mainCenter(p.fan, device: device)
  }

  func group(_ k: ExportAnimationKind) -> [ExportAnimation] { animations.filter { $0.kind == k } }

  /// Header lines (without comment syntax): version, preset, conventions.
  /// `escape` makes the preset's name safe inside the comment syntax used.
  func header(_ platform: String, escape: (String) -> String = ExportEscaping.lineComment)
    -> [String]
  {
    [
      "SpringLab \(SpringLabVersion.string) — \(platform) export of preset \"\(escape(preset.name))\"",
      "Generated code; every animation is marked [id] so `springlab export --check` can read it back.",
      "Progress convention: 0 = at the main button (closed), 1 = at rest (open); values above 1 overshoot.",
      "Times in seconds unless the API says milliseconds; offsets in points from the main button's centre.",
    ] + timingLines
  }

  /// Each motion's figures as SpringLab's graph, lint and panel show them
  /// (`MotionTiming.line`), one header line each: "Timing · Expand: Total
  /// 0.580 s · settles 0.474 s · overshoot 3.8 %". Every such line starts
  /// with `timingPrefix`.
  var timingLines: [String] {
    let plan = MotionPlan(preset)
    var motions: [MotionID] = [.fanExpand, .fanCollapse]
    if preset.bubble.enabled { motions += [.bubbleSnap, .bubbleMenuOpen] }
    let lines = motions.compactMap { id -> String? in
      guard let kind = PlannedAnimationKind(rawValue: id.rawValue) else { return nil }
      return Self.timingPrefix + "\(id.descriptor.title): \(plan.timing(kind).line)"
    }
    // why: a registered control's animations start on their own triggers, so each has its own line
    let more = registered.flatMap { r in
      r.animations.map { a in
        Self.timingPrefix
          + "\(r.descriptor.title) [\(a.id)]: \(MotionTiming(plan.animations.filter { $0.id == a.id }).line)"
      }
    }
    return [
      Self.timingPrefix
        + "seconds from the tap; settles = the last moment any part is outside ±\(MotionTiming.fixed(MotionTiming.settleBand * 100, 1)) % of its travel"
    ] + lines + more
  }

  /// How the header's timing lines begin (after the comment syntax).
  static let timingPrefix = "Timing · "

  /// A one-line description of a move's source parameters, for comments.
  /// The exported code's variable an animation drives (`progress[i]`,
  /// `rotation`, `snap`, `menu`).
  static func variable(for a: ExportAnimation) -> String {
    switch a.kind {
    case .fanExpand, .fanCollapse: return "progress[\(a.item ?? 0)]"
    case .rotationOpen, .rotationClose: return "rotation"
    case .bubbleSnap: return "snap"
    case .bubbleMenuOpen, .bubbleMenuClose: return "menu"
    case .other: return a.id
    }
  }

  static func describe(_ a: ExportAnimation) -> String {
    a.moves.map { m -> String in
      switch m.curve {
      case .uikitSpring(let d, let z, let v):
        return
          "UIKit spring \(ExportNumber.format(d)) s, damping \(ExportNumber.format(z)), velocity \(ExportNumber.format(v)), delay \(ExportNumber.format(m.delay)) s"
      case .bezier(_, let name, let d):
        return
          "\(name) \(ExportNumber.format(d)) s, delay \(ExportNumber.format(m.delay)) s, to \(ExportNumber.format(m.to))"
      }
    }.joined(separator: "; then ")
  }
}
