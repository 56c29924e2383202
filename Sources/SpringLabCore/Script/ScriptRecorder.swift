/// Records live input as a script (`--record-input`): raw pointer events in
/// device points and key names, stamped with scene time.
public struct ScriptRecorder: Sendable {
  public private(set) var events: [ScriptEvent] = []
  /// The settings as of the last recorded change, to record only what differs.
  private var preset: Preset?
  public var start = ScriptStart()

  /// `preset`: the settings the recording starts with (settings changes are
  /// recorded as `set` events against it); `start`: the scene's starting state.
  public init(preset: Preset? = nil, start: ScriptStart = ScriptStart()) {
    self.preset = preset
    self.start = start
  }

  /// Records `input` if a script can express it. A preset change becomes a
  /// `set` event of the fields `edited` names (a panel edit says which it
  /// changed); without them, of every field that differs from the preset
  /// recorded so far (an undo, a paste, a load). Nothing is recorded for a
  /// preset change before the recorder knows a preset.
  public mutating func record(_ input: SceneInput, at t: Double, edited: [FieldID] = []) {
    switch input {
    case .pointerDown(let p): events.append(ScriptEvent(at: t, .down(p)))
    case .pointerMove(let p): events.append(ScriptEvent(at: t, .move(p)))
    case .pointerUp(let p): events.append(ScriptEvent(at: t, .up(p)))
    case .command(let c): events.append(ScriptEvent(at: t, .key(c.name)))
    case .setPreset(let p):
      if let old = preset {
        let fields =
          edited.isEmpty
          ? PresetField.all.filter { $0.json(of: old) != $0.json(of: p) }.map(\.id) : edited
        let changed = Dictionary(
          fields.map { ($0.path, $0.field.json(of: p)) }, uniquingKeysWith: { _, new in new })
        if !changed.isEmpty { events.append(ScriptEvent(at: t, .set(changed))) }
      }
      preset = p
    case .setDevice(let model):
      events.append(ScriptEvent(at: t, .set([FieldID.deviceModel.path: .string(model.rawValue)])))
      preset?.device = model
    }
  }

  /// The script so far, lasting until `end` seconds.
  public func script(until end: Double) -> InputScript {
    InputScript(duration: max(end, events.last?.at ?? 0), events: events, start: start)
  }
}
