import Foundation

/// Reads preset files strictly (docs/FORMATS.md): at most 1 MiB (larger files are
/// refused unread), UTF-8 JSON with no duplicate keys, at most 32 deep; every
/// field checked against its documented range; missing fields take defaults;
/// older schemas migrated in memory; newer ones refused. Never writes.
public enum PresetReader {
  public static let maxBytes = 1 << 20
  public static let maxDepth = 32

  /// Reads and checks `path`. The error lists every problem found.
  public static func load(path: String) throws(LoadError) -> Preset {
    let data = try readLimited(path: path, limit: maxBytes)
    return try decode(data, file: path)
  }

  /// Reads a regular file of at most `limit` bytes. Refuses at once, without
  /// reading: a missing file, a folder, a FIFO, device or socket (reading one
  /// could block forever or never end), a file over the limit. A read error
  /// (EIO, `/proc/self/mem`) is reported as unreadable, never as an empty file.
  public static func readLimited(path: String, limit: Int) throws(LoadError) -> Data {
    func unreadable(_ reason: String) -> LoadError {
      LoadError(FieldProblem(file: path, path: "", value: nil, reason: reason), unreadable: true)
    }
    // why: O_NONBLOCK so opening a FIFO with no writer returns at once
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else {
      let e = errno
      if e == ENOENT { throw unreadable("no such file") }
      if e == ENOTDIR { throw unreadable("no such file (a part of the path is not a folder)") }
      throw unreadable("cannot be read: \(String(cString: strerror(e)))")
    }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0 else {
      throw unreadable("cannot be read: \(String(cString: strerror(errno)))")
    }
    switch st.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw unreadable("is a folder, not a file")
    case S_IFIFO: throw unreadable("is a FIFO (named pipe), not a regular file")
    case S_IFCHR, S_IFBLK: throw unreadable("is a device, not a regular file")
    case S_IFSOCK: throw unreadable("is a socket, not a regular file")
    default: throw unreadable("is not a regular file")
    }
    if Int(st.st_size) > limit {
      throw unreadable("file is \(st.st_size) bytes; the limit is \(limitText(limit))")
    }
    // why: the file may have grown since fstat; never read past the limit
    var data = Data()
    data.reserveCapacity(min(limit + 1, Int(st.st_size) + 1))
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while data.count <= limit {
      let want = min(chunk.count, limit + 1 - data.count)
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, want) }
      if n < 0 {
        if errno == EINTR { continue }
        throw unreadable("cannot be read: \(String(cString: strerror(errno)))")
      }
      if n == 0 { break }
      data.append(contentsOf: chunk[0..<n])
    }
    if data.count > limit {
      throw unreadable("file is larger than the limit of \(limitText(limit))")
    }
    return data
  }

  /// "1048576 bytes (1 MiB)", "65536 bytes (64 KiB)".
  public static func limitText(_ limit: Int) -> String {
    if limit >= 1 << 20 && limit % (1 << 20) == 0 { return "\(limit) bytes (\(limit >> 20) MiB)" }
    if limit >= 1 << 10 && limit % (1 << 10) == 0 { return "\(limit) bytes (\(limit >> 10) KiB)" }
    return "\(limit) bytes"
  }

  /// Parses and checks preset text; `file` names it in messages.
  public static func decode(_ data: Data, file: String) throws(LoadError) -> Preset {
    let root: JSONValue
    do {
      root = try StrictJSONParser.parse(data, maxDepth: maxDepth)
    } catch {
      throw LoadError(
        FieldProblem(file: file, path: error.path, value: nil, reason: error.description))
    }
    return try decode(root, file: file)
  }

  /// The object paths of the field table (`fan`, `fan.expand`, …), a
  /// registered control's included.
  static var objectPrefixes: Set<String> {
    var s = Set<String>()
    for f in PresetField.all {
      var parts = f.path.split(separator: ".").map(String.init)
      while parts.count > 1 {
        parts.removeLast()
        s.insert(parts.joined(separator: "."))
      }
    }
    return s
  }

  public static func decode(_ rootIn: JSONValue, file: String) throws(LoadError) -> Preset {
    var problems: [FieldProblem] = []
    func problem(_ path: String, _ v: JSONValue?, _ reason: String) {
      problems.append(FieldProblem(file: file, path: path, value: v?.preview, reason: reason))
    }
    guard case .object = rootIn else {
      throw LoadError(
        FieldProblem(file: file, path: "", value: rootIn.preview, reason: "must be a JSON object"))
    }
    var root = rootIn
    var preset = Preset()
    // why: a field newer than the file's declared schema is unknown there
    var declared = Preset.currentSchema
    if let s = root["schema"] {
      guard case .number(let d) = s, d == d.rounded(), d >= 1, d <= 1_000_000 else {
        throw LoadError(
          FieldProblem(
            file: file, path: "schema", value: s.preview, reason: "must be a whole number ≥ 1"))
      }
      let version = Int(d)
      declared = version
      if version > Preset.currentSchema {
        throw LoadError(
          FieldProblem(
            file: file, path: "schema", value: s.preview,
            reason:
              "written by a newer SpringLab (schema \(version)); this build reads schema ≤ \(Preset.currentSchema)"
          ))
      }
      if version < Preset.currentSchema {
        root = PresetMigration.migrate(root, from: version)
      }
    }
    if let n = root["name"] {
      if case .string(let s) = n, (1...64).contains(s.count),
        s.unicodeScalars.allSatisfy({ !isControl($0) })
      {
        preset.name = s
      } else if case .string = n {
        problem("name", n, "must be 1…64 printable characters")
      } else {
        problem(
          "name", n,
          n == .null
            ? "null is not allowed; remove the field to use the default"
            : "must be a string (1…64 printable characters)")
      }
    }
    let prefixes = Self.objectPrefixes
    func walk(_ v: JSONValue, _ prefix: String) {
      guard case .object(let members) = v else { return }
      for (key, value) in members {
        let path = prefix.isEmpty ? key : prefix + "." + key
        if prefix.isEmpty && (key == "schema" || key == "name") { continue }
        if let field = PresetField.named(path), field.sinceSchema > declared {
          problem(
            path, value,
            "unknown field in schema \(declared) (added in schema \(field.sinceSchema); write \"schema\": \(field.sinceSchema))"
          )
        } else if let field = PresetField.named(path) {
          for (at, v, reason) in PresetReader.problems(field, value, to: &preset) {
            problem(at, v, reason)
          }
        } else if prefixes.contains(path) {
          if case .object = value {
            walk(value, path)
          } else {
            problem(
              path, value,
              value == .null
                ? "null is not allowed; remove the field to use the defaults" : "must be an object")
          }
        } else {
          problem(path, value, "unknown field")
        }
      }
    }
    walk(root, "")
    // why: an item's icon members came a schema after the item looks, so a
    // file declaring schema 4 that holds one is refused like any newer field
    if declared < 5 {
      for (i, look) in preset.fan.items.enumerated() {
        for (key, set) in [("icon", look.icon != nil), ("tintIcon", !look.tintIcon)] where set {
          problem(
            "\(FieldID.fanItems.rawValue)[\(i)].\(key)",
            key == "icon" ? .string(look.icon ?? "") : .bool(false),
            "unknown field in schema \(declared) (added in schema 5; write \"schema\": 5)")
        }
      }
    }
    // why: UIKit's duration→spring mapping has no root past a velocity that
    // depends on the duration and damping; playing any other spring would
    // hand developers numbers that UIKit does not play
    for s in PresetSpring.all {
      guard !problems.contains(where: { $0.path.hasPrefix(s.prefix + ".") }) else { continue }
      if let reason = s.unsolvableReason(preset) {
        problem(s.fields.velocity.path, .number(preset[keyPath: s.velocity]), reason)
      }
    }
    preset.schema = Preset.currentSchema
    if !problems.isEmpty { throw LoadError(problems: problems) }
    return preset
  }

  static func isControl(_ u: Unicode.Scalar) -> Bool {
    // why: U+2028 / U+2029 break a name or badge over lines in one-line
    // messages and panel labels just as \n does
    let category = u.properties.generalCategory
    return u.value < 0x20 || (0x7F...0x9F).contains(u.value)
      || category == .format && u.value != 0x200D
      || category == .lineSeparator || category == .paragraphSeparator
  }

  /// Sets one field; returns every problem, each with the path it is at:
  /// the field's own, or inside it for item looks (`fan.items[2].fill`), so
  /// a message names the member to fix.
  static func problems(_ f: PresetField, _ v: JSONValue, to p: inout Preset)
    -> [(path: String, value: JSONValue, reason: String)]
  {
    guard case .looks(let kp) = f.kind, v != .null else {
      return apply(f, v, to: &p).map { [(f.path, v, $0)] } ?? []
    }
    guard case .array(let items) = v, items.count <= 12 else {
      return [(f.path, v, f.allowedText)]
    }
    var out: [(path: String, value: JSONValue, reason: String)] = []
    var looks: [ItemLook] = []
    for (i, item) in items.enumerated() {
      let at = "\(f.path)[\(i)]"
      guard case .object(let members) = item else {
        out.append(
          (at, item, "must be an object with any of fill, tint, label, size, icon, tintIcon"))
        continue
      }
      var look = ItemLook()
      for (key, m) in members {
        let path = at + "." + key
        if m == .null {
          out.append((path, m, "null is not allowed; remove the field to use the default"))
          continue
        }
        switch key {
        case "fill", "tint":
          guard case .string(let text) = m, let c = HexColor(hex: text) else {
            out.append((path, m, PresetField.colorRule))
            continue
          }
          if key == "fill" { look.fill = c } else { look.tint = c }
        case "label":
          guard case .string(let text) = m, text.count <= ItemLook.maxLabel,
            !text.unicodeScalars.contains(where: isControl)
          else {
            out.append((path, m, "must be 0…\(ItemLook.maxLabel) printable characters"))
            continue
          }
          look.label = text
        case "size":
          let r = ItemLook.sizeRange
          guard case .number(let d) = m, r.contains(d) else {
            out.append(
              (
                path, m,
                "must be \(JSONWriter.number(r.lowerBound))…\(JSONWriter.number(r.upperBound)) pt"
              ))
            continue
          }
          look.size = d
        case "icon":
          guard case .string(let text) = m else {
            out.append(
              (path, m, "must be a built-in icon or a relative path to a .svg or .png file"))
            continue
          }
          if let why = IconRef.problem(text, builtins: PresetField.iconNames) {
            out.append((path, m, why))
            continue
          }
          look.icon = text
        case "tintIcon":
          guard case .bool(let b) = m else {
            out.append((path, m, "must be true or false"))
            continue
          }
          look.tintIcon = b
        default:
          out.append(
            (path, m, "unknown field (an item has fill, tint, label, size, icon, tintIcon)"))
        }
      }
      looks.append(look)
    }
    if out.isEmpty { p[keyPath: kp] = looks }
    return out
  }

  /// Sets one field; returns the reason when `v` is not acceptable (the
  /// first, for item looks: `problems` names each).
  static func apply(_ f: PresetField, _ v: JSONValue, to p: inout Preset) -> String? {
    if v == .null {
      return "null is not allowed; remove the field to use the default (\(f.allowedText))"
    }
    switch f.kind {
    case .number(let kp, let r, _):
      guard case .number(let d) = v else { return "must be a number; \(f.allowedText)" }
      guard r.contains(d), f.accepts(d) else { return f.allowedText }
      p[keyPath: kp] = d
    case .integer(let kp, let r):
      guard case .number(let d) = v, d == d.rounded() else { return f.allowedText }
      guard d >= Double(r.lowerBound), d <= Double(r.upperBound) else { return f.allowedText }
      p[keyPath: kp] = Int(d)
    case .choice(let c):
      guard case .string(let s) = v, c.set(&p, s) else { return f.allowedText }
    case .flag(let kp):
      guard case .bool(let b) = v else { return f.allowedText }
      p[keyPath: kp] = b
    case .text(let kp, let lo, let hi):
      guard case .string(let s) = v, (lo...hi).contains(s.count),
        !s.unicodeScalars.contains(where: isControl)
      else { return f.allowedText }
      p[keyPath: kp] = s
    case .points(let kp):
      guard case .array(let items) = v, items.count <= 12 else { return f.allowedText }
      var pts: [Point] = []
      for item in items {
        guard case .array(let xy) = item, xy.count == 2, case .number(let x) = xy[0],
          case .number(let y) = xy[1],
          abs(x) <= 2000, abs(y) <= 2000
        else { return f.allowedText }
        pts.append(Point(x, y))
      }
      p[keyPath: kp] = pts
    case .names(let kp, let allowed):
      guard case .array(let items) = v, items.count <= 12 else { return f.allowedText }
      var names: [String] = []
      for item in items {
        guard case .string(let s) = item, allowed.contains(s) else { return f.allowedText }
        names.append(s)
      }
      p[keyPath: kp] = names
    case .color(let kp):
      guard case .string(let s) = v, let c = HexColor(hex: s) else { return f.allowedText }
      p[keyPath: kp] = c
    case .looks:
      return problems(f, v, to: &p).first.map { "\($0.path): \($0.reason)" }
    case .icon(let kp, let allowed, let optional):
      guard case .string(let s) = v else { return f.allowedText }
      if !(optional && s.isEmpty) {
        if let why = IconRef.problem(s, builtins: allowed) { return why }
      }
      p[keyPath: kp] = s
    }
    return nil
  }
}
