import SpringLabCore

/// Which spring and curve rows a motion's panel section shows: only the
/// controls that apply to the chosen curve.
enum SpringEditorRows {
  /// `paths` as the panel shows them for `preset`: damping and velocity are
  /// hidden for eased curves (they do nothing there), and a custom curve's
  /// control points (x1 y1 x2 y2, typed) follow its Curve row. A spring's
  /// form picker (`<prefix>.form`) comes before its duration; in a form
  /// other than UIKit the form's own rows (`SpringFormRows`) replace
  /// duration, damping and velocity.
  static func rows(_ paths: [String], _ preset: Preset) -> [String] {
    var out: [String] = []
    for path in paths {
      if let (m, prefix) = motion(of: path, preset) {
        let eased = PlannedCurve.of(m).bezier != nil || m.variant == .overshoot
        if eased && (path == prefix + ".damping" || path == prefix + ".velocity") { continue }
        if path == prefix + ".curve" && m.curve == .custom {
          out.append(path)
          out += ["x1", "y1", "x2", "y2"].map { "\(prefix).bezier.\($0)" }
          continue
        }
      }
      guard let s = PresetSpring.owning(path), s.isSpring(preset) else {
        if !path.hasSuffix(".form") { out.append(path) }
        continue
      }
      let form = preset[keyPath: s.form]
      switch String(path.dropFirst(s.prefix.count + 1)) {
      case "form": continue
      case "duration":
        out.append(s.prefix + ".form")
        out += form == .uikit ? [path] : SpringFormRows.rows(s, form)
      case "damping", "velocity": if form == .uikit { out.append(path) }
      default: out.append(path)
      }
    }
    return out
  }

  /// The fan motion a field belongs to, with its path prefix.
  static func motion(of path: String, _ p: Preset) -> (FanMotion, String)? {
    if path.hasPrefix("fan.expand.") { return (p.fan.expand, "fan.expand") }
    if path.hasPrefix("fan.collapse.") { return (p.fan.collapse, "fan.collapse") }
    return nil
  }
}
