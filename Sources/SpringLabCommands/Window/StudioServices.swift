import Foundation
import SpringLabCore
import SpringLabPlatform
import SpringLabRender
import SpringLabSDL
import SpringLabStudio
import SpringLabUI

/// What the window's effects touch outside the process: files, processes and
/// the clipboard, each behind one small closure so it can move to the
/// platform module without the shell changing.
struct StudioServices {
  var loadPreset: (String) -> Result<LoadedPreset, StudioFailure>
  var savePreset: (SaveRequest) -> SaveOutcome
  var listLibrary: (String) -> LibraryListing
  var writeLibraryOrder: (String, [String]) -> Void
  var libraryOp: (LibraryOp) -> Result<LibraryOpResult, StudioFailure>
  /// A recovery copy by name (an untitled name finds the newest untitled copy
  /// left by a session that is no longer running).
  var readRecovery: (String) -> (name: String, preset: Preset)?
  var writeRecovery: (String, Preset) -> Void
  var removeRecovery: (String) -> Void
  /// A backdrop image decoded (called off the window's thread), or why it
  /// cannot be one.
  var decodeImage: @Sendable (String) -> Result<DecodedImage, ImageFailure>
  var clipboard: (String) -> Bool
  /// The clipboard's text, nil when it holds none.
  var readClipboard: () -> String?
  /// Saves a frame as PNG; returns the full path.
  var screenshot: (DrawList) -> Result<String, StudioFailure>
  /// Starts rendering a take; returns the video's full path and the child.
  var startTake: (Preset, InputScript, TakeFrame) -> Result<(String, ChildProcess), StudioFailure>
}

/// The live services: real files under the folders `StudioFolders` decides.
enum LiveStudioServices {
  static func make(window: SDLWindow, folders: StudioFolders, session: String) -> StudioServices {
    let trash = FreedesktopTrash.resolve(
      environment: ProcessInfo.processInfo.environment, home: NSHomeDirectory())
    return StudioServices(
      loadPreset: loadPreset,
      savePreset: savePreset,
      listLibrary: listLibrary,
      writeLibraryOrder: { folder, names in
        // why: best effort; a read-only library keeps numbering by file name
        try? LibraryFolder.writeText(
          PresetLibrary.orderText(names), to: folder + "/" + PresetLibrary.orderFile)
      },
      libraryOp: { libraryOp($0, trash: trash) },
      readRecovery: { readRecovery($0, folder: folders.recovery, session: session) },
      writeRecovery: { name, p in
        try? AtomicFile.makeFolders(folders.recovery)
        try? PresetWriter.save(p, to: folders.recovery + "/" + name)
      },
      removeRecovery: { try? FileManager.default.removeItem(atPath: folders.recovery + "/" + $0) },
      decodeImage: { CairoRasterizer.decodeImage($0) },
      clipboard: { window.setClipboardText($0) },
      readClipboard: { window.clipboardText() },
      screenshot: { dl in
        writeScreenshot(
          dl, width: window.pixelWidth, height: window.pixelHeight, folder: folders.screenshots)
      },
      startTake: { p, script, frame in
        startTakeRender(p, script, frame: frame, folder: folders.recordings)
      })
  }

  /// The code the window's Export buttons copy: `springlab export`'s, with
  /// the icon files beside a saved preset inlined where the format does.
  static func exportText(_ r: ExportRequest) -> String {
    var options = r.options
    if let folder = r.folder {
      options.iconData = IconAssets.exportData(for: r.preset, folder: folder)
    }
    return Exporter.export(r.preset, format: r.format, options: options)
  }

  /// The stamp of the file a path names (through symlinks).
  static func stamp(_ path: String) -> FileStamp? {
    FileStamp(path: AtomicFile.resolvingLinks(path))
  }

  static func loadPreset(_ path: String) -> Result<LoadedPreset, StudioFailure> {
    do {
      let p = try IconAssets.loadPreset(path: path, decodes: IconRaster.problem)
      return .success(LoadedPreset(preset: p, stamp: stamp(path)))
    } catch {
      printErr(error.description)
      return .failure(StudioFailure(error.description))
    }
  }

  static func savePreset(_ r: SaveRequest) -> SaveOutcome {
    if r.conflicts(current: stamp(r.path)) { return .conflict(path: r.path) }
    do {
      try AtomicFile.makeFolders(StudioFiles.folder(r.path))
      try PresetSparseWriter.save(r.preset, to: r.path, layoutFrom: r.layoutFrom)
      return .saved(path: r.path, r.preset, stamp(r.path))
    } catch {
      return .failed(path: r.path, StudioFailure("\(error)"))
    }
  }

  /// The library folder's presets (each read; unreadable ones without a
  /// preset) and its order file.
  static func listLibrary(_ dir: String) -> LibraryListing {
    let entries = LibraryFolder.presetFiles(dir).map { path in
      do throws(LoadError) {
        return LibraryEntry(path: path, preset: try PresetReader.load(path: path))
      } catch {
        // why: a script kept beside the presets was listed "(unreadable)",
        // which read as a broken file (designer walk-through)
        let isScript = (try? InputScript.load(path: path)) != nil
        return LibraryEntry(
          path: path, preset: nil, problem: isScript ? .inputScript : LibraryProblem(error))
      }
    }
    let order = LibraryFolder.readText(dir + "/" + PresetLibrary.orderFile).map(
      PresetLibrary.parseOrder)
    return LibraryListing(
      folder: dir, entries: entries, order: order, iconFiles: LibraryFolder.iconFiles(dir))
  }

