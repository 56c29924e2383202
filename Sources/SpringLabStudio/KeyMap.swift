import SpringLabCore
import SpringLabUI

/// What a key, a button or the menu asks the window to do.
public enum StudioCommand: Sendable, Equatable {
  case toggleFan, bubble, keyboard, rotate
  /// Load the library's Nth preset (1-based).
  case loadNumbered(Int)
  case loadFile(String)
  case save, saveAs, undo, redo
  case copyExport(ExportFormat)
  case togglePanel, nextPanelTab, previousPanelTab, toggleDebug, nextLint, toggleGraph, togglePause
  case stepBack, stepForward, slower, faster, toggleTrails
  case pinA, toggleCompareMode, swapAB, toggleEditOnCanvas, toggleTake, screenshot
  case escape, toggleHelp, quit
  case replay, toggleAutoReplay, showBubble, replaySnap, paste
  case setBackdrop(String)
  case clearBackdrop
  /// Backdrop video: drags on the canvas mark the element (on/off), and fit
  /// the marked element's motion onto the graphed spring.
  case toggleMarking, fitBackdrop
  /// Backdrop video: the fit's range starts (`[`) or ends (`]`) at the frame
  /// shown; again on the same frame clears that end.
  case fitFromHere, fitToHere
  /// The loaded preset in the library: rename (asks the name), duplicate,
  /// delete (asks; to the Trash), move up (-1) or down (+1) in the order.
  case renamePreset, duplicatePreset, deletePreset
  case movePreset(Int)
  /// A/B: the library's Nth preset (1-based) or a library file becomes A.
  case pinNumbered(Int)
  case pinFile(String)
  /// Takes back the library's last rename, duplicate or delete.
  case undoLibrary
}

/// One key (or key combination) as the window receives it.
public struct KeyChord: Sendable, Equatable {
  /// A `KeyName` or a lower-case character, as SDLWindow reports it.
  public var key: String
  public var mods: KeyModifiers
  public init(_ key: String, _ mods: KeyModifiers = []) {
    self.key = key
    self.mods = mods
  }
}

/// A row of the key map: the keys as the user reads them, what they send,
/// and the help text.
public struct KeyBinding: Sendable {
  public var label: String
  public var chords: [KeyChord]
  public var help: String
  /// The command for the chord that matched (1–9 carry their number).
  public var command: @Sendable (KeyChord) -> StudioCommand
}

/// The one key map: dispatch, the help overlay (?) and `springlab keys` all
/// read this table, so they cannot disagree.
public enum KeyMap {
  static func bind(
    _ label: String, _ chords: [KeyChord], _ command: StudioCommand, _ help: String
  ) -> KeyBinding {
    KeyBinding(label: label, chords: chords, help: help, command: { _ in command })
  }

