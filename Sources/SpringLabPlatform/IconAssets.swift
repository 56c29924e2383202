import Foundation
import SpringLabCore

#if canImport(Glibc)
  import Glibc
#endif

/// An icon file's checked bytes and what they are (read by `IconAssets.read`).
public struct IconAsset: Sendable, Equatable {
  public enum Format: Sendable, Equatable {
    case svg, png
  }
  /// What the bytes are (sniffed from them, never from the file's name).
  public var format: Format
  /// The whole file, as checked: decoders take these bytes.
  public var bytes: Data
  /// The file's real path (links resolved), for caching and messages.
  public var resolvedPath: String

  public init(format: Format, bytes: Data, resolvedPath: String) {
    self.format = format
    self.bytes = bytes
    self.resolvedPath = resolvedPath
  }
}

/// Reading a preset's icon files (`fan.items[i].icon`, `fan.main.icon`,
/// `bubble.icon` naming a `.svg` or `.png`): every check that needs the file
/// system, on top of Core's checks of the path's text (`IconRef.problem`).
///
/// A file is refused when it is missing or unreadable, not a regular file,
/// outside the preset's folder tree once links are resolved (a symlink in
/// the folder pointing outside counts as outside), neither SVG nor PNG by its
/// bytes, or too large: an SVG over 1 MiB or declaring a side over 4096
/// (`SVGCheck`), a PNG over 8 MiB or declaring a side over 4096 pixels. An
/// SVG with a script or an external reference is refused before any parser
/// sees it (`SVGCheck.problem`).
public enum IconAssets {
  /// Largest PNG icon file accepted, bytes.
  public static let maxPNGBytes = 8 << 20
  /// Largest PNG icon side accepted, pixels.
  public static let maxPNGSide = 4096

  /// The checked bytes of every icon file `preset` names, by the path it
  /// writes (`ExportOptions.iconData`), read from `folder` (the preset's);
  /// a file the checks refuse is left out (listed, not inlined). The
  /// command line's `export` and the window's Export buttons both use this,
  /// so a copied CSS/HTML export inlines the same SVGs.
  public static func exportData(for preset: Preset, folder: String) -> [String: Data] {
    var out: [String: Data] = [:]
    for (_, file) in preset.fan.iconFiles(bubble: preset.bubble) where out[file] == nil {
      if case .success(let asset) = read(file, folder: folder) { out[file] = asset.bytes }
    }
    return out
  }

  /// The folder a preset's icons are relative to: the preset file's folder
  /// ("." for a bare file name).
  public static func folder(ofPreset path: String) -> String {
    let url = URL(fileURLWithPath: path)
    return path.contains("/") ? url.deletingLastPathComponent().path : "."
  }

  /// `relative` joined to `folder`, both as written (no link resolved).
  public static func join(_ folder: String, _ relative: String) -> String {
    folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
  }

