import SpringLabCore
import SpringLabUI

/// The open document: what is loaded, what is on disk, and how to get back.
public struct StudioDocument: Sendable {
  /// The preset file, absolute; nil for an untitled document.
  public var path: String?
  /// The file's on-disk identity when it was last loaded or saved: a save
  /// first checks it is unchanged (another window or an editor wrote it).
  public var stamp: FileStamp?
  /// The preset as last loaded or saved, for the modified marker.
  public var saved: Preset
  /// This document's own undo and redo: a load starts another document's
  /// history, so an undo never brings one preset's settings into another's file.
  public var history = UndoHistory()

  public init(path: String?, stamp: FileStamp?, saved: Preset) {
    self.path = path
    self.stamp = stamp
    self.saved = saved
  }
}

/// A document's undo history while another document is open.
public struct ParkedHistory: Sendable, Equatable {
  /// The document's saved preset when it was left: the history is restored
  /// only onto this exact file content.
  public var saved: Preset
  public var history: UndoHistory
}

/// A/B: the pinned settings A run on the same clock and inputs as B.
public struct Comparison: Sendable {
  public var pinned: Preset
  public var ghost: SceneTimeline
  public var mode: CompareMode = .ghost
  /// The library file A came from; nil when A is pinned from the current settings.
  public var source: String?
  /// A's onion skin (T), like `StudioState.trails` for B.
  public var trails: [[Point]] = []
  /// For a snapshot (`source == nil`) pinned in another document than the
  /// one open now: that document's name. X does not swap such a snapshot
  /// in, since Ctrl+S would then write its settings into this file.
  public var pinnedIn: String? = nil

  /// A's motion plan: what the graph draws for A (dashed, beside B's).
  public var plan: MotionPlan { MotionPlan(pinned) }

  /// What A is called: the preset's name, "(pinned)" when it is a snapshot.
  public var title: String { source == nil ? "\(pinned.name) (pinned)" : pinned.name }
}

public enum CompareMode: Sendable, Equatable { case ghost, sideBySide }

/// Toggles that change only what is shown.
public struct StudioOverlays: Sendable, Equatable {
  public var help = false
  public var graph = false
  public var trails = false
  public var editOnCanvas = false
  public var panel = true
  public var debug = false
  public var reduceMotion = false
  /// A PNG or JPEG behind the device, checked before it is shown.
  public var backdrop: String?
  public init() {}
}

/// What the pointer is doing on the canvas or the graph, from press to release.
public enum CanvasGesture: Sendable {
  case scene
  case editItem(Int, before: Preset)
  case editMain(before: Preset, grab: Point)
  /// An arc handle of the canvas editor (radius, start or end angle).
  case editHandle(CanvasHandleKind, before: Preset)
  case scrub
  /// A rectangle around the backdrop video's element, from a video pixel;
  /// `replacing` is the mark it replaces (nil when there was none).
  case markRegion(from: Point, at: Double, replacing: FrameRegion?)
  /// A Bézier control point on the graph, with the axes at the press.
  case bezier(Int, before: Preset, axes: GraphAxes)
  /// The spring's first peak (damping only), grabbed at pixel y.
  case peak(before: Preset, grabY: Double, axes: GraphAxes)
  /// The settle marker (duration only), grabbed at pixel x.
  case settle(before: Preset, grabX: Double, axes: GraphAxes)

  /// The graph's axes held by a drag on the graph, nil for other gestures.
  var heldAxes: GraphAxes? {
    switch self {
    case .bezier(_, _, let a), .peak(_, _, let a), .settle(_, _, let a): return a
    default: return nil
    }
  }
}

/// A short message over the canvas, until a wall time (seconds).
public struct Toast: Sendable, Equatable {
  public var text: String
  public var until: Double
}

/// A take being recorded (R): the input since `start`, replayed by `render`.
public struct Take: Sendable {
  public var recorder: ScriptRecorder
  /// Timeline time when the take started, seconds.
  public var start: Double
  /// The preset the take starts from.
  public var preset: Preset
}

/// The recovery autosave of this document: one copy per preset path.
public struct RecoveryState: Sendable, Equatable {
  /// This session's id, naming an untitled document's copy.
  public var session: String
  /// The copy's file name (see `StudioFiles.recoveryName`).
  public var name: String
  /// Unsaved edits not yet autosaved.
  public var dirty = false
  /// Wall time of the last autosave, seconds.
  public var lastWrite = -1e9
  /// This session wrote `name` (only then may it remove it).
  public var wrote = false
}

/// The window's size in pixels and its HiDPI factor.
public struct WindowSize: Sendable, Equatable {
  public var width: Double
  public var height: Double
  public var scale: Double
  public init(width: Double, height: Double, scale: Double) {
    self.width = width
    self.height = height
    self.scale = scale
  }
}

/// An input script played live (`--play`), with an optional pause time.
public struct LivePlay: Sendable {
  public var player: ScriptPlayer
  /// Scene time at which the timeline pauses (exactly), seconds.
  public var pauseAt: Double?
}

