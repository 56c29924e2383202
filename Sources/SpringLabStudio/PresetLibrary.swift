import SpringLabCore

/// One preset file of the library as the shell read it.
public struct LibraryEntry: Sendable, Equatable {
  /// Absolute path of the `.json` file.
  public var path: String
  /// The preset in it; nil when the file cannot be read (the row shows the
  /// file name and the problem).
  public var preset: Preset?
  /// The expand curve for the row's thumbnail (see `PresetLibrary.thumbnail`).
  public var curve: [Double]
  /// Why `preset` is nil (nil when it is not).
  public var problem: LibraryProblem?
  public init(path: String, preset: Preset?, problem: LibraryProblem? = nil) {
    self.path = path
    self.preset = preset
    self.problem = preset == nil ? problem ?? .unreadable("unreadable") : nil
    curve = preset.map(PresetLibrary.thumbnail) ?? []
  }

  /// The file name, e.g. `playful.json`.
  public var fileName: String { StudioFiles.lastComponent(path) }
  /// What the row says first: the preset's name, else the file name.
  public var title: String { preset?.name ?? fileName }
}

/// Why a library file is not a preset.
public enum LibraryProblem: Sendable, Equatable {
  /// An input script kept beside the presets: not broken, and a designer
  /// who put it there knows what it is.
  case inputScript
  /// The first problem the reader found, in a few words.
  case unreadable(String)

  /// The first problem's field and reason (the row already names the file).
  public init(_ error: LoadError) {
    guard let p = error.problems.first else {
      self = .unreadable("unreadable")
      return
    }
    self = .unreadable((p.path.isEmpty ? "" : p.path + ": ") + p.reason)
  }

  /// What the row says after the file name.
  public var text: String {
    switch self {
    case .inputScript: return "an input script, not a preset"
    case .unreadable(let why): return why
    }
  }
}

/// A folder's presets and the order kept in it.
public struct LibraryListing: Sendable, Equatable {
  public var folder: String
  /// The presets, in any order.
  public var entries: [LibraryEntry]
  /// The file names of the order file (`PresetLibrary.orderFile`), nil when
  /// the folder has none yet.
  public var order: [String]?
  /// The SVG/PNG files in the folder tree, relative to it (the icon chooser's files).
  public var iconFiles: [String]
  public init(
    folder: String, entries: [LibraryEntry], order: [String]?, iconFiles: [String] = []
  ) {
    self.folder = folder
    self.entries = entries
    self.order = order
    self.iconFiles = iconFiles
  }
}

/// A change to the library's files, run by the shell.
public enum LibraryOp: Sendable, Equatable {
  /// Gives the preset in `from` the name `name` and moves it to `to` (the
  /// same path when only the name changes). Never replaces another file.
  case rename(from: String, to: String, name: String)
  /// Writes a copy of `from` named `name` to the new file `to`.
  case duplicate(from: String, to: String, name: String)
  /// Moves the file to the freedesktop Trash.
  case trash(String)
  /// Moves a trashed file back to where it was.
  case restore(TrashedFile)
}

/// A file in the freedesktop Trash (`$XDG_DATA_HOME/Trash`).
public struct TrashedFile: Sendable, Equatable {
  /// Where the file was.
  public var original: String
  /// Where it is now (`Trash/files/NAME`).
  public var trashed: String
  /// Its `Trash/info/NAME.trashinfo`.
  public var info: String
  public init(original: String, trashed: String, info: String) {
    self.original = original
    self.trashed = trashed
    self.info = info
  }
}

/// What a finished library operation reports.
public enum LibraryOpResult: Sendable, Equatable {
  case done(stamp: FileStamp?)
  case trashed(TrashedFile)
}

/// How to take back the last library operation.
public enum LibraryUndo: Sendable, Equatable {
  case restore(TrashedFile, position: Int)
  case rename(from: String, to: String, name: String)
  case removeCopy(String)
}

/// Pure rules of the preset library: its order and its new names.
public enum PresetLibrary {
  /// The file, inside the library folder, that keeps the order of its
  /// presets: one file name per line. Hidden and not `.json`, so it is never
  /// listed as a preset.
  public static let orderFile = ".springlab-order"

  /// The entries in the kept order: names the order lists first (in its
  /// order, skipping files that are gone), then files it does not list yet,
  /// by file name. So numbers 1–9 stay put when a preset is added.
  public static func arrange(_ entries: [LibraryEntry], order: [String]?) -> [LibraryEntry] {
    var byName: [String: LibraryEntry] = [:]
    for e in entries { byName[e.fileName] = e }
    var out: [LibraryEntry] = []
    var seen = Set<String>()
    for n in order ?? [] where !seen.contains(n) {
      if let e = byName[n] {
        out.append(e)
        seen.insert(n)
      }
    }
    out += entries.filter { !seen.contains($0.fileName) }.sorted { $0.fileName < $1.fileName }
    return out
  }

  /// The first item's expand progress (0 → 1, past 1 when it overshoots),
  /// 32 samples evenly spaced over the motion.
  public static func thumbnail(_ p: Preset) -> [Double] {
    let g = CurveGraph(fan: p.fan, expand: true, dt: 1.0 / 120)
    guard let pts = g.items.first?.points, pts.count > 1 else { return [] }
    return (0..<32).map { k in pts[k * (pts.count - 1) / 31].1 }
  }

  /// The order file's text for `names`.
  public static func orderText(_ names: [String]) -> String {
    names.map { $0 + "\n" }.joined()
  }

  /// The file names an order file's text lists (blank lines and `#` comments skipped).
  public static func parseOrder(_ text: String) -> [String] {
    text.split(whereSeparator: \.isNewline).map(String.init).filter {
      !$0.isEmpty && !$0.hasPrefix("#") && !$0.contains("/")
    }
  }

  /// A file in `folder` for `name` that none of `taken` (paths) uses:
  /// `snappy.json`, else `snappy-2.json`, `snappy-3.json` …
  public static func freePath(for name: String, in folder: String, taken: [String]) -> String {
    let first = StudioFiles.saveAsPath(name, library: folder)
    if !taken.contains(first) { return first }
    let stem = String(first.dropLast(".json".count))
    var k = 2
    while taken.contains("\(stem)-\(k).json") { k += 1 }
    return "\(stem)-\(k).json"
  }

  /// "Playful copy", "Playful copy 2" … not used by any of `names`.
  public static func copyName(_ name: String, names: [String]) -> String {
    let base = String((name + " copy").prefix(64))
    if !names.contains(base) { return base }
    var k = 2
    while names.contains(String(base.prefix(60)) + " \(k)") { k += 1 }
    return String(base.prefix(60)) + " \(k)"
  }
}
