import SpringLabCore
import SpringLabUI

/// Everything that can happen to the window: user input (already routed by
/// the view), the clock, commands, and the results of effects.
public enum StudioAction: Sendable {
  /// The shell's clock: wall seconds since the session started.
  case tick(Double)
  case resized(WindowSize)
  /// A key the UI did not take; the key map turns it into a command.
  case key(String, KeyModifiers)
  case command(StudioCommand)
  /// Canvas or graph pointer input, window pixels (left button).
  case pointerDown(x: Double, y: Double)
  case pointerMove(x: Double, y: Double)
  case pointerUp(x: Double, y: Double)
  /// The modifier keys held with the pointer input that follows.
  case pointerModifiers(KeyModifiers)
  /// The panel set fields of the preset it showed (`against`): each field
  /// with its new value, in the order the controls changed them (a spring
  /// form's row sets several; empty when a drag began or ended without a
  /// change), and the phases as the widgets reported them. Undo, the
  /// recordings and the graph follow the fields named here. Ignored when the
  /// preset changed since (a stale frame).
  case set([FieldSetting], [EditPhase], against: Preset)
  /// A spring edited in a non-UIKit form gave a spring presets cannot store.
  case springFormRefused(SpringFormRefusal)
  case dropFile(String)
  /// A file dropped with the pointer at (x, y) window pixels: an SVG or PNG
  /// on a fan item, the main button or the bubble becomes its icon (one undo
  /// step); anything else is handled as `dropFile`.
  case dropFileAt(String, x: Double, y: Double)
  /// The curve graph's picker: which motion it shows, and its options.
  case graph(GraphChoice)
  case dialog(DialogChoice)
  case saveAsNameChanged(String)
  case backdropFieldChanged(String)
  case reduceMotionChanged(Bool)
  /// A lint warning's field was clicked.
  case selectField(FieldID)
  /// The panel scrolled to and focused `focusRequest`.
  case focusHandled
  /// The session ends without asking (`--exit-after`, a signal): keep a
  /// recovery copy of unsaved edits, remove ours when there are none.
  case sessionEnding

  // Results of effects
  case loaded(path: String, Result<LoadedPreset, StudioFailure>)
  case saved(SaveOutcome)
  case libraryListed(LibraryListing)
  /// A library operation ended.
  case libraryDone(LibraryOp, Result<LibraryOpResult, StudioFailure>)
  /// The name the rename field holds.
  case renameNameChanged(String)
  /// The library list scrolled to the loaded preset's row.
  case libraryRowRevealed
  /// A panel tab was chosen.
  case panelTab(PanelTab)
  /// A panel section's header was clicked: the section is now `open` (or folded).
  case panelSection(PanelSection, open: Bool)
  /// The Appearance section's item picker chose item `i` (0-based).
  case appearanceItem(Int)
  /// An icon chooser opened: list the folder again, so a file copied in
  /// since shows.
  case iconChooserOpened
  /// An icon file dropped from outside the preset's folder was copied in
  /// (its path relative to the folder) or refused.
  case iconImported(IconImport, Result<String, StudioFailure>)
  /// An absolute path to an SVG/PNG typed in an Appearance icon row: taken
  /// as a drop on `target` is (copied in when outside the preset's folder).
  case iconFileTyped(String, IconDropTarget)
  case recoveryFound(name: String, Preset)
  case fileChanged(PresetFileChange, FileStamp?)
  case backdropChecked(path: String, Result<Void, StudioFailure>)
  /// A backdrop video decoded (or why not).
  case videoLoaded(path: String, Result<DecodedVideo, StudioFailure>)
  /// A backdrop fit for `target` ended: the fit, or why there is none.
  case fitFinished(GraphTarget, Result<MotionFit, StudioFailure>)
  /// A whole-menu backdrop fit ended: the menu, or why there is none.
  case menuFitFinished(Result<MenuFit, StudioFailure>)
  case copied(label: String, ok: Bool)
  /// The clipboard's text for a paste (nil: it holds none).
  case pasted(String?)
  case screenshotSaved(Result<String, StudioFailure>)
  case takeStarted(Result<String, StudioFailure>)
  case takeFinished(path: String, status: Int32)
}

/// A preset read from disk with its identity.
public struct LoadedPreset: Sendable {
  public var preset: Preset
  public var stamp: FileStamp?
  public init(preset: Preset, stamp: FileStamp?) {
    self.preset = preset
    self.stamp = stamp
  }
}

/// One clear line for the user (file, field, reason).
public struct StudioFailure: Error, Sendable, Equatable {
  public var message: String
  public init(_ message: String) { self.message = message }
}

