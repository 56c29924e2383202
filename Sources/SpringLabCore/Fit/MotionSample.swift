import Foundation

/// One observation of a moving element: time in seconds and its position
/// (x, y) in the recording's units (pixels for a video, whatever the file
/// used for samples). `y` is nil for one-dimensional samples (`t,value`);
/// `scale` is the tracked size relative to the marked region (1 = same size),
/// nil when unknown. `score` is the tracker's correlation (1 for file samples).
/// `alpha` is the element's contrast against what is behind it relative to
/// its contrast when fully shown (`VideoFit.samples`), nil when unknown.
/// `angle` is how far it has turned since the marked frame (degrees,
/// clockwise on screen; `AngleTracker`), nil when not measured.
public struct MotionSample: Sendable, Equatable {
  public var t: Double
  public var x: Double
  public var y: Double?
  public var scale: Double?
  public var score: Double
  public var alpha: Double?
  public var angle: Double?

  public init(
    t: Double, x: Double, y: Double? = nil, scale: Double? = nil, score: Double = 1,
    alpha: Double? = nil, angle: Double? = nil
  ) {
    self.t = t
    self.x = x
    self.y = y
    self.scale = scale
    self.score = score
    self.alpha = alpha
    self.angle = angle
  }
}

/// Reads samples from CSV (`t,value` or `t,x,y` per line, or `t,x,y,scale,…`
/// as `springlab fit --samples` writes them; an optional header
/// line of names; `#` comments; commas, semicolons, tabs or spaces between
/// fields) or JSON (an array of `[t, value]` / `[t, x, y]` arrays or of
/// objects `{"t":…, "value":…}` / `{"t":…, "x":…, "y":…}`, or an object with
/// such an array under `samples`). Times must be finite; samples are sorted
/// by time and duplicate times are refused.
public enum SampleReader {
  /// Largest file read (bytes).
  public static let maxBytes = 64 << 20

  public static func load(path: String) throws(FitError) -> [MotionSample] {
    let data: Data
    do { data = try PresetReader.readLimited(path: path, limit: maxBytes) } catch {
      throw .unreadable("\(path): \(error.problems.first?.reason ?? "cannot read")")
    }
    return try parse(data, file: path)
  }

  public static func parse(_ data: Data, file: String) throws(FitError) -> [MotionSample] {
    guard let text = String(data: data, encoding: .utf8) else {
      throw .unreadable("\(file): not UTF-8 text")
    }
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    let samples: [MotionSample]
    if trimmed.hasPrefix("[") || trimmed.hasPrefix("{") {
      samples = try parseJSON(data, file: file)
    } else {
      samples = try parseCSV(text, file: file)
    }
    let sorted = samples.sorted { $0.t < $1.t }
    for i in sorted.indices.dropFirst() where sorted[i].t == sorted[i - 1].t {
      throw .unreadable("\(file): two samples at t = \(JSONWriter.number(sorted[i].t))")
    }
    return sorted
  }

