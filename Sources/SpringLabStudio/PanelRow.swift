import SpringLabCore

/// One row of the panel's field sections, by identity: a preset field, or a
/// virtual row of a spring shown in a form other than UIKit's (its numbers
/// are converted to and from the stored UIKit numbers, so they are not
/// fields of their own).
enum PanelRow: Hashable, Sendable {
  /// A preset field's control; a spring's `form` field is its form picker.
  case field(FieldID)
  /// One number of the spring's chosen form (stiffness, bounce, …); the
  /// spring is named by its duration field.
  case formNumber(spring: FieldID, SpringFormParameter)
  /// The spring's status line: what plays in UIKit's numbers, or why the
  /// last edit was refused.
  case formStatus(spring: FieldID)

  /// The field the row edits or belongs to (a virtual row's spring's duration).
  var field: FieldID {
    switch self {
    case .field(let f): return f
    case .formNumber(let s, _), .formStatus(let s): return s
    }
  }

  /// The spring a virtual row belongs to; nil for a field row.
  var spring: PresetSpring? {
    switch self {
    case .field: return nil
    case .formNumber(let s, _), .formStatus(let s): return PresetSpring.owning(s)
    }
  }

  /// A stable widget id for the immediate-mode UI (unique per row).
  var key: String {
    switch self {
    case .field(let f): return f.path
    // why: a virtual row's id reads like its spring's section (`fan.expand.as.bounce`)
    case .formNumber(let s, let p): return (spring?.prefix ?? s.path) + ".as." + p.rawValue
    case .formStatus(let s): return (spring?.prefix ?? s.path) + ".as.status"
    }
  }
}
