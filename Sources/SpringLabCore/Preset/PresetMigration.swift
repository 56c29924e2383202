/// Brings older preset JSON up to `Preset.currentSchema`, in memory only.
///
/// Schema 1 (SpringLab's first drafts) differs from 2 in three places:
/// `fan.itemCount` became `fan.count`, `fan.angles: [start, end]` became
/// `fan.startAngle` / `fan.endAngle`, and `bubble.snapDuration` moved to
/// `bubble.snap.duration`.
public enum PresetMigration {
  public static func migrate(_ v: JSONValue, from version: Int) -> JSONValue {
    guard version < 2, case .object(var top) = v else { return v }
    func edit(_ key: String, _ f: (inout [(String, JSONValue)]) -> Void) {
      guard let i = top.firstIndex(where: { $0.0 == key }), case .object(var m) = top[i].1 else {
        return
      }
      f(&m)
      top[i].1 = .object(m)
    }
    // why: when a file has both the old and the new name, the old one is left
    // as it is so the reader reports it as an unknown field instead of one
    // silently overwriting the other
    edit("fan") { fan in
      func has(_ k: String) -> Bool { fan.contains { $0.0 == k } }
      if !has("count"), let i = fan.firstIndex(where: { $0.0 == "itemCount" }) {
        fan[i].0 = "count"
      }
      if !has("startAngle"), !has("endAngle"), let i = fan.firstIndex(where: { $0.0 == "angles" }),
        case .array(let a) = fan[i].1, a.count == 2
      {
        fan.remove(at: i)
        fan.append(("startAngle", a[0]))
        fan.append(("endAngle", a[1]))
      }
    }
    edit("bubble") { b in
      let snapHasDuration = b.contains { m in
        if m.0 == "snap", case .object(let snap) = m.1 {
          return snap.contains { $0.0 == "duration" }
        }
        return false
      }
      if !snapHasDuration, let i = b.firstIndex(where: { $0.0 == "snapDuration" }) {
        let d = b.remove(at: i).1
        if let s = b.firstIndex(where: { $0.0 == "snap" }), case .object(var snap) = b[s].1 {
          snap.append(("duration", d))
          b[s].1 = .object(snap)
        } else {
          b.append(("snap", .object([("duration", d)])))
        }
      }
    }
    if let i = top.firstIndex(where: { $0.0 == "schema" }) { top[i].1 = .number(2) }
    return .object(top)
  }
}
