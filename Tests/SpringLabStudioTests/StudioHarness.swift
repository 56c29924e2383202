import Foundation
import SpringLabCore
import SpringLabUI

@testable import SpringLabStudio

/// Fixed-advance text measure: 0.6 × size per character, height = size.
func fakeMeasure(_ s: String, _ size: Double) -> (Double, Double) {
  (Double(s.count) * size * 0.6, size)
}

/// Files in memory with identities, standing in for the disk: the same
/// effect semantics as the window shell, no file system.
final class FakeDisk {
  var presets: [String: (preset: Preset, stamp: FileStamp)] = [:]
  var recovery: [String: Preset] = [:]
  var clipboard: String?
  var next: UInt64 = 1

  func stamp() -> FileStamp {
    next += 1
    return FileStamp(device: 1, inode: next, size: Int64(next), mtime: Double(next))
  }

  /// Another program writes the file (a second window, an editor).
  func write(_ p: Preset, to path: String) { presets[path] = (p, stamp()) }

  func list(_ folder: String) -> [String] {
    (Array(presets.keys) + Array(notPresets.keys)).filter { StudioFiles.folder($0) == folder }
      .sorted()
  }

  /// `.json` files that are not presets (scripts, broken files), as the
  /// shell's listing describes them.
  var notPresets: [String: LibraryProblem] = [:]

  /// Order files by folder, as `PresetLibrary.orderFile` would hold them.
  var orders: [String: [String]] = [:]
  /// The Trash: trashed path → (original path, preset).
  var trash: [String: (original: String, preset: Preset)] = [:]

  /// Why the next icon import is refused (nil: it is copied).
  var importRefusal: String?
  /// Icon files by folder, relative to it, as `LibraryFolder.iconFiles` lists them.
  var iconFiles: [String: [String]] = [:]

  func listing(_ folder: String) -> LibraryListing {
    LibraryListing(
      folder: folder,
      entries: list(folder).map {
        LibraryEntry(path: $0, preset: presets[$0]?.preset, problem: notPresets[$0])
      },
      order: orders[folder], iconFiles: iconFiles[folder] ?? [])
  }

  /// A library operation with the shell's semantics.
  func run(_ op: LibraryOp) -> Result<LibraryOpResult, StudioFailure> {
    switch op {
    case .rename(let from, let to, let name), .duplicate(let from, let to, let name):
      guard var p = presets[from]?.preset else {
        return .failure(StudioFailure("\(from): no such file"))
      }
      if to != from, presets[to] != nil {
        return .failure(StudioFailure("\(to): a file of that name exists"))
      }
      p.name = name
      if case .rename = op { presets[from] = nil }
      write(p, to: to)
      return .success(.done(stamp: presets[to]?.stamp))
    case .trash(let path):
      guard let f = presets[path] else { return .failure(StudioFailure("\(path): no such file")) }
      let t = TrashedFile(
        original: path, trashed: "/trash/files/\(StudioFiles.lastComponent(path)).\(trash.count)",
        info: "/trash/info/\(trash.count).trashinfo")
      trash[t.trashed] = (path, f.preset)
      presets[path] = nil
      return .success(.trashed(t))
    case .restore(let t):
      guard let f = trash[t.trashed], presets[t.original] == nil else {
        return .failure(StudioFailure("\(t.original): cannot restore"))
      }
      trash[t.trashed] = nil
      write(f.preset, to: t.original)
      return .success(.done(stamp: presets[t.original]?.stamp))
    }
  }
}

/// One window session driven in-process: a test clock, events through the
/// view, reduce, and effects run against a `FakeDisk`.
final class StudioHarness {
  var state: StudioState
  let view = StudioView(icons: IconSet(), measure: fakeMeasure)
  let disk: FakeDisk
  /// Every effect returned, in order.
  var effects: [StudioEffect] = []
  var quit = false
  var title = ""
  var lastFrame = DrawList()
  var imageProblem: String? = nil

  static let library = "/lib"
  static let folders = StudioFolders(
    state: "/cfg/springlab", recordings: "/data/springlab/recordings",
    screenshots: "/data/springlab/screenshots", defaultLibrary: "/lib")

