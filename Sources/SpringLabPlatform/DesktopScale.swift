import Foundation

/// The UI scale on a desktop whose windows SDL does not scale (X11 reports
/// one pixel per point whatever the screen): from the user's `--ui-scale`,
/// else the remembered one, else the desktop's `Xft.dpi` (96 dpi = 1×).
public enum DesktopScale {
  /// The scales a window accepts (`--ui-scale`), pixels per point.
  public static let range = 0.5...4.0

  /// `Xft.dpi` from X resources as `xrdb -query` prints them
  /// (`Xft.dpi:\t192`, one per line) or as `xprop -root RESOURCE_MANAGER`
  /// prints the property (one quoted string with `\n` and `\t` escapes).
  /// nil when absent, not a number, or outside 24…960 dpi.
  public static func xftDPI(inResources text: String) -> Double? {
    // why: xprop shows the property as one line with C escapes
    let unescaped = text.replacingOccurrences(of: "\\n", with: "\n")
      .replacingOccurrences(of: "\\t", with: "\t")
    for raw in unescaped.split(whereSeparator: { $0 == "\n" || $0 == "\"" }) {
      let line = raw.trimmingCharacters(in: .whitespaces)
      guard line.hasPrefix("Xft.dpi"), let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].trimmingCharacters(in: .whitespaces)
      guard name == "Xft.dpi" else { continue }
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      guard let dpi = Double(value), dpi.isFinite, (24...960).contains(dpi) else { return nil }
      return dpi
    }
    return nil
  }

  /// Pixels per point for `dpi`: dpi / 96 rounded to a quarter (120 → 1.25,
  /// 144 → 1.5, 192 → 2), within `range`; 1 below 96.
  public static func scale(forDPI dpi: Double) -> Double {
    guard dpi.isFinite, dpi > 96 else { return 1 }
    return min(range.upperBound, max(1, (dpi / 96 * 4).rounded() / 4))
  }

  /// Reads `Xft.dpi` from the X server `DISPLAY` names, through `xprop`
  /// (x11-utils); nil without a display, without xprop, or without the resource.
  public static func xftDPI(environment env: [String: String]) -> Double? {
    guard let display = env["DISPLAY"], !display.isEmpty,
      let xprop = ["/usr/bin/xprop", "/bin/xprop", "/usr/local/bin/xprop"].first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else { return nil }
    var childEnv: [String: String] = ["DISPLAY": display]
    if let a = env["XAUTHORITY"] { childEnv["XAUTHORITY"] = a }
    if let h = env["HOME"] { childEnv["HOME"] = h }
    let (status, out) = ChildProcess.runChecked(
      xprop, ["-root", "RESOURCE_MANAGER"], env: childEnv)
    guard status == 0 else { return nil }
    return xftDPI(inResources: out)
  }

  /// What `--ui-scale` asks for.
  public enum Request: Equatable, Sendable {
    /// A scale given as a number.
    case fixed(Double)
    /// `auto`: forget a remembered scale, follow the desktop.
    case auto
  }

  /// Reads `--ui-scale`'s value: a number in `range` or `auto`; nil otherwise.
  public static func request(_ s: String) -> Request? {
    if s == "auto" { return .auto }
    guard let v = Double(s), v.isFinite, range.contains(v) else { return nil }
    return .fixed(v)
  }

  /// The scale to use: the request, else the remembered scale, else the
  /// desktop's dpi, else 1.
  public static func resolve(request: Request?, remembered: Double?, dpi: () -> Double?) -> Double {
    if case .fixed(let v) = request { return v }
    if request == nil, let r = remembered, range.contains(r) { return r }
    return dpi().map(scale(forDPI:)) ?? 1
  }
}