  /// Reads the icon at `relative` (a path `IconRef.problem` accepts) in
  /// `folder`, or says why it cannot be used (one clause without the file's
  /// name: callers put it after `FILE: field = "path":`). With `anywhere` (a file the user
  /// picked in the window), `relative` may be absolute and the folder-tree
  /// check is skipped.
  public static func read(_ relative: String, folder: String, anywhere: Bool = false) -> Result<
    IconAsset, ImageProblem
  > {
    func refuse(_ m: String) -> Result<IconAsset, ImageProblem> {
      .failure(ImageProblem(message: m))
    }
    let path = anywhere && relative.hasPrefix("/") ? relative : join(folder, relative)
    guard let real = realPath(path) else {
      let e = errno
      if e == ENOENT || e == ENOTDIR { return refuse("no such file") }
      return refuse("cannot be read: \(String(cString: strerror(e)))")
    }
    if !anywhere {
      guard let root = realPath(folder) else { return refuse("cannot read the preset's folder") }
      let prefix = root.hasSuffix("/") ? root : root + "/"
      guard real.hasPrefix(prefix) else {
        return refuse(
          "leads outside the preset's folder (through a link); icons must be inside its folder tree (or picked in the window)"
        )
      }
    }
    // why: O_NONBLOCK so a FIFO with no writer cannot hang the load
    let fd = open(real, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return refuse("cannot be read: \(String(cString: strerror(errno)))") }
    let h = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    defer { try? h.close() }
    var st = stat()
    guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
      return refuse("not a regular file")
    }
    let limit = max(maxPNGBytes, SVGCheck.maxBytes)
    if Int(st.st_size) > limit { return refuse("larger than \(limit >> 20) MiB") }
    let data: Data
    do {
      data = try h.read(upToCount: limit + 1) ?? Data()
    } catch {
      return refuse("cannot be read: \(error.localizedDescription)")
    }
    return check(data, resolvedPath: real)
  }

  /// Checks icon bytes already read: PNG by its signature (structure and a
  /// declared size of at most `maxPNGSide`), else SVG (`SVGCheck.problem`).
  public static func check(_ data: Data, resolvedPath: String) -> Result<
    IconAsset, ImageProblem
  > {
    func refuse(_ m: String) -> Result<IconAsset, ImageProblem> {
      .failure(ImageProblem(message: m))
    }
    let bytes = [UInt8](data)
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    if bytes.starts(with: png) {
      if bytes.count > maxPNGBytes { return refuse("larger than \(maxPNGBytes >> 20) MiB") }
      guard let (w, h) = ImageHeader.dimensions(data) else { return refuse("a corrupt PNG") }
      if w <= 0 || h <= 0 || w > maxPNGSide || h > maxPNGSide {
        return refuse(
          "a PNG declaring \(w) × \(h) pixels; PNG icons are limited to \(maxPNGSide) × \(maxPNGSide)"
        )
      }
      if let why = ImageHeader.structureProblem(bytes) { return refuse(why) }
      return .success(IconAsset(format: .png, bytes: data, resolvedPath: resolvedPath))
    }
    guard SVGCheck.looksLikeSVG(bytes) else {
      return refuse("neither an SVG nor a PNG (by its bytes, whatever its name)")
    }
    if let why = SVGCheck.problem(bytes) { return refuse(why) }
    return .success(IconAsset(format: .svg, bytes: data, resolvedPath: resolvedPath))
  }

  /// Every problem with the icon files `preset` (read from `file`) names, as
  /// `FILE: field = path: why`, in field order; `decodes` may add a
  /// decoder's verdict (the render module's: an SVG librsvg cannot parse).
  public static func problems(
    _ preset: Preset, file: String, decodes: (IconAsset) -> String? = { _ in nil }
  ) -> [FieldProblem] {
    let folder = folder(ofPreset: file)
    var out: [FieldProblem] = []
    for (field, path) in preset.fan.iconFiles(bubble: preset.bubble) {
      switch read(path, folder: folder) {
      case .failure(let p):
        out.append(FieldProblem(file: file, path: field, value: "\"\(path)\"", reason: p.message))
      case .success(let asset):
        if let why = decodes(asset) {
          out.append(FieldProblem(file: file, path: field, value: "\"\(path)\"", reason: why))
        }
      }
    }
    return out
  }

  /// Loads a preset and checks its icon files: the reader's problems, else
  /// the icons' (`problems`); throws them all.
  public static func loadPreset(
    path: String, decodes: (IconAsset) -> String? = { _ in nil }
  ) throws(LoadError) -> Preset {
    let p = try PresetReader.load(path: path)
    let found = problems(p, file: path, decodes: decodes)
    if !found.isEmpty { throw LoadError(problems: found) }
    return p
  }

  /// The canonical absolute path of `path` (links resolved), or nil with
  /// `errno` set.
  static func realPath(_ path: String) -> String? {
    guard let r = realpath(path, nil) else { return nil }
    defer { free(r) }
    return String(cString: r)
  }
}