/// Everything the window shows and does, as a value. Only `reduce` changes
/// it; the view reads it; the shell never reaches into it except to run
/// the effects `reduce` returns.
public struct StudioState: Sendable {
  public var timeline: SceneTimeline
  public var document: StudioDocument
  /// The undo histories of the documents opened before in this session, by
  /// file path; loading one again brings its history back.
  public var parkedHistories: [String: ParkedHistory] = [:]
  public var compare: Comparison?
  public var overlays = StudioOverlays()
  /// What the curve graph shows (which motion, velocity, both directions).
  public var graphSettings = GraphSettings()
  /// Why the last edit of a spring in a non-UIKit form was refused, shown
  /// under that spring's rows until an edit goes through.
  public var springFormRefusal: SpringFormRefusal?
  public var dialog: StudioDialog?
  /// What the Save as dialog's name field holds.
  public var saveAsName = ""
  public var gesture: CanvasGesture?
  /// The modifier keys held with the pointer's last press or move (Shift drags angles free).
  public var pointerMods: KeyModifiers = []
  public var toast: Toast?
  public var take: Take?
  /// The session's input, for `--record-input` (nil when not recording).
  public var recorder: ScriptRecorder?
  public var play: LivePlay?
  public var folders: StudioFolders
  /// The presets of the library folder in the kept order (numbers 1–9 are
  /// positions in it).
  public var libraryEntries: [LibraryEntry] = []
  /// The list scrolls to the loaded preset's row on its next frame (set when
  /// the document or the list changes; the view clears it once done, so the
  /// wheel can scroll away again).
  public var revealLibraryRow = true
  /// Takes back the library's last rename, duplicate or delete, newest last.
  public var libraryUndo: [LibraryUndo] = []
  /// The panel's tab (Fan, Bubble, Device, Export).
  public var panelTab: PanelTab = .fan
  /// Which panel sections are open (the window keeps them in `state.json`).
  public var panelFolds = PanelFolds()
  /// The fan item the Appearance section shows (0-based; past the last
  /// item it shows the last).
  public var appearanceItem = 0
  /// The SVG/PNG files in the document's folder tree, relative to it, as
  /// last listed with the library (the icon chooser's files).
  public var iconFiles: [String] = []
  /// The undo step whose operation is under way.
  public var pendingLibraryUndo: LibraryUndo?
  public var recovery: RecoveryState
  public var window: WindowSize
  /// The last load or save error, shown in the panel until the next success.
  public var loadError: String?
  /// The lint warning's field selected with L or a click in the Lint section.
  public var highlightField: FieldID?
  /// A field the panel scrolls to and focuses on its next frame.
  public var focusRequest: FieldID?
  public var lintCursor = 0
  public var autoReplay = false
  public var autoReplayNext = 0.0
  /// Replay pressed on an open fan: it closes, then blooms again once
  /// closed, so one press shows the expand being tuned.
  public var replayBloomPending = false
  /// The backdrop video (instead of `overlays.backdrop`'s image), if any.
  public var videoBackdrop: VideoBackdrop?
  /// Onion skin: each fan item's centre every `trailInterval` seconds of
  /// the current motion, oldest first.
  public var trails: [[Point]] = []
  /// Seconds of scene time between two ghosts of the onion skin.
  public var trailInterval = 1.0 / 30
  /// At most this many ghosts per item.
  static let trailCap = 30
  /// Seconds the ghosts stay after the motion ends.
  static let trailLinger = 0.6
  /// What the backdrop path field holds.
  public var backdropField = ""
  public var bubbleWasHidden = false
  /// Wall time of the last tick, seconds (from the shell's clock).
  public var now = 0.0
  public var running = true
  /// The window title last asked for.
  public var title = ""
  /// What to do once the save under way succeeds (quit, load another preset).
  public var pendingAfterSave: PendingAction?
  /// Takes rendering in the background.
  public var rendersRunning = 0
  /// How takes are framed (`--take-frame`; default: the device).
  public var takeFrame = TakeFrame.device

  public init(
    preset: Preset, path: String?, stamp: FileStamp?, folders: StudioFolders, session: String,
    window: WindowSize
  ) {
    timeline = SceneTimeline(scene: Scene(preset: preset))
    document = StudioDocument(path: path, stamp: stamp, saved: preset)
    self.folders = folders
    recovery = RecoveryState(
      session: session, name: StudioFiles.recoveryName(path: path, session: session))
    self.window = window
  }

  /// The library's preset files, in the kept order.
  public var library: [String] { libraryEntries.map(\.path) }

  public var scene: Scene { timeline.scene }
  public var preset: Preset { timeline.scene.preset }
  public var modified: Bool { preset != document.saved }

  /// The file name shown for the document.
  /// The folder the document's icon files are relative to (its file's
  /// folder); nil for an untitled document, whose icon files are not drawn.
  public var assetFolder: String? { document.path.map(StudioFiles.folder) }

  public var documentName: String {
    document.path.map(StudioFiles.lastComponent) ?? preset.name
  }

  public var windowTitle: String { "SpringLab — \(documentName)\(modified ? " •" : "")" }

  /// Whether the picture changes by itself now.
  public var isAnimating: Bool {
    if timeline.paused { return false }
    // why: a backdrop video plays with the timeline
    if videoBackdrop != nil { return true }
    if autoReplay || take != nil || play.map({ !$0.player.isFinished }) == true { return true }
    if overlays.trails && trails.contains(where: { !$0.isEmpty }) { return true }
    if scene.isAnimating(at: scene.now) { return true }
    if scene.fadingTouch(at: scene.now) != nil { return true }
    if let c = compare {
      if overlays.trails && c.trails.contains(where: { !$0.isEmpty }) { return true }
      return c.ghost.scene.isAnimating(at: c.ghost.scene.now)
    }
    return false
  }

  /// Wall seconds until the state changes by itself when nothing moves
  /// (a scheduled scene event, a toast ending), capped at `cap`.
  public func idleTimeout(cap: Double) -> Double {
    var t = cap
    if !timeline.paused, let wake = scene.nextWake(after: scene.now) {
      t = min(t, max(0, (wake - scene.now) / timeline.speed))
    }
    if let m = toast { t = min(t, max(0, m.until - now)) }
    if recovery.dirty {
      t = min(t, max(0, recovery.lastWrite + StudioFiles.recoveryInterval - now))
    }
    return t
  }
}