/// How a save ended.
public enum SaveOutcome: Sendable {
  /// Written; the preset as saved and the file's new identity.
  case saved(path: String, Preset, FileStamp?)
  /// The file changed on disk since it was loaded: nothing was written.
  case conflict(path: String)
  case failed(path: String, StudioFailure)
}

/// What the window asks the outside world to do. The shell runs each effect
/// and feeds its result back as an action.
public enum StudioEffect: Sendable {
  /// Write `preset` to `path` unless the file's identity differs from
  /// `expecting` (nil = must not exist, unless `force`). Answer: `.saved`.
  case save(SaveRequest)
  /// Read a preset without ever blocking (FIFOs, devices are refused). Answer: `.loaded`.
  case load(path: String)
  /// List the `.json` files of a folder with their presets and the order
  /// file. Answer: `.libraryListed`.
  case listLibrary(folder: String)
  /// Keep `names` (file names) as the folder's order file. No answer.
  case writeLibraryOrder(folder: String, names: [String])
  /// Rename, duplicate, trash or restore a library file. Answer: `.libraryDone`.
  case library(LibraryOp)
  /// Look for a recovery copy. Answer: `.recoveryFound` (nothing when none).
  case findRecovery(name: String)
  case writeRecovery(name: String, Preset)
  case removeRecovery(name: String)
  /// Watch a file for edits (nil stops). Changes come back as `.fileChanged`.
  case watch(path: String?)
  /// Check an image's declared size before it is decoded. Answer: `.backdropChecked`.
  case checkBackdrop(path: String)
  /// Decode a video for the backdrop off the window's thread. Answer: `.videoLoaded`.
  case decodeVideo(VideoDecodeRequest)
  /// Track and fit off the window's thread. Answer: `.fitFinished`.
  case fitVideo(VideoFitRequest)
  /// Find and fit the whole fan menu off the window's thread. Answer: `.menuFitFinished`.
  case fitMenu(MenuFitRequest)
  case copyToClipboard(text: String, label: String)
  /// Export the preset and copy the code, icon files beside the preset
  /// inlined where the format inlines them (CSS/HTML). Answer: `.copied`.
  case copyExport(ExportRequest)
  /// Check an icon file from outside the preset's folder and copy it into
  /// the folder's `icons/`. Answer: `.iconImported`.
  case importIcon(IconImport)
  /// Read the clipboard's text. Answer: `.pasted`.
  case readClipboard
  /// Save the last presented frame as PNG. Answer: `.screenshotSaved`.
  case screenshot
  /// Render a take in the background, framed as `frame` says. Answers:
  /// `.takeStarted`, later `.takeFinished`.
  case renderTake(preset: Preset, script: InputScript, frame: TakeFrame)
  case setTitle(String)
  /// Write `--record-input`'s script, remember the session, and end the loop.
  case quit
}

/// How a take (R) is framed when it is rendered.
public enum TakeFrame: String, Sendable, Equatable, CaseIterable {
  /// Like `render --frame device`: the device, its bezel and a 24 pt margin,
  /// in the preset's orientation (the default: a clip ready to share).
  case device
  /// Like `render` without `--frame`: 1280×720 with the window's layout
  /// (the caption strip across the top and the device fitted below it).
  case window
}

/// A save to run.
public struct SaveRequest: Sendable {
  public var preset: Preset
  public var path: String
  /// The identity the file must still have; nil when the file is new.
  public var expecting: FileStamp?
  /// Overwrite whatever is there (the user chose Overwrite, or Save as onto an existing name).
  public var force: Bool
  /// For a file that does not exist yet: the file whose layout (key order,
  /// one-line objects, left-out defaults) it takes, such as the preset a
  /// Save as starts from; nil writes the canonical layout.
  public var layoutFrom: String? = nil

  public init(
    preset: Preset, path: String, expecting: FileStamp?, force: Bool, layoutFrom: String? = nil
  ) {
    self.preset = preset
    self.path = path
    self.expecting = expecting
    self.force = force
    self.layoutFrom = layoutFrom
  }

  /// Whether the file as it is now (`current`: its identity, nil when absent)
  /// must not be overwritten without asking.
  public func conflicts(current: FileStamp?) -> Bool { !force && current != expecting }
}

/// An export the window copies: the preset as shown, its format and
/// options, and the folder its icon files are read from (nil: a preset not
/// saved yet names no files it could read).
public struct ExportRequest: Sendable, Equatable {
  public var preset: Preset
  public var format: ExportFormat
  public var options: ExportOptions
  public var folder: String?
  /// What the toast calls the format ("SwiftUI", "CSS", …).
  public var label: String
  public init(
    preset: Preset, format: ExportFormat, options: ExportOptions, folder: String?, label: String
  ) {
    self.preset = preset
    self.format = format
    self.options = options
    self.folder = folder
    self.label = label
  }
}
