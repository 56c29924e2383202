import Foundation

/// Where a script event acts: a named target (resolved when it fires) or a
/// point in device points.
public enum ScriptTarget: Sendable, Equatable {
  case named(NamedTarget, index: Int?)
  case point(Point)
}

public enum ScriptAction: Sendable, Equatable {
  case tap(ScriptTarget)
  /// Press at the target, move in a straight line to `to` over `over` seconds, release.
  case drag(ScriptTarget, to: Point, over: Double)
  case key(String)
  case down(Point)
  case move(Point)
  case up(Point)
  /// Settings changed during the session (a slider, a picker): preset field
  /// paths and their new values, e.g. `{"fan.radius": 140}`. SpringLab's
  /// addition to the script format, so recorded tuning replays exactly.
  case set([String: JSONValue])
}

public struct ScriptEvent: Sendable, Equatable {
  public var at: Double
  public var action: ScriptAction
  public init(at: Double, _ action: ScriptAction) {
    self.at = at
    self.action = action
  }
}

/// An input script (docs/FORMATS.md): a duration in seconds and timed events.
public struct InputScript: Sendable, Equatable {
  public var duration: Double
  public var events: [ScriptEvent]
  public var start = ScriptStart()

  public init(duration: Double, events: [ScriptEvent], start: ScriptStart = ScriptStart()) {
    self.duration = duration
    self.events = events
    self.start = start
  }

  public static let targetNames = NamedTarget.allCases.map(\.rawValue)
  public static let maxEvents = 1_000_000
  public static let maxDuration = 3600.0
  /// Largest script file read, checked before parsing (a file over it is
  /// refused unread): 64 MiB holds 10⁶ compact events (a drag is ~57 bytes).
  public static let maxBytes = 64 << 20

  // MARK: reading

  public static func load(path: String) throws(LoadError) -> InputScript {
    let data = try PresetReader.readLimited(path: path, limit: maxBytes)
    return try decode(data, file: path)
  }

  public static func decode(_ data: Data, file: String) throws(LoadError) -> InputScript {
    let root: JSONValue
    do {
      root = try StrictJSONParser.parse(data, maxDepth: 32, maxArrayCount: maxEvents)
    } catch {
      if error.reason == "more than \(maxEvents) items" {
        throw LoadError(
          FieldProblem(
            file: file, path: "events", value: nil, reason: "more than \(maxEvents) events"))
      }
      throw LoadError(
        FieldProblem(file: file, path: eventPath(error.path), value: nil, reason: error.description)
      )
    }
    func bad(_ path: String, _ v: JSONValue?, _ reason: String) -> LoadError {
      LoadError(FieldProblem(file: file, path: path, value: v?.preview, reason: reason))
    }
    guard case .object(let top) = root else {
      throw bad("", root, "must be a JSON object with duration and events")
    }
    for (k, v) in top where k != "duration" && k != "events" && k != "start" {
      throw bad(k, v, "unknown field")
    }
    var start = ScriptStart()
    if let sv = root["start"] {
      guard case .object(let members) = sv else { throw bad("start", sv, "must be an object") }
      for (k, v) in members {
        switch (k, v) {
        case ("bubble", .array(let xy)):
          guard xy.count == 2, case .number(let x) = xy[0], case .number(let y) = xy[1],
            abs(x) <= 100_000, abs(y) <= 100_000
          else { throw bad("start.bubble", v, "must be [x, y] in device points") }
          start.bubble = Point(x, y)
        case ("fanOpen", .bool(let b)): start.fanOpen = b
        case ("keyboard", .bool(let b)): start.keyboard = b
        case ("bubbleHidden", .bool(let b)): start.bubbleHidden = b
        case ("bubble", _): throw bad("start.bubble", v, "must be [x, y] in device points")
        case ("fanOpen", _), ("keyboard", _), ("bubbleHidden", _):
          throw bad("start.\(k)", v, "must be true or false")
        default:
          throw bad(
            "start.\(k)", v, "unknown field; one of bubble, fanOpen, keyboard, bubbleHidden")
        }
      }
    }
    guard let dv = root["duration"] else { throw bad("duration", nil, "missing; seconds, 0…3600") }
    guard case .number(let duration) = dv, duration >= 0, duration <= maxDuration else {
      throw bad("duration", dv, "must be a number of seconds, 0…3600")
    }
    guard case .array(let list)? = root["events"] else {
      throw bad("events", root["events"], "must be an array of events")
    }
    guard list.count <= maxEvents else { throw bad("events", nil, "more than \(maxEvents) events") }
    var events: [ScriptEvent] = []
    events.reserveCapacity(list.count)
    for (i, ev) in list.enumerated() {
      // why: spelled only when a message needs it; a million events decode
      // without a million strings
      var base: String { "events[\(i)]" }
      guard case .object(let members) = ev else { throw bad(base, ev, "must be an object") }
      guard let atV = ev["at"] else {
        throw bad(base + ".at", nil, "missing; seconds from the start")
      }
      guard case .number(let at) = atV, at >= 0, at <= duration else {
        throw bad(
          base + ".at", atV,
          "must be a number of seconds, 0…duration (\(JSONWriter.number(duration)))")
      }
      var kind = ""
      var kinds = 0
      for (k, _) in members {
        switch k {
        case "tap", "drag", "key", "down", "move", "up", "set":
          kind = k
          kinds += 1
        default: break
        }
      }
      guard kinds == 1 else {
        throw bad(base, nil, "needs exactly one of tap, drag, key, down, move, up, set")
      }
      for (k, v) in members {
        let allowed: Bool
        switch k {
        case "at", kind: allowed = true
        case "to", "over": allowed = kind == "drag"
        case "index": allowed = kind == "drag" || kind == "tap"
        default: allowed = false
        }
        guard allowed else { throw bad("\(base).\(k)", v, "unknown field for a \(kind) event") }
      }
      func point(_ key: String) throws(LoadError) -> Point {
        guard case .array(let xy)? = ev[key], xy.count == 2, case .number(let x) = xy[0],
          case .number(let y) = xy[1],
          abs(x) <= 100_000, abs(y) <= 100_000
        else { throw bad("\(base).\(key)", ev[key], "must be [x, y] in device points") }
        return Point(x, y)
      }
      func target() throws(LoadError) -> ScriptTarget {
        let v = ev[kind]!
        if case .string(let text) = v {
          guard let name = NamedTarget(rawValue: text) else {
            throw bad(
              "\(base).\(kind)", v, "unknown target; one of " + targetNames.joined(separator: ", "))
          }
          var index: Int?
          if let iv = ev["index"] {
            guard case .number(let d) = iv, d == d.rounded(), d >= 0, d < 1000 else {
              throw bad("\(base).index", iv, "must be a whole number 0…999")
            }
            index = Int(d)
          }
          if name.needsIndex && index == nil {
            throw bad("\(base).index", nil, "missing; \(text) needs an index")
          }
          return .named(name, index: index)
        }
        return .point(try point(kind))
      }
      let action: ScriptAction
      switch kind {
      case "tap": action = .tap(try target())
      case "drag":
        let to = try point("to")
        guard case .number(let over)? = ev["over"], over >= 0, over <= 60 else {
          throw bad("\(base).over", ev["over"], "must be seconds, 0…60")
        }
        action = .drag(try target(), to: to, over: over)
      case "key":
        guard case .string(let k)? = ev["key"], !k.isEmpty, k.count <= 32 else {
          throw bad("\(base).key", ev["key"], "must be a key name")
        }
        action = .key(k)
      case "down": action = .down(try point("down"))
      case "move": action = .move(try point("move"))
      case "set":
        guard case .object(let pairs)? = ev["set"], !pairs.isEmpty else {
          throw bad("\(base).set", ev["set"], "must be an object of preset field paths and values")
        }
        var scratch = Preset()
        var values: [String: JSONValue] = [:]
        for (path, value) in pairs {
          guard let f = PresetField.named(path) else {
            throw bad("\(base).set.\(path)", value, "unknown preset field")
          }
          if let reason = PresetReader.apply(f, value, to: &scratch) {
            throw bad("\(base).set.\(path)", value, reason)
          }
          values[path] = value
        }
        action = .set(values)
      default: action = .up(try point("up"))
      }
      events.append(ScriptEvent(at: at, action))
    }
    return InputScript(duration: duration, events: events, start: start)
  }

