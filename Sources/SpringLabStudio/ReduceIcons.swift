import Foundation
import SpringLabCore
import SpringLabUI

/// What a dropped icon file lands on.
public enum IconDropTarget: Sendable, Equatable {
  case item(Int)
  case main
  case bubble
}

/// Dropping an SVG or PNG onto the canvas: the file becomes the icon of the
/// item, main button or bubble under the pointer (`fan.items[i].icon`,
/// `fan.main.icon`, `bubble.icon`), one undo step like a panel edit.
enum IconDrop {
  /// Whether `path` is named like an icon file (`.svg` or `.png`).
  static func isIconFile(_ path: String) -> Bool { IconRef.isIconFileName(path) }

  /// What the toast calls the thing that got the icon.
  static func name(_ f: FieldID, _ settings: [FieldSetting]) -> String {
    switch f {
    case .fanMainIcon: return "the main button"
    case .bubbleIcon: return "the bubble"
    default:
      if case .looks(let looks)? = settings.first?.value,
        let i = looks.lastIndex(where: { $0.icon != nil && IconRef.isPath($0.icon!) })
      {
        return "item \(i + 1)"
      }
      return "the item"
    }
  }
}

extension StudioState {
  /// The control under window pixel (x, y) on the canvas that can take an
  /// icon, or nil (outside the canvas, or on nothing).
  func iconDropTarget(x: Double, y: Double) -> IconDropTarget? {
    let layout = StudioLayout(self)
    guard layout.frame.canvas.contains(x, y) else { return nil }
    switch scene.hitTest(layout.devicePoint(x, y)) {
    case .fanItem(let i): return .item(i)
    case .fanMain: return .main
    case .bubble: return .bubble
    default: return nil
    }
  }

  /// The settings that make the icon file at `path` (absolute, as dropped)
  /// the icon of what is under (x, y), or nil — with a toast when the drop
  /// was an icon file on a control but cannot be taken now: an untitled
  /// document (icons are stored relative to the preset's file), or a path
  /// the field table refuses. A file from outside the preset's folder tree
  /// is copied into its `icons/` folder first (`fx` gets `.importIcon`; the
  /// answer `.iconImported` assigns it): a preset only names files inside
  /// its folder, so it can be shared as a folder. The file's bytes are
  /// checked when copied, drawn and loaded (`IconAssets`).
  mutating func iconDrop(_ path: String, x: Double, y: Double, _ fx: inout [StudioEffect])
    -> [FieldSetting]?
  {
    guard IconDrop.isIconFile(path), let target = iconDropTarget(x: x, y: y) else { return nil }
    return iconFile(path, for: target, &fx)
  }

  /// The settings that make the icon file at absolute `path` the icon of
  /// `target` (a drop, or a path typed in an Appearance icon row), as
  /// `iconDrop` describes.
  mutating func iconFile(_ path: String, for target: IconDropTarget, _ fx: inout [StudioEffect])
    -> [FieldSetting]?
  {
    guard let folder = assetFolder else {
      flash("Save the preset first: its icon files are kept beside it")
      return nil
    }
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    // why: `..` and `.` removed by spelling alone (the reducer reads no
    // files): `/p/../Downloads/x.svg` is outside and copied in, not refused
    let path = URL(fileURLWithPath: path).standardized.path
    guard path.hasPrefix(prefix) else {
      fx.append(
        .importIcon(
          IconImport(
            source: path, folder: folder, target: target, document: document.path ?? "")))
      return nil
    }
    let relative = String(path.dropFirst(prefix.count))
    if let why = IconRef.problem(relative, builtins: []) {
      flash("\(StudioFiles.lastComponent(path)): \(why)")
      return nil
    }
    return iconSettings(relative, target)
  }

  /// The settings that make `relative` the icon of `target`.
  mutating func iconSettings(_ relative: String, _ target: IconDropTarget) -> [FieldSetting] {
    switch target {
    case .item(let i):
      var looks = preset.fan.items
      while looks.count <= i { looks.append(ItemLook()) }
      looks[i].icon = relative
      // why: the Appearance section then shows the item that took the icon
      appearanceItem = i
      return [FieldSetting(.fanItems, .looks(looks))]
    case .main: return [FieldSetting(.fanMainIcon, .text(relative))]
    case .bubble: return [FieldSetting(.bubbleIcon, .text(relative))]
    }
  }

  /// A dropped file copied into the preset's folder (or refused): on
  /// success it becomes the target's icon, one undo step, and the toast
  /// says where the copy went. An answer for another document (one loaded
  /// since, even from the same folder) changes nothing: the copy stays on
  /// disk, unassigned.
  mutating func iconImported(
    _ r: IconImport, _ result: Result<String, StudioFailure>, _ fx: inout [StudioEffect]
  ) {
    let name = StudioFiles.lastComponent(r.source)
    switch result {
    case .failure(let f): flash("\(name): \(f.message)")
    case .success(let relative):
      guard document.path == r.document, assetFolder == r.folder else {
        // why: the copy is on disk; say so, or it would appear unexplained in icons/
        flash("\(name) was copied to \(relative), but another preset is open now: not assigned")
        return
      }
      let settings = iconSettings(relative, r.target)
      apply(.set(settings, [.committed], against: preset), &fx)
      if let f = settings.first?.field {
        flash(
          "Copied \(name) to \(relative) · icon of \(IconDrop.name(f, settings)) (undo with Ctrl+Z)"
        )
      }
      fx.append(.listLibrary(folder: libraryFolder))
    }
  }
}

/// An icon file from outside the preset's folder, to copy into its `icons/`
/// folder and assign to `target`.
public struct IconImport: Sendable, Equatable {
  /// The file as dropped (absolute).
  public var source: String
  /// The preset's folder.
  public var folder: String
  public var target: IconDropTarget
  /// The document the drop was on (its path): the icon goes to it only.
  public var document: String
  public init(source: String, folder: String, target: IconDropTarget, document: String) {
    self.source = source
    self.folder = folder
    self.target = target
    self.document = document
  }
}
