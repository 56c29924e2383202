import Foundation
import SpringLabCore

/// The freedesktop.org Trash of the user's home (Trash spec 1.0):
/// `$XDG_DATA_HOME/Trash/files/NAME` holds the file and
/// `$XDG_DATA_HOME/Trash/info/NAME.trashinfo` says where it came from and
/// when, so desktop file managers list and restore it too.
public struct FreedesktopTrash: Sendable, Equatable {
  /// The Trash folder (`…/Trash`).
  public var home: String

  public init(home: String) { self.home = home }

  /// The home Trash for an environment: `$XDG_DATA_HOME/Trash`, else
  /// `$HOME/.local/share/Trash` (a relative `XDG_DATA_HOME` is ignored).
  public static func resolve(environment env: [String: String], home: String) -> FreedesktopTrash {
    if let d = env["XDG_DATA_HOME"], d.hasPrefix("/") {
      return FreedesktopTrash(home: d + "/Trash")
    }
    return FreedesktopTrash(home: home + "/.local/share/Trash")
  }

  /// A trashed file: where it is and its info file.
  public struct Item: Sendable, Equatable {
    public var original: String
    public var trashed: String
    public var info: String
    public init(original: String, trashed: String, info: String) {
      self.original = original
      self.trashed = trashed
      self.info = info
    }
  }

  /// Moves `path` (absolute) into the Trash. The info file is created first
  /// with O_EXCL (it reserves the name, as the spec asks); a name already in
  /// the Trash gets ".2", ".3" …. A file on another file system is copied
  /// and then removed.
  public func trash(_ path: String, now: Date = Date()) throws(OutputError) -> Item {
    let files = home + "/files"
    let infos = home + "/info"
    do {
      try AtomicFile.makeFolders(files)
      try AtomicFile.makeFolders(infos)
    } catch { throw OutputError(path: home, reason: "\(error)") }
    let base = StudioPath.lastComponent(path)
    let f = DateFormatter()
    f.locale = Locale(identifier: "en_US_POSIX")
    f.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
    let encoded =
      path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["%"])) ?? path
    let body = "[Trash Info]\nPath=\(encoded)\nDeletionDate=\(f.string(from: now))\n"
    for k in 1...10_000 {
      let name = k == 1 ? base : "\(base).\(k)"
      let info = infos + "/" + name + ".trashinfo"
      let fd = open(info, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      if fd < 0 {
        if errno == EEXIST { continue }
        throw OutputError(path: info, reason: String(cString: strerror(errno)))
      }
      let problem = Array(body.utf8).withUnsafeBytes { FileIO.posix.writeAll(fd, $0) }
      close(fd)
      let target = files + "/" + name
      if problem == nil, move(path, to: target) {
        return Item(original: path, trashed: target, info: info)
      }
      let reason = problem ?? String(cString: strerror(errno))
      unlink(info)
      throw OutputError(path: path, reason: "cannot move to the Trash: \(reason)")
    }
    throw OutputError(path: path, reason: "cannot move to the Trash: too many files named \(base)")
  }

  /// Puts a trashed file back where it was; refuses to replace a file that
  /// is there now.
  public func restore(_ item: Item) throws(OutputError) {
    if access(item.original, F_OK) == 0 {
      throw OutputError(path: item.original, reason: "a file of that name is there again")
    }
    guard move(item.trashed, to: item.original) else {
      throw OutputError(
        path: item.original, reason: "cannot restore: \(String(cString: strerror(errno)))")
    }
    unlink(item.info)
  }

  /// rename(2), or copy then unlink across file systems.
  private func move(_ from: String, to: String) -> Bool {
    if rename(from, to) == 0 { return true }
    guard errno == EXDEV else { return false }
    do {
      try FileManager.default.copyItem(atPath: from, toPath: to)
      try FileManager.default.removeItem(atPath: from)
      return true
    } catch { return false }
  }
}

/// Path helpers that need no file system.
enum StudioPath {
  static func lastComponent(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}