  init(
    preset: Preset = .seedDefault, path: String? = nil, disk: FakeDisk = FakeDisk(),
    session: String = "s1", lookForRecovery: Bool = true
  ) {
    self.disk = disk
    if let p = path, disk.presets[p] == nil { disk.write(preset, to: p) }
    state = StudioState(
      preset: preset, path: path, stamp: path.flatMap { disk.presets[$0]?.stamp },
      folders: StudioHarness.folders, session: session,
      window: WindowSize(width: 1280, height: 800, scale: 1))
    for e in state.startEffects(lookForRecovery: lookForRecovery) { run(e) }
    draw()
  }

  func send(_ a: StudioAction) {
    for e in reduce(&state, a) { run(e) }
  }

  func run(_ e: StudioEffect) {
    effects.append(e)
    switch e {
    case .save(let r):
      if r.conflicts(current: disk.presets[r.path]?.stamp) {
        send(.saved(.conflict(path: r.path)))
      } else {
        disk.write(r.preset, to: r.path)
        send(.saved(.saved(path: r.path, r.preset, disk.presets[r.path]?.stamp)))
      }
    case .load(let path):
      if let f = disk.presets[path] {
        send(.loaded(path: path, .success(LoadedPreset(preset: f.preset, stamp: f.stamp))))
      } else {
        send(.loaded(path: path, .failure(StudioFailure("\(path): no such file"))))
      }
    case .listLibrary(let folder): send(.libraryListed(disk.listing(folder)))
    case .writeLibraryOrder(let folder, let names): disk.orders[folder] = names
    case .library(let op): send(.libraryDone(op, disk.run(op)))
    case .findRecovery(let name):
      if StudioFiles.isUntitledRecovery(name) {
        if let other = disk.recovery.keys.sorted().last(where: {
          StudioFiles.isUntitledRecovery($0) && $0 != name
        }) {
          send(.recoveryFound(name: other, disk.recovery[other]!))
        }
      } else if let p = disk.recovery[name] {
        send(.recoveryFound(name: name, p))
      }
    case .writeRecovery(let name, let p): disk.recovery[name] = p
    case .removeRecovery(let name): disk.recovery[name] = nil
    case .watch: break
    case .checkBackdrop(let path):
      send(
        .backdropChecked(
          path: path, imageProblem.map { .failure(StudioFailure($0)) } ?? .success(())))
    case .copyToClipboard(let text, let label):
      disk.clipboard = text
      send(.copied(label: label, ok: true))
    case .copyExport(let r):
      // why: the fake disk holds no icon files: listed, not inlined
      disk.clipboard = Exporter.export(r.preset, format: r.format, options: r.options)
      send(.copied(label: r.label, ok: true))
    case .importIcon(let r):
      // why: the fake disk copies by name; `importRefusal` plays a refused file
      let copied = "icons/" + StudioFiles.lastComponent(r.source)
      send(
        .iconImported(
          r, disk.importRefusal.map { .failure(StudioFailure($0)) } ?? .success(copied)))
    case .readClipboard: send(.pasted(disk.clipboard))
    case .screenshot:
      send(.screenshotSaved(.success(StudioHarness.folders.screenshots + "/shot.png")))
    case .renderTake: send(.takeStarted(.success(StudioHarness.folders.recordings + "/take.mp4")))
    case .decodeVideo, .fitVideo, .fitMenu: break  // why: the video tests answer these themselves
    case .setTitle(let t): title = t
    case .quit: quit = true
    }
  }

  /// A one-shot panel edit (a typed value) to `p`: the panel's controls of
  /// the fields that differ changed them.
  func edit(_ p: Preset) {
    let fields = PresetField.all.filter { $0.json(of: state.preset) != $0.json(of: p) }.map(\.id)
    send(.set(p.settings(of: fields), [.committed], against: state.preset))
  }

  /// A one-shot panel edit of the fields `settings` name, as the panel sends it.
  func set(_ settings: [FieldSetting]) {
    send(.set(settings, [.committed], against: state.preset))
  }

  /// A one-shot panel edit of one field.
  func set(_ field: FieldID, _ value: FieldValue) { set([FieldSetting(field, value)]) }

