/// What an icon field names (`fan.items[i].icon`, `fan.main.icon`,
/// `bubble.icon`; schema 4): one of the built-in line icons by name, or an
/// SVG or PNG file by its path relative to the preset's folder.
///
/// Text without a `/` and without a `.` is a built-in name; anything else is
/// a path. Core checks only the text (relative, inside the folder tree, a
/// `.svg` or `.png` name); the file's bytes are checked where files are read
/// (`IconAssets` in SpringLabPlatform), which sniffs the format from the
/// bytes, not from the name.
public enum IconRef: Sendable, Hashable {
  case builtin(String)
  /// The path as the preset writes it (`icons/home.svg`).
  case file(String)

  /// The longest path accepted, characters.
  public static let maxPath = 255

  /// Reads `text` as an icon: a name from `builtins`, or a path; nil when it
  /// is neither (`problem` says why).
  public init?(_ text: String, builtins: [String]) {
    guard Self.problem(text, builtins: builtins) == nil else { return nil }
    self = Self.isPath(text) ? .file(text) : .builtin(text)
  }

  /// Whether `name` ends like an icon file: `.svg` or `.png`, any case
  /// (what the bytes are is checked where they are read, `IconAssets`).
  public static func isIconFileName(_ name: String) -> Bool {
    let lower = name.lowercased()
    return lower.hasSuffix(".svg") || lower.hasSuffix(".png")
  }

  /// Whether `text` is written as a path (it holds a `/` or a `.`).
  public static func isPath(_ text: String) -> Bool {
    text.contains("/") || text.contains(".")
  }

  /// The file's path, nil for a built-in icon.
  public var path: String? {
    if case .file(let p) = self { return p }
    return nil
  }

  /// Why `text` is not an icon, or nil when it is one. A path must be
  /// relative (no leading `/` or `~`), stay in the preset's folder tree (no
  /// `..` component), use `/` (no `\`), hold no empty component or control
  /// character, be at most `maxPath` characters, and end in `.svg` or `.png`
  /// (either case).
  public static func problem(_ text: String, builtins: [String]) -> String? {
    guard isPath(text) else {
      return builtins.contains(text)
        ? nil
        : "must be a built-in icon (\(builtins.joined(separator: ", "))) or a path to a .svg or .png file relative to the preset's folder"
    }
    if text.count > maxPath { return "must be a path of at most \(maxPath) characters" }
    if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      return "must not hold control characters"
    }
    if text.hasPrefix("/") || text.hasPrefix("~") {
      return
        "is an absolute path; write it relative to the preset's folder (icons outside it are refused)"
    }
    if text.contains("\\") { return "must separate folders with / (not \\)" }
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    if parts.contains("..") {
      return "leaves the preset's folder (..); icons must be inside the preset's folder tree"
    }
    if parts.contains(where: { $0.isEmpty }) { return "must not hold an empty folder name (//)" }
    guard isIconFileName(text) else {
      return "must name a .svg or .png file (or be a built-in icon)"
    }
    return nil
  }

  /// The name an exported project gives the asset: the file's base name
  /// without its extension, as a lower-camel identifier made of ASCII
  /// letters and digits (`icons/Home Screen-2.svg` → `homeScreen2`); one
  /// that would start with a digit or be empty gets an `icon` prefix.
  public static func assetName(_ path: String) -> String {
    let base = path.split(separator: "/").last.map(String.init) ?? path
    let stem = base.split(separator: ".", omittingEmptySubsequences: false).dropLast()
      .joined(separator: ".")
    var words: [String] = []
    var word = ""
    for ch in (stem.isEmpty ? base : stem).unicodeScalars {
      let isAlnum = ch.isASCII && (ch.properties.isAlphabetic || ("0"..."9").contains(ch))
      if isAlnum {
        word.unicodeScalars.append(ch)
      } else if !word.isEmpty {
        words.append(word)
        word = ""
      }
    }
    if !word.isEmpty { words.append(word) }
    var name = words.enumerated().map { i, w in
      i == 0 ? w.prefix(1).lowercased() + w.dropFirst() : w.prefix(1).uppercased() + w.dropFirst()
    }.joined()
    if name.isEmpty || name.first!.isNumber {
      name = "icon" + name.prefix(1).uppercased() + name.dropFirst()
    }
    return name
  }

  /// `assetName` in lower_snake_case (Android resource names: `home_screen2`).
  public static func resourceName(_ path: String) -> String {
    var out = ""
    for ch in assetName(path) {
      if ch.isUppercase {
        out += "_" + ch.lowercased()
      } else {
        out.append(ch)
      }
    }
    return out
  }
}
