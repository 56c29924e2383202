/// Undo / redo of whole presets. One user gesture (a slider drag, a canvas
/// drag, a preset load) is one step: `begin` snapshots before the gesture,
/// `commit` records it if anything changed.
public struct UndoHistory: Sendable, Equatable {
  /// What a step changed besides the preset on screen.
  public enum StepKind: Sendable, Equatable {
    /// Only the preset.
    case edit
    /// An A/B swap: the pinned A and the preset on screen traded places, so
    /// undoing or redoing it trades them back (A keeps its snapshot).
    case swapAB
  }

  /// One step: the preset to go back (or forward) to, what kind of change
  /// it was, and the fields it set when every change in it named its fields
  /// (panel edits); nil when it did not (a load, a paste, a canvas drag).
  public struct Step: Sendable, Equatable {
    public var preset: Preset
    public var kind: StepKind
    public var fields: [FieldID]? = nil
  }

  public private(set) var undoSteps: [Step] = []
  public private(set) var redoSteps: [Step] = []
  private var pending: Preset?
  /// The fields the gesture under way set, while all its changes named them.
  private var pendingFields: [FieldID]?
  /// Oldest steps are dropped past this many.
  public var limit = 500

  public init() {}

  /// The presets undo goes back to, oldest first.
  public var undoStack: [Preset] { undoSteps.map(\.preset) }
  /// The presets redo goes forward to, the next one last.
  public var redoStack: [Preset] { redoSteps.map(\.preset) }

  public var canUndo: Bool { !undoSteps.isEmpty }
  public var canRedo: Bool { !redoSteps.isEmpty }

  /// Marks the start of a gesture that may change `current`.
  public mutating func begin(_ current: Preset) {
    if pending == nil {
      pending = current
      pendingFields = nil
    }
  }

  /// Marks the start of a gesture whose changes name their fields (a panel
  /// edit), or continues the one under way, noting `fields`.
  public mutating func begin(_ current: Preset, setting fields: [FieldID]) {
    if pending == nil {
      pending = current
      pendingFields = []
    }
    note(fields)
  }

  /// Notes fields the gesture under way set (nothing when none is).
  public mutating func note(_ fields: [FieldID]) {
    guard pending != nil, var f = pendingFields else { return }
    for id in fields where !f.contains(id) { f.append(id) }
    pendingFields = f
  }

  /// Ends the gesture; records a step if `current` differs from its start.
  public mutating func commit(_ current: Preset, kind: StepKind = .edit) {
    guard let before = pending else { return }
    pending = nil
    let fields = pendingFields
    pendingFields = nil
    guard before != current else { return }
    undoSteps.append(Step(preset: before, kind: kind, fields: fields))
    if undoSteps.count > limit { undoSteps.removeFirst(undoSteps.count - limit) }
    redoSteps.removeAll()
  }

  /// A one-shot change (a load, a picker click, a swap): `before` → `after`.
  public mutating func record(from before: Preset, to after: Preset, kind: StepKind = .edit) {
    begin(before)
    // why: a change that names no field makes the whole step's fields unknown
    pendingFields = nil
    commit(after, kind: kind)
  }

  /// The preset to show after undoing, given what is shown now.
  public mutating func undo(_ current: Preset) -> Preset? { undoStep(current)?.preset }

  /// The step undone (the preset to show and its kind), given what is shown now.
  public mutating func undoStep(_ current: Preset) -> Step? {
    pending = nil
    guard let s = undoSteps.popLast() else { return nil }
    redoSteps.append(Step(preset: current, kind: s.kind, fields: s.fields))
    return s
  }

  public mutating func redo(_ current: Preset) -> Preset? { redoStep(current)?.preset }

  /// The step redone (the preset to show and its kind), given what is shown now.
  public mutating func redoStep(_ current: Preset) -> Step? {
    pending = nil
    guard let s = redoSteps.popLast() else { return nil }
    undoSteps.append(Step(preset: current, kind: s.kind, fields: s.fields))
    return s
  }
}
