/// Undo / redo of whole presets. One user gesture (a slider drag, a canvas
/// drag, a preset load) is one step: `begin` snapshots before the gesture,
/// `commit` records it if anything changed.
public struct UndoHistory: Sendable, Equatable {
  public private(set) var undoStack: [Preset] = []
  public private(set) var redoStack: [Preset] = []
  private var pending: Preset?
  /// Oldest steps are dropped past this many.
  public var limit = 500

  public init() {}

  public var canUndo: Bool { !undoStack.isEmpty }
  public var canRedo: Bool { !redoStack.isEmpty }

  /// Marks the start of a gesture that may change `current`.
  public mutating func begin(_ current: Preset) {
    if pending == nil { pending = current }
  }

  /// Ends the gesture; records a step if `current` differs from its start.
  public mutating func commit(_ current: Preset) {
    guard let before = pending else { return }
    pending = nil
    guard before != current else { return }
    undoStack.append(before)
    if undoStack.count > limit { undoStack.removeFirst(undoStack.count - limit) }
    redoStack.removeAll()
  }

  /// A one-shot change (a load, a picker click): `before` → `after`.
  public mutating func record(from before: Preset, to after: Preset) {
    begin(before)
    commit(after)
  }

  /// The preset to show after undoing, given what is shown now.
  public mutating func undo(_ current: Preset) -> Preset? {
    pending = nil
    guard let p = undoStack.popLast() else { return nil }
    redoStack.append(current)
    return p
  }

  public mutating func redo(_ current: Preset) -> Preset? {
    pending = nil
    guard let p = redoStack.popLast() else { return nil }
    undoStack.append(current)
    return p
  }
}
