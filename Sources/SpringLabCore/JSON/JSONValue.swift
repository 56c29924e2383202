/// A parsed JSON value. Objects keep their keys in document order so messages
/// and re-printed files stay readable.
public enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  public static func == (a: JSONValue, b: JSONValue) -> Bool {
    switch (a, b) {
    case (.null, .null): return true
    case (.bool(let x), .bool(let y)): return x == y
    case (.number(let x), .number(let y)): return x == y
    case (.string(let x), .string(let y)): return x == y
    case (.array(let x), .array(let y)): return x == y
    case (.object(let x), .object(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: return false
    }
  }

  /// The member `key` of an object, or nil.
  public subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members.first { $0.0 == key }?.1 }
    return nil
  }

  /// A short name of the value's type, for messages.
  public var typeName: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  /// The value as it would appear in a message: short, on one line.
  public var preview: String {
    switch self {
    case .string(let s):
      let cut = s.count > 40 ? String(s.prefix(40)) + "…" : s
      return JSONWriter.quote(cut)
    case .array(let a): return "[…\(a.count) items]"
    case .object: return "{…}"
    default: return JSONWriter.compact(self)
    }
  }
}
