/// Records live input as a script (`--record-input`): raw pointer events in
/// device points and key names, stamped with scene time.
public struct ScriptRecorder: Sendable {
  public private(set) var events: [ScriptEvent] = []

  public init() {}

  /// Records `input` if a script can express it (device and preset changes cannot).
  public mutating func record(_ input: SceneInput, at t: Double) {
    switch input {
    case .pointerDown(let p): events.append(ScriptEvent(at: t, .down(p)))
    case .pointerMove(let p): events.append(ScriptEvent(at: t, .move(p)))
    case .pointerUp(let p): events.append(ScriptEvent(at: t, .up(p)))
    case .key(let k): events.append(ScriptEvent(at: t, .key(k)))
    default: break
    }
  }

  /// The script so far, lasting until `end` seconds.
  public func script(until end: Double) -> InputScript {
    InputScript(duration: max(end, events.last?.at ?? 0), events: events)
  }
}
