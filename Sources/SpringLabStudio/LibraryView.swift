import SpringLabCore
import SpringLabUI

/// The Presets section: the library in its kept order and what can be done
/// to the loaded preset's file.
enum LibraryView {
  /// Rows shown before the list scrolls: a quarter of the window's height,
  /// 4 at least, 16 at most.
  static func visibleRows(_ state: StudioState, ui: UIContext) -> Int {
    let row = (ui.theme.rowHeight + ui.theme.spacing) * state.window.scale
    return max(4, min(16, Int(state.window.height / 4 / max(1, row))))
  }

  static func build(_ state: StudioState, ui: UIContext, actions: inout [StudioAction]) {
    let entries = state.libraryEntries
    let rows = entries.enumerated().map { k, e in
      LibraryRow(
        number: k < 9 ? "\(k + 1)" : "", title: e.title,
        detail: e.problem?.text ?? e.fileName, curve: e.curve)
    }
    if state.revealLibraryRow {
      actions.append(.libraryRowRevealed)
    }
    if let i = ui.libraryList(
      "presets", rows: rows, selected: state.libraryIndex,
      visibleRows: visibleRows(state, ui: ui), reveal: state.revealLibraryRow)
    {
      // why: Shift+click picks A for comparing; a plain click loads B
      actions.append(
        .command(
          ui.input.mods.contains(.shift) ? .pinFile(entries[i].path) : .loadFile(entries[i].path)))
    }
    // why: two short rows, so every button's title fits at the narrowest panel
    if let i = ui.buttons(["Rename…", "Duplicate", "Delete…"]) {
      actions.append(.command([.renamePreset, .duplicatePreset, .deletePreset][i]))
    }
    if let i = ui.buttons(["Move up ▲", "Move down ▼", "Undo"]) {
      actions.append(.command([.movePreset(-1), .movePreset(1), .undoLibrary][i]))
    }
  }
}
