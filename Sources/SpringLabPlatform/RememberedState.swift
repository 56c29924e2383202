import Foundation
import SpringLabCore

#if canImport(Glibc)
  import Glibc
#endif

/// What the window remembers between launches, in
/// `$XDG_CONFIG_HOME/springlab/state.json` (default `~/.config/springlab`).
public struct RememberedState: Sendable, Equatable {
  public var presetPath: String?
  public var device: DeviceModel?
  public var orientation: Orientation?
  public var bubbleX: Double?
  public var bubbleY: Double?
  public var panelVisible = true
  public var windowWidth: Int?
  public var windowHeight: Int?
  /// The UI scale given with `--ui-scale` (pixels per point where the
  /// desktop does not scale windows); nil: follow the desktop.
  public var uiScale: Double?
  /// The panel sections the user opened (true) or folded (false), by the
  /// section's key (`PanelSection.key` in SpringLabStudio); sections not
  /// listed are at their default. Kept as names here because this module
  /// does not know the panel; a name no section has is ignored there.
  public var panelSections: [String: Bool] = [:]

  public init() {}

  /// The state folder for an environment.
  public static func folder(environment env: [String: String] = ProcessInfo.processInfo.environment)
    -> String
  {
    if let x = env["XDG_CONFIG_HOME"], !x.isEmpty { return x + "/springlab" }
    return (env["HOME"] ?? NSHomeDirectory()) + "/.config/springlab"
  }

  public var json: JSONValue {
    var m: [(String, JSONValue)] = [("panelVisible", .bool(panelVisible))]
    if let v = presetPath { m.append(("presetPath", .string(v))) }
    if let v = device { m.append(("device", .string(v.rawValue))) }
    if let v = orientation { m.append(("orientation", .string(v.rawValue))) }
    if let x = bubbleX, let y = bubbleY { m.append(("bubble", .array([.number(x), .number(y)]))) }
    if let w = windowWidth, let h = windowHeight {
      m.append(("window", .array([.number(Double(w)), .number(Double(h))])))
    }
    if let k = uiScale { m.append(("uiScale", .number(k))) }
    if !panelSections.isEmpty {
      m.append(("panelSections", .object(panelSections.map { ($0.key, .bool($0.value)) })))
    }
    return .object(m)
  }

  /// Reads the state; a missing file gives the defaults, a corrupt one the
  /// defaults plus a warning for the user.
  public static func load(folder: String) -> (state: RememberedState, warning: String?) {
    let path = folder + "/state.json"
    // why: lstat, so a link that cannot be followed (a loop, a dangling
    // target) is a broken state with its warning, not silently "no state"
    var st = stat()
    guard lstat(path, &st) == 0 else { return (RememberedState(), nil) }
    do {
      let data = try PresetReader.readLimited(path: path, limit: 64 << 10)
      let v = try StrictJSONParser.parse(data, maxDepth: 4)
      var s = RememberedState()
      if case .string(let p)? = v["presetPath"] { s.presetPath = p }
      if case .string(let d)? = v["device"] { s.device = DeviceModel(rawValue: d) }
      if case .string(let o)? = v["orientation"] { s.orientation = Orientation(rawValue: o) }
      if case .bool(let b)? = v["panelVisible"] { s.panelVisible = b }
      if case .array(let xy)? = v["bubble"], xy.count == 2, case .number(let x) = xy[0],
        case .number(let y) = xy[1]
      {
        s.bubbleX = x
        s.bubbleY = y
      }
      if case .array(let wh)? = v["window"], wh.count == 2, case .number(let w) = wh[0],
        case .number(let h) = wh[1],
        (200...16000).contains(w), (200...16000).contains(h)
      {
        s.windowWidth = Int(w)
        s.windowHeight = Int(h)
      }
      if case .number(let k)? = v["uiScale"], DesktopScale.range.contains(k) { s.uiScale = k }
      // why: one bad entry (a number, a null) costs only that section its
      // remembered state; a `panelSections` that is no object costs them all
      if case .object(let sections)? = v["panelSections"] {
        for (name, value) in sections {
          if case .bool(let open) = value { s.panelSections[name] = open }
        }
      }
      return (s, nil)
    } catch let e as LoadError {
      let why = e.problems.first.map { TerminalText.escape($0.reason) } ?? "unreadable"
      return (RememberedState(), "\(TerminalText.escape(path)): ignored, using defaults: \(why)")
    } catch {
      return (
        RememberedState(),
        "\(TerminalText.escape(path)): ignored, using defaults: \(TerminalText.escape("\(error)"))"
      )
    }
  }

  public func save(folder: String) throws {
    try AtomicFile.makeFolders(folder)
    try AtomicFile.write(Data(JSONWriter.pretty(json).utf8), to: folder + "/state.json")
  }
}