  public static let bindings: [KeyBinding] = [
    bind("Space", [KeyChord("space")], .toggleFan, "toggle the fan"),
    bind("B", [KeyChord("b")], .bubble, "bubble menu (or show a dismissed bubble)"),
    bind("K", [KeyChord("k")], .keyboard, "simulated keyboard"),
    bind("O", [KeyChord("o")], .rotate, "rotate the device"),
    KeyBinding(
      label: "1–9", chords: (1...9).map { KeyChord("\($0)") },
      help: "load preset N of the library (the loaded preset's folder, in its kept order)",
      command: { .loadNumbered(Int($0.key) ?? 1) }),
    KeyBinding(
      label: "Shift+1–9", chords: (1...9).map { KeyChord("\($0)", .shift) },
      help: "compare: preset N of the library becomes A (the loaded one is B)",
      command: { .pinNumbered(Int($0.key) ?? 1) }),
    bind("Ctrl+S", [KeyChord("s", .ctrl)], .save, "save (asks first if the file changed on disk)"),
    bind("Ctrl+Shift+S", [KeyChord("s", [.ctrl, .shift])], .saveAs, "save as, in the library"),
    bind("Ctrl+Z", [KeyChord("z", .ctrl)], .undo, "undo (one drag is one step)"),
    bind(
      "Ctrl+Shift+Z / Ctrl+Y", [KeyChord("z", [.ctrl, .shift]), KeyChord("y", .ctrl)], .redo,
      "redo"),
    bind("Ctrl+C", [KeyChord("c", .ctrl)], .copyExport(.json), "copy the preset as JSON"),
    bind(
      "Ctrl+V", [KeyChord("v", .ctrl)], .paste,
      "paste a spring or curve (SwiftUI, UIKit, Compose, motion, CSS) onto the graphed motion"),
    bind("Tab", [KeyChord("tab")], .togglePanel, "hide or show the panel"),
    bind(
      "Ctrl+Tab", [KeyChord("tab", .ctrl)], .nextPanelTab,
      "next panel tab (Fan, Bubble, Device, Export; shows the panel)"),
    bind(
      "Ctrl+Shift+Tab", [KeyChord("tab", [.ctrl, .shift])], .previousPanelTab, "previous panel tab"),
    bind(
      "D", [KeyChord("d")], .toggleDebug, "debug overlay (hit areas, safe area, arc, thumb zone)"),
    bind(
      "L", [KeyChord("l")], .nextLint, "select the next lint warning's field (Enter types a value)"),
    bind(
      "G", [KeyChord("g")], .toggleGraph,
      "curve graph: pick the motion (expand, collapse, bubble snap, bubble menu, keyboard; it follows the field you edit), velocity, both ways; a playhead on whichever plays (drag it to scrub); drag Bézier handles of eased curves; A pinned is dashed"
    ),
    bind("P", [KeyChord("p")], .togglePause, "pause"),
    bind(",", [KeyChord(",")], .stepBack, "step one frame back (paused)"),
    bind(".", [KeyChord(".")], .stepForward, "step one frame forward (paused)"),
    bind("-", [KeyChord("-")], .slower, "slower: 1×, ½×, ¼×, 1/10×"),
    bind("=", [KeyChord("=")], .faster, "faster"),
    bind("T", [KeyChord("t")], .toggleTrails, "trails: a ghost every 1/30 s (onion skin)"),
    bind(
      "N", [KeyChord("n")], .replaySnap,
      "replay the bubble's snap (from 40 % of the way to the middle back to its place)"),
    bind("A", [KeyChord("a")], .pinA, "pin the current settings as A (ghost); again unpins"),
    bind("V", [KeyChord("v")], .toggleCompareMode, "A and B side by side, or A as a ghost"),
    bind("X", [KeyChord("x")], .swapAB, "swap A and B"),
    bind(
      "E", [KeyChord("e")], .toggleEditOnCanvas,
      "edit on the canvas: arc guide with radius and start/end angle handles (5° snaps, Shift drags free), items, the main button; the bubble's snap targets"
    ),
    bind(
      "R", [KeyChord("r")], .toggleTake,
      "record a take; R again renders it to the recordings folder"),
    bind(
      "M", [KeyChord("m")], .toggleMarking,
      "backdrop video: drags on the canvas draw the element's rectangle (on after a video loads), or reach the scene"
    ),
    bind(
      "F", [KeyChord("f")], .fitBackdrop,
      "fit the marked element's motion in the backdrop video onto the graphed motion (a turning element: the main button's turn); with none marked and the fan's expand graphed, the whole menu (one undo step)"
    ),
    KeyBinding(
      label: "[ / ]", chords: [KeyChord("["), KeyChord("]")],
      help:
        "backdrop video: the fit starts ([) or ends (]) at the frame shown, as fit --from/--to; again on that frame clears it",
      command: { $0.key == "[" ? .fitFromHere : .fitToHere }),
    bind("F12", [KeyChord("f12")], .screenshot, "screenshot to the screenshots folder"),
    bind("Esc", [KeyChord("escape")], .escape, "collapse / close the help"),
    bind("? / H", [KeyChord("?"), KeyChord("/"), KeyChord("h")], .toggleHelp, "this help"),
    bind(
      "Q / Ctrl+Q", [KeyChord("q"), KeyChord("q", .ctrl)], .quit,
      "quit (asks when there are unsaved changes)"),
  ]

  /// The command for a key, if any. Shift is ignored for keys bound without
  /// it (so `?` typed as Shift+/ works), never the other way round.
  public static func command(for key: String, _ mods: KeyModifiers) -> StudioCommand? {
    let m = mods.subtracting(.alt)
    // why: an exact chord (Shift+1) wins over the same key with Shift ignored (1)
    for b in bindings {
      for c in b.chords where c.key == key && c.mods == m { return b.command(c) }
    }
    for b in bindings {
      for c in b.chords where c.key == key {
        if c.mods == m.subtracting(.shift) && !m.contains(.ctrl) { return b.command(c) }
      }
    }
    return nil
  }

  /// The key map as a Markdown table (`springlab keys`, docs/GUIDE.md).
  public static var markdown: String {
    var out = "| Key | Action |\n|---|---|\n"
    for b in bindings {
      out += "| \(b.label.replacingPipes) | \(b.help.replacingPipes) |\n"
    }
    return out
  }
}

extension String {
  fileprivate var replacingPipes: String {
    var s = ""
    for ch in self { s += ch == "|" ? "\\|" : String(ch) }
    return s
  }
}