  /// Input as the window shell delivers it, then the next frame drawn.
  @discardableResult
  func input(_ events: [UIEvent]) -> DrawList {
    var batch = events
    repeat {
      for a in view.frame(state, events: batch).actions { send(a) }
      batch = []
    } while view.hasPendingEvents
    return draw()
  }

  /// Draws the state as it is now (what the window would present).
  @discardableResult
  func draw() -> DrawList {
    let f = view.frame(state, events: [])
    for a in f.actions { send(a) }
    lastFrame = f.drawList
    return f.drawList
  }

  /// Advances the test clock by `dt` seconds in 1/60 s frames.
  func advance(_ dt: Double) {
    let end = state.now + dt
    while state.now < end - 1e-9 {
      send(.tick(min(end, state.now + 1.0 / 60)))
    }
  }

  func key(_ k: String, _ mods: KeyModifiers = []) {
    input([.keyDown(k, mods: mods, isRepeat: false), .keyUp(k, mods: mods)])
  }

  func click(_ x: Double, _ y: Double, clicks: Int = 1) {
    input([
      .mouseMove(x: x, y: y, mods: []),
      .mouseDown(x: x, y: y, button: .left, clicks: clicks, mods: []),
      .mouseUp(x: x, y: y, button: .left, mods: []),
    ])
  }

  func drag(from a: (Double, Double), to b: (Double, Double), steps: Int = 8) {
    input([
      .mouseMove(x: a.0, y: a.1, mods: []),
      .mouseDown(x: a.0, y: a.1, button: .left, clicks: 1, mods: []),
    ])
    for i in 1...steps {
      let k = Double(i) / Double(steps)
      input([.mouseMove(x: a.0 + (b.0 - a.0) * k, y: a.1 + (b.1 - a.1) * k, mods: [])])
    }
    input([.mouseUp(x: b.0, y: b.1, button: .left, mods: [])])
  }

  /// Every text run of the last frame.
  var texts: [String] { StudioHarness.texts(lastFrame) }

  static func texts(_ list: DrawList) -> [String] {
    list.finished.compactMap {
      if case .text(let s, _, _, _, _, _) = $0 { return s }
      return nil
    }
  }

  /// Scrolls the panel body with the wheel, as a designer would, until the
  /// text starting with `prefix` lies below the pinned header and inside
  /// the window. False when no such text is drawn or it cannot be reached.
  @discardableResult
  func reveal(_ prefix: String) -> Bool {
    let headerBottom = 170.0 * state.window.scale
    for _ in 0..<80 {
      guard let p = textPosition(prefix) else { return false }
      let bottom = state.window.height - 20 * state.window.scale
      if p.y >= headerBottom && p.y <= bottom { return true }
      let x = state.window.width - 150 * state.window.scale
      input([.mouseMove(x: x, y: 400, mods: []), .wheel(dx: 0, dy: p.y > bottom ? -1 : 1)])
    }
    return false
  }

  /// Where a text run starting with `prefix` is drawn in the last frame (first match).
  func textPosition(_ prefix: String) -> (x: Double, y: Double)? {
    for c in lastFrame.finished {
      if case .text(let t, let x, let y, _, _, _) = c, t.hasPrefix(prefix) { return (x, y) }
    }
    return nil
  }

  /// All panel rows' label positions (x ≥ the panel's left edge), by text.
  func panelRows() -> [String: Double] {
    var out: [String: Double] = [:]
    for c in lastFrame.finished {
      if case .text(let t, let x, let y, _, _, _) = c, x >= 900, out[t] == nil { out[t] = y }
    }
    return out
  }

  var dialogOpen: Bool { state.dialog != nil }
}

/// The shipped presets, read from the repository.
enum Shipped {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("presets").path

  static func preset(_ name: String) throws -> Preset {
    try PresetReader.load(path: folder + "/" + name)
  }
}

extension StudioHarness {
  /// The last fit of a marked element the reducer asked the shell for.
  var lastFitRequest: VideoFitRequest? {
    effects.compactMap { e -> VideoFitRequest? in
      if case .fitVideo(let r) = e { return r }
      return nil
    }.last
  }
}