  /// The parser's dotted path ("events.1.at") in the form the other script
  /// messages use ("events[1].at").
  static func eventPath(_ dotted: String) -> String {
    var out = ""
    for part in dotted.split(separator: ".", omittingEmptySubsequences: false) {
      if !part.isEmpty, part.allSatisfy(\.isNumber), !out.isEmpty {
        out += "[\(part)]"
      } else {
        out += (out.isEmpty ? "" : ".") + part
      }
    }
    return out
  }

  // MARK: writing

  public var json: JSONValue {
    func pt(_ p: Point) -> JSONValue {
      .array([.number(roundTrace(p.x)), .number(roundTrace(p.y))])
    }
    func tgt(_ key: String, _ t: ScriptTarget) -> [(String, JSONValue)] {
      switch t {
      case .named(let n, let i):
        return [(key, .string(n.rawValue))] + (i.map { [("index", .number(Double($0)))] } ?? [])
      case .point(let p): return [(key, pt(p))]
      }
    }
    let evs: [JSONValue] = events.map { e in
      var m: [(String, JSONValue)] = [("at", .number(e.at))]
      switch e.action {
      case .tap(let t): m += tgt("tap", t)
      case .drag(let t, let to, let over):
        m += tgt("drag", t) + [("to", pt(to)), ("over", .number(over))]
      case .key(let k): m.append(("key", .string(k)))
      case .down(let p): m.append(("down", pt(p)))
      case .move(let p): m.append(("move", pt(p)))
      case .up(let p): m.append(("up", pt(p)))
      case .set(let values):
        m.append(("set", .object(values.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })))
      }
      return .object(m)
    }
    var top: [(String, JSONValue)] = [("duration", .number(duration))]
    if !start.isEmpty {
      var st: [(String, JSONValue)] = []
      if let b = start.bubble { st.append(("bubble", pt(b))) }
      if start.fanOpen { st.append(("fanOpen", .bool(true))) }
      if start.keyboard { st.append(("keyboard", .bool(true))) }
      if start.bubbleHidden { st.append(("bubbleHidden", .bool(true))) }
      top.append(("start", .object(st)))
    }
    top.append(("events", .array(evs)))
    return .object(top)
  }

  /// One event per line: readable and diffable.
  public var text: String {
    guard case .array(let evs)? = json["events"] else { return "" }
    let body = evs.map { "  " + JSONWriter.compact($0) }.joined(separator: ",\n")
    let startText = json["start"].map { ", \"start\": " + JSONWriter.compact($0) } ?? ""
    return "{\"duration\": \(JSONWriter.number(duration))\(startText), \"events\": [\n\(body)\n]}\n"
  }
}
