import Foundation

// why: the CSS export's read-back (shared easings, transitions, linear()
// stops) is a concern of its own beside the code exports' parsers
extension ExportCheckParser {
  /// The shared easings a CSS export defines: `--name: linear(…)` (the first
  /// definition, on `:root`) and the `@supports` fallback `--name: cubic-bezier(…)`.
  struct CSSEasings {
    var primary: [String: [(Double, Double)]] = [:]
    var fallback: [String: CubicBezier] = [:]
  }

  static func cssEasings(_ text: String) -> CSSEasings {
    var e = CSSEasings()
    let clean = stripComments(text, css: true)
    let ns = clean as NSString
    if let re = try? NSRegularExpression(pattern: "(--[-a-z0-9]+): *linear\\(([^)]*)\\)") {
      for m in re.matches(in: clean, range: NSRange(location: 0, length: ns.length)) {
        let name = ns.substring(with: m.range(at: 1))
        if e.primary[name] == nil, let stops = linearStops(ns.substring(with: m.range(at: 2))) {
          e.primary[name] = stops
        }
      }
    }
    if let at = clean.range(of: "@supports not"),
      let re = try? NSRegularExpression(
        pattern: "(--[-a-z0-9]+): *cubic-bezier\\(\(num), *\(num), *\(num), *\(num)\\)")
    {
      let tail = String(clean[at.lowerBound...])
      let nt = tail as NSString
      for m in re.matches(in: tail, range: NSRange(location: 0, length: nt.length)) {
        let v = (2...5).compactMap { Double(nt.substring(with: m.range(at: $0))) }
        guard v.count == 4 else { continue }
        e.fallback[nt.substring(with: m.range(at: 1))] = CubicBezier(v[0], v[1], v[2], v[3])
      }
    }
    return e
  }

  static let cssKeywords: [String: CubicBezier] = [
    "ease": .caDefault, "ease-in": .easeIn, "ease-out": .easeOut, "ease-in-out": .easeInOut,
    "linear": .linear,
  ]

  /// The custom property a segment's transition uses (`var(--name)`), if any.
  static func cssVariable(_ seg: String) -> String? {
    guard
      let r = seg.range(
        of: "transition: *[-a-z]+ +[-0-9.eE]+s +var\\(--[-a-z0-9]+\\)", options: .regularExpression)
    else { return nil }
    let t = seg[r]
    guard let open = t.range(of: "var(") else { return nil }
    return String(t[open.upperBound...].dropLast())
  }

  /// CSS: `transition: <prop> <dur>s <easing> [<delay>s]`, the easing a keyword,
  /// `cubic-bezier()`, `linear()` or `var(--name)` resolved through `easings`
  /// (`fallback`: the `@supports` definitions instead of the `linear()` ones).
  static func css(_ seg: String, easings: CSSEasings, fallback: Bool) -> [ParsedMove]? {
    let easing =
      "linear\\([^)]*\\)|var\\(--[-a-z0-9]+\\)|cubic-bezier\\([^)]*\\)|ease-in-out|ease-in|ease-out|ease|linear"
    guard
      let re = try? NSRegularExpression(
        pattern: "transition: *[-a-z]+ +\(num)s +(\(easing))(?: +\(num)s)? *;")
    else { return nil }
    let ns = seg as NSString
    guard let m = re.firstMatch(in: seg, range: NSRange(location: 0, length: ns.length)),
      let d = Double(ns.substring(with: m.range(at: 1)))
    else { return nil }
    let delay =
      m.range(at: 3).location == NSNotFound ? 0 : Double(ns.substring(with: m.range(at: 3))) ?? .nan
    guard delay.isFinite else { return nil }
    let e = ns.substring(with: m.range(at: 2))
    let curve: ParsedMove.Curve
    if let b = cssKeywords[e] {
      curve = .bezier(b, duration: d)
    } else if e.hasPrefix("linear(") {
      guard let stops = linearStops(String(e.dropFirst(7).dropLast())) else { return nil }
      curve = .linear(stops, duration: d)
    } else if e.hasPrefix("cubic-bezier(") {
      guard let v = first("cubic-bezier\\(\(num), *\(num), *\(num), *\(num)\\)", in: e),
        v.count == 4
      else { return nil }
      curve = .bezier(CubicBezier(v[0], v[1], v[2], v[3]), duration: d)
    } else {
      let name = String(e.dropFirst(4).dropLast())
      if fallback {
        guard let b = easings.fallback[name] else { return nil }
        curve = .bezier(b, duration: d)
      } else {
        guard let stops = easings.primary[name] else { return nil }
        curve = .linear(stops, duration: d)
      }
    }
    return [ParsedMove(curve: curve, delay: delay, to: nil)]
  }

  /// CSS Easing Level 2 `linear()` stops: missing inputs — first 0, last 1, runs spread evenly;
  /// an input below an earlier one is raised to it.
  static func linearStops(_ s: String) -> [(Double, Double)]? {
    var pts: [(Double?, Double)] = []
    for part in s.split(separator: ",") {
      let w = part.split(separator: " ").map(String.init)
      guard let y = w.first.flatMap(Double.init) else { return nil }
      if w.count >= 2 {
        guard w[1].hasSuffix("%"), let x = Double(w[1].dropLast()) else { return nil }
        pts.append((x / 100, y))
        // a second percentage makes two stops
        if w.count >= 3, w[2].hasSuffix("%"), let x2 = Double(w[2].dropLast()) {
          pts.append((x2 / 100, y))
        }
      } else {
        pts.append((nil, y))
      }
    }
    guard pts.count >= 2 else { return nil }
    return LinearStops.resolve(pts)
  }
}
