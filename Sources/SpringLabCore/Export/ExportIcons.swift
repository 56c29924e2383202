import Foundation

/// The preset's icons (schema 5) as each platform names them, with the
/// manifest of the files a developer must add. Emitted only when the preset
/// sets an icon of its own (`Preset.setsIcons`), so earlier exports do not
/// change by a byte.
///
/// Names: an icon file's asset name is `IconRef.assetName` (lower camel,
/// `icons/Home Screen.svg` → `homeScreen`) for Xcode asset catalogs, and
/// `IconRef.resourceName` (lower snake, `home_screen`) for Android
/// drawables. Built-in icons map to SF Symbols (`sfSymbol`) and keep their
/// SpringLab name elsewhere.
struct ExportIcons {
  struct Icon {
    /// The file (as the preset writes it), nil for a built-in icon.
    var path: String?
    /// The built-in name, when `path` is nil.
    var builtin: String
    /// Drawn as a mask in the tint (true) or in the file's own colours.
    var tinted: Bool
  }

  let items: [Icon]
  let main: Icon
  /// nil: the bubble shows its rings.
  let bubble: Icon?
  /// Every file named, once, in first-use order.
  let files: [String]

  init?(_ p: Preset) {
    guard p.setsIcons else { return nil }
    let f = p.fan
    func icon(_ text: String, tinted: Bool) -> Icon {
      IconRef.isPath(text)
        ? Icon(path: text, builtin: "", tinted: tinted)
        : Icon(path: nil, builtin: text, tinted: true)
    }
    items = (0..<f.count).map { icon(f.icon($0), tinted: f.look($0).tintIcon) }
    main = icon(f.mainIcon, tinted: f.mainTintIcon)
    bubble = p.bubble.icon.isEmpty ? nil : icon(p.bubble.icon, tinted: p.bubble.tintIcon)
    var seen = Set<String>()
    files = (items + [main] + (bubble.map { [$0] } ?? [])).compactMap(\.path).filter {
      seen.insert($0).inserted
    }
  }

  /// The SF Symbol drawn for a built-in icon.
  static func sfSymbol(_ name: String) -> String {
    let map = [
      "note": "note.text", "scan": "viewfinder", "photo": "photo", "calendar": "calendar",
      "star": "star", "share": "square.and.arrow.up", "mic": "mic", "pin": "mappin",
      "heart": "heart", "gear": "gearshape", "search": "magnifyingglass", "bell": "bell",
      "plus": "plus",
    ]
    return map[name] ?? name
  }

  /// The manifest as comment lines (`prefix` starts each): every file and
  /// the name the code uses for it.
  func manifest(_ prefix: String, kind: String, name: (String) -> String) -> [String] {
    guard !files.isEmpty else { return [] }
    return ["", "\(prefix)Icon files to add to the project (\(kind)):"]
      + files.map { "\(prefix)  \(ExportEscaping.lineComment($0)) → \(name($0))" }
  }

  /// Swift string literal.
  static func q(_ s: String) -> String { "\"" + ExportEscaping.swiftString(s) + "\"" }

  /// The SwiftUI block: `enum SpringLabIcons` of `Image`s.
  func swiftUI() -> [String] {
    func image(_ i: Icon) -> String {
      guard let p = i.path else { return "Image(systemName: \(Self.q(Self.sfSymbol(i.builtin))))" }
      return
        "Image(\(Self.q(IconRef.assetName(p)))).renderingMode(\(i.tinted ? ".template" : ".original"))"
    }
    return manifest(
      "// ",
      kind: "an asset catalog image set each, named as shown; SVGs with Preserve Vector Data",
      name: { "Image(\"\(IconRef.assetName($0))\")" })
      + [
        "",
        "/// The preset's icons: asset-catalog images (template images take the item's tint) and SF Symbols for built-in icons.",
        "enum SpringLabIcons {",
        "  static let items: [Image] = [\(items.map(image).joined(separator: ", "))]",
        "  static let main = \(image(main))",
        "  static let bubble: Image? = \(bubble.map(image) ?? "nil")",
        "}",
      ]
  }

