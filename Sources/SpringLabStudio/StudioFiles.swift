import SpringLabCore

/// Where the window's files go, decided in one place from the environment
/// (never from the current directory).
public struct StudioFolders: Sendable, Equatable {
  /// Remembered state and recovery copies: `$XDG_CONFIG_HOME/springlab`.
  public var state: String
  /// Takes (R): `$XDG_DATA_HOME/springlab/recordings`.
  public var recordings: String
  /// Screenshots (F12): `$XDG_DATA_HOME/springlab/screenshots`.
  public var screenshots: String
  /// The preset library when no preset is loaded (Save as of an untitled
  /// document): the shipped presets, found by the shell beside the executable.
  public var defaultLibrary: String

  public init(state: String, recordings: String, screenshots: String, defaultLibrary: String) {
    self.state = state
    self.recordings = recordings
    self.screenshots = screenshots
    self.defaultLibrary = defaultLibrary
  }

  /// The folders for an environment: `XDG_CONFIG_HOME` (default
  /// `~/.config`), `XDG_DATA_HOME` (default `~/.local/share`); relative XDG
  /// values are ignored, as the XDG spec asks.
  public static func resolve(
    environment env: [String: String], home: String, defaultLibrary: String
  )
    -> StudioFolders
  {
    func xdg(_ name: String, _ fallback: String) -> String {
      if let v = env[name], v.hasPrefix("/") { return v }
      return home + "/" + fallback
    }
    let config = xdg("XDG_CONFIG_HOME", ".config") + "/springlab"
    let data = xdg("XDG_DATA_HOME", ".local/share") + "/springlab"
    return StudioFolders(
      state: config, recordings: data + "/recordings", screenshots: data + "/screenshots",
      defaultLibrary: defaultLibrary)
  }

  /// Recovery copies, one per preset path.
  public var recovery: String { state + "/recovery" }
}

/// Pure helpers for file names and paths (no file system).
public enum StudioFiles {
  /// Seconds between recovery autosaves while there are unsaved edits.
  public static let recoveryInterval = 1.0

  public static func lastComponent(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  public static func folder(_ path: String) -> String {
    guard let i = path.lastIndex(of: "/") else { return "." }
    return i == path.startIndex ? "/" : String(path[..<i])
  }

  /// The recovery copy's file name for a document: a preset path gives one
  /// name per path (so two windows on different presets never share a
  /// copy); an untitled document one per session.
  public static func recoveryName(path: String?, session: String) -> String {
    guard let p = path else { return "untitled-\(session).json" }
    // why: FNV-1a keeps names short and stable; the readable stem helps a person browsing the folder
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in p.utf8 {
      h ^= UInt64(b)
      h = h &* 0x100_0000_01b3
    }
    var name = lastComponent(p)
    if name.hasSuffix(".json") { name = String(name.dropLast(".json".count)) }
    let stem = String(PresetFileName.sanitize(name).dropLast(".json".count))
    let hex = String(h, radix: 16)
    return "\(stem)-\(String(repeating: "0", count: 16 - hex.count))\(hex).json"
  }

  /// Whether a recovery file name belongs to an untitled document.
  public static func isUntitledRecovery(_ name: String) -> Bool {
    name.hasPrefix("untitled-") && name.hasSuffix(".json")
  }

  /// The preset library: the loaded preset's folder, else the default.
  public static func library(of document: StudioDocument, folders: StudioFolders) -> String {
    document.path.map(folder) ?? folders.defaultLibrary
  }

  /// Where Save as writes a typed name: inside the library, never a path.
  public static func saveAsPath(_ name: String, library: String) -> String {
    library + "/" + PresetFileName.sanitize(name)
  }
}