  static func parseCSV(_ text: String, file: String) throws(FitError) -> [MotionSample] {
    var out: [MotionSample] = []
    var width: Int?
    var headerAllowed = true
    for (n, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      .enumerated()
    {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") { continue }
      let fields = line.split(whereSeparator: { ",; \t".contains($0) }).map(String.init)
      let numbers = fields.map { Double($0) }
      if numbers.contains(where: { $0 == nil }) {
        // why: one header line of names ("t,x,y") is common in exported data
        if headerAllowed && numbers.allSatisfy({ $0 == nil }) {
          headerAllowed = false
          continue
        }
        throw .unreadable("\(file): line \(n + 1): \"\(line.prefix(40))\" is not numbers")
      }
      headerAllowed = false
      let v = numbers.map { $0! }
      // why: 4 or more fields are t,x,y,scale,… as `fit --samples` writes them
      guard v.count >= 2 else {
        throw .unreadable(
          "\(file): line \(n + 1): \(v.count) field; expected t,value or t,x,y")
      }
      if let w = width, w != v.count {
        throw .unreadable("\(file): line \(n + 1): \(v.count) fields where earlier lines had \(w)")
      }
      width = v.count
      guard v.allSatisfy(\.isFinite) else {
        throw .unreadable("\(file): line \(n + 1): not a finite number")
      }
      // why: a sixth field is the angle `fit --samples` writes for a turn
      out.append(
        MotionSample(
          t: v[0], x: v[1], y: v.count >= 3 ? v[2] : nil, scale: v.count >= 4 ? v[3] : nil,
          angle: v.count >= 6 ? v[5] : nil))
    }
    return out
  }

  static func parseJSON(_ data: Data, file: String) throws(FitError) -> [MotionSample] {
    let root: JSONValue
    do { root = try StrictJSONParser.parse(data, maxDepth: 8) } catch {
      throw .unreadable("\(file): \(error.description)")
    }
    var list: [JSONValue]
    switch root {
    case .array(let a): list = a
    case .object:
      guard case .array(let a)? = root["samples"] else {
        throw .unreadable("\(file): samples: missing; expected an array of samples")
      }
      list = a
    default: throw .unreadable("\(file): must be an array of samples")
    }
    var out: [MotionSample] = []
    out.reserveCapacity(list.count)
    var width: Int?
    for (i, item) in list.enumerated() {
      var v: [Double] = []
      switch item {
      case .array(let a):
        for e in a {
          guard case .number(let d) = e else {
            throw .unreadable("\(file): [\(i)]: \(item.preview): must hold numbers")
          }
          v.append(d)
        }
      case .object:
        guard case .number(let t)? = item["t"] else {
          throw .unreadable("\(file): [\(i)].t: missing or not a number")
        }
        v.append(t)
        if case .number(let value)? = item["value"] {
          v.append(value)
        } else if case .number(let x)? = item["x"], case .number(let y)? = item["y"] {
          v += [x, y]
        } else {
          throw .unreadable("\(file): [\(i)]: needs value, or x and y")
        }
      default:
        throw .unreadable(
          "\(file): [\(i)]: \(item.preview): must be [t, value], [t, x, y] or an object")
      }
      guard v.count == 2 || v.count == 3 else {
        throw .unreadable("\(file): [\(i)]: \(v.count) numbers; expected [t, value] or [t, x, y]")
      }
      if let w = width, w != v.count {
        throw .unreadable("\(file): [\(i)]: \(v.count) numbers where earlier samples had \(w)")
      }
      width = v.count
      out.append(MotionSample(t: v[0], x: v[1], y: v.count == 3 ? v[2] : nil))
    }
    return out
  }

  /// The samples as CSV, as `--samples FILE` writes them: `t,x,y,scale,correlation`
  /// for tracked samples (then `,angle` in degrees when every sample has
  /// one), `t,value` for one-dimensional ones. `parse` reads both back.
  public static func csv(_ samples: [MotionSample]) -> String {
    if samples.allSatisfy({ $0.y == nil }) {
      return "t,value\n"
        + samples.map {
          JSONWriter.number($0.t, places: 6) + "," + JSONWriter.number($0.x, places: 4) + "\n"
        }
        .joined()
    }
    let angled = samples.allSatisfy { $0.angle != nil }
    var s = "t,x,y,scale,correlation" + (angled ? ",angle\n" : "\n")
    for m in samples {
      s +=
        ([
          JSONWriter.number(m.t, places: 6), JSONWriter.number(m.x, places: 3),
          JSONWriter.number(m.y ?? 0, places: 3), JSONWriter.number(m.scale ?? 1, places: 4),
          JSONWriter.number(m.score, places: 4),
        ] + (angled ? [JSONWriter.number(m.angle ?? 0, places: 4)] : [])).joined(separator: ",")
        + "\n"
    }
    return s
  }
}
