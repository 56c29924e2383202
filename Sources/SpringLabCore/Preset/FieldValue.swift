/// One preset field's value, typed as the field table's kind says
/// (`FieldKind`): what an edit stores, without a whole preset around it.
public enum FieldValue: Sendable, Equatable {
  case number(Double)
  case integer(Int)
  /// A choice by its name (`spring`, `uikit`…), as `ChoiceAccess` reads it.
  case choice(String)
  case flag(Bool)
  case text(String)
  case points([Point])
  case names([String])
  case color(HexColor)
  case looks([ItemLook])
}

/// One edit: a field and the value it is set to.
public struct FieldSetting: Sendable, Equatable {
  public var field: FieldID
  public var value: FieldValue

  public init(_ field: FieldID, _ value: FieldValue) {
    self.field = field
    self.value = value
  }
}

extension PresetField {
  /// The field's current value.
  public func value(of p: Preset) -> FieldValue {
    switch kind {
    case .number(let kp, _, _): return .number(p[keyPath: kp])
    case .integer(let kp, _): return .integer(p[keyPath: kp])
    case .choice(let c): return .choice(c.get(p))
    case .flag(let kp): return .flag(p[keyPath: kp])
    case .text(let kp, _, _): return .text(p[keyPath: kp])
    case .points(let kp): return .points(p[keyPath: kp])
    case .names(let kp, _): return .names(p[keyPath: kp])
    case .color(let kp): return .color(p[keyPath: kp])
    case .looks(let kp): return .looks(p[keyPath: kp])
    case .icon(let kp, _, _): return .text(p[keyPath: kp])
    }
  }

  /// Stores `v` as it is (an edit's value is already the one its control
  /// accepts); false, and nothing changed, when `v` is not of the field's
  /// kind or not one of a choice's names.
  @discardableResult
  public func set(_ v: FieldValue, in p: inout Preset) -> Bool {
    switch (kind, v) {
    case (.number(let kp, _, _), .number(let d)): p[keyPath: kp] = d
    case (.integer(let kp, _), .integer(let i)): p[keyPath: kp] = i
    case (.choice(let c), .choice(let name)): return c.set(&p, name)
    case (.flag(let kp), .flag(let b)): p[keyPath: kp] = b
    case (.text(let kp, _, _), .text(let s)): p[keyPath: kp] = s
    case (.points(let kp), .points(let pts)): p[keyPath: kp] = pts
    case (.names(let kp, _), .names(let names)): p[keyPath: kp] = names
    case (.color(let kp), .color(let c)): p[keyPath: kp] = c
    case (.looks(let kp), .looks(let looks)): p[keyPath: kp] = looks
    case (.icon(let kp, _, _), .text(let s)): p[keyPath: kp] = s
    default: return false
    }
    return true
  }
}

extension Preset {
  /// The field's value (read and written through the field table).
  public subscript(field id: FieldID) -> FieldValue {
    get { id.field.value(of: self) }
    set { id.field.set(newValue, in: &self) }
  }

  /// Applies the settings in order (a later one for the same field wins).
  public mutating func set(_ settings: [FieldSetting]) {
    for s in settings { self[field: s.field] = s.value }
  }

  /// The preset with the settings applied in order.
  public func setting(_ settings: [FieldSetting]) -> Preset {
    var p = self
    p.set(settings)
    return p
  }

  /// The current values of `fields`, in their order, each field once.
  public func settings(of fields: [FieldID]) -> [FieldSetting] {
    var seen = Set<FieldID>()
    return fields.filter { seen.insert($0).inserted }.map { FieldSetting($0, self[field: $0]) }
  }

  /// A script's `set` values as settings, in path order: the text boundary.
  /// A value this field would refuse in a file (unknown path, wrong kind,
  /// out of range) is left out, as a script's player skips it.
  public func settings(fromJSON values: [String: JSONValue]) -> [FieldSetting] {
    var out: [FieldSetting] = []
    for (path, value) in values.sorted(by: { $0.key < $1.key }) {
      guard let f = PresetField.named(path) else { continue }
      var scratch = self
      if PresetReader.apply(f, value, to: &scratch) == nil {
        out.append(FieldSetting(f.id, f.value(of: scratch)))
      }
    }
    return out
  }
}