  /// The UIKit block: `enum SpringLabIcons` of `UIImage?`s.
  func uiKit() -> [String] {
    func image(_ i: Icon) -> String {
      guard let p = i.path else {
        return "UIImage(systemName: \(Self.q(Self.sfSymbol(i.builtin))))"
      }
      return
        "UIImage(named: \(Self.q(IconRef.assetName(p))))?.withRenderingMode(\(i.tinted ? ".alwaysTemplate" : ".alwaysOriginal"))"
    }
    return manifest(
      "// ",
      kind: "an asset catalog image set each, named as shown; SVGs with Preserve Vector Data",
      name: { "UIImage(named: \"\(IconRef.assetName($0))\")" })
      + [
        "",
        "/// The preset's icons: asset-catalog images (template images take the item's tint) and SF Symbols for built-in icons.",
        "enum SpringLabIcons {",
        "  static let items: [UIImage?] = [\(items.map(image).joined(separator: ", "))]",
        "  static let main = \(image(main))",
        "  static let bubble: UIImage? = \(bubble.map(image) ?? "nil")",
        "}",
      ]
  }

  /// The Compose block: drawable resource ids (`painterResource(id)`);
  /// built-in icons as null with their name beside.
  func compose() -> [String] {
    func res(_ i: Icon) -> String {
      i.path.map { "R.drawable.\(IconRef.resourceName($0))" } ?? "null /* \(i.builtin) */"
    }
    func tinted(_ i: Icon) -> String { i.tinted ? "true" : "false" }
    return manifest(
      "// ",
      kind: "res/drawable, SVGs through Android Studio's Vector Asset import, named as shown",
      name: { "R.drawable.\(IconRef.resourceName($0))" })
      + [
        "",
        "/** The preset's icons as drawable ids for painterResource(id) (null: a built-in SpringLab icon, named beside it); tinted: draw with the item's tint (ColorFilter.tint). */",
        "object SpringLabIcons {",
        "  val items: List<Int?> = listOf(\(items.map(res).joined(separator: ", ")))",
        "  val itemsTinted = listOf(\(items.map(tinted).joined(separator: ", ")))",
        "  val main: Int? = \(res(main))",
        "  val bubble: Int? = \(bubble.map(res) ?? "null")",
        "}",
      ]
  }

  /// The Framer block: `export const icons = {…}` (paths as the preset writes them).
  func framer() -> [String] {
    func js(_ i: Icon) -> String {
      let q: (String) -> String = { "\"" + ExportEscaping.jsString($0) + "\"" }
      return i.path.map { "{ file: \(q($0)), tinted: \(i.tinted) }" }
        ?? "{ builtin: \(q(i.builtin)) }"
    }
    return manifest("// ", kind: "next to the component, paths as shown", name: { $0 }) + [
      "",
      "// The preset's icons: files (relative to the preset) or SpringLab's built-in names.",
      "export const icons = {",
      "  items: [\(items.map(js).joined(separator: ", "))],",
      "  main: \(js(main)),",
      "  bubble: \(bubble.map(js) ?? "null"),",
      "}",
    ]
  }

  /// A `data:` URL of an icon file's bytes (`image/png` for a PNG by its
  /// signature, else `image/svg+xml`), so the page stays one file.
  static func dataURL(_ d: Data) -> String {
    let png = d.starts(with: [0x89, 0x50, 0x4E, 0x47])
    return "data:\(png ? "image/png" : "image/svg+xml");base64," + d.base64EncodedString()
  }

  /// The CSS rules: each item's and the main button's icon as a `::before`
  /// layer, a mask filled with the tint (`currentColor`) or the picture
  /// itself. `data` holds each file's checked bytes (the command line reads
  /// them; an SVG with a script or an outside reference never gets here); a
  /// file without bytes is named in a comment instead.
  func css(data: [String: Data]) -> [String] {
    var o: [String] = []
    if !files.isEmpty {
      o.append("/* Icon files, inlined below as data: URLs (the page needs no other file): */")
      o += files.map {
        "/*   \(ExportEscaping.cssComment($0))\(data[$0] == nil ? " (not read: not inlined)" : "") */"
      }
    }
    o.append(
      ".springlab-fan .item::before, .springlab-fan .main.icon::before, .springlab-bubble.icon::before { content: \"\"; position: absolute; inset: 24%; }"
    )
    func rule(_ selector: String, _ i: Icon) {
      guard let p = i.path, let d = data[p] else { return }
      let url = "url(\"\(Self.dataURL(d))\")"
      o.append(
        i.tinted
          ? "\(selector)::before { background: currentColor; -webkit-mask: \(url) center / contain no-repeat; mask: \(url) center / contain no-repeat; }"
          : "\(selector)::before { background: \(url) center / contain no-repeat; }")
    }
    for (k, it) in items.enumerated() { rule(".springlab-fan .item-\(k)", it) }
    rule(".springlab-fan .main.icon", main)
    if let b = bubble { rule(".springlab-bubble.icon", b) }
    return o
  }
}