  static func libraryOp(_ op: LibraryOp, trash: FreedesktopTrash) -> Result<
    LibraryOpResult, StudioFailure
  > {
    do throws(OutputError) {
      switch op {
      case .rename(let from, let to, let name):
        try LibraryFolder.copyRenamed(from: from, to: to, name: name, keep: false)
        return .success(.done(stamp: stamp(to)))
      case .duplicate(let from, let to, let name):
        try LibraryFolder.copyRenamed(from: from, to: to, name: name, keep: true)
        return .success(.done(stamp: stamp(to)))
      case .trash(let path):
        let item = try trash.trash(path)
        return .success(
          .trashed(TrashedFile(original: item.original, trashed: item.trashed, info: item.info)))
      case .restore(let t):
        try trash.restore(
          FreedesktopTrash.Item(original: t.original, trashed: t.trashed, info: t.info))
        return .success(.done(stamp: stamp(t.original)))
      }
    } catch {
      return .failure(StudioFailure(error.description))
    }
  }

  static func readRecovery(_ name: String, folder: String, session: String) -> (
    name: String, preset: Preset
  )? {
    var chosen = name
    if StudioFiles.isUntitledRecovery(name) {
      // why: an untitled copy is offered only when the session that wrote it is gone
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      let candidates = names.filter {
        StudioFiles.isUntitledRecovery($0) && !$0.contains("-\(session).")
          && !sessionAlive($0)
      }
      let newest = candidates.max { a, b in
        let ma =
          (try? FileManager.default.attributesOfItem(atPath: folder + "/" + a)[.modificationDate]
            as? Date) ?? .distantPast
        let mb =
          (try? FileManager.default.attributesOfItem(atPath: folder + "/" + b)[.modificationDate]
            as? Date) ?? .distantPast
        return ma < mb
      }
      guard let n = newest else { return nil }
      chosen = n
    }
    guard let p = try? PresetReader.load(path: folder + "/" + chosen) else { return nil }
    return (chosen, p)
  }

  /// Whether the session named in an untitled copy ("untitled-PID-TIME.json") still runs.
  static func sessionAlive(_ name: String) -> Bool {
    let parts = name.dropFirst("untitled-".count).split(separator: "-")
    guard let pid = parts.first.flatMap({ Int32($0) }), pid > 0 else { return false }
    return kill(pid, 0) == 0 || errno != ESRCH
  }

  static func timestamp() -> String {
    let f = DateFormatter()
    f.dateFormat = "yyyyMMdd-HHmmss"
    f.locale = Locale(identifier: "en_US_POSIX")
    return f.string(from: Date())
  }

  /// Writes a text output (an input script) through the single output
  /// writer: the old file survives any failure, nothing partial is left.
  static func writeOutput(_ text: String, to path: String) throws(OutputError) {
    let out = try OutputFile(path: path)
    try out.write(text)
    try out.commit()
  }

  /// F12: the frame as a PNG, drawn by the same back end as videos.
  static func writeScreenshot(_ dl: DrawList, width: Int, height: Int, folder: String) -> Result<
    String, StudioFailure
  > {
    let path = folder + "/springlab-\(timestamp()).png"
    do {
      try AtomicFile.makeFolders(folder)
      guard let font = FontLocator.locate() else { throw SaveError(path: path, reason: "no font") }
      let canvas = try SoftwareCanvas(width: width, height: height, fontPath: font)
      canvas.draw(dl)
      try canvas.savePNG(to: path)
      return .success(path)
    } catch {
      return .failure(StudioFailure("\(error)"))
    }
  }

  /// R: writes the take's preset and script, then renders them to MP4 in a
  /// low-priority child process.
  /// `render`'s framing flags for a take framed as `frame`.
  static func renderArguments(_ frame: TakeFrame) -> [String] {
    switch frame {
    case .device: return ["--frame", "device"]
    case .window: return []
    }
  }

  static func startTakeRender(
    _ preset: Preset, _ script: InputScript, frame: TakeFrame, folder: String
  ) -> Result<
    (String, ChildProcess), StudioFailure
  > {
    let stamp = timestamp()
    do {
      try AtomicFile.makeFolders(folder)
      let scriptPath = folder + "/\(stamp).json"
      let presetFile = folder + "/\(stamp)-preset.json"
      let out = folder + "/\(stamp).mp4"
      try PresetWriter.save(preset, to: presetFile)
      try writeOutput(script.text, to: scriptPath)
      let exe = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
      // why: low priority, so the encode never makes the window stutter
      let child = try ChildProcess.launch(
        "/usr/bin/nice",
        ["-n", "15", exe, "render", "--preset", presetFile, "--script", scriptPath, "--out", out]
          + Self.renderArguments(frame),
        env: ProcessInfo.processInfo.environment)
      return .success((out, child))
    } catch {
      return .failure(StudioFailure("\(error)"))
    }
  }
}
